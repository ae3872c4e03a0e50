/**
 * What a session holds, in numbers, for the Export dialog to say in words before a file is written: its streams
 * and hosts, headers, request bodies, response bytes, the messages the page sent, and how many values were masked
 * in each (engine/mask/secrets.ts masks them as any session takes a stream in, captured or imported).
 */
import { MASK } from '../mask/secrets';
import type { Session } from '../session/session';

export interface SessionContents {
  streams: number;
  hosts: string[];
  /** Events, as the toolbar counts them; and frames that are not events (broken frames, kept as they came). */
  events: number;
  otherFrames: number;
  responseBytes: number;
  /** Streams with headers, and header values masked. */
  headers: number;
  maskedHeaders: number;
  /** Query and fragment values (and URL passwords) masked in stream, frame and page URLs. */
  maskedUrlValues: number;
  bodies: number;
  bodyBytes: number;
  /** Values masked in request bodies. */
  maskedBodyValues: number;
  /** Messages the page sent over a WebSocket, and values masked in them. */
  sentMessages: number;
  maskedSentValues: number;
}

const occurrences = (text: string): number => {
  let n = 0;
  for (let at = text.indexOf(MASK); at !== -1; at = text.indexOf(MASK, at + MASK.length)) n++;
  return n;
};

export function sessionContents(session: Session): SessionContents {
  const hosts = new Set<string>();
  const c: SessionContents = { streams: session.streams.size, hosts: [], events: session.eventCount, otherFrames: session.frames.length - session.eventCount, responseBytes: 0, headers: 0, maskedHeaders: 0, maskedUrlValues: 0, bodies: 0, bodyBytes: 0, maskedBodyValues: 0, sentMessages: 0, maskedSentValues: 0 };
  for (const { info, bytes } of session.streams.values()) {
    try {
      hosts.add(new URL(info.url).host || info.url);
    } catch {
      hosts.add(info.url);
    }
    if (info.requestHeaders.length + info.responseHeaders.length > 0) c.headers++;
    for (const [, v] of [...info.requestHeaders, ...info.responseHeaders]) if (v === MASK) c.maskedHeaders++;
    c.maskedUrlValues += occurrences(info.url) + occurrences(info.frameUrl);
    if (info.requestBody !== undefined) {
      c.bodies++;
      c.bodyBytes += info.requestBody.length;
      c.maskedBodyValues += occurrences(info.requestBody);
    }
    c.responseBytes += bytes;
  }
  for (const nav of session.navigations) c.maskedUrlValues += occurrences(nav.url);
  for (const f of session.frames) {
    if (f.direction !== 'out') continue;
    c.sentMessages++;
    c.maskedSentValues += occurrences(f.raw);
  }
  c.hosts = [...hosts];
  return c;
}
