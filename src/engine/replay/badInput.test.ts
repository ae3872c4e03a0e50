/** What a user sees when the stream is broken: a located diagnostic, the raw data kept, and the replay going on. */
import { encode } from '@ag-ui/proto';
import type { BaseEvent } from '@ag-ui/core';
import { describe, expect, it } from 'vitest';
import { StreamDecoder } from '../decode/frames';
import { ProtoParser } from '../decode/proto';
import { applyPatchImmutable } from '../reduce/patch';
import { replayValues } from './fromEvents';
import { readInput } from '../io/readInput';
import { replaySession } from './replaySession';
import { sseCases } from '../testing/fixtures';

const enc = new TextEncoder();
const start = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const finish = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };

const sseReplay = (text: string | Uint8Array) => {
  const { session } = readInput(typeof text === 'string' ? enc.encode(text) : text, 'x.sse');
  return { session, replay: replaySession(session) };
};

describe('broken frames', () => {
  it('an invalid JSON frame is a located error where the page\'s client stops; as the events say, the frames around it are replayed', () => {
    const { session, replay } = sseReplay(
      `data: ${JSON.stringify(start)}\n\ndata: {"type":"TEXT_MESSAGE_START",\n\ndata: ${JSON.stringify({ type: 'STATE_SNAPSHOT', snapshot: { ok: true } })}\n\n`,
    );
    expect(session.frames).toHaveLength(3);
    expect(session.frames[1]!.raw).toBe('{"type":"TEXT_MESSAGE_START",');
    expect(replay.problemsAt(1)).toContainEqual(expect.objectContaining({ ruleId: 'json/invalid', severity: 'error' }));
    // The page's client stops the run at it (its parser throws): what it holds does not change after.
    expect(replay.stops).toEqual([expect.objectContaining({ index: 1, ruleId: 'json/invalid' })]);
    expect(replay.at(2).state).toEqual({});
    expect(replaySession(session, { semantics: 'events' }).at(2).state).toEqual({ ok: true });
  });

  it('a truncated stream keeps its last frame, with a warning', () => {
    const { session, replay } = sseReplay(`data: ${JSON.stringify(start)}\n\ndata: ${JSON.stringify({ type: 'CUSTOM', name: 'x', value: 1 })}`);
    expect(session.frames).toHaveLength(2);
    expect(replay.problemsAt(1).map((p) => p.ruleId)).toContain('sse/unterminated-frame');
  });

  it('a protobuf stream cut mid-frame reports the trailing bytes', () => {
    const body = encode(start as BaseEvent);
    const bytes = new Uint8Array(4 + body.length);
    new DataView(bytes.buffer).setUint32(0, body.length + 10);
    bytes.set(body, 4);
    const parser = new ProtoParser();
    const frames = parser.push(bytes);
    parser.end(frames);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.diagnostics[0]).toMatchObject({ code: 'proto/truncated', offset: 0 });
  });

  it('protobuf lengths split across chunks decode the same', () => {
    const one = encode(start as BaseEvent);
    const two = encode({ type: 'TEXT_MESSAGE_START', messageId: 'm' } as BaseEvent);
    const all = new Uint8Array(8 + one.length + two.length);
    const view = new DataView(all.buffer);
    view.setUint32(0, one.length);
    all.set(one, 4);
    view.setUint32(4 + one.length, two.length);
    all.set(two, 8 + one.length);
    for (let cut = 1; cut < all.length; cut++) {
      const parser = new ProtoParser();
      const frames = [...parser.push(all.slice(0, cut)), ...parser.push(all.slice(cut)), ...parser.end()];
      expect(frames.map((f) => (f.value as { type: string }).type)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START']);
    }
  });

  it('garbage protobuf bytes are a diagnostic, and the next frame still decodes', () => {
    const good = encode(start as BaseEvent);
    const bytes = new Uint8Array(4 + 3 + 4 + good.length);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, 3);
    bytes.set([0xff, 0xff, 0xff], 4);
    view.setUint32(7, good.length);
    bytes.set(good, 11);
    const frames = new StreamDecoder('s', 'proto').push(bytes, 0);
    expect(frames[0]!.diagnostics[0]!.code).toBe('proto/invalid');
    expect(frames[0]!.raw).toBe('ff ff ff');
    expect((frames[1]!.event as { type: string }).type).toBe('RUN_STARTED');
  });

  it('invalid UTF-8 is shown as U+FFFD with its byte offset, and the frame still replays', () => {
    const prefix = enc.encode(`data: ${JSON.stringify(start)}\n\ndata: {"type":"CUSTOM","name":"`);
    const bytes = new Uint8Array([...prefix, 0xc3, 0x28, ...enc.encode('","value":1}\n\n')]);
    const { session, replay } = sseReplay(bytes);
    const frame = session.frames[1]!;
    expect(frame.diagnostics[0]).toMatchObject({ code: 'sse/invalid-utf8', offset: prefix.length });
    expect((frame.event as { name: string }).name).toBe('\uFFFD(');
    expect(frame.reducible).toBe(true);
    expect(replay.problemsAt(1).filter((p) => p.severity === 'error')).toEqual([]);
    expect(replay.problemsAt(1).map((p) => p.ruleId)).toContain('sse/invalid-utf8');
  });

  it('unknown event types are shown, warned about, and not replayed', () => {
    const { frames, replay } = replayValues([start, { type: 'FUTURE_THING', x: 1 }, finish]);
    expect(frames[1]!.reducible).toBe(false);
    expect(replay.problemsAt(1)).toContainEqual(expect.objectContaining({ ruleId: 'event/unknown-type', severity: 'warning' }));
    expect(replay.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('every SSE framing case of the conformance fixtures parses without throwing', () => {
    const cases = sseCases();
    expect(cases.length).toBeGreaterThan(5);
    for (const c of cases) {
      const { session } = sseReplay(c.text);
      expect(session.frames.length, c.name).toBeGreaterThan(0);
    }
    const multi = cases.find((c) => c.name.startsWith('Multi-line'))!;
    expect(sseReplay(multi.text).session.frames[0]!.event).toEqual({ type: 'STATE_SNAPSHOT', snapshot: { count: 42, name: 'test' } });
  });
});

describe('hostile payloads', () => {
  it('a 10 MB delta is replayed and the state holds it', () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const { replay } = replayValues([start, { type: 'STATE_SNAPSHOT', snapshot: {} }, { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/big', value: big }] }, finish]);
    expect((replay.at(3).state as { big: string }).big.length).toBe(big.length);
  });

  it('a 10 MB text delta streams into the message', () => {
    const big = 'y'.repeat(10 * 1024 * 1024);
    const { replay } = replayValues([start, { type: 'TEXT_MESSAGE_START', messageId: 'm' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: big }]);
    expect((replay.at(2).messages[0]!.content as string).length).toBe(big.length);
  });

  it('1,000-deep nesting in a snapshot and a patch into it; deeper events are a located problem, kept as they came', () => {
    const depth = 1_000;
    const deep = `${'{"d":'.repeat(depth - 1)}"bottom"${'}'.repeat(depth - 1)}`;
    const path = `${'/d'.repeat(depth - 2)}/d`;
    const text = `[${JSON.stringify(start)},{"type":"STATE_SNAPSHOT","snapshot":${deep}},${JSON.stringify({ type: 'STATE_DELTA', delta: [{ op: 'replace', path, value: 'top' }] })}]`;
    const { session } = readInput(enc.encode(text));
    const replay = replaySession(session);
    expect(replay.problems.filter((p) => p.severity === 'error')).toEqual([]);
    let v = replay.at(2).state as { d: unknown };
    for (let i = 0; i < depth - 2; i++) v = v.d as { d: unknown };
    expect(v.d).toBe('top');
    // The old state is untouched: time travel still shows it.
    let old = replay.at(1).state as { d: unknown };
    for (let i = 0; i < depth - 2; i++) old = old.d as { d: unknown };
    expect(old.d).toBe('bottom');
    // 200,000 levels (as a JSONL line, an SSE frame and an element of a JSON array file): refused with its place.
    const deeper = `{"type":"STATE_SNAPSHOT","snapshot":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    for (const [name, file] of [
      ['x.jsonl', `${JSON.stringify(start)}\n${deeper}\n`],
      ['x.sse', `data: ${JSON.stringify(start)}\n\ndata: ${deeper}\n\n`],
      ['x.json', `[${JSON.stringify(start)},${deeper}]`],
    ] as const) {
      const read = readInput(enc.encode(file), name).session;
      const problems = replaySession(read).problems;
      expect(problems.filter((p) => p.severity === 'error').map((p) => [p.ruleId, p.eventIndex]), name).toEqual([['json/too-deep', 1]]);
      if (name !== 'x.json') expect(read.frames[1]!.raw.length, name).toBe(deeper.length);
    }
  });

  it('patches cannot write __proto__, constructor or prototype; the state is unchanged and the op is named', () => {
    for (const path of ['/__proto__/polluted', '/constructor/prototype/polluted', '/a/__proto__', '/prototype']) {
      const { replay } = replayValues([
        start,
        { type: 'STATE_SNAPSHOT', snapshot: { a: {} } },
        { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/ok', value: 1 }, { op: 'add', path, value: { polluted: true } }] },
      ]);
      expect(replay.at(2).state).toEqual({ a: {} });
      expect(replay.problemsAt(2)).toContainEqual(expect.objectContaining({ ruleId: 'state/patch-failed', path: ['delta', 1] }));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(applyPatchImmutable({}, [{ op: 'move', from: '/__proto__', path: '/x' }])).toMatchObject({ ok: false, failure: { code: 'FORBIDDEN_KEY' } });
  });

  it('a __proto__ key inside a snapshot stays a plain key', () => {
    const { replay } = replayValues(JSON.parse(`[${JSON.stringify(start)},{"type":"STATE_SNAPSHOT","snapshot":{"__proto__":{"polluted":true}}}]`) as unknown[]);
    const state = replay.at(1).state as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(state, '__proto__')).toBe(true);
    expect((state as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('an event with every field null gets one located diagnostic per field; the page\'s client stops there, the events go on', () => {
    const nulls = { type: 'TOOL_CALL_START', toolCallId: null, toolCallName: null, parentMessageId: null, timestamp: null, metadata: null, rawEvent: null, subagentRunId: null };
    const { frames, replay } = replayValues([start, nulls, { type: 'STATE_SNAPSHOT', snapshot: { after: 1 } }]);
    const paths = frames[1]!.diagnostics.map((d) => d.path?.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['toolCallId', 'toolCallName', 'timestamp', 'metadata', 'subagentRunId']));
    // parentMessageId and rawEvent null are old producers' habits: read as absent, with a warning.
    expect(frames[1]!.diagnostics.filter((d) => d.code === 'compat/deprecated-shape').map((d) => d.path?.join('.'))).toEqual(
      expect.arrayContaining(['rawEvent', 'parentMessageId']),
    );
    expect(frames[1]!.reducible).toBe(false);
    expect(replay.stops.map((s) => s.index)).toEqual([1]);
    expect(replay.at(2).state).toEqual({});
    expect(replayValues([start, nulls, { type: 'STATE_SNAPSHOT', snapshot: { after: 1 } }], { semantics: 'events' }).replay.at(2).state).toEqual({ after: 1 });
  });

  it('a failing patch leaves state unchanged, names the failing op, and the run goes on', () => {
    const { replay } = replayValues([
      start,
      { type: 'STATE_SNAPSHOT', snapshot: { n: 1 } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 2 }, { op: 'test', path: '/n', value: 99 }] },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 3 }] },
    ]);
    expect(replay.at(2).state).toEqual({ n: 1 });
    expect(replay.problemsAt(2)[0]).toMatchObject({ ruleId: 'state/patch-failed', path: ['delta', 1] });
    expect(replay.problemsAt(2)[0]!.message).toContain('TEST_OPERATION_FAILED');
    expect(replay.at(3).state).toEqual({ n: 3 });
  });
});

describe('a big protobuf frame over many chunks', () => {
  it('decodes once whole, as if it came in one piece', () => {
    const body = encode({ type: 'CUSTOM', name: 'big', value: 'z'.repeat(3 * 1024 * 1024) } as BaseEvent);
    const bytes = new Uint8Array(4 + body.length);
    new DataView(bytes.buffer).setUint32(0, body.length);
    bytes.set(body, 4);
    const parser = new ProtoParser();
    const frames = [];
    for (let i = 0; i < bytes.length; i += 4096) frames.push(...parser.push(bytes.subarray(i, i + 4096)));
    parser.end(frames);
    expect(frames).toHaveLength(1);
    expect((frames[0]!.value as { value: string }).value).toHaveLength(3 * 1024 * 1024);
    expect(frames[0]!.diagnostics).toEqual([]);
  });
});

describe('one cause, one problem', () => {
  it('an orphan TEXT_MESSAGE_CONTENT and an orphan TOOL_CALL_ARGS are one error each, not an error and a warning', () => {
    const { replay } = replayValues([
      start,
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nobody', delta: 'x' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'nothing', delta: '{}' },
      finish,
    ]);
    expect(replay.problems.map((p) => [p.eventIndex, p.ruleId])).toEqual([
      [1, 'text/not-open'],
      [2, 'tool/not-open'],
    ]);
  });
});
