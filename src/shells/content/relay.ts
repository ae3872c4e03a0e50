/**
 * Isolated-world content script, document_start, every frame where capture is on. Its listener for the hand-over
 * is registered before any page script runs (the manifest lists it before the hook; registered scripts may come
 * in either order, see RELAY_READY_EVENT).
 *
 * The hand-over: the only message taken is the first trusted one from this very window carrying the marker. The
 * page cannot forge a trusted message before the hook's (the hook posts at document_start, before any page
 * script), so anything else with the marker is an impersonation attempt: ignored and reported to the panel. The
 * relay derives what it can itself (the frame's URL) rather than trusting the page's word.
 *
 * It keeps this document's records with gap-free sequence numbers, cut at event boundaries, within limits in
 * events and in bytes (records, partial events, pinned openings and the unparsed inbox all count). Sending costs
 * the page's main thread, so records go to the background only while someone needs them ("eager": a panel is
 * open for the tab, or Preserve log is on); otherwise they stay here until a panel asks.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { batches, partsOf, recordSize } from '../../bridge/budget';
import { INBOX_MAX_BYTES, MAX_EVENT_BYTES, PAGE_MAX_BYTES, PAGE_MAX_EVENTS, STRING_MAX } from '../../bridge/limits';
import {
  type CaptureRecord,
  type ContentMessage,
  type Hello,
  HelloReplySchema,
  PageMessageSchema,
  PORT_CAPTURE,
  RelayCommandSchema,
  type Sequenced,
} from '../../bridge/messages';
import { HANDSHAKE_KEY, RELAY_READY_EVENT } from '../../capture/wire';
import { bytesToBase64 } from '../../engine/util/base64';
import { EventCounter } from './eventCounter';
import { maskBody, maskHeaders, maskUrl } from '../../engine/mask/secrets';
import { ReplayAnswers } from './replayAnswer';

// ---- The hand-over, first of all: whatever fails below, the page never sees it.
let pagePort: MessagePort | null = null;
/** Replay to page: answers the hook's matched requests (post is hoisted: it sends once the port exists). */
const isTop = (): boolean => {
  try {
    return window.top === window;
  } catch {
    return false;
  }
};
const replay = new ReplayAnswers(
  (status) => void post(status),
  (url) => maskUrl(url),
  // This document as the browser has it (the isolated world's location is the real one): a file's origin is opaque.
  { origin: location.protocol === 'file:' ? 'file://' : location.origin === 'null' ? '' : location.origin, top: isTop(), url: () => location.href },
);
let impersonated = false;
function onWindowMessage(event: MessageEvent): void {
  let marked = false;
  try {
    const data: unknown = event.data;
    marked = typeof data === 'object' && data !== null && HANDSHAKE_KEY in data;
  } catch {
    return;
  }
  if (!marked) return;
  if (!pagePort && event.isTrusted && event.source === window && event.ports.length === 1) {
    event.stopImmediatePropagation();
    pagePort = event.ports[0]!;
    pagePort.onmessage = onPageMessage;
    replay.attach(pagePort);
    return;
  }
  // A second hand-over, a synthetic one, or one from another window: the page (or a frame) pretends to be the hook.
  if (!impersonated) {
    impersonated = true;
    try {
      reportImpersonation(event);
    } catch {
      // Reported when the relay can; never at the cost of the page.
    }
  }
}
window.addEventListener('message', onWindowMessage, true);
try {
  // For a hook injected before us (dynamically registered scripts come in either order): we are here.
  window.dispatchEvent(new CustomEvent(RELAY_READY_EVENT));
} catch {
  // Then the hook's guard keeps the hand-over from the page, and nothing is captured here.
}


type ChunkKept = { id: number; t: number; parts: Uint8Array[]; size: number; n: number; dir?: 'in' | 'out' };
/** A record as kept here: chunk bytes raw (in parts, joined only when sent), encoded only when sent. */
type KeptBody = { size: number } & ({ record: CaptureRecord } | { chunk: ChunkKept });
/** `b`: bytes of every record kept before it (to tell how much waits to be sent). */
type Kept = KeptBody & { seq: number; e: number; b: number };

const randomKey = (): string => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

