/** What the sharing tests check in exported files: secrets gone, still linting, and generated tests running. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GROUP_LABELS } from '../../src/engine/io/redact';
import { runCli } from './cli';
import { ROOT } from './paths';

/** The request body the page posts: the user's prompt and input state are secrets too. */
export const SECRET_BODY = JSON.stringify({
  threadId: 'secret-thread',
  runId: 'secret-run',
  messages: [{ id: 'u1', role: 'user', content: 'SECRET-PROMPT' }],
  state: { note: 'SECRET-INPUT-STATE' },
  tools: [],
  context: [],
  forwardedProps: {},
});

/** The secret words of each redaction group (what a file redacted for the group must not contain). */
export const SECRETS = {
  messageText: ['SECRET-PROMPT', 'SECRET-ANSWER'],
  reasoning: ['SECRET-THOUGHT'],
  toolArgs: ['SECRET-ARGS'],
  toolResults: ['SECRET-RESULT'],
  state: ['SECRET-EMAIL', 'SECRET-DELTA'],
  requestBodies: ['SECRET-PROMPT', 'SECRET-INPUT-STATE'],
} as const;
export type Group = keyof typeof SECRETS;
/** The dialog's label of each group (what the tests tick). */
export const GROUP_LABEL: Record<Group, string> = GROUP_LABELS;

/** The formats a session exports to as files the CLI reads back, with their extensions. */
export const READABLE_FORMATS = [
  ['session', 'agui.json'],
  ['jsonl', 'agui.jsonl'],
  ['sse', 'agui.sse'],
] as const;

/** An exported file is named `<host>-<date>.<ext>` and lints with every event of the capture and no error. */
export function checkExported(file: { name: string; path: string }, ext: string, events: number): void {
  if (!new RegExp(`^127\\.0\\.0\\.1_\\d+-\\d{4}-\\d\\d-\\d\\d-\\d{6}\\.${ext.replace('.', '\\.')}$`).test(file.name)) throw new Error(`${file.name} is not named <host>-<date>.${ext}`);
  const lint = cli(['lint', file.path]);
  if (lint.code !== 0) throw new Error(`lint ${file.name} exited ${lint.code}: ${lint.out}`);
  if (!lint.out.includes(`${events} events`)) throw new Error(`lint ${file.name} did not read ${events} events: ${lint.out}`);
}

/** Runs the built CLI on a file: its exit code and output. */
export function cli(args: string[]): { code: number; out: string } {
  const r = runCli(args);
  return { code: r.code, out: `${r.stdout}${r.stderr}` };
}

/**
 * Runs a generated `.agui.test.ts` with vitest in a scratch project that depends on agui-devtools (this repository,
 * as a path dependency would link it). Returns vitest's exit code and output, and the project's folder (its working
 * directory).
 */
export function runGeneratedTest(source: string): { code: number; out: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'agui-generated-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'agui-devtools'));
  symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module', dependencies: { 'agui-devtools': `file:${ROOT}` } }));
  writeFileSync(join(dir, 'session.agui.test.ts'), source);
  writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['*.test.ts'] } };\n");
  try {
    const out = execFileSync('node', [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--config', join(dir, 'vitest.config.mjs')], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, out, dir };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}`, dir };
  }
}

/** The generated test with its inlined session edited to break a rule: an orphan TEXT_MESSAGE_CONTENT before the end. */
export function breakGeneratedTest(source: string): string {
  return source.replace(/^const session = (.*);$/m, (_, json: string) => {
    const file = JSON.parse(json) as { records: { kind: string; stream?: number; t?: number; data?: string }[] };
    const at = file.records.findIndex((r) => r.kind === 'close');
    const orphan = Buffer.from('data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"nobody","delta":"x"}\n\n').toString('base64');
    file.records.splice(at, 0, { kind: 'chunk', stream: 0, t: 0, data: orphan });
    return `const session = ${JSON.stringify(file)};`;
  });
}

const fail = (message: string): never => {
  throw new Error(message);
};

/**
 * A file exported with one redaction group holds none of the group's secret strings, says it was redacted, still
 * lints with no error and replays to a conversation; a session file records the group in its header.
 */
export function checkRedacted(file: { text: string; path: string }, group: Group, format: string): void {
  for (const secret of SECRETS[group]) if (file.text.includes(secret)) fail(`${group} as ${format}: the file still holds ${secret}`);
  if (!file.text.includes('«redacted: ')) fail(`${group} as ${format}: nothing in the file says «redacted: …»`);
  const lint = cli(['lint', file.path]);
  if (lint.code !== 0) fail(`${group} as ${format}: lint exited ${lint.code}: ${lint.out}`);
  const replay = cli(['replay', file.path, '--json']);
  if (replay.code !== 0) fail(`${group} as ${format}: replay exited ${replay.code}: ${replay.out}`);
  if ((JSON.parse(replay.out) as { messages: unknown[] }).messages.length === 0) fail(`${group} as ${format}: the replay holds no message`);
  if (format === 'session') {
    const groups = (JSON.parse(file.text) as { redacted: { groups: string[] } }).redacted.groups;
    if (JSON.stringify(groups) !== JSON.stringify([group])) fail(`${group} as session: the header says redacted ${JSON.stringify(groups)}`);
  }
}

/** The generated test passes (2 tests) as exported, and fails (1 test, on the protocol) once its session breaks a rule. */
export function checkGeneratedTest(file: { name: string; text: string }): void {
  if (!file.name.endsWith('.agui.test.ts')) fail(`${file.name} is not named *.agui.test.ts`);
  const good = runGeneratedTest(file.text);
  rmSync(good.dir, { recursive: true, force: true });
  if (good.code !== 0 || !/2 passed/.test(good.out)) fail(`the generated test does not pass: ${good.out}`);
  const bad = runGeneratedTest(breakGeneratedTest(file.text));
  rmSync(bad.dir, { recursive: true, force: true });
  if (bad.code === 0) fail('the generated test passes on a session that breaks a rule');
  if (!/×.*breaks no protocol rule|FAIL.*breaks no protocol rule/.test(bad.out) || !bad.out.includes('1 failed')) fail(`the generated test fails, but not on the protocol: ${bad.out}`);
}
