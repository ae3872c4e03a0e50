/**
 * What "Replay to page" sends to the page: a recorded stream (or an edited list of events) as the bytes of a
 * response, one step per event, with the time each waited after the previous one. A recorded SSE or protobuf
 * stream is replayed byte for byte (comments, ids and framing as they came); edited events are encoded again,
 * as the recording was (SSE `data:` lines, or length-prefixed protobuf).
 */
import { decode, encode } from '@ag-ui/proto';
import type { BaseEvent } from '@ag-ui/core';
import type { Session } from '../session/session';

import { CONTENT_TYPE, type ReplayFormat } from '../session/contentType';

export { CONTENT_TYPE, type ReplayFormat };

export interface ReplayStep {
  bytes: Uint8Array;
  /** Milliseconds after the previous step (the first: after the response's headers). */
  delay: number;
  /** The event's type, for the panel's step controls. */
  type: string;
}

export interface ReplayScript {
  format: ReplayFormat;
  status: number;
  statusText: string;
  contentType: string;
  /** Said when the recording's own content type did not name the format it was decoded as (the script's wins). */
  contentTypeNote?: string;
  steps: ReplayStep[];
  /** The request the recording answered (what the page's request is compared with). */
  method: string;
  url: string;
  requestBody?: string;
}

const textEncoder = new TextEncoder();

const mediaType = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

/**
 * The content type the page is told: the recording's own when it names the format the panel decoded the bytes as
 * (its parameters kept), else that format's. The page must parse what the panel showed: a protobuf stream labelled
 * `text/event-stream` would be read by the page's SSE parser, and its strings could hold `data:` lines of their own.
 */
export function contentTypeFor(format: ReplayFormat, responseHeaders: readonly [string, string][]): { contentType: string; contentTypeNote?: string } {
  const recorded = responseHeaders.find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  if (recorded === undefined || mediaType(recorded) === CONTENT_TYPE[format]) return { contentType: recorded ?? CONTENT_TYPE[format] };
  return {
    contentType: CONTENT_TYPE[format],
    contentTypeNote: `The recording says "${recorded.slice(0, 100)}" but its bytes were decoded as ${format === 'proto' ? 'protobuf' : 'SSE'}: replayed as ${CONTENT_TYPE[format]}, so that the page reads what the panel shows.`,
  };
}

/** The recorded stream of a run, byte for byte, cut at its events. */
export function scriptFromStream(session: Session, streamId: string): ReplayScript {
  const record = session.streams.get(streamId);
  if (!record) throw new Error(`No stream ${streamId}`);
  const { info } = record;
  const frames = session.frames.filter((f) => f.streamId === streamId && f.direction !== 'out');
  const format: ReplayFormat = info.format === 'proto' ? 'proto' : 'sse';
  const base = { format, status: info.status || 200, statusText: info.statusText, ...contentTypeFor(format, info.responseHeaders), method: info.method, url: info.url, ...(info.requestBody !== undefined && { requestBody: info.requestBody }) };
  const withBytes = record.chunks.every((c) => c.bytes) && frames.every((f) => f.range);
  let previous = info.openedAt;
  const delayOf = (t: number) => {
    const d = Math.max(0, t - previous);
    previous = t;
    return d;
  };
  if (!withBytes || info.format === 'json') {
    // Messages (WebSocket) or re-encoded text: sent as SSE, one event a step.
    const { contentTypeNote: _, ...rest } = base;
    return {
      ...rest,
      format: 'sse',
      contentType: CONTENT_TYPE.sse,
      steps: frames.filter((f) => f.event).map((f) => ({ bytes: textEncoder.encode(`data: ${f.raw}\n\n`), delay: delayOf(f.t), type: String(f.event!.type) })),
    };
  }
  const all = new Uint8Array(record.chunks.reduce((n, c) => n + c.bytes!.length, 0));
  let at = 0;
  for (const c of record.chunks) {
    all.set(c.bytes!, at);
    at += c.bytes!.length;
  }
  const steps: ReplayStep[] = [];
  let from = 0;
  for (const f of frames) {
    const end = f.range![1];
    if (end <= from) continue;
    steps.push({ bytes: all.slice(from, end), delay: delayOf(f.t), type: String(f.event?.type ?? "(not an event)") });
    from = end;
  }
  // What followed the last event (a comment, an unfinished frame) goes with it.
  if (from < all.length) {
    const last = steps[steps.length - 1];
    if (last) {
      const joined = new Uint8Array(last.bytes.length + all.length - from);
      joined.set(last.bytes);
      joined.set(all.subarray(from), last.bytes.length);
      last.bytes = joined;
    } else steps.push({ bytes: all.slice(from), delay: 0, type: '(bytes)' });
  }
  return { ...base, steps };
}

/** Edited events, encoded as the recording was. Throws, naming the event, when one cannot be encoded. */
export function scriptFromEvents(events: readonly unknown[], like: Omit<ReplayScript, 'steps'>, delays: readonly number[] = []): ReplayScript {
  const steps = events.map((event, i): ReplayStep => {
    const type = String((event as { type?: unknown } | null)?.type ?? '(no type)');
    let bytes: Uint8Array;
    if (like.format === 'proto') {
      let body: Uint8Array;
      try {
        body = encode(event as BaseEvent);
        // An event protobuf has no message for comes back as something else: refused rather than sent changed.
        const back = decode(body).type;
        if (back !== type) throw new Error(`protobuf has no ${type} event (it reads back as ${String(back)})`);
      } catch (error) {
        throw new Error(`Event ${i + 1} (${type}) cannot be encoded as protobuf: ${(error as Error).message}`);
      }
      bytes = new Uint8Array(4 + body.length);
      new DataView(bytes.buffer).setUint32(0, body.length, false);
      bytes.set(body, 4);
    } else bytes = textEncoder.encode(`data: ${JSON.stringify(event)}\n\n`);
    return { bytes, delay: delays[i] ?? 0, type };
  });
  return { ...like, steps };
}

/** The events of a stream as values (what the editor starts from), with the time each waited. */
export function eventsOfStream(session: Session, streamId: string): { events: unknown[]; delays: number[] } {
  const info = session.streams.get(streamId)?.info;
  let previous = info?.openedAt ?? 0;
  const events: unknown[] = [];
  const delays: number[] = [];
  for (const f of session.frames) {
    if (f.streamId !== streamId || !f.event || f.direction === 'out') continue;
    events.push(f.event);
    delays.push(Math.max(0, f.t - previous));
    previous = f.t;
  }
  return { events, delays };
}

/** Paths where two JSON values differ (for the page's request against the recorded one), at most `max`. */
export function jsonDiff(a: unknown, b: unknown, max = 20, path = ''): { path: string; recorded: unknown; sent: unknown }[] {
  const out: { path: string; recorded: unknown; sent: unknown }[] = [];
  const walk = (x: unknown, y: unknown, p: string) => {
    if (out.length >= max) return;
    if (x === y) return;
    const bothObjects = x && y && typeof x === 'object' && typeof y === 'object' && Array.isArray(x) === Array.isArray(y);
    if (!bothObjects) {
      if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ path: p || '(whole)', recorded: x, sent: y });
      return;
    }
    const keys = new Set([...Object.keys(x as object), ...Object.keys(y as object)]);
    for (const k of keys) walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], Array.isArray(x) ? `${p}[${k}]` : p ? `${p}.${k}` : k);
  };
  walk(a, b, path);
  return out;
}
