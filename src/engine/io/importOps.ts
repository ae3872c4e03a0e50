/**
 * An import as a sequence of operations on a Session: what a file holds, in arrival order. The CLI applies them at
 * once; the panel and the viewer get them from a worker in batches and apply them a slice at a time, so a huge
 * file shows as it loads and never freezes the page.
 */
import { base64ToBytes } from '../util/base64';
import { type Session, type SessionNotice, type StreamInfo } from '../session/session';

export type ImportOp =
  | { kind: 'open'; info: StreamInfo }
  | { kind: 'chunk'; streamId: string; t: number; bytes: Uint8Array; dir?: 'in' | 'out' }
  | { kind: 'message'; streamId: string; t: number; text: string }
  | { kind: 'close'; streamId: string; t: number; error?: string; byNavigation?: boolean }
  | { kind: 'navigate'; url: string; t: number }
  | { kind: 'notice'; notice: SessionNotice }
  | { kind: 'dropped'; page: number; extension: number };

/** Applies one operation; a chunk returns a step that decodes up to `max` more bytes and says when it is done. */
export function applyOp(session: Session, op: ImportOp): ((max: number) => boolean) | undefined {
  switch (op.kind) {
    case 'open':
      session.open(op.info);
      return undefined;
    case 'chunk':
      return session.chunkInSteps(op.streamId, op.t, op.bytes, op.dir);
    case 'message':
      session.message(op.streamId, op.t, op.text);
      return undefined;
    case 'close':
      session.close(op.streamId, op.t, op.error, op.byNavigation === true);
      return undefined;
    case 'navigate':
      session.navigate(op.url, op.t);
      return undefined;
    case 'notice':
      // Its dropped events are in the file's own count.
      session.notice(op.notice, false);
      return undefined;
    case 'dropped':
      session.noteDropped('page', op.page);
      session.noteDropped('extension', op.extension);
      return undefined;
  }
}

/** Applies every operation at once. */
export function applyAll(session: Session, ops: Iterable<ImportOp>): Session {
  for (const op of ops) applyOp(session, op)?.(Number.POSITIVE_INFINITY);
  return session;
}

// ---- HAR (Chrome's and Firefox's Network panels) ----

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** Whether a parsed JSON value is a HAR log. */
export const looksLikeHar = (value: unknown): boolean => isObj(value) && isObj(value.log) && Array.isArray(value.log.entries);

const SSE_MIME = 'text/event-stream';
const PROTO_MIME = 'application/vnd.ag-ui.event+proto';
/** An AG-UI event somewhere in the text: a "type" of capitals and underscores. */
const AGUI_TYPE = /"type"\s*:\s*"[A-Z][A-Z_]+"/;

const headerPairs = (list: unknown): [string, string][] =>
  Array.isArray(list) ? list.filter(isObj).map((h) => [str(h.name), str(h.value)] as [string, string]).slice(0, 1000) : [];

/** An EventSource message back as SSE text (what the wire carried, but for comments and the exact field order). */
function sseText(m: Obj): string {
  let out = '';
  const name = str(m.eventName ?? m.type, 'message');
  if (name !== 'message') out += `event: ${name}\n`;
  const id = str(m.eventId ?? m.lastEventId);
  if (id) out += `id: ${id}\n`;
  for (const line of str(m.data).split('\n')) out += `data: ${line}\n`;
  return `${out}\n`;
}

export interface HarImport {
  ops: ImportOp[];
  /** Entries that hold AG-UI streams, of all entries. */
  streams: number;
  entries: number;
}

/**
 * The AG-UI streams of a HAR log: SSE and protobuf responses with their content saved, Chrome's
 * `_eventSourceMessages` (EventSource) and `_webSocketMessages` (WebSocket) that carry AG-UI events.
 */
