/**
 * Isolated-world content script, document_start, every frame.
 * Takes the page hook's MessagePort (hiding the hand-over from page listeners), checks every page message,
 * and keeps this document's records with a gap-free sequence number.
 *
 * Sending costs the page's main thread (base64, JSON messaging), so records go to the background only while
 * someone needs them: a panel is open for the tab, or "Preserve log" is on ("eager"). Otherwise they stay here
 * (bounded) until a panel asks. The background may also lose its memory (service-worker restart): when asked
 * to resync, this sends again everything after what the background says it has.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import {
  type CaptureRecord,
  type ContentMessage,
  type Hello,
  HelloReplySchema,
  PageMessageSchema,
  PORT_CAPTURE,
  RelayCommandSchema,
} from '../../bridge/messages';
import { HANDSHAKE_KEY } from '../../capture/wire';
import { bytesToBase64 } from '../../engine/util/base64';
import { EventCounter } from './eventCounter';

/** What one document keeps for a panel opened later; beyond it the oldest records go, and are counted. */
const LOG_MAX_EVENTS = 100_000;
const LOG_MAX_BYTES = 64 * 1024 * 1024;

/** A record as kept here: chunk bytes raw (in parts, joined only when sent), encoded only when sent. */
type Kept =
  | { seq: number; record: CaptureRecord }
  | { seq: number; chunk: { id: number; t: number; parts: Uint8Array[]; size: number; n: number; dir?: 'in' | 'out' } };

const docKey = crypto.randomUUID();
const encoder = new TextEncoder();
let seq = 0;
let port: Runtime.Port | null = null;
let gone = false;
let eager = false;
let asked = false;
const log: Kept[] = [];
let head = 0;
let logEvents = 0;
let logBytes = 0;
/** Records dropped from the log: the events they held, and the openings of their streams (kept). */
let droppedEvents = 0;
const pinnedOpens: { seq: number; record: CaptureRecord }[] = [];
/** Next seq to send while eager. */
let sentUpTo = 0;
const counters = new Map<number, EventCounter>();
/** Bytes after a stream's last event boundary, held until the event completes (views, not copies). */
const partial = new Map<number, Uint8Array[]>();

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

const post = (message: ContentMessage): boolean => {
  if (!port) connect();
  for (let attempt = 0; attempt < 2 && port; attempt++) {
    try {
      port.postMessage(message);
      return true;
    } catch {
      // The service worker went away: a new port wakes it.
      port = null;
      connect();
    }
  }
  return false;
};

const wire = (k: Kept): ContentMessage =>
  'chunk' in k
    ? {
        kind: 'capture',
        docKey,
        seq: k.seq,
        record: { kind: 'chunk', id: k.chunk.id, t: k.chunk.t, base64: bytesToBase64(join(k.chunk.parts, k.chunk.size)), n: k.chunk.n, ...(k.chunk.dir && { dir: k.chunk.dir }) },
      }
    : { kind: 'capture', docKey, seq: k.seq, record: k.record };

/** Sends what has not been sent, while eager. */
const flush = (): void => {
  if (!eager) return;
  const first = log[head]?.seq ?? seq;
  if (sentUpTo < first) {
    if (!post({ kind: 'gap', docKey, to: first, events: droppedEvents, opens: pinnedOpens })) return;
    sentUpTo = first;
  }
  for (let i = head + (sentUpTo - first); i < log.length; i++) {
    if (!post(wire(log[i]!))) return;
    sentUpTo = log[i]!.seq + 1;
  }
};

const keep = (k: Kept): void => {
  log.push(k);
  if ('chunk' in k) {
    logEvents += k.chunk.n;
    logBytes += k.chunk.size;
  }
  while ((logEvents > LOG_MAX_EVENTS || logBytes > LOG_MAX_BYTES) && log.length - head > 1) {
    const old = log[head++]!;
    if ('chunk' in old) {
      logEvents -= old.chunk.n;
      logBytes -= old.chunk.size;
      droppedEvents += old.chunk.n;
    } else if (old.record.kind === 'open') pinnedOpens.push(old);
  }
  if (head > 4096 && head > log.length / 2) {
    log.splice(0, head);
    head = 0;
  }
  flush();
};

