/**
 * One document's records, in the content script: the page hook's messages taken in (unparsed until idle time),
 * checked, masked and cut at event boundaries, kept with gap-free sequence numbers within limits in events and
 * bytes (records, partial events, pinned openings and the unparsed inbox all count), and sent to the background
 * only while someone needs them ("eager": a panel is open for the tab, or Preserve log is on), in small batches in
 * the page's idle time. Its effects (the port, the clock, idle time, timers, the document's URL) are given, so it is
 * tested without a browser (recorder.test.ts), as TabLog and ReplayRules are.
 */
import { batches, partsOf, recordSize } from '../../bridge/budget';
import { INBOX_MAX_BYTES, MAX_EVENT_BYTES, PAGE_MAX_BYTES, PAGE_MAX_EVENTS, STRING_MAX } from '../../bridge/limits';
import { type CaptureRecord, type ContentMessage, PageMessageSchema, type Sequenced } from '../../bridge/messages';
import { type Need, RecordLog, type RecordShape } from '../../bridge/recordLog';
import { maskBody, maskHeaders, maskUrl } from '../../engine/mask/secrets';
import { joinBytes } from '../../engine/util/bytes';
import { EventCounter } from '../../bridge/eventCounter';
import { compact } from '../../bridge/chunkData';
import { sseText } from './sseText';

type Format = 'sse' | 'proto' | 'json';

/** `ends`: where each of its events ends (kept where records go as Blobs, which are cut without being read). */
type ChunkKept = { id: number; t: number; parts: Uint8Array[]; size: number; n: number; format: Format; dir?: 'in' | 'out'; ends?: Uint32Array };
/** A record as kept here: chunk bytes raw (in parts, joined only when sent), encoded only when sent. */
type KeptBody = { size: number } & ({ record: CaptureRecord } | { chunk: ChunkKept });
/** `b`: bytes of every record kept before it (to tell how much waits to be sent). */
type Kept = KeptBody & { seq: number; e: number; b: number };

/**
 * A chunk without its first events, the fewest that make `need` go: cut at an event boundary (records begin at one),
 * the rest copied so the dropped bytes are freed. Its `e` and `b` move on by what went.
 */
const cutChunk = (k: Kept, need: Need): Kept | undefined => {
  if (!('chunk' in k) || k.chunk.n < 2) return undefined;
  const bytes = joinBytes(k.chunk.parts, k.chunk.size);
  const at = EventCounter.cutPoint(k.chunk.format, bytes, need.events, need.bytes);
  if (!at || at.events >= k.chunk.n) return undefined;
  const rest = bytes.slice(at.offset);
  const size = rest.length;
  const ends = k.chunk.ends?.subarray(at.events).map((end) => end - at.offset);
  return { ...k, size, e: k.e + at.events, b: k.b + at.offset, chunk: { ...k.chunk, parts: [rest], size, n: k.chunk.n - at.events, ...(ends && { ends }) } };
};

const SHAPE: RecordShape<Kept> = {
  events: (k) => ('chunk' in k ? k.chunk.n : 0),
  bytes: (k) => k.size,
  role: (k) => ('chunk' in k ? 'other' : k.record.kind === 'open' ? 'open' : k.record.kind === 'notice' ? 'notice' : k.record.kind === 'close' ? 'close' : 'other'),
  stream: (k) => ('record' in k && (k.record.kind === 'open' || k.record.kind === 'close') ? String(k.record.id) : undefined),
};

/** Bytes of a stream after its last event boundary: kept until the event completes, unless it grows too big. */
type Held = { parts: Uint8Array[]; kept: number; seen: number; oversize: boolean };
const emptyHeld = (): Held => ({ parts: [], kept: 0, seen: 0, oversize: false });

export interface IdleDeadlineLike {
  didTimeout: boolean;
  timeRemaining(): number;
}