const docKey = randomKey();
const encoder = new TextEncoder();
let seq = 0;
/** Events in every record made so far (the `e` of the next record). */
let totalEvents = 0;
let port: Runtime.Port | null = null;
let gone = false;
let eager = false;
let asked = false;
const log: Kept[] = [];
let head = 0;
let logEvents = 0;
let logBytes = 0;
/** Openings (and notices) of records dropped from the log whose streams may still have records here. */
let pinned: Kept[] = [];
let pinnedBytes = 0;
/** Next seq to send while eager. */
let sentUpTo = 0;
/** Pinned records already sent, by seq. */
const pinnedSent = new Set<number>();
const counters = new Map<number, EventCounter>();
/** Bytes after a stream's last event boundary, held until the event completes (views, not copies). */
const partial = new Map<number, Held>();
let partialBytes = 0;

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

const wire = (k: Kept): Sequenced =>
  'chunk' in k
    ? {
        seq: k.seq,
        e: k.e,
        record: { kind: 'chunk', id: k.chunk.id, t: k.chunk.t, base64: bytesToBase64(join(k.chunk.parts, k.chunk.size)), n: k.chunk.n, ...(k.chunk.dir && { dir: k.chunk.dir }) },
      }
    : { seq: k.seq, e: k.e, record: k.record };

/**
 * Sends what has not been sent, while eager, in batches sized in bytes, until `more()` says the slice is over.
 * Extension messaging costs the page's thread (about 16 ms a MB in Chrome: base64 and JSON), so batches are small
 * (SLICE_BUDGET) and sending happens in the page's idle time.
 */
const flush = (more: () => boolean): void => {
  if (!eager) return;
  const first = log[head]?.seq ?? seq;
  if (sentUpTo < first) {
    inFlight = undefined;
    const pins = pinned.filter((p) => p.seq >= sentUpTo && !pinnedSent.has(p.seq));
    for (const batch of batches(pins.map(wire), SLICE_BUDGET)) {
      if (!post({ kind: 'pinned', docKey, items: batch.map(({ seq: s, record }) => ({ seq: s, record })) })) return;
      for (const b of batch) pinnedSent.add(b.seq);
    }
    if (!post({ kind: 'gap', docKey, to: first, e: log[head]?.e ?? totalEvents })) return;
    sentUpTo = first;
  }
  for (;;) {
    // A record bigger than a message goes in parts, over as many slices as it takes (encoded once).
    if (inFlight) {
      while (inFlight.next < inFlight.pieces.length) {
        if (!post({ kind: 'capture', docKey, items: [inFlight.pieces[inFlight.next]!] })) return;
        inFlight.next++;
        if (!more() && inFlight.next < inFlight.pieces.length) return;
      }
      sentUpTo = inFlight.seq + 1;
      inFlight = undefined;
      if (!more()) return;
    }
    const batch: Sequenced[] = [];
    let size = 0;
    for (let i = head + (sentUpTo - first); i < log.length; i++) {
      const k = log[i]!;
      const encoded = ('chunk' in k ? (k.size * 4) / 3 : k.size) + 200;
      if (encoded > SLICE_BUDGET) {
        if (batch.length === 0) inFlight = { seq: k.seq, pieces: partsOf(wire(k), SLICE_BUDGET), next: 0 };
        break;
      }
      if (batch.length > 0 && size + encoded > SLICE_BUDGET) break;
      const item = wire(k);
      batch.push(item);
      size += recordSize(item.record);
    }
    if (batch.length === 0) {
      if (inFlight) continue;
      return;
    }
    if (!post({ kind: 'capture', docKey, items: batch })) return;
    sentUpTo = batch[batch.length - 1]!.seq + 1;
    if (!more()) return;
  }
};
/** A record being sent in parts: its pieces, and the next to send. */
let inFlight: { seq: number; pieces: Sequenced[]; next: number } | undefined;
const unsentLeft = (): boolean => eager && (log[head]?.seq ?? seq) + (log.length - head) > sentUpTo;
/** Bytes of records kept and not yet sent (while eager). */
const unsentBytes = (): number => {
  if (!eager) return 0;
  const i = head + Math.max(0, sentUpTo - (log[head]?.seq ?? seq));
  return i < log.length ? keptBytes - log[i]!.b : 0;
};
/** Beyond this many unsent bytes, sending no longer waits for the page to be idle: memory comes first. */
const UNSENT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Over the limits, the oldest record goes. While a panel is open, records it has not been sent yet are kept
 * beyond the event limit (they are on their way); the byte limit holds whatever happens.
 */
