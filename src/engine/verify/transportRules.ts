/**
 * Checks at the transport level, made when a stream ends, from what only a capture knows: when each chunk of bytes
 * arrived, and the response's content type. A file of events alone has no such timing: these rules do not apply
 * to it (`transportTimed` says whether they did).
 */
import { formatOfContentType } from '../session/contentType';
import type { StreamRecord } from '../session/session';
import { type Problem, problem } from './rules';

/** The first byte later than this after the request, and every event in that one chunk: the server buffered. */
export const BUFFERED_WAIT_MS = 1000;
/** The fewest events for a stream sent in one chunk to count as buffered (one or two fit in a chunk anyway). */
export const BUFFERED_MIN_EVENTS = 3;
/** A HAR body received within this many milliseconds of its first byte came at once. */
export const BUFFERED_RECEIVE_MS = 50;
/** Silence longer than this on an open stream: proxies and load balancers close idle connections (often at 30–60 s). */
export const IDLE_GAP_MS = 15_000;

/**
 * Whether a stream's chunks carry an agent's timing: recorded by the extension from the network, not read from a
 * file of events, and not answered by the extension itself (Replay to page).
 */
export const transportTimed = (record: StreamRecord): boolean => record.info.transport !== 'file' && record.info.replay === undefined && record.chunks.length > 0;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const header = (record: StreamRecord, name: string) => record.info.responseHeaders.find(([k]) => k.toLowerCase() === name)?.[1];

/** What the first bytes of a body look like: SSE fields, JSON, or a protobuf frame (a 4-byte big-endian length). */
export function sniffFormat(bytes: Uint8Array): 'sse' | 'json' | 'proto' | undefined {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (i >= bytes.length) return undefined;
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(i, i + 16));
  if (/^(data|event|id|retry)\s*:|^:/.test(head)) return 'sse';
  if (head[0] === '{' || head[0] === '[') return 'json';
  if (i === 0 && bytes.length >= 5 && bytes[0] === 0 && bytes[4] === 0x0a) return 'proto';
  return undefined;
}

const NAMES = { sse: 'SSE (text/event-stream)', proto: 'protobuf frames', json: 'JSON' } as const;

/** What these rules need of a stream's events (inbound, in order), kept as they arrive: a stream may hold a million. */
export interface StreamEvents {
  count: number;
  /** The first one's session index and arrival time. */
  first: number;
  t0: number;
  /** Whether every one arrived at t0. */
  together: boolean;
  /** The session index of the first event that arrived at `t` or later (the last event when none did). */
  indexAt(t: number): number;
}

/**
 * The transport problems of a stream that ended, given its events (session index and arrival time, in order).
 * Nothing for a stream without the capture's timing.
 */
export function transportProblems(record: StreamRecord, events: StreamEvents): Problem[] {
  if (!transportTimed(record) || events.count === 0) return [];
  const first = events.first;
  const { info, chunks } = record;
  const out: Problem[] = [];
  const inbound = chunks.filter((c) => c.size > 0);
  const declared = formatOfContentType(header(record, 'content-type'));
  const firstBytes = inbound.find((c) => c.bytes && c.bytes.length > 0)?.bytes;
  const sniffed = firstBytes && sniffFormat(firstBytes);
  if (declared && sniffed && sniffed !== declared) {
    out.push(
      problem(
        'transport/content-type',
        first,
        `The response says content-type ${header(record, 'content-type')}, and its bytes are ${NAMES[sniffed]}: a client that reads by content type (the reference HttpAgent does) cannot read this stream.`,
      ),
    );
  }
  const asked = info.startedAt ?? info.openedAt;
  if (events.count >= BUFFERED_MIN_EVENTS && inbound.length > 0) {
    const t0 = events.t0;
    const wait = t0 - asked;
    // A body saved whole (HAR) is one chunk whatever the wire did: its receive time says whether it came at once.
    const atOnce = info.receivedWhole !== undefined ? info.receivedWhole <= BUFFERED_RECEIVE_MS : events.together;
    if (wait >= BUFFERED_WAIT_MS && atOnce) {
      out.push(
        problem(
          'transport/buffered',
          first,
          `All ${events.count} events of this stream arrived at once, ${seconds(wait)} after the request: the server (or a proxy) buffered the response instead of flushing each event, so the UI showed nothing until the end.`,
        ),
      );
    }
  }
  let previous = info.openedAt;
  let widest = 0;
  let after = Number.POSITIVE_INFINITY;
  for (const c of [...chunks.map((c) => c.t), info.closedAt ?? previous]) {
    if (c - previous > widest) [widest, after] = [c - previous, c];
    previous = c;
  }
  // A WebSocket stays open between runs and keeps itself alive with ping frames the page never sees.
  // (Not for a body saved whole: the silences inside it are not known.)
  if (widest > IDLE_GAP_MS && info.transport !== 'websocket' && info.receivedWhole === undefined) {
    out.push(
      problem(
        'transport/idle-gap',
        events.indexAt(after),
        `The stream was silent for ${seconds(widest)} (no byte, not even a comment): proxies and load balancers close idle connections, often after 30–60 s; send a keep-alive comment (": ping") every ${IDLE_GAP_MS / 1000} s or less.`,
      ),
    );
  }
  return out;
}