export interface RecorderEffects {
  /** Sends one message to the background; false when it could not (the extension went away). */
  post(message: ContentMessage): boolean;
  /** The document's URL, as this content script reads it (never the page's word). */
  frameUrl(): string;
  now(): number;
  /** Runs `run` in the page's idle time, or after `timeoutMs` at the latest. */
  idle(run: (deadline?: IdleDeadlineLike) => void, timeoutMs: number): void;
  timer(run: () => void, ms: number): void;
  /**
   * The document is hidden (a background tab, a window behind another) and not being left: its timers and idle
   * time may be throttled to once a second, or once a minute after five minutes, so its records go at once.
   */
  hidden(): boolean;
  /** The first stream opened (or something to report): the relay asks the background whether to send. */
  wanted(): void;
  /**
   * The page's bytes as an array of this realm, where reading them through the page's would be slow (Firefox shows
   * a content script the page's objects through wrappers: every access crosses them), after the `lead` bytes (ours)
   * when given. Absent: used as they are.
   */
  own?(bytes: Uint8Array, lead?: readonly Uint8Array[]): Uint8Array;
  /**
   * Chunks go as Blobs made of their parts (Chrome: its messaging copies bytes on the page's thread, slowly; a Blob
   * goes as a handle). Absent: as bytes.
   */
  blob?(parts: readonly Uint8Array[]): Blob;
}

/** The longest slice of work (idle or not), and the bytes of one message (about 5 ms of Firefox's messaging). */
const SLICE_MS = 10;
const SLICE_BUDGET = 512 * 1024;
/**
 * The bytes of one message's Blobs (made at 3-10 ms per MB on the page's thread, then sent as handles). With 4 MB, a
 * hidden page's 100,000 events reached the panel a second later in 3 runs of 8 (2.0 s against 1.0 s; why is not
 * known); with this, in none of 10.
 */
const BLOB_SLICE_BUDGET = 240 * 1024;
/** Records wait for the page's input to be quiet this long, or at most MAX_WAIT_MS, before they are sent. */
const QUIET_MS = 30;
const MAX_WAIT_MS = 250;
/** Beyond this many unsent bytes, sending no longer waits for the page to be idle: memory comes first. */
const UNSENT_MAX_BYTES = 64 * 1024 * 1024;
const MIB = 1024 * 1024;
/** Bytes held from the last chunk that are copied again in front of the next one (more stay parts, joined once when sent). */
const LEAD_MAX_BYTES = 64 * 1024;

/**
 * The bytes of a record as they are sent where messaging clones them: a view that is most of its buffer goes as it
 * is (the clone takes the whole buffer: at most twice the bytes, rather than a copy on the page's thread); the
 * background keeps a copy of its own (compact).
 */
const sent = (parts: readonly Uint8Array[], size: number): Uint8Array => {
  const only = parts.length === 1 ? parts[0]! : undefined;
  return only && only.byteLength * 2 >= only.buffer.byteLength ? only : compact(joinBytes(parts, size));
};

/** A kept record as it is sent where messaging clones structured data (Firefox): a chunk's bytes go as bytes. */
const wire = (k: Kept): Sequenced => {
  if (!('chunk' in k)) return { seq: k.seq, e: k.e, record: k.record };
  const { id, t, parts, size, n, dir } = k.chunk;
  return { seq: k.seq, e: k.e, record: { kind: 'chunk', id, t, bytes: sent(parts, size), n, ...(dir && { dir }) } };
};

/**
 * A kept record as it is sent where `blob` makes Blobs (Chrome): a chunk as a Blob of its parts, with where its
 * events end. One Blob per record: with the records of a batch sharing one Blob (fewer Blobs to make), a hidden
 * page's 100,000 events reached the panel a second later in half the runs (2.0-2.3 s against 1.0 s), as with big
 * batches (BLOB_SLICE_BUDGET).
 */
const wireBlob = (k: Kept, blob: (parts: readonly Uint8Array[]) => Blob): Sequenced => {
  if (!('chunk' in k)) return wire(k);
  const { id, t, parts, n, dir, ends } = k.chunk;
  return { seq: k.seq, e: k.e, record: { kind: 'chunk', id, t, blob: blob(parts), ends: ends ?? new Uint32Array(0), n, ...(dir && { dir }) } };
};

const clip = (s: string): string => (s.length > STRING_MAX ? `${s.slice(0, STRING_MAX)}…` : s);
/** Headers by name as the hook sends them, as the list a record holds: at most 256, masked, clipped. */
const headerList = (headers: Record<string, string> | undefined): [string, string][] =>
  maskHeaders(Object.entries(headers ?? {}).slice(0, 256)).map(([k, v]) => [clip(k), clip(v)]);

