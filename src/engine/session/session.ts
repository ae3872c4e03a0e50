import type { FrameFormat, Frame } from '../decode/frames';
import { StreamDecoder } from '../decode/frames';

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
  /** How the bytes were obtained when they are not the wire's own (EventSource events re-encoded). */
  note?: string;
  openedAt: number;
  closedAt?: number;
  error?: string;
  /** Which page of the tab (navigation count) it belongs to. */
  page: number;
  /** Its first events were dropped (capture buffer limit) before they reached this session. */
  startDropped?: boolean;
}

export interface StreamRecord {
  info: StreamInfo;
  /** The raw chunks, byte for byte, with their arrival times. */
  chunks: { t: number; bytes: Uint8Array }[];
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
  | { kind: 'navigate'; url: string; t: number };

export type SessionListener = (frames: readonly Frame[], from: number) => void;
export type CloseListener = (streamId: string, error: string | undefined) => void;

/**
 * The captured truth: streams with their raw bytes, decoded into frames in arrival order.
 * Everything else (events, messages, state, problems) is derived from the frames.
 */
export class Session {
  readonly streams = new Map<string, StreamRecord>();
  readonly frames: Frame[] = [];
  readonly navigations: Navigation[] = [];
  readonly log: SessionRecord[] = [];
  private readonly decoders = new Map<string, StreamDecoder>();
  private readonly listeners = new Set<SessionListener>();
  private readonly closeListeners = new Set<CloseListener>();

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onClose(listener: CloseListener): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  open(info: StreamInfo): void {
    if (this.streams.has(info.id)) return;
    this.streams.set(info.id, { info, chunks: [], bytes: 0, frames: 0 });
    this.decoders.set(info.id, new StreamDecoder(info.id, info.format));
    this.log.push({ kind: 'open', streamId: info.id });
  }

  /** Bytes of a stream; for JSON streams one whole message, `dir` "out" when the page sent it (WebSocket). */
  chunk(streamId: string, t: number, bytes: Uint8Array, dir?: 'in' | 'out'): void {
    const record = this.streams.get(streamId);
    const decoder = this.decoders.get(streamId);
    if (!record || !decoder) return;
    record.chunks.push({ t, bytes });
    record.bytes += bytes.length;
    this.log.push(dir ? { kind: 'chunk', streamId, t, bytes, dir } : { kind: 'chunk', streamId, t, bytes });
    this.add(record, decoder.push(bytes, t, dir));
  }


  /** One whole JSON message (WebSocket, or a line of an imported file). */
  message(streamId: string, t: number, text: string): void {
    const record = this.streams.get(streamId);
    const decoder = this.decoders.get(streamId);
    if (!record || !decoder) return;
    const bytes = new TextEncoder().encode(text);
    record.chunks.push({ t, bytes });
    record.bytes += bytes.length;
    this.log.push({ kind: 'message', streamId, t, text });
    this.add(record, [decoder.pushText(text, t)]);
  }

  close(streamId: string, t: number, error?: string): void {
    const record = this.streams.get(streamId);
    const decoder = this.decoders.get(streamId);
    if (!record || !decoder || record.info.closedAt !== undefined) return;
    record.info.closedAt = t;
    if (error !== undefined) record.info.error = error;
    this.log.push({ kind: 'close', streamId, t, ...(error !== undefined && { error }) });
    this.add(record, decoder.end(t));
    this.decoders.delete(streamId);
    for (const listener of this.closeListeners) listener(streamId, error);
  }

  navigate(url: string, t: number): void {
    this.navigations.push({ url, t, atFrame: this.frames.length });
    this.log.push({ kind: 'navigate', url, t });
  }

  private add(record: StreamRecord, frames: Frame[]): void {
    if (frames.length === 0) return;
    const from = this.frames.length;
    for (const frame of frames) this.frames.push(frame);
    record.frames += frames.length;
    for (const listener of this.listeners) listener(this.frames, from);
  }
}