const overLimit = (): boolean =>
  logBytes + partialBytes + pinnedBytes + inboxBytes > PAGE_MAX_BYTES || (logEvents > PAGE_MAX_EVENTS && (!eager || log[head]!.seq < sentUpTo));

let keptBytes = 0;
const keep = (k: KeptBody, events: number): void => {
  const kept = { ...k, seq: seq++, e: totalEvents, b: keptBytes } as Kept;
  totalEvents += events;
  keptBytes += kept.size;
  log.push(kept);
  logEvents += events;
  logBytes += kept.size;
  while (overLimit() && log.length - head > 1) {
    const old = log[head++]!;
    logBytes -= old.size;
    if ('chunk' in old) logEvents -= old.chunk.n;
    else if (old.record.kind === 'open' || old.record.kind === 'notice') {
      pinned.push(old);
      pinnedBytes += old.size;
    } else if (old.record.kind === 'close') {
      // The stream ended before what is kept begins: its opening is no longer needed.
      const id = old.record.id;
      const keepPins = pinned.filter((p) => !('record' in p && p.record.kind === 'open' && p.record.id === id));
      if (keepPins.length !== pinned.length) {
        pinned = keepPins;
        pinnedBytes = pinned.reduce((n, p) => n + p.size, 0);
      }
    }
  }
  if (head > 4096 && head > log.length / 2) {
    log.splice(0, head);
    head = 0;
  }
  if (eager && unsentBytes() > UNSENT_MAX_BYTES) flush(() => unsentBytes() > UNSENT_MAX_BYTES / 2);
};

const record = (r: CaptureRecord): void => keep({ record: r, size: recordSize(r) }, 0);

const clip = (s: string): string => (s.length > STRING_MAX ? `${s.slice(0, STRING_MAX)}…` : s);

/** Bytes of a stream after its last event boundary: kept until the event completes, unless it grows too big. */
type Held = { parts: Uint8Array[]; kept: number; seen: number; oversize: boolean };
const emptyHeld = (): Held => ({ parts: [], kept: 0, seen: 0, oversize: false });
const hold = (held: Held, bytes: Uint8Array): void => {
  held.seen += bytes.length;
  if (held.oversize) return;
  held.parts.push(bytes);
  held.kept += bytes.length;
  partialBytes += bytes.length;
  if (held.kept > MAX_EVENT_BYTES) {
    partialBytes -= held.kept;
    held.parts = [];
    held.kept = 0;
    held.oversize = true;
  }
};
const release = (held: Held): Held => {
  partialBytes -= held.kept;
  const out = { ...held };
  Object.assign(held, emptyHeld());
  return out;
};
const MIB = 1024 * 1024;
const oversize = (t: number, id: number, events: number, bytes: number, ended: boolean): void =>
  record({
    kind: 'notice',
    t,
    code: 'oversize',
    id,
    events,
    message: ended
      ? `The stream ended inside an event of ${bytes} bytes (more than ${MAX_EVENT_BYTES / MIB} MiB), which the page's capture buffer dropped.`
      : `An event of ${bytes} bytes (more than ${MAX_EVENT_BYTES / MIB} MiB) was dropped by the page's capture buffer${events > 1 ? `, with ${events - 1} event(s) that completed in the same read` : ''}.`,
  });

/** One chunk of a stream: cut at its last event boundary, the rest held for the next one. */
function chunk(id: number, t: number, fresh: Uint8Array, dir?: 'in' | 'out'): void {
  const counter = counters.get(id);
  if (!counter) return;
  // Records end at event boundaries (the bytes after the last one wait for the next chunk), so a buffer
  // that drops old records never cuts into an event. The bytes stay the same, byte for byte.
  const n = counter.count(fresh);
  let held = partial.get(id);
  if (!held) partial.set(id, (held = emptyHeld()));
  if (counter.boundary === -1) {
    hold(held, fresh);
    return;
  }
  const before = release(held);
  const completed = fresh.subarray(0, counter.boundary);
  const size = before.kept + completed.length;
  if (before.oversize || (n === 1 && size > MAX_EVENT_BYTES)) oversize(t, id, n, before.seen + completed.length, false);
  else keep({ chunk: { id, t, parts: [...before.parts, completed], size, n, ...(dir && { dir }) }, size }, n);
  if (counter.boundary < fresh.length) hold(held, fresh.subarray(counter.boundary));
}

