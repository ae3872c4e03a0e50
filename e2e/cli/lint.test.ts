/**
 * The built CLI (dist/cli/agui-devtools.mjs) as CI runs it: several files and globs in one call, linted in
 * worker threads; SARIF checked against the SARIF 2.1.0 schema (vendor/), JUnit XML read back by a JUnit parser.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from '@ag-ui/proto';
import type { BaseEvent } from '@ag-ui/core';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse as parseJunit } from 'junit2json';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../support/cli';
import { ROOT } from '../support/paths';

let dir: string;

const cli = (args: string[]) => runCli(args, dir);

const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
const hello = [
  RS,
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  RF,
];
// Event 2 is an empty delta (a warning: the spec says non-empty, the page's client accepts it), event 5 a patch that
// fails on the state the snapshot set (an error).
const broken = [
  RS,
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: '' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'STATE_SNAPSHOT', snapshot: {} },
  { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/cart' }] },
  RF,
];
const protoDump = (events: object[], tail: number[]) => {
  const parts = events.map((e) => {
    const body = encode(e as BaseEvent);
    const frame = new Uint8Array(4 + body.length);
    new DataView(frame.buffer).setUint32(0, body.length);
    frame.set(body, 4);
    return frame;
  });
  return Buffer.concat([...parts, Uint8Array.from(tail)]);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agui-lint-'));
  mkdirSync(join(dir, 'sessions', 'nested'), { recursive: true });
  mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true });
  // One event a line: event i is on line i + 2.
  writeFileSync(join(dir, 'sessions', 'broken.agui.json'), `[\n${broken.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
  writeFileSync(join(dir, 'sessions', 'hello.agui.jsonl'), `${hello.map((e) => JSON.stringify(e)).join('\n')}\n`);
  // Two lines a frame: event i starts on line 2i + 1.
  writeFileSync(join(dir, 'sessions', 'nested', 'broken.agui.sse'), broken.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
  writeFileSync(join(dir, 'sessions', 'nested', 'cut.agui.bin'), protoDump(hello.slice(0, 3), [0, 0, 0]));
  writeFileSync(join(dir, 'node_modules', 'x', 'ignored.agui.json'), '[]');
  writeFileSync(join(dir, 'garbage.agui.json'), 'hello there');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GLOB = 'sessions/**/*.agui.{json,jsonl,sse,bin}';

