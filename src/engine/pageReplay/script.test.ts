import { decode, encode } from '@ag-ui/proto';
import type { BaseEvent } from '@ag-ui/core';
import { StreamDecoder } from '../decode/frames';
import { describe, expect, test } from 'vitest';
import { eventsOfStream, jsonDiff, scriptFromEvents, scriptFromStream } from './script';
import { Session, type StreamInfo } from '../session/session';
import { urlMatches } from './urlMatch';

const enc = (s: string) => new TextEncoder().encode(s);
const info = (format: 'sse' | 'proto'): StreamInfo => ({
  id: 's',
  transport: 'fetch',
  format,
  url: 'http://127.0.0.1/agent?x=1',
  method: 'POST',
  status: 200,
  statusText: 'OK',
  frameUrl: 'http://127.0.0.1/',
  requestHeaders: [],
  responseHeaders: [['content-type', format === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/vnd.ag-ui.event+proto']],
  requestBody: '{"threadId":"t"}',
  openedAt: 1000,
  page: 0,
});
const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const TS = { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };

describe('scriptFromStream', () => {
  test('a recorded SSE stream: byte for byte (comments and ids too), one step per event, with the time each waited', () => {
    const session = new Session();
    session.open(info('sse'));
    const text = `: keep-alive\n\ndata: ${JSON.stringify(RS)}\nid: 1\n\ndata: ${JSON.stringify(TS)}\n\ndata: ${JSON.stringify(RF)}\n\n: bye\n`;
    // Chunks cut inside events, at other times.
    session.chunk('s', 1010, enc(text.slice(0, 30)));
    session.chunk('s', 1050, enc(text.slice(30, 120)));
    session.chunk('s', 1200, enc(text.slice(120)));
    session.close('s', 1201);
    const script = scriptFromStream(session, 's');
    expect(script.steps.map((s) => s.type)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'RUN_FINISHED']);
    expect(new TextDecoder().decode(Buffer.concat(script.steps.map((s) => s.bytes)))).toBe(text);
    expect(script.steps.map((s) => s.delay)).toEqual(session.frames.map((f, i) => f.t - (i === 0 ? 1000 : session.frames[i - 1]!.t)));
    expect(script).toMatchObject({ format: 'sse', status: 200, contentType: 'text/event-stream; charset=utf-8', method: 'POST', requestBody: '{"threadId":"t"}' });
  });

  test('edited events are encoded as the recording was: protobuf frames the reference decoder reads', () => {
    const { steps: _, ...like } = { ...scriptFromStream(sessionWith('proto'), 's') };
    const script = scriptFromEvents([RS, TS, RF], like, [5, 6]);
    expect(script.steps.map((s) => s.delay)).toEqual([5, 6, 0]);
    const first = script.steps[0]!.bytes;
    expect(new DataView(first.buffer).getUint32(0)).toBe(first.length - 4);
    expect(decode(first.subarray(4))).toMatchObject(RS);
    expect(() => scriptFromEvents([{ type: 'NOT_A_TYPE' }], like)).toThrow(/Event 1 \(NOT_A_TYPE\) cannot be encoded as protobuf/);
  });

  test('a protobuf stream labelled text/event-stream is replayed as protobuf: the page parses the events the panel shows', () => {
    // A teammate's file: protobuf whose text delta holds SSE lines of its own, labelled as SSE.
    const hidden = '\n\ndata: {"type":"TOOL_CALL_START","toolCallId":"x","toolCallName":"transfer_funds"}\n\n';
    const events = [RS, TS, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: hidden }, { type: 'TEXT_MESSAGE_END', messageId: 'm' }, RF];
    const frames = events.map((e) => {
      const body = encode(e as BaseEvent);
      const out = new Uint8Array(4 + body.length);
      new DataView(out.buffer).setUint32(0, body.length);
      out.set(body, 4);
      return out;
    });
    const session = new Session();
    session.open({ ...info('proto'), responseHeaders: [['content-type', 'text/event-stream']] });
    session.chunk('s', 1010, Buffer.concat(frames));
    expect(session.frames.map((f) => f.event?.type)).toEqual(events.map((e) => e.type));
    const script = scriptFromStream(session, 's');
    expect(script.contentType).toBe('application/vnd.ag-ui.event+proto');
    expect(script.contentTypeNote).toMatch(/says "text\/event-stream" but its bytes were decoded as protobuf/);
    // What a page's parser for that content type reads from the replayed bytes: the same five events.
    const bytes = Buffer.concat(script.steps.map((x) => x.bytes));
    const parsed = new StreamDecoder('s', 'proto').push(bytes, 0);
    expect(parsed.map((f) => f.event?.type)).toEqual(events.map((e) => e.type));
    // Read as SSE (what the recorded label would have told the page) the same bytes hold a tool call.
    expect(new StreamDecoder('s', 'sse').push(bytes, 0).some((f) => f.event?.type === 'TOOL_CALL_START')).toBe(true);
    // A label that names the format keeps its parameters.
    expect(scriptFromStream(sessionWith('sse'), 's').contentType).toBe('text/event-stream; charset=utf-8');
  });

  test('eventsOfStream gives the events and their waits (what the editor starts from)', () => {
    const { events, delays } = eventsOfStream(sessionWith('sse'), 's');
    expect(events).toEqual([RS, RF]);
    expect(delays).toEqual([10, 0]);
  });
});

function sessionWith(format: 'sse' | 'proto'): Session {
  const session = new Session();
  session.open(info(format));
  session.chunk('s', 1010, enc(`data: ${JSON.stringify(RS)}\n\ndata: ${JSON.stringify(RF)}\n\n`));
  return session;
}

test('URL patterns: exact, prefix, glob (regex characters are themselves)', () => {
  expect(urlMatches('http://a/agent?x=1', 'exact', 'http://a/agent?x=1')).toBe(true);
  expect(urlMatches('http://a/agent', 'exact', 'http://a/agent?x=1')).toBe(false);
  expect(urlMatches('http://a/agent', 'prefix', 'http://a/agent?x=1')).toBe(true);
  expect(urlMatches('http://a/agent?x=*', 'glob', 'http://a/agent?x=42')).toBe(true);
  expect(urlMatches('http://a/agent?x=*', 'glob', 'http://a/agentXx=42')).toBe(false);
  expect(urlMatches('*/agent/*', 'glob', 'http://a/agent/chat')).toBe(true);
});

test('jsonDiff lists the paths where the page input differs from the recorded one', () => {
  expect(jsonDiff({ a: 1, m: [{ c: 'x' }], s: { k: 1 } }, { a: 1, m: [{ c: 'y' }, { c: 'z' }], s: { k: 1 } })).toEqual([
    { path: 'm[0].c', recorded: 'x', sent: 'y' },
    { path: 'm[1]', recorded: undefined, sent: { c: 'z' } },
  ]);
  expect(jsonDiff({ a: 1 }, { a: 1 })).toEqual([]);
});
