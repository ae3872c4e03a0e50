import { encode } from '@ag-ui/proto';
import type { BaseEvent } from '@ag-ui/core';
import { describe, expect, it } from 'vitest';
import { exportSession } from '../engine/io/exportFormat';
import { readInput } from '../engine/io/readInput';
import { conformanceSequences } from '../engine/testing/fixtures';
import { runReference } from '../engine/testing/reference';
import { type CliIo, run } from './main';

const enc = new TextEncoder();

async function cli(argv: string[], files: Record<string, string | Uint8Array> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    read: (file) => {
      const f = files[file];
      if (f === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return typeof f === 'string' ? enc.encode(f) : f;
    },
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

const events = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: ' world' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'STATE_SNAPSHOT', snapshot: { n: 1 } },
  { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 2 }] },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' },
];
const sse = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const jsonl = events.map((e) => JSON.stringify(e)).join('\n');
const proto = (() => {
  const parts = events.map((e) => {
    const body = encode(e as BaseEvent);
    const frame = new Uint8Array(4 + body.length);
    new DataView(frame.buffer).setUint32(0, body.length);
    frame.set(body, 4);
    return frame;
  });
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
})();

describe('agui-devtools replay', () => {
  const expected = { messages: [{ id: 'm1', role: 'assistant', content: 'Hello world' }], state: { n: 2 } };

  it.each([
    ['a JSON array', 'events.json', JSON.stringify(events)],
    ['JSONL', 'events.jsonl', jsonl],
    ['SSE text', 'stream.sse', sse],
    ['a protobuf frame dump', 'stream.bin', proto],
  ])('reads %s and prints messages and state as JSON', async (_what, name, content) => {
    const out = await cli(['replay', name, '--json'], { [name]: content });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(expected);
  });

  it('reads a session export, and standard input with -', async () => {
    const { session } = readInput(enc.encode(sse), 'x');
    const file = JSON.stringify(exportSession(session));
    expect(JSON.parse((await cli(['replay', 'session.json', '--json'], { 'session.json': file })).stdout)).toEqual(expected);
    expect(JSON.parse((await cli(['replay', '-', '--json'], { '-': jsonl })).stdout)).toEqual(expected);
  });

  it('--at N shows the world as of event N (0 = first)', async () => {
    const out = await cli(['replay', 'e.json', '--at', '2', '--json'], { 'e.json': JSON.stringify(events) });
    expect(JSON.parse(out.stdout)).toEqual({ messages: [{ id: 'm1', role: 'assistant', content: 'Hello' }], state: {} });
    expect(JSON.parse((await cli(['replay', 'e.json', '--at=6', '--json'], { 'e.json': JSON.stringify(events) })).stdout).state).toEqual({ n: 2 });
  });

  it('prints what @ag-ui/client would hold, on every conformance fixture', async () => {
    for (const sequence of conformanceSequences()) {
      const reference = await runReference(sequence.events);
      if (reference.stoppedAt !== undefined || reference.error) continue;
      const out = await cli(['replay', 'f.json', '--json'], { 'f.json': JSON.stringify(sequence.events) });
      const printed = JSON.parse(out.stdout) as { messages: unknown[]; state: unknown };
      if (sequence.name.includes('thinking')) continue; // minted ids differ by design (see testing/differential.ts)
      expect(printed, sequence.name).toEqual(JSON.parse(JSON.stringify({ messages: reference.messages, state: reference.state })));
    }
  });

  it('without --json prints a readable summary', async () => {
    const out = await cli(['replay', 'e.json'], { 'e.json': JSON.stringify(events) });
    expect(out.stdout).toContain('8 events (json-array), 1 run');
    expect(out.stdout).toMatch(/assistant\s+Hello world/);
    expect(out.stdout).toContain('"n": 2');
  });
});

