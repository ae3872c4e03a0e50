import { describe, expect, it } from 'vitest';
import { Session, type StreamInfo } from '../session/session';
import { replaySession } from '../replay/replaySession';
import { streamInfo } from '../testing/timedSession';
import { sniffFormat } from './transportRules';
import { readInput } from '../io/readInput';

const info = (over: Partial<StreamInfo> = {}): StreamInfo => streamInfo('s1', { responseHeaders: [['Content-Type', 'text/event-stream; charset=utf-8']], openedAt: 1000, ...over });
const data = (...events: object[]) => new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
const T = (id: string, type: string, extra = {}) => ({ type, messageId: id, ...extra });

function lint(over: Partial<StreamInfo>, chunks: [number, Uint8Array][], closedAt?: number): string[] {
  const s = new Session();
  s.open(info(over));
  for (const [t, b] of chunks) s.chunk('s1', t, b);
  s.close('s1', closedAt ?? chunks[chunks.length - 1]![0]);
  return replaySession(s).problems.filter((p) => p.ruleId.startsWith('transport/')).map((p) => `${p.ruleId}@${p.eventIndex}`);
}

describe('transport rules', () => {
  const body = [RS, T('m', 'TEXT_MESSAGE_START', { role: 'assistant' }), T('m', 'TEXT_MESSAGE_CONTENT', { delta: 'hi' }), T('m', 'TEXT_MESSAGE_END'), RF];

  it('buffered: every event in one chunk after a long wait; not when flushed, nor when the answer came quickly', () => {
    expect(lint({}, [[3000, data(...body)]])).toEqual(['transport/buffered@0']);
    expect(lint({}, body.map((e, i) => [3000 + i * 30, data(e)]))).toEqual([]);
    expect(lint({}, [[1200, data(...body)]])).toEqual([]);
    // Two events fit in a chunk anyway.
    expect(lint({}, [[3000, data(RS, RF)]])).toEqual([]);
  });

  it('idle gap: a silence over 15 s, located at the event after it; a keep-alive comment breaks the silence', () => {
    expect(lint({}, [[1100, data(RS)], [17_200, data(RF)]])).toEqual(['transport/idle-gap@1']);
    expect(lint({}, [[1100, data(RS)], [9000, new TextEncoder().encode(': ping\n\n')], [17_200, data(RF)]])).toEqual([]);
    const ws = (e: object) => new TextEncoder().encode(JSON.stringify(e));
    expect(lint({ transport: 'websocket', format: 'json', responseHeaders: [] }, [[1100, ws(RS)], [17_200, ws(RF)]])).toEqual([]);
  });

  it('content type: the header and the bytes disagree', () => {
    const jsonl = new TextEncoder().encode(`${JSON.stringify(RS)}\n${JSON.stringify(RF)}\n`);
    expect(lint({}, [[1100, jsonl]])).toEqual(['transport/content-type@0']);
    expect(lint({ responseHeaders: [['content-type', 'application/vnd.ag-ui.event+proto']] }, [[1100, data(RS, RF)]])).toContain('transport/content-type@0');
    expect(sniffFormat(new Uint8Array([0, 0, 0, 9, 0x0a, 1, 2]))).toBe('proto');
    expect(sniffFormat(new TextEncoder().encode('\ufeff: hi\n'))).toBe('sse');
  });

  it('do not apply to a file of events, nor to a stream the extension answered (Replay to page)', () => {
    expect(lint({ transport: 'file' }, [[3000, data(...body)]])).toEqual([]);
    expect(lint({ replay: 'rule-1' }, [[3000, data(...body)]])).toEqual([]);
  });
});

describe('transport rules on a HAR body (saved whole)', () => {
  const har = (wait: number, receive: number) => {
    const started = Date.parse('2026-01-01T00:00:00Z');
    const text = [RS, T('m', 'TEXT_MESSAGE_START', { role: 'assistant' }), T('m', 'TEXT_MESSAGE_CONTENT', { delta: 'hi' }), T('m', 'TEXT_MESSAGE_END'), RF].map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    return {
      log: {
        entries: [
          {
            startedDateTime: new Date(started).toISOString(),
            time: wait + receive,
            timings: { blocked: 0, dns: 0, connect: 0, send: 1, wait, receive },
            request: { method: 'POST', url: 'http://localhost:8000/agent', headers: [] },
            response: { status: 200, statusText: 'OK', headers: [{ name: 'content-type', value: 'text/event-stream' }], content: { mimeType: 'text/event-stream', text } },
          },
        ],
      },
    };
  };
  const lintHar = (wait: number, receive: number) =>
    replaySession(readInput(new TextEncoder().encode(JSON.stringify(har(wait, receive))), 'x.har').session)
      .problems.filter((p) => p.ruleId.startsWith('transport/'))
      .map((p) => p.ruleId);

  it('buffered when the first byte came late and the body at once; not when its bytes took their time; never an idle gap', () => {
    expect(lintHar(3000, 2)).toEqual(['transport/buffered']);
    expect(lintHar(3000, 40_000)).toEqual([]);
    expect(lintHar(200, 1)).toEqual([]);
  });
});