/**
 * Page messages wait here unprocessed (no parsing, no counting: the page reading a fast stream must not be
 * slowed down) and are handled in the page's idle time, or soon while a panel needs them (eager mode), or at
 * once when they hold more bytes than the inbox may.
 */
const inbox: unknown[] = [];
let inboxHead = 0;
let inboxBytes = 0;
let scheduled = false;
/** The longest slice of work (idle or not), and the size of one message (about 8 ms of Chrome's messaging). */
const SLICE_MS = 10;
const SLICE_BUDGET = 512 * 1024;
/** Records wait for the page's input to be quiet this long, or at most MAX_WAIT_MS, before they are sent. */
const QUIET_MS = 30;
const MAX_WAIT_MS = 250;
let lastInput = 0;
let pendingSince: number | undefined;
/**
 * Handles what waits and sends what is due, in slices, so that a page reading a fast stream is not slowed down:
 * records are sent once the page's input has been quiet for QUIET_MS, or when they have waited MAX_WAIT_MS (a
 * page that never stops); each slice takes the page's idle time, or at most SLICE_MS when it gives none.
 */
const drain = (deadline?: IdleDeadline): void => {
  scheduled = false;
  const now = performance.now();
  const until = now + (deadline && !deadline.didTimeout ? Math.min(SLICE_MS, Math.max(1, deadline.timeRemaining() - 1)) : SLICE_MS);
  const more = () => performance.now() < until;
  handleInbox(more);
  if (inboxHead < inbox.length) return schedule();
  if (!unsentLeft()) return;
  pendingSince ??= now;
  if (now - lastInput >= QUIET_MS || now - pendingSince >= MAX_WAIT_MS) {
    flush(more);
    pendingSince = unsentLeft() ? performance.now() : undefined;
  }
  if (unsentLeft()) later(pendingSince === undefined ? 0 : Math.max(0, Math.min(QUIET_MS - (now - lastInput), MAX_WAIT_MS - (now - pendingSince))));
};
const handleInbox = (more: () => boolean): void => {
  while (inboxHead < inbox.length) {
    const data = inbox[inboxHead++];
    inboxBytes -= sizeOfPageMessage(data);
    handle(data);
    if (!more()) break;
  }
  if (inboxHead === inbox.length) {
    inbox.length = 0;
    inboxHead = 0;
    inboxBytes = 0;
  }
};
const schedule = (): void => {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestIdleCallback !== 'function') setTimeout(() => drain(), eager ? 16 : 100);
  // While a panel waits, it gets its records within a quarter second even from a page that is never idle.
  else requestIdleCallback(drain, { timeout: eager ? MAX_WAIT_MS : 2000 });
};
let timer: ReturnType<typeof setTimeout> | undefined;
const later = (ms: number): void => {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    schedule();
  }, ms);
};
const sizeOfPageMessage = (data: unknown): number => {
  const m = data as { bytes?: { byteLength?: unknown }; text?: unknown; requestBody?: unknown } | null;
  const bytes = typeof m?.bytes?.byteLength === 'number' ? m.bytes.byteLength : 0;
  const text = typeof m?.text === 'string' ? m.text.length : 0;
  const body = typeof m?.requestBody === 'string' ? m.requestBody.length : 0;
  return 64 + bytes + text + body;
};
function onPageMessage(event: MessageEvent): void {
  lastInput = performance.now();
  const data = event.data as { kind?: unknown } | null;
  if (replay.onPageMessage(data)) return;
  inbox.push(data);
  inboxBytes += sizeOfPageMessage(data);
  if (data?.kind === 'open') ask();
  // Too much unparsed: handled now (counting and cutting are cheap; sending waits for idle time).
  if (inboxBytes > INBOX_MAX_BYTES) handleInbox(() => true);
  schedule();
}