describe('agui-devtools lint', () => {
  const broken = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nope', delta: 'x' },
    // After a snapshot the state is known, so a patch that fails is an error.
    { type: 'STATE_SNAPSHOT', snapshot: {} },
    { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/missing', value: 1 }] },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
  ];

  it('prints problems as JSON with rule, severity and event index, and exits 1 on an error', async () => {
    const out = await cli(['lint', 'b.json', '--format', 'json'], { 'b.json': JSON.stringify(broken) });
    expect(out.code).toBe(1);
    const problems = JSON.parse(out.stdout) as { ruleId: string; severity: string; eventIndex: number; message: string }[];
    expect(problems).toContainEqual(expect.objectContaining({ ruleId: 'text/not-open', severity: 'error', eventIndex: 1 }));
    expect(problems).toContainEqual(expect.objectContaining({ ruleId: 'state/patch-failed', severity: 'error', eventIndex: 3 }));
    // Each problem names its file and, where the format has lines, the event's line.
    expect(Object.keys(problems[0]!).sort()).toEqual(['eventIndex', 'file', 'line', 'message', 'passage', 'ruleId', 'severity']);
  });

  it('exits 0 when there is no error', async () => {
    const ok = events.filter((e) => !e.type.startsWith('STATE'));
    const out = await cli(['lint', 'ok.json', '--format', 'json'], { 'ok.json': JSON.stringify(ok) });
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual([]);
  });

  it('text output names the file and the event', async () => {
    const out = await cli(['lint', 'b.json'], { 'b.json': JSON.stringify(broken) });
    expect(out.stdout).toMatch(/^b\.json:1 #1 {2}error {3}text\/not-open/m);
    // The page's client refuses the second event: the summary says where it stops.
    expect(out.stdout).toMatch(/^5 events \(json-array\): 2 errors, 0 warnings, 0 notes; the page's client stops a run at #1; transport rules not applicable \(no capture timing\)$/m);
  });

  it('what the page\'s client changed is printed with --preset strict, as notes, and left out otherwise', async () => {
    const chunks = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Hi' },
      { type: 'THINKING_START' },
      { type: 'THINKING_END' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const files = { 'c.json': JSON.stringify(chunks) };
    const ids = (stdout: string) => (JSON.parse(stdout) as { ruleId: string; severity: string }[]).filter((p) => p.ruleId.startsWith('client/')).map((p) => `${p.ruleId}:${p.severity}`);
    const recommended = await cli(['lint', 'c.json', '--format', 'json'], files);
    expect(ids(recommended.stdout)).toEqual([]);
    const strict = await cli(['lint', 'c.json', '--format', 'json', '--preset', 'strict'], files);
    expect(ids(strict.stdout)).toEqual(['client/expanded:info', 'client/mapped:info', 'client/inserted:info', 'client/mapped:info']);
  });

  it('counts events as they stand in the input: invalid lines count too', async () => {
    const lines = ['{"type":"RUN_STARTED","threadId":"t","runId":"r"}', '{not json', '{"type":"RUN_FINISHED","threadId":"t","runId":"r"}'].join('\n');
    const problems = JSON.parse((await cli(['lint', 'x.jsonl', '--format', 'json'], { 'x.jsonl': lines })).stdout) as { ruleId: string; eventIndex: number }[];
    expect(problems).toContainEqual(expect.objectContaining({ ruleId: 'json/invalid', eventIndex: 1 }));
  });
});

describe('agui-devtools errors', () => {
  it.each([
    [['replay', 'missing.json'], /cannot read missing\.json: no such file/],
    [['replay', 'empty.json'], /empty/],
    [['replay', 'garbage.txt'], /Cannot tell the format/],
    [['replay', 'bad.json'], /not valid JSON/],
    [['replay', 'fake-session.json'], /Not a valid agui-devtools-session file at/],
    [['frobnicate', 'x'], /unknown command/],
    [['replay'], /needs a FILE/],
    [['replay', 'e.json', '--at', 'x'], /--at takes an event index/],
    [['replay', 'e.json', '--at', '99'], /has 8 events/],
  ])('%j: one clear line, exit 2', async (argv, message) => {
    const out = await cli(argv, {
      'empty.json': '  ',
      'garbage.txt': 'hello there',
      'bad.json': '[{"type":',
      'fake-session.json': JSON.stringify({ format: 'agui-devtools-session', version: 1, streams: 'no' }),
      'e.json': JSON.stringify(events),
    });
    expect(out.code).toBe(2);
    expect(out.stderr.split('\n')[0]).toMatch(message);
    expect(out.stdout).toBe('');
  });
});

describe('replay --summary', () => {
  it('prints per run: status, outcome, events, duration, TTFT and usage; --format json the same as data', async () => {
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'hi' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r1', outcome: { type: 'success' }, usage: [{ model: 'x', inputTokens: 3, outputTokens: 2, totalTokens: 5 }] },
    ];
    const text = await cli(['replay', 'f.json', '--summary'], { 'f.json': JSON.stringify(events) });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^run\s+status\s+outcome\s+events\s+duration\s+TTFT\s+usage/);
    expect(text.stdout).toMatch(/r1\s+success\s+success\s+5\s/);
    expect(text.stdout).toContain('3 in / 2 out / 5 total (x)');
    const json = await cli(['replay', 'f.json', '--summary', '--format', 'json'], { 'f.json': JSON.stringify(events) });
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ runId: 'r1', status: 'success', outcome: 'success', events: 5, usage: [{ model: 'x', inputTokens: 3, outputTokens: 2, totalTokens: 5 }] }),
    ]);
  });
});
