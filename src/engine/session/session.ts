import type { FrameFormat, Frame } from '../decode/frames';
import { StreamDecoder } from '../decode/frames';
import { maskBody, maskRequest, maskUrl } from '../mask/secrets';

export type StreamTransport = 'fetch' | 'eventsource' | 'websocket' | 'xhr' | 'file';

/** Where a stream came from and how it went. */
export interface StreamInfo {
  id: string;
  transport: StreamTransport;
  format: FrameFormat;
  url: string;
  method: string;
  status: number;
  statusText: string;
  frameUrl: string;
  requestHeaders: [string, string][];
  responseHeaders: [string, string][];
  requestBody?: string;
  /** The request body's full size in bytes, when `requestBody` holds only its start (the capture's limit). */
  requestBodyBytes?: number;
  /** fetch: the page's request's credentials mode and mode (absent in sessions captured before they were kept). */
  credentials?: 'omit' | 'same-origin' | 'include';
  mode?: 'cors' | 'no-cors' | 'same-origin' | 'navigate';
  /** How the bytes were obtained when they are not the wire's own (EventSource events re-encoded). */
  note?: string;
  /** When the page sent the request (the fetch or send call), when known; `openedAt` is when the response came. */
  startedAt?: number;
  openedAt: number;
  closedAt?: number;
  error?: string;
  /** Which page of the tab (navigation count) it belongs to. */
  page: number;
  /** Its first events were dropped (capture buffer limit) before they reached this session. */
  startDropped?: boolean;
  /** The page navigated away while it was open (Preserve log keeps it, ended there). */
  endedByNavigation?: boolean;
  /** The extension answered it (Replay to page): the rule's id. Shown as "replayed". */
  replay?: string;
  /** A pause was armed when it opened: its page reads it as far as the panel lets it (the hook's id of it). */
  held?: number;
  /** The extension sent its request again (Resend, the resend's id): the page never saw its answer. */
  resent?: string;
  /**
   * The body was saved whole (a HAR file): when its parts arrived is not known, only that the last byte came this
   * many milliseconds after the first (the HAR's `receive` timing).
   */
  receivedWhole?: number;
}

/** Something the capture reported that is not a stream: an impersonation attempt, an event too big to keep. */
export interface SessionNotice {
  t: number;
  code: 'impersonation' | 'oversize' | 'pause-released';
  message: string;
  /** The stream it is about, if any. */
  streamId?: string;
  /** Events it dropped. */
  events?: number;
}

/** Events that never reached this session, by where the capture had to drop them. */
export interface DroppedEvents {
  /** In the page's capture buffer, before anyone asked for them (or too big to keep). */
  page: number;
  /** In the extension's buffer for the tab, before this panel asked. */
  extension: number;
}

export interface StreamRecord {
  info: StreamInfo;
  /** The raw chunks, byte for byte, with their arrival times. */
  /**
   * The chunks with their arrival times and sizes; `bytes` for byte streams (SSE, protobuf, binary messages).
   * A text message keeps only its size here: its text is in the log, and a million messages would otherwise be a
   * million small buffers.
   */
  chunks: { t: number; size: number; bytes?: Uint8Array }[];
  bytes: number;
  frames: number;
}

export interface Navigation {
  url: string;
  t: number;
  /** Frames before it. */
  atFrame: number;
}

/** Everything that happened, in arrival order (what an export writes). */
export type SessionRecord =
  | { kind: 'open'; streamId: string }
  | { kind: 'chunk'; streamId: string; t: number; bytes: Uint8Array; dir?: 'in' | 'out' }
  | { kind: 'message'; streamId: string; t: number; text: string }
  | { kind: 'close'; streamId: string; t: number; error?: string }
  | { kind: 'navigate'; url: string; t: number }
  | { kind: 'notice'; notice: SessionNotice };

export type SessionListener = (frames: readonly Frame[], from: number) => void;
export type CloseListener = (streamId: string, error: string | undefined) => void;
export type ChangeListener = () => void;