const sizeOfPageMessage = (data: unknown): number => {
  const m = data as { bytes?: { byteLength?: unknown }; text?: unknown; requestBody?: unknown } | null;
  const bytes = typeof m?.bytes?.byteLength === 'number' ? m.bytes.byteLength : 0;
  const text = typeof m?.text === 'string' ? m.text.length : 0;
  const body = typeof m?.requestBody === 'string' ? m.requestBody.length : 0;
  return 64 + bytes + text + body;
};

const encoder = new TextEncoder();

export class DocumentRecorder {
  private seq = 0;
  /** Events in every record made so far (the `e` of the next record). */
  private totalEvents = 0;
  private keptBytes = 0;
  private eager = false;
  private urgent = false;
  /** The record being sent in parts is never cut (its parts are encoded already): it goes whole if it must. */
  private readonly log = new RecordLog<Kept>({ ...SHAPE, cut: (k, need) => (k.seq === this.inFlight?.seq ? undefined : cutChunk(k, need)) });
  /** Next seq to send while eager. */
  private sentUpTo = 0;
  /** Pinned records already sent, by seq. */
  private readonly pinnedSent = new Set<number>();
  private readonly counters = new Map<number, EventCounter>();
  private readonly transports = new Map<number, string>();
  private readonly partial = new Map<number, Held>();
  private partialBytes = 0;
  /** A record being sent in parts: its pieces, and the next to send. */
  private inFlight: { seq: number; pieces: Sequenced[]; next: number } | undefined;
  /** Page messages, unparsed until idle time. */
  private inbox: unknown[] = [];
  private inboxHead = 0;
  private inboxBytes = 0;
  private scheduled = false;
  private timerSet = false;
  private lastInput = 0;
  private pendingSince: number | undefined;

  constructor(
    readonly docKey: string,
    private readonly fx: RecorderEffects,
  ) {}

  // ---- What comes in.

  /** A message from the page hook (not a replay one): kept unparsed, handled in idle time. */
  onPageMessage(data: unknown): void {
    this.lastInput = this.fx.now();
    this.inbox.push(data);
    this.inboxBytes += sizeOfPageMessage(data);
    if ((data as { kind?: unknown } | null)?.kind === 'open') this.fx.wanted();
    // Too much unparsed: handled now (counting and cutting are cheap; sending waits for idle time).
    if (this.inboxBytes > INBOX_MAX_BYTES) this.handleInbox(() => true);
    this.schedule();
  }

  /** Something the relay saw that the user must know (the page impersonated the hand-over; a pause let go of a stream). */
  notice(code: 'impersonation' | 'pause-released', message: string, id?: number): void {
    this.record({ kind: 'notice', t: Date.now(), code, message, ...(id !== undefined && { id }) });
    this.fx.wanted();
    this.schedule();
  }

  /**
   * A pause is armed: the page waits for the panel's word on each event of its held streams, so records go at once
   * (not in idle time, not batched for a quiet input).
   */
  setUrgent(on: boolean): void {
    this.urgent = on;
    this.schedule();
  }

  /** Send records as they come (a panel is open, or Preserve log is on), or keep them until asked. */
  setEager(on: boolean): void {
    this.eager = on;
    this.schedule();
  }

  /** Everything after what the background holds (`have`: its last seq of this document), from here on as it comes. */
  resync(have: number): void {
    this.eager = true;
    if (have + 1 < this.sentUpTo) {
      this.sentUpTo = have + 1;
      this.inFlight = undefined;
      this.pinnedSent.clear();
    }
    this.schedule();
  }

  // ---- Keeping.

  private record(r: CaptureRecord): void {
    this.keep({ record: r, size: recordSize(r) }, 0);
  }

  /**
   * Over the limits, the oldest record goes. While a panel is open, records it has not been sent yet are kept
   * beyond the event limit (they are on their way); the byte limit holds whatever happens.
   */
  private overLimit(): Need | null {
    const log = this.log;
    const bytes = log.bytes + this.partialBytes + log.pinnedBytes + this.inboxBytes - PAGE_MAX_BYTES;
    const events = log.events > PAGE_MAX_EVENTS && (!this.eager || log.at(0)!.seq < this.sentUpTo) ? log.events - PAGE_MAX_EVENTS : 0;
    return bytes > 0 || events > 0 ? { events, bytes: Math.max(0, bytes) } : null;
  }

