/**
 * lint's configuration on the built CLI (issue 22): agui.config.json found upward, a rule turned off and another to
 * error changing the exit code and the reports, the strict preset, --rule, --max-warnings, ignored files, an unknown
 * rule id refused with the closest one named, and --print-config.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from '../support/cli';

let dir: string;
const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
const jsonl = (events: object[]) => `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
// Two warnings (a result for a tool call nobody made; arguments cut short at TOOL_CALL_END, which the page's client
// keeps as text) and an error (a patch that fails on the state a snapshot set).
const mixed = jsonl([
  RS,
  { type: 'TOOL_CALL_RESULT', messageId: 'm2', toolCallId: 'nobody', content: '42' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q": "ag-ui' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'STATE_SNAPSHOT', snapshot: {} },
  { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/cart' }] },
  RF,
]);
// A valid stream whose run failed: an outcome, not a protocol error.
const failed = jsonl([RS, { type: 'RUN_ERROR', message: 'The model is overloaded', code: 'overloaded' }]);
const onlyWarning = jsonl([RS, { type: 'TOOL_CALL_RESULT', messageId: 'm2', toolCallId: 'nobody', content: '42' }, RF]);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agui-config-'));
  mkdirSync(join(dir, 'sessions', 'old'), { recursive: true });
  writeFileSync(join(dir, 'sessions', 'mixed.agui.jsonl'), mixed);
  writeFileSync(join(dir, 'sessions', 'warn.agui.jsonl'), onlyWarning);
  writeFileSync(join(dir, 'sessions', 'old', 'legacy.agui.jsonl'), mixed);
  writeFileSync(join(dir, 'failed.agui.jsonl'), failed);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The JSON report: every problem with its file. */
const json = (stdout: string) => JSON.parse(stdout) as { file: string; ruleId: string; severity: string }[];
const ids = (stdout: string) => json(stdout).map((p) => `${p.ruleId}:${p.severity}`);

test('without a config: the error fails the run; the arguments cut short are named, as a warning', async () => {
  const r = await runCli(['lint', 'sessions/mixed.agui.jsonl', '--format', 'json'], dir);
  expect(r.code).toBe(1);
  expect(ids(r.stdout)).toEqual(['tool/unknown-result:warning', 'tool/args-not-json:warning', 'state/patch-failed:error']);
  // Each problem carries the spec passage its rule enforces.
  const args = (JSON.parse(r.stdout) as { ruleId: string; passage: Record<string, string> }[]).find((p) => p.ruleId === 'tool/args-not-json')!;
  expect(args.passage).toMatchObject({ heading: 'ToolCallArgs', docs: 'RULES.md#toolargs-not-json' });
  expect(args.passage.quote).toContain('JSON 조각');
  expect(args.passage.summary).toContain('parse as JSON');
});

test('agui.config.json found upward: one rule off, one to error, a folder ignored; --print-config shows it', async () => {
  writeFileSync(
    join(dir, 'agui.config.json'),
    JSON.stringify({ rules: { 'tool/args-not-json': 'off', 'state/patch-failed': 'off', 'tool/unknown-result': 'error' }, ignore: ['sessions/old/**'] }),
  );
  const sub = join(dir, 'sessions');
  const r = await runCli(['lint', '**/*.agui.jsonl', '--format', 'json'], sub);
  expect(r.code).toBe(1);
  expect([...new Set(json(r.stdout).map((p) => p.file))].sort()).toEqual(['mixed.agui.jsonl', 'warn.agui.jsonl']);
  expect(ids(r.stdout)).toEqual(['tool/unknown-result:error', 'tool/unknown-result:error']);
  // --rule goes last: both off, nothing left, exit 0.
  const off = await runCli(['lint', 'mixed.agui.jsonl', '--rule', 'tool/unknown-result=off', '--format', 'json'], sub);
  expect(off.code).toBe(0);
  expect(ids(off.stdout)).toEqual([]);
  const printed = JSON.parse((await runCli(['lint', '--print-config'], sub)).stdout) as { file: string; changed: Record<string, string>; rules: Record<string, string> };
  expect(printed.file).toBe(join(dir, 'agui.config.json'));
  expect(printed.changed).toEqual({ 'tool/args-not-json': 'off', 'state/patch-failed': 'off', 'tool/unknown-result': 'error' });
  expect(printed.rules['text/not-open']).toBe('error');
  rmSync(join(dir, 'agui.config.json'));
});

test('a failed run is an outcome: exit 0 with a note, unless a config makes run/failed an error', async () => {
  const r = await runCli(['lint', 'failed.agui.jsonl', '--format', 'json'], dir);
  expect(r.code).toBe(0);
  expect(ids(r.stdout)).toEqual(['run/failed:info']);
  writeFileSync(join(dir, 'failing.json'), JSON.stringify({ rules: { 'run/failed': 'error' } }));
  const strict = await runCli(['lint', 'failed.agui.jsonl', '--config', 'failing.json', '--format', 'json'], dir);
  expect(strict.code).toBe(1);
  expect(ids(strict.stdout)).toEqual(['run/failed:error']);
});

test('strict makes warnings errors; --max-warnings fails a run with more warnings than it allows', async () => {
  const strict = await runCli(['lint', 'sessions/warn.agui.jsonl', '--preset', 'strict', '--format', 'json'], dir);
  expect(strict.code).toBe(1);
  expect(ids(strict.stdout)).toEqual(['tool/unknown-result:error']);
  expect((await runCli(['lint', 'sessions/warn.agui.jsonl'], dir)).code).toBe(0);
  const capped = await runCli(['lint', 'sessions/warn.agui.jsonl', '--max-warnings', '0'], dir);
  expect(capped.code).toBe(1);
  expect(capped.stderr).toContain('1 warnings, more than --max-warnings 0');
  expect((await runCli(['lint', 'sessions/warn.agui.jsonl', '--max-warnings', '1'], dir)).code).toBe(0);
});

test('an unknown rule id is refused with the closest one named, in a config and on the command line', async () => {
  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ rules: { 'tool/args-not-jsn': 'off' } }));
  const r = await runCli(['lint', 'sessions/warn.agui.jsonl', '--config', 'bad.json'], dir);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('unknown rule "tool/args-not-jsn"');
  expect(r.stderr).toContain('did you mean "tool/args-not-json"?');
  const flag = await runCli(['lint', 'sessions/warn.agui.jsonl', '--rule', 'text/not-opn=off'], dir);
  expect(flag.code).toBe(2);
  expect(flag.stderr).toContain('did you mean "text/not-open"?');
  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ rule: {} }));
  expect((await runCli(['lint', 'sessions/warn.agui.jsonl', '--config', 'bad.json'], dir)).stderr).toMatch(/Unrecognized key|unrecognized/i);
});