const ask = (): void => {
  if (asked || gone) return;
  asked = true;
  const hello: Hello = { kind: 'agui-hello', docKey, url: location.href, t: Date.now() };
  browser.runtime.sendMessage(hello).then(
    (reply: unknown) => {
      const parsed = HelloReplySchema.safeParse(reply);
      if (parsed.success && parsed.data.eager) {
        eager = true;
        drain();
        flush();
      }
    },
    () => undefined,
  );
};

const join = (parts: Uint8Array[], size: number): Uint8Array => {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const record = (r: CaptureRecord): void => keep({ seq: seq++, record: r });

/** One chunk of a stream: cut at its last event boundary, the rest held for the next one. */
function chunk(id: number, t: number, fresh: Uint8Array, dir?: 'in' | 'out'): void {
  const counter = counters.get(id);
  if (!counter) return;
  // Records end at event boundaries (the bytes after the last one wait for the next chunk), so a buffer
  // that drops old records never cuts into an event. The bytes stay the same, byte for byte.
  const n = counter.count(fresh);
  const held = partial.get(id) ?? [];
  if (counter.boundary === -1) {
    held.push(fresh);
    partial.set(id, held);
    return;
  }
  const parts = [...held, fresh.subarray(0, counter.boundary)];
  const size = parts.reduce((sum, p) => sum + p.length, 0);
  if (counter.boundary < fresh.length) partial.set(id, [fresh.subarray(counter.boundary)]);
  else partial.delete(id);
  keep({ seq: seq++, chunk: { id, t, parts, size, n, ...(dir && { dir }) } });
}

/**
 * Page messages wait here unprocessed (no parsing, no counting: the page reading a fast stream must not be
 * slowed down) and are handled in the page's idle time, or at once while a panel needs them (eager mode).
 */
const inbox: unknown[] = [];
let inboxHead = 0;
let scheduled = false;
/** Handles what waits: everything (a panel needs it now), or what fits in the page's idle time. */
const drain = (deadline?: IdleDeadline): void => {
  scheduled = false;
  while (inboxHead < inbox.length && (!deadline || deadline.timeRemaining() > 1)) handle(inbox[inboxHead++]);
  if (inboxHead === inbox.length) {
    inbox.length = 0;
    inboxHead = 0;
  } else schedule();
};
const schedule = (): void => {
  if (scheduled) return;
  scheduled = true;
  if (eager || typeof requestIdleCallback !== 'function') setTimeout(() => drain(), 0);
  else requestIdleCallback(drain, { timeout: 1000 });
};
const onPageMessage = (event: MessageEvent): void => {
  const data = event.data as { kind?: unknown } | null;
  inbox.push(data);
  if (data?.kind === 'open') ask();
  schedule();
};

const handle = (data: unknown): void => {
  const parsed = PageMessageSchema.safeParse(data);
  if (!parsed.success) return; // Not ours, or forged: the page can only add to its own tab, and only valid records.
  const m = parsed.data;
  switch (m.kind) {
    case 'open':
      counters.set(m.id, new EventCounter(m.format));
      record(m);
      return;
    case 'chunk': {
      const fresh = m.bytes ?? (m.text !== undefined ? encoder.encode(m.text) : undefined);
      if (fresh) chunk(m.id, m.t, fresh, m.dir);
      return;
    }
    case 'close': {
      const held = partial.get(m.id);
      if (held) keep({ seq: seq++, chunk: { id: m.id, t: m.t, parts: held, size: held.reduce((sum, p) => sum + p.length, 0), n: 0 } });
      partial.delete(m.id);
      counters.delete(m.id);
      record(m);
      return;
    }
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

browser.runtime.onMessage.addListener((raw: unknown) => {
  const parsed = RelayCommandSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const command = parsed.data;
  drain();
  if (command.kind === 'agui-mode') {
    eager = command.eager;
    flush();
  } else {
    // Everything after what the background holds, from here on as it comes.
    eager = true;
    sentUpTo = Math.min(sentUpTo, (command.have[docKey] ?? -1) + 1);
    flush();
  }
  return undefined;
});

// A new top-level document is a navigation: the background learns of it (and says whether to send).
if (window === window.top) ask();
