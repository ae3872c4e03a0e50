/**
 * Isolated-world content script, document_start, every frame.
 * Takes the page hook's MessagePort (hiding the hand-over from page listeners), checks every page message,
 * and relays it to the background with this document's key and a gap-free sequence number.
 *
 * It also keeps this document's records (bounded), because the background may lose its memory (a service
 * worker restart): when asked to resync, it sends again everything after what the background says it has.
 * While the background is unreachable, messages queue here and flush in order.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import {
  type CaptureRecord,
  type ContentMessage,
  PageMessageSchema,
  PORT_CAPTURE,
  RelayCommandSchema,
} from '../../bridge/messages';
import { HANDSHAKE_KEY } from '../../capture/wire';
import { bytesToBase64 } from '../../engine/util/base64';
import { EventCounter } from './eventCounter';

/** What one document keeps for resyncs; beyond it the oldest records go (the background has them). */
const LOG_MAX_BYTES = 128 * 1024 * 1024;

const docKey = crypto.randomUUID();
const encoder = new TextEncoder();
let seq = 0;
let port: Runtime.Port | null = null;
let gone = false;
/** Everything this document sent (bounded), for resyncs. */
const log: ContentMessage[] = [];
let logBytes = 0;
/** Events in records the log no longer holds. */
let logDroppedEvents = 0;
const queue: ContentMessage[] = [];
const counters = new Map<number, EventCounter>();
/** Bytes after a stream's last event boundary, held until the event completes. */
const partial = new Map<number, Uint8Array>();

const connect = (): void => {
  if (gone) return;
  try {
    port = browser.runtime.connect({ name: PORT_CAPTURE });
  } catch {
    // The extension was reloaded or removed: this document can no longer report.
    gone = true;
    port = null;
    return;
  }
  port.onDisconnect.addListener(() => {
    port = null;
  });
};

const flush = (): void => {
  if (!port) connect();
  while (port && queue.length > 0) {
    try {
      port.postMessage(queue[0]);
      queue.shift();
    } catch {
      // The service worker went away: a new port wakes it.
      port = null;
      connect();
    }
  }
};

const sizeOf = (m: ContentMessage): number => (m.kind === 'capture' && m.record.kind === 'chunk' ? m.record.base64.length : 256);

const relay = (record: CaptureRecord): void => {
  const message: ContentMessage = { kind: 'capture', docKey, seq: seq++, record };
  log.push(message);
  logBytes += sizeOf(message);
  while (logBytes > LOG_MAX_BYTES && log.length > 1) {
    const old = log.shift()!;
    logBytes -= sizeOf(old);
    if (old.kind === 'capture' && old.record.kind === 'chunk') logDroppedEvents += old.record.n;
  }
  queue.push(message);
  flush();
};

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

const onPageMessage = (event: MessageEvent): void => {
  const parsed = PageMessageSchema.safeParse(event.data);
  if (!parsed.success) return; // Not ours, or forged: the page can only add to its own tab, and only valid records.
  const m = parsed.data;
  switch (m.kind) {
    case 'open':
      counters.set(m.id, new EventCounter(m.format));
      relay(m);
      return;
    case 'chunk': {
      const fresh = m.bytes ?? (m.text !== undefined ? encoder.encode(m.text) : undefined);
      if (!fresh) return;
      const counter = counters.get(m.id);
      if (!counter) return;
      // Records end at event boundaries (the bytes after the last one wait for the next chunk), so a buffer
      // that drops old records never cuts into an event. The bytes stay the same, byte for byte.
      const n = counter.count(fresh);
      const held = partial.get(m.id);
      const bytes = held ? concat(held, fresh) : fresh;
      const end = counter.boundary === -1 ? 0 : bytes.length - (fresh.length - counter.boundary);
      if (end < bytes.length) partial.set(m.id, bytes.slice(end));
      else partial.delete(m.id);
      if (end > 0) relay({ kind: 'chunk', id: m.id, t: m.t, base64: bytesToBase64(bytes.subarray(0, end)), n, c: true, ...(m.dir && { dir: m.dir }) });
      return;
    }
    case 'close': {
      const held = partial.get(m.id);
      if (held) relay({ kind: 'chunk', id: m.id, t: m.t, base64: bytesToBase64(held), n: 0, c: true });
      partial.delete(m.id);
      counters.delete(m.id);
      relay(m);
      return;
    }
    case 'body':
      relay(m);
      return;
    default: {
      const unhandled: never = m;
      return unhandled;
    }
  }
};

const onWindowMessage = (event: MessageEvent): void => {
  if (event.source !== window) return;
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || data[HANDSHAKE_KEY] !== 1) return;
  event.stopImmediatePropagation();
  window.removeEventListener('message', onWindowMessage, true);
  const pagePort = event.ports[0];
  if (!pagePort) return;
  pagePort.onmessage = onPageMessage;
};

window.addEventListener('message', onWindowMessage, true);

// After a service-worker restart the background asks again for what it lost.
browser.runtime.onMessage.addListener((raw: unknown) => {
  const parsed = RelayCommandSchema.safeParse(raw);
  if (!parsed.success || log.length === 0) return undefined;
  const after = parsed.data.have[docKey] ?? -1;
  const first = log[0]!.kind === 'capture' ? log[0]!.seq : 0;
  if (first > after + 1) queue.push({ kind: 'gap', docKey, to: first, events: logDroppedEvents });
  const pending = new Set(queue.map((m) => (m.kind === 'capture' ? m.seq : -1)));
  for (const m of log) if (m.kind === 'capture' && m.seq > after && !pending.has(m.seq)) queue.push(m);
  flush();
  return undefined;
});

// A new top-level document is a navigation: the background starts a new page in this tab's log.
if (window === window.top) {
  queue.push({ kind: 'hello', docKey, url: location.href, t: Date.now() });
  flush();
}