  private keep(k: KeptBody, events: number): void {
    const kept = { ...k, seq: this.seq++, e: this.totalEvents, b: this.keptBytes } as Kept;
    this.totalEvents += events;
    this.keptBytes += kept.size;
    this.log.push(kept);
    this.log.trim(() => this.overLimit());
    if (this.eager && this.unsentBytes() > UNSENT_MAX_BYTES) this.flush(() => this.unsentBytes() > UNSENT_MAX_BYTES / 2);
  }

  private hold(held: Held, bytes: Uint8Array): void {
    held.seen += bytes.length;
    if (held.oversize) return;
    held.parts.push(bytes);
    held.kept += bytes.length;
    this.partialBytes += bytes.length;
    if (held.kept > MAX_EVENT_BYTES) {
      this.partialBytes -= held.kept;
      held.parts = [];
      held.kept = 0;
      held.oversize = true;
    }
  }

  private release(held: Held): Held {
    this.partialBytes -= held.kept;
    const out = { ...held };
    Object.assign(held, emptyHeld());
    return out;
  }

  private oversize(t: number, id: number, events: number, bytes: number, ended: boolean): void {
    this.record({
      kind: 'notice',
      t,
      code: 'oversize',
      id,
      events,
      message: ended
        ? `The stream ended inside an event of ${bytes} bytes (more than ${MAX_EVENT_BYTES / MIB} MiB), which the page's capture buffer dropped.`
        : `An event of ${bytes} bytes (more than ${MAX_EVENT_BYTES / MIB} MiB) was dropped by the page's capture buffer${events > 1 ? `, with ${events - 1} event(s) that completed in the same read` : ''}.`,
    });
  }

  /**
   * One chunk of a stream: cut at its last event boundary, the rest held for the next one. `fromPage`: the bytes are
   * the page's, made ours first where the relay copies them (Firefox).
   */
  private chunk(id: number, t: number, bytes: Uint8Array, dir?: 'in' | 'out', fromPage = false): void {
    const counter = this.counters.get(id);
    if (!counter) return;
    let held = this.partial.get(id);
    if (!held) this.partial.set(id, (held = emptyHeld()));
    const own = fromPage ? this.fx.own : undefined;
    // The copy into this realm takes the bytes held from the last chunk (the start of an event) in front of the new
    // ones, when they are few: the record is then one view of that copy, sent without joining its parts again.
    const lead = own && !held.oversize && held.kept > 0 && held.kept <= LEAD_MAX_BYTES ? held.kept : 0;
    const fresh = own ? own(bytes, lead ? this.release(held).parts : undefined) : bytes;
    // Records end at event boundaries (the bytes after the last one wait for the next chunk), so a buffer
    // that drops old records never cuts into an event. The bytes stay the same, byte for byte.
    // Where records go as Blobs, the counter notes where each event ends (the Blob is cut there, never read).
    counter.ends = this.fx.blob ? [] : undefined;
    const n = counter.count(lead ? fresh.subarray(lead) : fresh);
    if (counter.boundary === -1) {
      this.hold(held, fresh);
      return;
    }
    const boundary = lead + counter.boundary;
    const before = this.release(held);
    const completed = fresh.subarray(0, boundary);
    const size = before.kept + completed.length;
    // From the record's start: the bytes held before this chunk, then this chunk's (the lead is both, counted once).
    const ends = counter.ends && Uint32Array.from(counter.ends, (end) => before.kept + lead + end);
    if (before.oversize || (n === 1 && size > MAX_EVENT_BYTES)) this.oversize(t, id, n, before.seen + completed.length, false);
    else this.keep({ chunk: { id, t, parts: [...before.parts, completed], size, n, format: counter.format, ...(dir && { dir }), ...(ends && { ends }) }, size }, n);
    if (boundary < fresh.length) this.hold(held, fresh.subarray(boundary));
  }

