/**
 * agui-devtools: replay and lint AG-UI sessions in a terminal or CI.
 *
 *   agui-devtools replay FILE [--at N] [--json]
 *   agui-devtools replay FILE --summary [--at N] [--format json|text]
 *   agui-devtools lint FILE|GLOB... [--format text|json|sarif|junit|github] [--jobs N]
 *                     [--config FILE] [--preset recommended|strict] [--rule ID=off|info|warn|error]...
 *                     [--max-warnings N] [--print-config] [--coverage]
 *   agui-devtools diff A B [--run-a RUNID] [--run-b RUNID] [--ignore POINTER]... [--text joined|deltas] [--ids order|exact] [--format text|json]
 *   agui-devtools mcp [FILE...]   an MCP server on stdio for coding agents (mcp/server.ts)
 *
 * FILE is a JSON array of events, JSONL, SSE text, a protobuf frame dump or a session export; `-` is stdin.
 * Exit codes: 0 fine (diff: equivalent), 1 lint found an error (diff: they differ), 2 the input or the command could not be used.
 */
import { existsSync, readFileSync } from 'node:fs';
import { escapeInvisible, noWorkflowCommands, terminalText } from '../engine/util/encode';
import { InputError, readInput } from '../engine/io/readInput';
import { replaySession } from '../engine/replay/replaySession';
import { expandPattern, hasMagic } from './glob';
import { countOf, type FileLint } from './lint';
import { applyConfig, ignoredFile, loadConfig, printConfig } from './config';
import { defaultJobs, lintInWorkers, lintPath } from './pool';
import { coverageReport } from '../engine/verify/coverage';
import { coverageText, githubReport, jsonReport, junitReport, REPORT_FORMATS, type ReportFormat, sarifReport, textReport } from './reports';
import { formatRunSummaries, formatSummary, runSummaries } from './summary';
import { diffCommand } from './diff';
import { UsageError } from './errors';
import { serveMcp } from './mcp/server';
import { install, uninstall } from './mcp/install';
import { runNativeHost } from './mcp/nativeHost';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads FILE, or standard input for "-". */
  read(file: string): Uint8Array;
  /** Expands a file pattern (default: the pattern itself). */
  glob?(pattern: string): string[];
  /** The working directory that SARIF paths are relative to. */
  cwd?: string;
  /** Whether a file exists (to find agui.config.json upward). */
  exists?(file: string): boolean;
  /** The CLI's own module, run as the worker script when files are linted in parallel (only on a real disk). */
  workerScript?: URL;
}

export const nodeIo: CliIo = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  read: (file) => new Uint8Array(readFileSync(file === '-' ? 0 : file)),
  glob: expandPattern,
  exists: (file) => existsSync(file),
  cwd: process.cwd(),
};

const VERSION = '0.1.0';
const USAGE = `Usage:
  agui-devtools replay FILE [--at N] [--json]   messages and state as of event N (default: the end)
  agui-devtools replay FILE --summary [--at N] [--format json|text]
                                                per run: status, outcome, events, duration, TTFT, usage
  agui-devtools lint FILE|GLOB... [--format text|json|sarif|junit|github] [--jobs N]
                     [--config FILE] [--preset recommended|strict] [--rule ID=off|info|warn|error]...
                     [--max-warnings N] [--print-config] [--coverage]
                                                protocol problems; exit 1 when there is an error;
                                                --coverage: which protocol features the files exercise
                                                (per file and in total, --format text or json) instead
  agui-devtools diff A B [--run-a RUNID] [--run-b RUNID] [--ignore POINTER]... [--text joined|deltas]
                     [--ids order|exact] [--format text|json]
                                                A against B: the first divergence, events, messages, state, problems,
                                                metrics; ids matched by order, text joined per message (by default);
                                                --ignore /cart/total (state) or event:/metadata/traceId (every event);
                                                exit 0 when equivalent, 1 when they differ
  agui-devtools mcp [FILE...]                   an MCP server on stdio, for coding agents: the panel's answers
                                                (runs, events, state and messages as of an event, problems,
                                                compare, lint) over these files, any it is asked to open, and
                                                the browser tabs shared with local tools from the panel
  agui-devtools mcp --install|--uninstall [--browser chrome|chromium|edge|firefox] [--profile DIR] [--extension-id ID]
                                                the native messaging host that lets a browser share tabs
FILE: a JSON array of events, JSONL, SSE text, a protobuf frame dump, or an AG-UI DevTools session; - reads stdin.
GLOB: quoted, e.g. 'sessions/**/*.agui.json' (* ? ** [abc] {a,b}); files are linted in parallel.
Rules: RULES.md.`;


