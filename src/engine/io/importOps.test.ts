import { encode } from '@ag-ui/proto';
import type { BaseEvent } from '@ag-ui/core';
import { describe, expect, test } from 'vitest';
import { replaySession } from '../replay/replaySession';
import { InputError, planInput, readInput } from './readInput';
import { buildExport } from './exportFormats';
import { importSession } from './exportFormat';

const enc = (s: string) => new TextEncoder().encode(s);
const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const protoBase64 = (events: object[]) =>
  Buffer.concat(
    events.map((e) => {
      const body = encode(e as BaseEvent);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(body.length);
      return Buffer.concat([head, Buffer.from(body)]);
    }),
  ).toString('base64');

const entry = (url: string, mimeType: string, content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  startedDateTime: '2026-11-30T10:00:00.000Z',
  time: 120,
  request: { method: 'POST', url, headers: [{ name: 'content-type', value: 'application/json' }], postData: { mimeType: 'application/json', text: '{"threadId":"t"}' } },
  response: { status: 200, statusText: 'OK', headers: [{ name: 'content-type', value: mimeType }], content: { size: 1, mimeType, ...content } },
  timings: { blocked: 1, dns: -1, connect: -1, send: 1, wait: 10, receive: 108 },
  ...extra,
});

/** A HAR as Chrome's Network panel saves it: SSE content, protobuf as base64, EventSource and WebSocket messages. */
const chromeHar = {
  log: {
    version: '1.2',
    creator: { name: 'WebInspector', version: '537.36' },
    entries: [
      entry('http://localhost/index.html', 'text/html', { text: '<html></html>' }),
      entry('http://localhost/agent', 'text/event-stream', { text: sse([RS, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hi' }, { type: 'TEXT_MESSAGE_END', messageId: 'm' }, RF]) }),
      entry('http://localhost/agent.proto', 'application/vnd.ag-ui.event+proto', { text: protoBase64([RS, RF]), encoding: 'base64' }),
      entry('http://localhost/es', 'text/event-stream', {}, {
        _resourceType: 'eventsource',
        _eventSourceMessages: [
          { time: 1796038263.2, eventName: 'message', eventId: '1', data: JSON.stringify(RS) },
          { time: 1796038263.3, eventName: 'agui', eventId: '2', data: JSON.stringify({ type: 'CUSTOM', name: 'n', value: 1 }) },
          { time: 1796038263.4, eventName: 'message', eventId: '3', data: JSON.stringify(RF) },
        ],
      }),
      entry('ws://localhost/ws', 'x-unknown', {}, {
        _resourceType: 'websocket',
        _webSocketMessages: [
          { type: 'send', time: 1, opcode: 1, data: '{"threadId":"t"}' },
          { type: 'receive', time: 1.1, opcode: 1, data: JSON.stringify(RS) },
          { type: 'receive', time: 1.2, opcode: 1, data: JSON.stringify(RF) },
        ],
      }),
      entry('http://localhost/other.txt', 'text/event-stream', { text: 'data: not ag-ui\n\n' }),
    ],
  },
};

describe('HAR files', () => {
  test("Chrome's: every AG-UI stream, with its request, as the page received it", () => {
    const { session, format } = readInput(enc(JSON.stringify(chromeHar, null, 2)), 'chrome.har');
    expect(format).toBe('har');
    const streams = [...session.streams.values()].map((s) => [s.info.url, s.info.transport, s.info.format, s.frames]);
    expect(streams).toEqual([
      ['http://localhost/agent', 'fetch', 'sse', 5],
      ['http://localhost/agent.proto', 'fetch', 'proto', 2],
      ['http://localhost/es', 'eventsource', 'sse', 3],
      ['ws://localhost/ws', 'websocket', 'json', 3],
    ]);
    const agent = [...session.streams.values()][0]!.info;
    expect(agent.requestBody).toBe('{"threadId":"t"}');
    expect(agent.responseHeaders).toEqual([['content-type', 'text/event-stream']]);
    expect(agent.openedAt - agent.startedAt!).toBe(12);
    const es = session.frames.filter((f) => f.streamId === 'har-3');
    expect(es.map((f) => f.sse?.event ?? 'message')).toEqual(['message', 'agui', 'message']);
    const replay = replaySession(session);
    expect(replay.at(session.frames.length - 1).messages).toContainEqual(expect.objectContaining({ id: 'm', content: 'Hi' }));
  });

  test("Firefox's (no Chrome fields): the SSE response content", () => {
    const ff = { log: { version: '1.2', creator: { name: 'Firefox', version: '153.0' }, entries: [entry('http://localhost/agent', 'text/event-stream; charset=utf-8', { text: sse([RS, RF]) })] } };
    const { session } = readInput(enc(JSON.stringify(ff)), 'firefox.har');
    expect(session.frames.length).toBe(2);
  });

  test('a HAR\'s secrets are masked as it is read: exported again, no cookie, authorization, token or apiKey is left', () => {
    const secretEntry = entry('http://localhost/agent?token=URL-SECRET&format=sse', 'text/event-stream', { text: sse([RS, RF]) });
    secretEntry.request.headers.push({ name: 'Cookie', value: 'sid=COOKIE-SECRET' }, { name: 'Authorization', value: 'Bearer AUTH-SECRET-12345' });
    (secretEntry.response.headers as { name: string; value: string }[]).push({ name: 'Set-Cookie', value: 'sid=SET-COOKIE-SECRET' });
    secretEntry.request.postData.text = JSON.stringify({ threadId: 't', forwardedProps: { apiKey: 'BODY-SECRET', nested: { jwt: 'JWT-SECRET' } } });
    const socket = entry('ws://localhost/ws', 'x-unknown', {}, {
      _resourceType: 'websocket',
      _webSocketMessages: [
        { type: 'send', time: 1, opcode: 1, data: JSON.stringify({ type: 'RUN_AGENT', input: { forwardedProps: { token: 'WS-SECRET' } } }) },
        { type: 'receive', time: 1.1, opcode: 1, data: JSON.stringify(RS) },
      ],
    });
    const har = { log: { version: '1.2', creator: { name: 'WebInspector', version: '537' }, entries: [secretEntry, socket] } };
    const { session } = readInput(enc(JSON.stringify(har)), 'x.har');
    for (const format of ['session', 'test', 'jsonl', 'sse'] as const) {
      const { text } = buildExport(session, { format });
      for (const secret of ['URL-SECRET', 'COOKIE-SECRET', 'AUTH-SECRET', 'SET-COOKIE-SECRET', 'BODY-SECRET', 'JWT-SECRET', 'WS-SECRET']) expect(text, `${format}: ${secret}`).not.toContain(secret);
    }
    // What stays: the harmless parts, and the shape.
    const file = JSON.parse(buildExport(session, { format: 'session' }).text);
    expect(file.streams[0].url).toBe('http://localhost/agent?token=[redacted]&format=sse');
    expect(file.streams[0].requestHeaders).toEqual([['content-type', 'application/json'], ['Cookie', '[redacted]'], ['Authorization', '[redacted]']]);
    // A session file holding secrets (a teammate's, or an older version's) is masked as it is imported.
    const raw = JSON.parse(buildExport(session, { format: 'session' }).text);
    raw.streams[0].url = 'http://localhost/agent?token=FILE-SECRET';
    raw.records.unshift({ kind: 'navigate', url: 'http://localhost/?x=1#access_token=NAV-SECRET', t: 0 });
    const again = JSON.stringify(JSON.parse(buildExport(importSession(raw), { format: 'session' }).text));
    expect(again).not.toContain('FILE-SECRET');
    expect(again).not.toContain('NAV-SECRET');
  });

  test('a HAR without AG-UI streams is refused, saying how many requests it holds', () => {
    const none = { log: { entries: [entry('http://localhost/', 'text/html', { text: '<p>' })] } };
    expect(() => planInput(enc(JSON.stringify(none)), 'x.har')).toThrow(/holds 1 requests, none an AG-UI stream/);
  });
});

describe('bad files', () => {
  test('a truncated session file: where it ends', () => {
    const text = JSON.stringify({ format: 'agui-devtools-session', version: 2, streams: [], records: [] }, null, 1).slice(0, 60);
    expect(() => planInput(enc(text), 's.agui.json')).toThrow(/the file looks truncated/);
  });
  test('a newer version is refused with its number before the file is parsed', () => {
    const text = `{"format":"agui-devtools-session","version":7,"streams":[],"records":[${'x'.repeat(100)}`;
    expect(() => planInput(enc(text), 's.agui.json')).toThrow(/version 7 of the agui-devtools-session format/);
  });
  test('"__proto__" keys stay data, with a warning at their line', () => {
    const text = `${JSON.stringify(RS)}\n{"type":"STATE_SNAPSHOT","snapshot":{"__proto__":{"polluted":1}}}\n${JSON.stringify(RF)}\n`;
    const { session, warnings } = readInput(enc(text), 'p.jsonl');
    expect(warnings[0]).toMatch(/p\.jsonl, line 2: a "__proto__" key/);
    const state = replaySession(session).at(2).state as Record<string, unknown>;
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  test('an InputError for what is not AG-UI at all', () => {
    expect(() => planInput(enc('hello'), 'h.txt')).toThrow(InputError);
  });
});
