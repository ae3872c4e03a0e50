/**
 * `lint`'s configuration, as a team sets up ESLint: `agui.config.json` (found upward from the working directory, or
 * `--config FILE`) with a preset (`recommended`: each rule's own severity; `strict`: warnings as errors), `rules`
 * (`"tool/args-not-json": "off" | "info" | "warn" | "error"`) and `ignore` (globs of files, or JSON pointers of the
 * places in events whose problems are left out); `--rule ID=LEVEL` on the command line goes last. An unknown rule id
 * is refused with the closest one named.
 */
import { dirname, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { Severity } from '../engine/diagnostics';
import { applyLevels, CONFIG_LEVELS, closestRuleId, presetLevels } from '../engine/verify/levels';
import { RULES } from '../engine/verify/rules';
import { UsageError } from './errors';
import { globMatcher, IGNORE_GLOB_MAX } from './glob';
import type { FileLint } from './lint';

export const CONFIG_FILE = 'agui.config.json';
const LEVELS = ['off', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];
const PRESETS = ['recommended', 'strict'] as const;

const ConfigSchema = z
  .object({
    preset: z.enum(PRESETS).optional(),
    rules: z.record(z.string(), z.enum(LEVELS)).optional(),
    ignore: z.array(z.string().max(IGNORE_GLOB_MAX)).max(1000).optional(),
  })
  .strict();

export interface LintConfig {
  /** Where it was read from (absent: no file). */
  file?: string;
  preset: (typeof PRESETS)[number];
  /** Every rule's effective severity, or off. */
  rules: Record<string, Severity | 'off'>;
  /** As written: globs of files, and JSON pointers (those that start with "/"). */
  ignore: string[];
  ignoreFiles: ((path: string) => boolean)[];
  ignorePointers: string[];
}


const checkId = (id: string, where: string): void => {
  if (!(id in RULES)) throw new UsageError(`unknown rule "${id}" in ${where}; did you mean "${closestRuleId(id)}"? (every rule: RULES.md)`);
};

export interface ConfigIo {
  read(file: string): Uint8Array;
  exists(file: string): boolean;
  cwd: string;
}

/** The file to read: `--config FILE`, or agui.config.json in the working directory or the nearest folder above it. */
function findConfig(io: ConfigIo, explicit: string | undefined): string | undefined {
  if (explicit !== undefined) return resolve(io.cwd, explicit);
  for (let dir = resolve(io.cwd); ; dir = dirname(dir)) {
    const file = join(dir, CONFIG_FILE);
    if (io.exists(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The effective configuration: the file's (if any), then `--preset`, then each `--rule ID=LEVEL`. */
export function loadConfig(io: ConfigIo, options: { config?: string; rules: string[]; preset?: string }): LintConfig {
  const file = findConfig(io, options.config);
  let raw: z.infer<typeof ConfigSchema> = {};
  if (file !== undefined) {
    let text: string;
    try {
      text = new TextDecoder().decode(io.read(file));
    } catch {
      throw new UsageError(`cannot read the config ${file}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
    }
    const parsed = ConfigSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message} (a config has "preset", "rules" and "ignore")`);
    }
    raw = parsed.data;
    for (const id of Object.keys(raw.rules ?? {})) checkId(id, file);
  }
  const preset = options.preset ?? raw.preset ?? 'recommended';
  if (!(PRESETS as readonly string[]).includes(preset)) throw new UsageError(`--preset is ${PRESETS.join(' or ')}`);
  const rules: Record<string, Severity | 'off'> = presetLevels(preset as LintConfig['preset']);
  const set = (id: string, level: Level) => (rules[id] = CONFIG_LEVELS[level]);
  for (const [id, level] of Object.entries(raw.rules ?? {})) set(id, level);
  for (const spec of options.rules) {
    const m = /^(.+)=(off|info|warn|error)$/.exec(spec);
    if (!m) throw new UsageError(`--rule takes ID=off|info|warn|error (got "${spec}")`);
    checkId(m[1]!, '--rule');
    set(m[1]!, m[2] as Level);
  }
  const ignore = raw.ignore ?? [];
  return {
    ...(file !== undefined && { file }),
    preset: preset as LintConfig['preset'],
    rules,
    ignore,
    ignoreFiles: ignore.filter((g) => !g.startsWith('/')).map(globMatcher),
    ignorePointers: ignore.filter((g) => g.startsWith('/')),
  };
}

/** Whether a linted file is left out by the config's globs (relative to the config's folder, or the working directory). */
export function ignoredFile(config: LintConfig, file: string, cwd: string): boolean {
  if (file === '-' || config.ignoreFiles.length === 0) return false;
  const base = config.file ? dirname(config.file) : cwd;
  const path = relative(base, resolve(cwd, file)).split('\\').join('/');
  return config.ignoreFiles.some((matches) => matches(path));
}

const pointerOf = (path: readonly (string | number)[] | undefined): string => (path ?? []).map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The results as the config has them: each problem at its rule's severity, rules that are off and ignored places left out. */
export function applyConfig(results: FileLint[], config: LintConfig): FileLint[] {
  const ignored = (p: { path?: (string | number)[] }) => {
    const at = pointerOf(p.path);
    return config.ignorePointers.some((ptr) => at === ptr || at.startsWith(`${ptr}/`));
  };
  return results.map((r) => ({ ...r, problems: applyLevels(r.problems, config.rules).filter((p) => !ignored(p)) }));
}

/** `lint --print-config`: what applies, as JSON (every rule, with the ones not at their default level marked). */
export function printConfig(config: LintConfig): string {
  const defaults = presetLevels('recommended');
  const changed = Object.entries(config.rules).filter(([id, s]) => defaults[id] !== s);
  return `${JSON.stringify(
    {
      file: config.file ?? null,
      preset: config.preset,
      changed: Object.fromEntries(changed),
      ignore: config.ignore,
      rules: config.rules,
    },
    null,
    2,
  )}\n`;
}