function handle(data: unknown): void {
  const parsed = PageMessageSchema.safeParse(data);
  if (!parsed.success) return; // Not ours, or forged: the page can only add to its own tab, and only valid records.
  const m = parsed.data;
  switch (m.kind) {
    case 'open': {
      if (counters.has(m.id)) return;
      counters.set(m.id, new EventCounter(m.format));
      const { requestBody, requestBodyBytes, note, startedAt, ...rest } = m;
      record({
        ...rest,
        url: clip(maskUrl(m.url)),
        status: m.status ?? 0,
        statusText: clip(m.statusText ?? ''),
        method: clip(m.method ?? 'GET'),
        requestHeaders: maskHeaders((m.requestHeaders ?? []).slice(0, 256)).map(([k, v]) => [clip(k), clip(v)]),
        responseHeaders: maskHeaders((m.responseHeaders ?? []).slice(0, 256)).map(([k, v]) => [clip(k), clip(v)]),
        // The frame is this document: read here, not taken from the page.
        frameUrl: clip(maskUrl(location.href)),
        ...(requestBody !== undefined && { requestBody: maskBody(requestBody) }),
        ...(requestBodyBytes !== undefined && { requestBodyBytes }),
        ...(note !== undefined && { note: clip(note) }),
        ...(m.replay !== undefined && { note: 'Answered by AG-UI DevTools (Replay to page), not by the network' }),
        ...(startedAt !== undefined && { startedAt }),
      });
      return;
    }
    case 'chunk': {
      // What the page sends over a WebSocket is its request (a RunAgentInput, a resume): masked like a request body.
      const text = m.text !== undefined && m.dir === 'out' ? maskBody(m.text) : m.text;
      const fresh = m.bytes ?? (text !== undefined ? encoder.encode(text) : undefined);
      if (fresh && fresh.length > 0) chunk(m.id, m.t, fresh, m.dir);
      return;
    }
    case 'close': {
      if (!counters.has(m.id)) return;
      const held = partial.get(m.id);
      if (held) {
        const rest = release(held);
        // What never completed an event is kept as it came (the panel flags the truncated frame).
        if (rest.oversize) oversize(m.t, m.id, 0, rest.seen, true);
        else if (rest.kept > 0) keep({ chunk: { id: m.id, t: m.t, parts: rest.parts, size: rest.kept, n: 0 }, size: rest.kept }, 0);
      }
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
}

function reportImpersonation(event: MessageEvent): void {
  const how = !event.isTrusted ? 'a synthetic message event' : event.source !== window ? 'a message from another window' : 'a second hand-over message';
  record({
    kind: 'notice',
    t: Date.now(),
    code: 'impersonation',
    message: `This page tried to impersonate the capture channel (${how} carrying the hand-over marker). It was ignored; what is shown comes from the extension's own hook.`,
  });
  ask();
  schedule();
}

const ask = (): void => {
  if (asked || gone) return;
  asked = true;
  // Masked like every URL that leaves the page (a token in the query or fragment stays here).
  const hello: Hello = { kind: 'agui-hello', docKey, url: clip(maskUrl(location.href)), t: Date.now() };
  browser.runtime.sendMessage(hello).then(
    (reply: unknown) => {
      const parsed = HelloReplySchema.safeParse(reply);
      if (parsed.success && parsed.data.rules) replay.setRules(parsed.data.rules);
      if (parsed.success && parsed.data.eager) {
        eager = true;
        schedule();
      }
    },
    () => undefined,
  );
};

browser.runtime.onMessage.addListener((raw: unknown) => {
  const parsed = RelayCommandSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const command = parsed.data;
  if (command.kind === 'agui-replay-rules') {
    // The hook has them (posted on its port) before the background tells the panel they are armed.
    replay.setRules(command.rules);
    return Promise.resolve(true);
  }
  if (command.kind === 'agui-replay-step') {
    replay.step(command.rule, command.to);
    return undefined;
  }
  if (command.kind === 'agui-mode') eager = command.eager;
  else {
    // Everything after what the background holds, from here on as it comes.
    eager = true;
    const have = command.have[docKey] ?? -1;
    if (have + 1 < sentUpTo) {
      sentUpTo = have + 1;
      inFlight = undefined;
      pinnedSent.clear();
    }
  }
  schedule();
  return undefined;
});

// A new document says so at once: the top one is a navigation; every one learns whether to send, and which
// replay rules are armed for the tab (a reload is answered from its first request).
ask();