describe('lint several files and globs in one call', () => {
  test('text: each problem at its file and line, a line per failing file, and a summary', () => {
    const out = cli(['lint', GLOB]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^sessions\/broken\.agui\.json:4 #2 {2}warning {1}text\/empty-delta/m);
    expect(out.stdout).toMatch(/^sessions\/broken\.agui\.json:7 #5 {2}error {3}state\/patch-failed/m);
    expect(out.stdout).toMatch(/^sessions\/nested\/broken\.agui\.sse:5 #2 {2}warning {1}text\/empty-delta/m);
    expect(out.stdout).toMatch(/^sessions\/nested\/cut\.agui\.bin@\d+ #3 {2}error {3}proto\/truncated/m);
    expect(out.stdout).not.toContain('node_modules');
    expect(out.stdout).toMatch(/^4 files, 23 events: 3 errors, 3 warnings, 0 notes; 3 files with errors; transport rules not applicable \(no capture timing\) \(\d+ ms\)$/m);
  });

  test('the same results in worker threads as in one thread', () => {
    const one = cli(['lint', GLOB, '--format', 'json', '--jobs', '1']);
    const two = cli(['lint', GLOB, '--format', 'json', '--jobs', '2']);
    expect(one.code).toBe(1);
    expect(JSON.parse(two.stdout)).toEqual(JSON.parse(one.stdout));
    expect((JSON.parse(one.stdout) as { file: string }[]).map((p) => p.file)).toContain('sessions/nested/broken.agui.sse');
  });

  test('SARIF 2.1.0: valid against the schema; each problem a result with its rule, file and line', () => {
    const out = cli(['lint', GLOB, 'garbage.agui.json', '--format', 'sarif']);
    expect(out.code).toBe(2); // garbage.agui.json cannot be read as AG-UI: reported, the others still linted
    const log = JSON.parse(out.stdout);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'vendor', 'sarif-2.1.0.json'), 'utf8')));
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    const run = log.runs[0];
    const results = run.results as { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine?: number; byteOffset?: number } } }[] }[];
    const at = (uri: string, ruleId: string) => results.find((r) => r.ruleId === ruleId && r.locations[0]!.physicalLocation.artifactLocation.uri === uri);
    expect(at('sessions/broken.agui.json', 'text/empty-delta')).toMatchObject({ level: 'warning', locations: [{ physicalLocation: { region: { startLine: 4 } } }] });
    expect(at('sessions/nested/broken.agui.sse', 'state/patch-failed')).toMatchObject({ locations: [{ physicalLocation: { region: { startLine: 11 } } }] });
    expect(at('sessions/nested/cut.agui.bin', 'proto/truncated')!.locations[0]!.physicalLocation.region!.byteOffset).toBeGreaterThan(0);
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toContain('text/empty-delta');
    // Each rule says what it enforces: the spec's words (Korean, as the spec is written), an English summary, a link
    // to its section of RULES.md, and its default level.
    const rule = run.tool.driver.rules.find((r: { id: string }) => r.id === 'text/empty-delta');
    expect(rule.fullDescription.text).toContain('TEXT_MESSAGE_CONTENT.delta is a non-empty chunk of text.');
    expect(rule.fullDescription.text).toContain('“텍스트 콘텐츠 덩어리 (비어 있지 않음)”');
    expect(rule.helpUri).toMatch(/^file:\/\/.*\/RULES\.md#textempty-delta$/);
    expect(readFileSync(new URL(rule.helpUri), 'utf8')).toContain('## text/empty-delta');
    expect(rule.defaultConfiguration.level).toBe('warning');
    expect(run.tool.driver.rules.every((r: { fullDescription: { text: string } }) => r.fullDescription.text.includes('Spec ('))).toBe(true);
    expect(run.invocations[0].executionSuccessful).toBe(false);
    expect(run.invocations[0].toolExecutionNotifications[0].message.text).toContain('garbage.agui.json');
  });

  test('JUnit: one test case per file, a failure per error, read back by a JUnit parser', async () => {
    const out = cli(['lint', GLOB, '--format', 'junit']);
    expect(out.code).toBe(1);
    const report = await parseJunit(out.stdout);
    const suite = (report as { testsuite: { testcase: { name: string; failure?: { type: string; message: string }[] }[]; tests: number; failures: number }[] }).testsuite[0]!;
    expect(suite.tests).toBe(4);
    expect(suite.failures).toBe(3);
    const byName = new Map(suite.testcase.map((c) => [c.name, c]));
    expect(byName.get('sessions/hello.agui.jsonl')!.failure).toBeUndefined();
    expect(byName.get('sessions/broken.agui.json')!.failure!.map((f) => f.type)).toEqual(['state/patch-failed']);
    expect(byName.get('sessions/nested/broken.agui.sse')!.failure).toHaveLength(1);
  });

  test('a pattern that matches nothing, and an unreadable file, are clear errors (exit 2)', () => {
    const none = cli(['lint', 'nowhere/**/*.json']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no file matches nowhere/**/*.json');
    const bad = cli(['lint', 'sessions/hello.agui.jsonl', 'garbage.agui.json', 'missing.json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/garbage\.agui\.json: Cannot tell the format/);
    expect(bad.stderr).toMatch(/cannot read missing\.json: no such file/);
    expect(bad.stdout).toMatch(/3 files, 5 events: .*2 unreadable/);
  });
});

describe('lint --coverage', () => {
  const CONFORMANCE = join(ROOT, '..', 'shared', 'conformance', 'ag-ui-repo');

  test('the conformance fixtures: which of the 15 features they exercise, in total and per file, in text and JSON', () => {
    const json = runCli(['lint', `${CONFORMANCE}/**/*.json`, '--coverage', '--format', 'json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { exercised: number; of: number; missing: string[]; files: { file: string; features: Record<string, number> }[]; total: { id: string; files: number }[] };
    expect(report.of).toBe(15);
    expect(report.missing).toEqual(['messages-snapshot', 'encrypted-reasoning', 'subagents', 'metadata', 'chunks']);
    expect(report.exercised).toBe(10);
    const file = (name: string) => report.files.find((f) => f.file.endsWith(name))!.features;
    expect(file('dotnet-compat/activity-events.json')).toEqual({ activity: 3 });
    expect(file('dotnet-baselines/Step01_GettingStarted.Turn_01.Response.json')).toMatchObject({ lifecycle: 2, text: expect.any(Number) });
    expect(Object.keys(file('dotnet-baselines/Step09_InterruptsApproval.Turn_01.Response.json'))).toContain('interrupts');
    const text = runCli(['lint', `${CONFORMANCE}/**/*.json`, '--coverage']);
    expect(text.stdout).toMatch(/✓ Activity +2 files, 4 events/);
    expect(text.stdout).toMatch(/✗ Chunk events +not exercised \(TEXT_MESSAGE_CHUNK/);
    expect(text.stdout).toContain('dotnet-compat/activity-events.json: 1 of 15');
    expect(text.stdout).toContain('10 of 15 features exercised; not exercised: messages-snapshot, encrypted-reasoning, subagents, metadata, chunks');
  });

  test('chunks, metadata, subagents, encrypted reasoning and a resume sent by the client are seen', () => {
    writeFileSync(
      join(dir, 'rich.agui.jsonl'),
      [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r2', input: { threadId: 't', runId: 'r2', messages: [], tools: [], context: [], state: {}, forwardedProps: {}, resume: [{ interruptId: 'i1', status: 'resolved' }] } },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'hi', metadata: { traceId: 'x' } },
        { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'researcher' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm2', delta: 'sub', subagentRunId: 's1' },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 's1' },
        { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'm1', encryptedValue: 'b64' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r2' },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const report = JSON.parse(cli(['lint', 'rich.agui.jsonl', '--coverage', '--format', 'json']).stdout) as { files: { features: Record<string, number> }[]; exercised: number };
    expect(report.files[0]!.features).toEqual({ lifecycle: 2, interrupts: 1, chunks: 2, metadata: 1, subagents: 3, 'encrypted-reasoning': 1 });
    expect(report.exercised).toBe(6);
    expect(cli(['lint', 'rich.agui.jsonl', '--coverage', '--format', 'sarif']).stderr).toContain('--coverage writes --format text or json');
  });
});