/**
 * The captured truth: streams with their raw bytes, decoded into frames in arrival order.
 * Everything else (events, messages, state, problems) is derived from the frames.
 */
export class Session {
  readonly streams = new Map<string, StreamRecord>();
  readonly frames: Frame[] = [];
  readonly navigations: Navigation[] = [];
  readonly log: SessionRecord[] = [];
  readonly notices: SessionNotice[] = [];
  readonly dropped: DroppedEvents = { page: 0, extension: 0 };
  private readonly decoders = new Map<string, StreamDecoder>();
  private readonly listeners = new Set<SessionListener>();
  private readonly closeListeners = new Set<CloseListener>();
  private readonly changeListeners = new Set<ChangeListener>();

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onClose(listener: CloseListener): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /**
   * A new session that goes on from this one (Clear): the streams still open come along, marked as lacking their
   * start, so what they send next is read and judged rightly.
   */
  continuation(): Session {
    const next = new Session();
    for (const { info } of this.streams.values()) if (info.closedAt === undefined) next.open({ ...info, startDropped: true });
    return next;
  }

  /** Applies what another session recorded after it went on from this one (Undo of a Clear). */
  absorb(later: Session): void {
    for (const r of later.log) {
      switch (r.kind) {
        case 'open':
          if (!this.streams.has(r.streamId)) this.open({ ...later.streams.get(r.streamId)!.info, closedAt: undefined, error: undefined, endedByNavigation: undefined } as StreamInfo);
          break;
        case 'chunk':
          this.chunk(r.streamId, r.t, r.bytes, r.dir);
          break;
        case 'message':
          this.message(r.streamId, r.t, r.text);
          break;
        case 'close': {
          const info = later.streams.get(r.streamId)?.info;
          this.close(r.streamId, r.t, r.error, info?.endedByNavigation === true);
          break;
        }
        case 'navigate':
          this.navigate(r.url, r.t);
          break;
        case 'notice':
          this.notice(r.notice, false);
          break;
        default: {
          const unhandled: never = r;
          return unhandled;
        }
      }
    }
    this.noteDropped('page', later.dropped.page);
    this.noteDropped('extension', later.dropped.extension);
  }