export function harOps(value: unknown, name: string): HarImport {
  const entries = (value as { log: { entries: unknown[] } }).log.entries;
  const ops: ImportOp[] = [];
  let streams = 0;
  entries.forEach((entry, i) => {
    if (!isObj(entry) || !isObj(entry.request) || !isObj(entry.response)) return;
    const request = entry.request;
    const response = entry.response;
    const content = isObj(response.content) ? response.content : {};
    const mime = str(content.mimeType).split(';')[0]!.trim().toLowerCase();
    const openedAt = Date.parse(str(entry.startedDateTime)) || 0;
    const timings = isObj(entry.timings) ? entry.timings : {};
    const firstByte = openedAt + Math.max(0, num(timings.blocked)) + Math.max(0, num(timings.dns)) + Math.max(0, num(timings.connect)) + Math.max(0, num(timings.send)) + Math.max(0, num(timings.wait));
    const end = openedAt + Math.max(0, num(entry.time));
    // A saved body is one piece: how long its bytes took after the first is all the HAR says of their timing.
    const receivedWhole = Math.max(0, num(timings.receive));
    const id = `har-${i}`;
    const info = (format: StreamInfo['format'], transport: StreamInfo['transport'], note?: string): StreamInfo => {
      const postData = isObj(request.postData) ? str(request.postData.text) : '';
      return {
        id,
        transport,
        format,
        url: str(request.url),
        method: str(request.method, 'GET'),
        status: num(response.status),
        statusText: str(response.statusText),
        frameUrl: '',
        requestHeaders: headerPairs(request.headers),
        responseHeaders: headerPairs(response.headers),
        ...(postData && { requestBody: postData }),
        ...(note && { note }),
        startedAt: openedAt,
        openedAt: firstByte,
        page: 0,
      };
    };
    const events = Array.isArray(entry._eventSourceMessages) ? entry._eventSourceMessages.filter(isObj) : [];
    const sockets = Array.isArray(entry._webSocketMessages) ? entry._webSocketMessages.filter(isObj) : [];
    const text = str(content.text);
    const base64 = content.encoding === 'base64';
    const resourceType = str(entry._resourceType).toLowerCase();
    const transport: StreamInfo['transport'] = resourceType === 'eventsource' ? 'eventsource' : resourceType === 'xhr' ? 'xhr' : 'fetch';
    if (mime === SSE_MIME && text && (base64 || AGUI_TYPE.test(text))) {
      // The response as the wire carried it.
      let bytes: Uint8Array;
      try {
        bytes = base64 ? base64ToBytes(text) : new TextEncoder().encode(text);
      } catch {
        return;
      }
      streams++;
      ops.push({ kind: 'open', info: { ...info('sse', transport), receivedWhole } }, { kind: 'chunk', streamId: id, t: firstByte, bytes }, { kind: 'close', streamId: id, t: end });
    } else if (events.length > 0 && events.some((m) => AGUI_TYPE.test(str(m.data)))) {
      // No content saved, but Chrome kept the EventSource's messages.
      streams++;
      ops.push({ kind: 'open', info: info('sse', 'eventsource', `From ${name}: EventSource messages as the HAR file saved them, re-encoded as SSE.`) });
      const t0 = num(events[0]!.time);
      for (const m of events) {
        const time = num(m.time, t0);
        // Chrome saves epoch seconds; other tools monotonic ones: then placed after the first byte, as far apart as they came.
        const t = time > 1e9 ? time * 1000 : firstByte + (time - t0) * 1000;
        ops.push({ kind: 'chunk', streamId: id, t, bytes: new TextEncoder().encode(sseText(m)) });
      }
      ops.push({ kind: 'close', streamId: id, t: end });
    } else if (sockets.length > 0 && sockets.some((m) => AGUI_TYPE.test(str(m.data)))) {
      streams++;
      ops.push({ kind: 'open', info: info('json', 'websocket') });
      const t0 = num(sockets[0]!.time);
      for (const m of sockets) {
        if (num(m.opcode, 1) !== 1) continue;
        const time = num(m.time, t0);
        const t = time > 1e9 ? time * 1000 : firstByte + (time - t0) * 1000;
        ops.push({ kind: 'chunk', streamId: id, t, bytes: new TextEncoder().encode(str(m.data)), dir: m.type === 'send' ? 'out' : 'in' });
      }
      ops.push({ kind: 'close', streamId: id, t: end });
    } else if (mime === PROTO_MIME && text) {
      let bytes: Uint8Array;
      try {
        bytes = base64 ? base64ToBytes(text) : Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
      } catch {
        return;
      }
      streams++;
      ops.push({ kind: 'open', info: { ...info('proto', transport), receivedWhole } }, { kind: 'chunk', streamId: id, t: firstByte, bytes }, { kind: 'close', streamId: id, t: end });
    }
  });
  return { ops, streams, entries: entries.length };
}

// ---- What an untrusted file may hold that deserves a word ----

const lineAt = (text: string, index: number): number => {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
};

/**
 * Warnings about a file's text that do not stop the import: keys that would pollute prototypes if code merged
 * them carelessly (here they stay plain data), and markup or script in strings (shown as text, never run). `markup:
 * false`: not the latter (a HAR file holds the pages it recorded: HTML is what it is made of, a warning would be noise).
 */
export function fileWarnings(text: string, name: string, options: { markup?: boolean } = {}): string[] {
  return fileNotes(text, options).map((n) =>
    n.kind === 'prototype-key'
      ? `${name}, line ${n.line}: a "${n.key}" key. It is read as plain data: it cannot change any object's prototype here.`
      : `${name}, line ${n.line}: a string holds HTML or script. It is shown as text and never run.`,
  );
}

/** What `fileWarnings` says, as data (the panel words it in the user's language). */
export type FileNote = { kind: 'prototype-key'; line: number; key: string } | { kind: 'markup'; line: number };

export function fileNotes(text: string, options: { markup?: boolean } = {}): FileNote[] {
  const out: FileNote[] = [];
  const proto = text.search(/"(__proto__|constructor|prototype)"\s*:/);
  if (proto !== -1) out.push({ kind: 'prototype-key', line: lineAt(text, proto), key: /"(__proto__|constructor|prototype)"/.exec(text.slice(proto))![1]! });
  const script = options.markup === false ? -1 : text.search(/<\s*script\b|<[a-z]+[^>]*\son[a-z]+\s*=|javascript:/i);
  if (script !== -1) out.push({ kind: 'markup', line: lineAt(text, script) });
  return out;
}