function readSource(io: CliIo, file: string): Uint8Array {
  try {
    return io.read(file);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a directory' : e.code === 'EACCES' ? 'permission denied' : e.message;
    throw new InputError(`cannot read ${file === '-' ? 'standard input' : file}: ${why}`);
  }
}

/** Options that take a value (as `--name value` or `--name=value`); `ignore` may be given more than once. */
const VALUE_FLAGS = new Set(['at', 'format', 'jobs', 'run-a', 'run-b', 'ignore', 'text', 'ids', 'config', 'rule', 'preset', 'max-warnings', 'browser', 'profile', 'extension-id']);

function parseArgs(argv: string[]) {
  const [command, ...rest] = argv;
  const flags = new Map<string, string | true>();
  const ignore: string[] = [];
  const rules: string[] = [];
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '-') positional.push(a);
    else if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? (VALUE_FLAGS.has(name) && i + 1 < rest.length ? rest[++i]! : true);
      if (name === 'ignore' && value !== true) ignore.push(value);
      if (name === 'rule' && value !== true) rules.push(value);
      flags.set(name, value);
    } else positional.push(a);
  }
  return { command, flags, positional, ignore, rules };
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const { command, flags, positional, ignore, rules } = parseArgs(argv);
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === '--version') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  if (command === 'native-host') {
    // Started by the browser (the manifest --install wrote): its argument is the extension's origin.
    return runNativeHost();
  }
  if (command === 'mcp') return mcpCommand(positional, flags, io);
  if (command !== 'replay' && command !== 'lint' && command !== 'diff') throw new UsageError(`unknown command "${command}" (replay, lint, diff or mcp)`);
  const file = positional[0];
  if (!file && !(command === 'lint' && flags.has('print-config'))) throw new UsageError(`${command} needs a FILE (or - for standard input)`);
  for (const [name, value] of flags) {
    const allowed =
      command === 'replay'
        ? ['at', 'json', 'summary', 'format']
        : command === 'diff'
          ? ['run-a', 'run-b', 'ignore', 'text', 'ids', 'format']
          : ['format', 'jobs', 'config', 'rule', 'preset', 'max-warnings', 'print-config', 'coverage'];
    if (!allowed.includes(name)) throw new UsageError(`unknown option --${name} for ${command}`);
    if (value === true && command === 'diff') throw new UsageError(`--${name} takes a value`);
  }
  if (command === 'lint') return lint(positional, flags, rules, io);
  if (command === 'diff') return diff(positional, flags, ignore, io);
  if (positional.length > 1) throw new UsageError('replay reads one FILE');
  if (!file) throw new UsageError(`${command} needs a FILE (or - for standard input)`);
  const { session, format } = readInput(readSource(io, file), file);
  const replay = replaySession(session);
  const frames = session.frames;

  let at = frames.length - 1;
  const atFlag = flags.get('at');
  if (atFlag !== undefined) {
    if (atFlag === true || !/^\d+$/.test(atFlag)) throw new UsageError('--at takes an event index (0 = the first event)');
    at = Number(atFlag);
    if (at >= frames.length) throw new InputError(`--at ${at}: the input has ${frames.length} events (0 to ${frames.length - 1})`);
  }
  if (frames.length === 0) throw new InputError('the input holds no events');
  const view = replay.at(at);
  if (flags.has('summary')) {
    const as = flags.get('format') ?? (flags.has('json') ? 'json' : 'text');
    if (as !== 'json' && as !== 'text') throw new UsageError('--format is json or text');
    const runs = runSummaries(session, replay, at);
    io.stdout(as === 'json' ? `${JSON.stringify(runs, null, 2)}\n` : formatRunSummaries(runs));
    return 0;
  }
  if (flags.has('json')) {
    io.stdout(`${JSON.stringify({ messages: view.messages, state: view.state }, null, 2)}\n`);
  } else {
    io.stdout(formatSummary({ file, format, frames, replay, view, session }));
  }
  return 0;
}