  /** Anything else changed: a notice, a drop count. */
  onChange(listener: ChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** `count`: its dropped events are not yet in `dropped` (an import brings its own count). */
  notice(notice: SessionNotice, count = true): void {
    this.notices.push(notice);
    this.log.push({ kind: 'notice', notice });
    if (count && notice.events) this.dropped.page += notice.events;
    for (const listener of this.changeListeners) listener();
  }

  noteDropped(where: keyof DroppedEvents, events: number): void {
    if (events <= 0) return;
    this.dropped[where] += events;
    for (const listener of this.changeListeners) listener();
  }

  /**
   * A stream starts. Its request side is masked here, whatever it came from (the capture masked it already; an
   * imported session or HAR file may hold anything): what a session holds, every view shows and every export writes.
   */
  open(raw: StreamInfo): void {
    if (this.streams.has(raw.id)) return;
    const info = maskRequest(raw);
    this.streams.set(info.id, { info, chunks: [], bytes: 0, frames: 0 });
    this.decoders.set(info.id, new StreamDecoder(info.id, info.format));
    this.log.push({ kind: 'open', streamId: info.id });
  }

  /** Bytes of a stream; for JSON streams one whole message, `dir` "out" when the page sent it (WebSocket). */
  chunk(streamId: string, t: number, bytes: Uint8Array, dir?: 'in' | 'out'): void {
    this.chunkInSteps(streamId, t, bytes, dir)(Number.POSITIVE_INFINITY);
  }

  /**
   * Like chunk(), but decodes the bytes a slice at a time: the chunk is recorded once, whole, and the returned step
   * decodes up to `max` more bytes and says whether it is done. (The panel applies a flood in slices.) Nothing
   * else may be added to the session until the last step.
   */
  chunkInSteps(streamId: string, t: number, raw: Uint8Array, dir?: 'in' | 'out'): (max: number) => boolean {
    const record = this.streams.get(streamId);
    const decoder = this.decoders.get(streamId);
    if (!record || !decoder) return () => true;
    // A message the page sent (WebSocket) is its request: masked as a request body is.
    const bytes = dir === 'out' && record.info.format === 'json' ? maskedMessage(raw) : raw;
    record.chunks.push({ t, size: bytes.length, bytes });
    record.bytes += bytes.length;
    this.log.push(dir ? { kind: 'chunk', streamId, t, bytes, dir } : { kind: 'chunk', streamId, t, bytes });
    if (record.info.format === 'json') {
      this.add(record, decoder.push(bytes, t, dir));
      return () => true;
    }
    let at = 0;
    return (max) => {
      const end = Math.min(bytes.length, at + max);
      this.add(record, decoder.push(bytes.subarray(at, end), t, dir));
      at = end;
      return at >= bytes.length;
    };
  }


  /** One whole JSON message (WebSocket, or a line of an imported file). */
  message(streamId: string, t: number, text: string): void {
    const record = this.streams.get(streamId);
    const decoder = this.decoders.get(streamId);
    if (!record || !decoder) return;
    const size = utf8Length(text);
    record.chunks.push({ t, size });
    record.bytes += size;
    this.log.push({ kind: 'message', streamId, t, text });
    this.add(record, [decoder.pushText(text, t)]);
  }

  /** A stream ended (with an error, or because the page navigated away while it was open). */
  close(streamId: string, t: number, error?: string, byNavigation = false): void {
    const record = this.streams.get(streamId);
    const decoder = this.decoders.get(streamId);
    if (!record || !decoder) return;
    if (record.info.closedAt !== undefined) {
      // The real end of a stream already ended by navigation: what it still held is decoded, nothing else changes.
      if (record.info.endedByNavigation && !byNavigation) {
        this.add(record, decoder.end(t));
        this.decoders.delete(streamId);
      }
      return;
    }
    record.info.closedAt = t;
    if (error !== undefined) record.info.error = error;
    if (byNavigation) record.info.endedByNavigation = true;
    this.log.push({ kind: 'close', streamId, t, ...(error !== undefined && { error }) });
    // Ended by navigation, the stream may still deliver what the old page had read (Firefox does): the decoder stays.
    if (!byNavigation) {
      this.add(record, decoder.end(t));
      this.decoders.delete(streamId);
    }
    for (const listener of this.closeListeners) listener(streamId, error);
  }

  /** The tab's top document changed: streams of the pages before that are still open ended there. */
  navigate(url: string, t: number): void {
    for (const [id, stream] of this.streams) if (stream.info.closedAt === undefined && stream.info.openedAt < t) this.close(id, t, undefined, true);
    const masked = maskUrl(url);
    this.navigations.push({ url: masked, t, atFrame: this.frames.length });
    this.log.push({ kind: 'navigate', url: masked, t });
  }

  /** Frames that carry an event (the count the toolbar shows; frames that are not events are not counted). */
  get eventCount(): number {
    return this.events;
  }
  private events = 0;

  private add(record: StreamRecord, frames: Frame[]): void {
    if (frames.length === 0) return;
    const from = this.frames.length;
    for (const frame of frames) {
      this.frames.push(frame);
      if (frame.event !== undefined) this.events++;
    }
    record.frames += frames.length;
    for (const listener of this.listeners) listener(this.frames, from);
  }
}

/** The UTF-8 size of a string, without encoding it. */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a surrogate pair: 4 bytes for 2 UTF-16 units
      i++;
    } else n += 2;
  }
  return n;
}

const textDecoder = new TextDecoder();
const textEncoder = new TextEncoder();
/** A sent message's bytes with its secrets masked (the same bytes when it holds none). */
function maskedMessage(bytes: Uint8Array): Uint8Array {
  const text = textDecoder.decode(bytes);
  const masked = maskBody(text);
  return masked === text ? bytes : textEncoder.encode(masked);
}