  /** One page message, checked: the page can only add to its own tab, and only valid records. */
  private handle(data: unknown): void {
    const parsed = PageMessageSchema.safeParse(data);
    if (!parsed.success) return;
    const m = parsed.data;
    switch (m.kind) {
      case 'open': {
        if (this.counters.has(m.id)) return;
        this.counters.set(m.id, new EventCounter(m.format));
        this.transports.set(m.id, m.transport);
        const { requestBody, requestBodyBytes, note: given, startedAt, connection, ...rest } = m;
        const note = connection !== undefined ? `EventSource connection ${connection} (re-encoded)` : given;
        this.record({
          ...rest,
          url: clip(maskUrl(m.url)),
          status: m.status ?? 0,
          statusText: clip(m.statusText ?? ''),
          method: clip(m.method ?? 'GET'),
          requestHeaders: headerList(m.requestHeaders),
          responseHeaders: headerList(m.responseHeaders),
          // The frame is this document: read here, not taken from the page.
          frameUrl: clip(maskUrl(this.fx.frameUrl())),
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
        // An EventSource event comes as its parts, written here as the SSE it was.
        const text = m.text !== undefined && m.dir === 'out' ? maskBody(m.text) : m.text !== undefined && m.sse ? sseText(m.sse[0], m.sse[1], m.text) : m.text;
        if (m.bytes) {
          if (m.bytes.length > 0) this.chunk(m.id, m.t, m.bytes, m.dir, true);
        } else if (text !== undefined && text.length > 0) this.chunk(m.id, m.t, encoder.encode(text), m.dir);
        return;
      }
      case 'close': {
        const counter = this.counters.get(m.id);
        if (!counter) return;
        const held = this.partial.get(m.id);
        if (held) {
          const rest = this.release(held);
          // What never completed an event is kept as it came (the panel flags the truncated frame).
          if (rest.oversize) this.oversize(m.t, m.id, 0, rest.seen, true);
          else if (rest.kept > 0) this.keep({ chunk: { id: m.id, t: m.t, parts: rest.parts, size: rest.kept, n: 0, format: counter.format }, size: rest.kept }, 0);
        }
        this.partial.delete(m.id);
        this.counters.delete(m.id);
        const transport = this.transports.get(m.id);
        this.transports.delete(m.id);
        // EventSource and XMLHttpRequest say which event ended them; the words are ours.
        const prefix = transport === 'eventsource' ? 'EventSource: ' : transport === 'xhr' ? 'XMLHttpRequest: ' : '';
        this.record(m.error !== undefined && prefix ? { ...m, error: clip(prefix + m.error) } : m);
        return;
      }
      default: {
        const unhandled: never = m;
        return unhandled;
      }
    }
  }

  // ---- Sending.

  private unsentLeft(): boolean {
    return this.eager && (this.log.at(0)?.seq ?? this.seq) + this.log.size > this.sentUpTo;
  }

  /** Bytes of records kept and not yet sent (while eager). */
  private unsentBytes(): number {
    if (!this.eager) return 0;
    const k = Math.max(0, this.sentUpTo - (this.log.at(0)?.seq ?? this.seq));
    const next = this.log.at(k);
    return next ? this.keptBytes - next.b : 0;
  }

  /** What the background lost track of (records dropped here before it had them): the pins, then the gap. */
  private sendGap(first: number): boolean {
    this.inFlight = undefined;
    const pins = this.log.pinned.filter((p) => p.seq >= this.sentUpTo && !this.pinnedSent.has(p.seq));
    for (const batch of batches(pins.map(wire), SLICE_BUDGET)) {
      if (!this.fx.post({ kind: 'pinned', docKey: this.docKey, items: batch.map(({ seq, record }) => ({ seq, record })) })) return false;
      for (const b of batch) this.pinnedSent.add(b.seq);
    }
    if (!this.fx.post({ kind: 'gap', docKey: this.docKey, to: first, e: this.log.at(0)?.e ?? this.totalEvents })) return false;
    this.sentUpTo = first;
    return true;
  }

  /**
   * Sends what has not been sent, while eager, in batches sized in bytes, until `more()` says the slice is over.
   * Extension messaging costs the page's thread (a structured clone of the bytes), so batches are small
   * (SLICE_BUDGET) and sending happens in the page's idle time.
   */
  private flush(more: () => boolean): void {
    if (!this.eager) return;
    const first = this.log.at(0)?.seq ?? this.seq;
    if (this.sentUpTo < first && !this.sendGap(first)) return;
    for (;;) {
      // A record bigger than a message goes in parts, over as many slices as it takes (encoded once).
      const flight = this.inFlight;
      if (flight) {
        while (flight.next < flight.pieces.length) {
          if (!this.fx.post({ kind: 'capture', docKey: this.docKey, items: [flight.pieces[flight.next]!], read: this.totalEvents })) return;
          flight.next++;
          if (!more() && flight.next < flight.pieces.length) return;
        }
        this.sentUpTo = flight.seq + 1;
        this.inFlight = undefined;
        if (!more()) return;
      }
      const batch = this.nextBatch(first);
      if (batch.length === 0) {
        if (this.inFlight) continue;
        return;
      }
      if (!this.fx.post({ kind: 'capture', docKey: this.docKey, items: batch, read: this.totalEvents })) return;
      this.sentUpTo = batch[batch.length - 1]!.seq + 1;
      if (!more()) return;
    }
  }

  /** The next records to send, within a message's budget (a bigger one starts travelling in parts instead). */
  private nextBatch(first: number): Sequenced[] {
    const { blob } = this.fx;
    const batch: Kept[] = [];
    const budget = blob ? BLOB_SLICE_BUDGET : SLICE_BUDGET;
    let size = 0;
    for (let k = this.sentUpTo - first; k < this.log.size; k++) {
      const kept = this.log.at(k)!;
      const encoded = kept.size + 200;
      // Bytes: a record bigger than a message starts travelling in parts. A Blob goes whole, in a batch of its own.
      if (!blob && encoded > budget) {
        if (batch.length === 0) this.inFlight = { seq: kept.seq, pieces: partsOf(wire(kept), budget), next: 0 };
        break;
      }
      if (batch.length > 0 && size + encoded > budget) break;
      batch.push(kept);
      size += encoded;
    }
    return blob ? batch.map((k) => wireBlob(k, blob)) : batch.map(wire);
  }

  // ---- When.

  /**
   * Handles what waits and sends what is due, in slices, so that a page reading a fast stream is not slowed down:
   * records are sent once the page's input has been quiet for QUIET_MS, or when they have waited MAX_WAIT_MS (a
   * page that never stops); each slice takes the page's idle time, or at most SLICE_MS when it gives none.
   */
  private drain(deadline?: IdleDeadlineLike): void {
    this.scheduled = false;
    const now = this.fx.now();
    // A hidden page has nobody to keep responsive and its timers may wait a minute: all goes now (and while a
    // pause is armed, the page itself waits for it).
    const hidden = this.eager && (this.urgent || this.fx.hidden());
    const until = now + (deadline && !deadline.didTimeout ? Math.min(SLICE_MS, Math.max(1, deadline.timeRemaining() - 1)) : SLICE_MS);
    const more = hidden ? () => true : () => this.fx.now() < until;
    this.handleInbox(more);
    if (this.inboxHead < this.inbox.length) return this.schedule();
    if (!this.unsentLeft()) return;
    this.pendingSince ??= now;
    if (hidden || now - this.lastInput >= QUIET_MS || now - this.pendingSince >= MAX_WAIT_MS) {
      this.flush(more);
      this.pendingSince = this.unsentLeft() ? this.fx.now() : undefined;
    }
    if (this.unsentLeft()) this.later(this.pendingSince === undefined ? 0 : Math.max(0, Math.min(QUIET_MS - (now - this.lastInput), MAX_WAIT_MS - (now - this.pendingSince))));
  }

  private handleInbox(more: () => boolean): void {
    while (this.inboxHead < this.inbox.length) {
      const data = this.inbox[this.inboxHead++];
      this.inboxBytes -= sizeOfPageMessage(data);
      this.handle(data);
      if (!more()) break;
    }
    if (this.inboxHead === this.inbox.length) {
      this.inbox = [];
      this.inboxHead = 0;
      this.inboxBytes = 0;
    }
  }

  private schedule(): void {
    // Hidden: now, whatever was scheduled (a throttled idle callback may be a minute away). Urgent: now.
    if (this.eager && (this.urgent || this.fx.hidden())) return this.drain();
    if (this.scheduled) return;
    this.scheduled = true;
    // While a panel waits, it gets its records within a quarter second even from a page that is never idle.
    this.fx.idle((deadline) => this.drain(deadline), this.eager ? MAX_WAIT_MS : 2000);
  }

  private later(ms: number): void {
    if (this.timerSet) return;
    this.timerSet = true;
    this.fx.timer(() => {
      this.timerSet = false;
      this.schedule();
    }, ms);
  }
}