function diff(files: string[], flags: Map<string, string | true>, ignore: string[], io: CliIo): number {
  if (files.length !== 2) throw new UsageError('diff compares two files: A and B');
  if (files[0] === '-' && files[1] === '-') throw new UsageError('diff reads standard input for one side at most');
  const value = (name: string) => flags.get(name) as string | undefined;
  const { exitCode, output } = diffCommand([files[0]!, files[1]!], (f) => readSource(io, f), {
    ignore,
    ...(value('run-a') !== undefined && { runA: value('run-a') }),
    ...(value('run-b') !== undefined && { runB: value('run-b') }),
    ...(value('text') !== undefined && { text: value('text') }),
    ...(value('ids') !== undefined && { ids: value('ids') }),
    ...(value('format') !== undefined && { format: value('format') }),
  });
  io.stdout(output);
  return exitCode;
}

async function mcpCommand(positional: string[], flags: Map<string, string | true>, io: CliIo): Promise<number> {
  const setup = flags.has('install') || flags.has('uninstall');
  for (const name of flags.keys()) {
    if (!['install', 'uninstall', 'browser', 'profile', 'extension-id'].includes(name)) throw new UsageError(`unknown option --${name} for mcp`);
    if (!setup) throw new UsageError(`--${name} goes with --install or --uninstall`);
  }
  const value = (name: string) => {
    const v = flags.get(name);
    if (v === true) throw new UsageError(`--${name} takes a value`);
    return v;
  };
  const browser = value('browser');
  const profile = value('profile');
  if (flags.has('install') && flags.has('uninstall')) throw new UsageError('--install or --uninstall, not both');
  if (flags.has('install')) {
    const extensionId = value('extension-id');
    const done = install({ cli: fileURLToPath(io.workerScript ?? new URL(import.meta.url)), ...(browser && { browser }), ...(profile && { profile: resolve(io.cwd ?? '.', profile) }), ...(extensionId && { extensionId }) });
    io.stdout(`installed the native messaging host for ${browser ?? 'chromium'}:\n  ${done.manifest}\n  ${done.launcher}\nIn the AG-UI panel's ⚙ menu, "Share this tab with local tools" now reaches agui-devtools mcp.\n`);
    return 0;
  }
  if (flags.has('uninstall')) {
    const removed = uninstall({ ...(browser && { browser }), ...(profile && { profile: resolve(io.cwd ?? '.', profile) }) });
    io.stdout(removed.length ? `removed:\n${removed.map((f) => `  ${f}\n`).join('')}` : 'nothing to remove\n');
    return 0;
  }
  if (positional.includes('-')) throw new UsageError('mcp reads its protocol on standard input: give files by path');
  return serveMcp(positional, { read: io.read, exists: io.exists ?? (() => false), cwd: io.cwd ?? process.cwd() }, VERSION);
}

