/**
 * The GitHub Action (action.yml), its steps run here as a runner runs them: each `run` step with bash, its
 * `${{ inputs.* }}` expressions filled in, GITHUB_ACTION_PATH at this repository (the CLI built, so the build
 * step has nothing to do). What the runner turns into annotations is the workflow commands it prints; the SARIF
 * file it leaves for the upload step is checked against the SARIF 2.1.0 schema.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/paths';

interface Step {
  name: string;
  id?: string;
  shell?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;
let dir: string;

const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agui-action-'));
  mkdirSync(join(dir, 'sessions', 'old'), { recursive: true });
  const lines = (events: object[]) => `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
  writeFileSync(join(dir, 'sessions', 'good.agui.jsonl'), lines([RS, RF]));
  // Line 3: a patch that fails on the state the snapshot set (an error).
  writeFileSync(
    join(dir, 'sessions', 'broken.agui.jsonl'),
    lines([RS, { type: 'STATE_SNAPSHOT', snapshot: {} }, { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/cart' }] }, RF]),
  );
  // A warning only: a result for a tool call nobody made.
  writeFileSync(join(dir, 'sessions', 'old', 'warn.agui.jsonl'), lines([RS, { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'nobody', content: 'a, b: c' }, RF]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the action's `run` steps in order, as the runner would, with these inputs. */
function runAction(given: Record<string, string>) {
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = given[name] ?? spec.default ?? '';
  const fill = (text: string) => text.replace(/\$\{\{\s*inputs\.([a-z-]+)\s*\}\}/g, (_, name: string) => inputs[name] ?? '');
  const steps: { name: string; code: number; stdout: string; stderr: string }[] = [];
  for (const step of action.runs.steps) {
    if (!step.run) continue;
    expect(step.shell, step.name).toBe('bash');
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v)]));
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', fill(step.run)], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ...env, GITHUB_ACTION_PATH: ROOT, GITHUB_WORKSPACE: dir },
    });
    steps.push({ name: step.name, code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr });
    if (r.status !== 0) break;
  }
  return { steps, lint: steps.find((s) => s.name === 'Lint the sessions')!, inputs };
}

describe('the GitHub Action', () => {
  test('is a composite action whose inputs are files, config and fail-on, and whose last step uploads the SARIF', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.inputs.files!.required).toBe(true);
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['files', 'config', 'fail-on']));
    const upload = action.runs.steps.at(-1)!;
    expect(upload.uses).toMatch(/^github\/codeql-action\/upload-sarif@v\d+$/);
    expect(upload.with!.sarif_file).toBe('${{ inputs.sarif-file }}');
  });

  test('annotations on the lines of the problems, the step failing on an error, and a valid SARIF file', () => {
    const { lint, inputs } = runAction({ files: 'sessions/*.agui.jsonl\n  sessions/old/**/*.agui.jsonl' });
    expect(lint.code).toBe(1);
    const commands = lint.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(commands.find((c) => c.includes('state/patch-failed'))).toMatch(/^::error file=sessions\/broken\.agui\.jsonl,line=3,title=state\/patch-failed::Event 2: .*\(RULES\.md#statepatch-failed\)$/);
    expect(commands.find((c) => c.includes('tool/unknown-result'))).toMatch(/^::warning file=sessions\/old\/warn\.agui\.jsonl,line=2,title=tool\/unknown-result::/);
    expect(lint.stdout).toMatch(/agui-devtools: 3 files: 1 error, 1 warning/);
    const sarifPath = join(dir, inputs['sarif-file']!);
    expect(existsSync(sarifPath)).toBe(true);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'vendor', 'sarif-2.1.0.json'), 'utf8')));
    const log = JSON.parse(readFileSync(sarifPath, 'utf8'));
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    expect(log.runs[0].results.map((r: { ruleId: string }) => r.ruleId).sort()).toEqual(['state/patch-failed', 'tool/unknown-result']);
  });

  test('fail-on: warning fails on a warning alone, never does not fail; a config is passed on', () => {
    expect(runAction({ files: 'sessions/old/*.agui.jsonl' }).lint.code).toBe(0);
    expect(runAction({ files: 'sessions/old/*.agui.jsonl', 'fail-on': 'warning' }).lint.code).toBe(1);
    expect(runAction({ files: 'sessions/*.agui.jsonl', 'fail-on': 'never' }).lint.code).toBe(0);
    writeFileSync(join(dir, 'strict.json'), JSON.stringify({ rules: { 'state/patch-failed': 'off' } }));
    const relaxed = runAction({ files: 'sessions/broken.agui.jsonl', config: 'strict.json' });
    expect(relaxed.lint.code).toBe(0);
    expect(relaxed.lint.stdout).not.toContain('state/patch-failed');
    const wrong = runAction({ files: 'sessions/*.agui.jsonl', 'fail-on': 'sometimes' });
    expect(wrong.lint.code).toBe(2);
    expect(wrong.lint.stdout).toContain('::error title=agui-devtools::fail-on is error, warning or never');
  });
});