async function lint(patterns: string[], flags: Map<string, string | true>, rules: string[], io: CliIo): Promise<number> {
  const text = (name: string) => {
    const v = flags.get(name);
    if (v === true) throw new UsageError(`--${name} takes a value`);
    return v;
  };
  const config = loadConfig(
    { read: io.read, exists: io.exists ?? (() => false), cwd: io.cwd ?? '.' },
    { rules, ...(text('config') !== undefined && { config: text('config') }), ...(text('preset') !== undefined && { preset: text('preset') }) },
  );
  if (flags.has('print-config')) {
    io.stdout(printConfig(config));
    return 0;
  }
  const maxWarnings = text('max-warnings');
  if (maxWarnings !== undefined && !/^\d+$/.test(maxWarnings)) throw new UsageError('--max-warnings takes a number (0 or more)');
  const as = flags.get('format') ?? 'text';
  const coverage = flags.has('coverage');
  if (flags.get('coverage') !== undefined && flags.get('coverage') !== true) throw new UsageError('--coverage takes no value');
  if (coverage && as !== 'text' && as !== 'json') throw new UsageError('--coverage writes --format text or json');
  if (as === true || !REPORT_FORMATS.includes(as as ReportFormat)) throw new UsageError(`--format is ${REPORT_FORMATS.join(', ')}`);
  const jobsFlag = flags.get('jobs');
  if (jobsFlag !== undefined && (jobsFlag === true || !/^[1-9]\d*$/.test(jobsFlag))) throw new UsageError('--jobs takes a number of parallel workers (1 or more)');
  const files: string[] = [];
  for (const pattern of patterns) {
    if (pattern === '-' || !hasMagic(pattern)) {
      files.push(pattern);
      continue;
    }
    const found = (io.glob ?? ((p: string) => [p]))(pattern);
    if (found.length === 0) throw new InputError(`no file matches ${pattern}`);
    files.push(...found);
  }
  const unique = [...new Set(files)].filter((f) => !ignoredFile(config, f, io.cwd ?? '.'));
  const started = performance.now();
  const jobs = jobsFlag === undefined ? defaultJobs(unique.length) : Math.min(Number(jobsFlag), unique.length);
  const parallel = jobs > 1 && io.workerScript !== undefined && !unique.includes('-');
  const linted: FileLint[] = parallel ? await lintInWorkers(unique, jobs, io.workerScript!) : unique.map((f) => lintPath(f, io.read));
  const results = applyConfig(linted, config);
  const ms = performance.now() - started;
  for (const r of results) if (r.error) io.stderr(`agui-devtools: ${terminalText(`${r.error.startsWith('cannot read') ? '' : `${r.file}: `}${r.error}`)}\n`);
  const format = as as ReportFormat;
  if (coverage) {
    const report = coverageReport(results.filter((r) => !r.error).map((r) => ({ file: r.file, features: r.features ?? {} })));
    io.stdout(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : coverageText(report));
    return results.some((r) => r.error) ? 2 : 0;
  }
  io.stdout(
    format === 'json'
      ? jsonReport(results)
      : format === 'sarif'
        ? sarifReport(results, { cwd: io.cwd ?? '.', version: VERSION })
        : format === 'junit'
          ? junitReport(results, ms)
          : format === 'github'
            ? githubReport(results, io.cwd ?? '.')
            : textReport(results, ms),
  );
  if (results.some((r) => r.error)) return 2;
  const warnings = countOf(results, 'warning');
  if (maxWarnings !== undefined && warnings > Number(maxWarnings)) {
    io.stderr(`agui-devtools: ${warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    return 1;
  }
  return results.some((r) => r.problems.some((p) => p.severity === 'error')) ? 1 : 0;
}

/** The value of `--format` (as `--format X` or `--format=X`), if given. */
const formatFlag = (argv: readonly string[]): string | undefined => {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--format') return argv[i + 1];
    if (argv[i]!.startsWith('--format=')) return argv[i]!.slice('--format='.length);
  }
  return undefined;
};

/**
 * What reaches a terminal has no control or direction character a page could have put there (escape sequences,
 * links, titles, cursor moves): each is written as a \\uXXXX escape. Writers escape the line breaks in page strings
 * themselves (terminalText); in JSON output the escape is the same value. JUnit XML escapes for XML itself.
 * No line can be a CI runner's workflow command unless the CLI wrote one (`--format github`, whose reporter encodes
 * every value as the runner reads it): elsewhere, and on stderr always, `::` at a line's start and `##[` are escaped.
 */
const safeIo = (io: CliIo, argv: readonly string[]): CliIo => {
  const format = formatFlag(argv);
  const stdout = format === 'junit' ? (t: string) => noWorkflowCommands(t, 'xml') : format === 'github' ? escapeInvisible : (t: string) => noWorkflowCommands(escapeInvisible(t));
  return { ...io, stdout: (t) => io.stdout(stdout(t)), stderr: (t) => io.stderr(noWorkflowCommands(escapeInvisible(t))) };
};

/** Runs the CLI; resolves to the exit code. Never rejects. */
export async function run(argv: string[], rawIo: CliIo = nodeIo): Promise<number> {
  const io = safeIo(rawIo, argv);
  try {
    return await main(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`agui-devtools: ${terminalText(error.message)}\n${USAGE}\n`);
    } else if (error instanceof InputError) {
      io.stderr(`agui-devtools: ${terminalText(error.message)}\n`);
    } else {
      io.stderr(`agui-devtools: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    }
    return 2;
  }
}
