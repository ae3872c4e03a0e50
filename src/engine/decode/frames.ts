import type { Diagnostic } from '../diagnostics';
import type { AnyEvent } from '../events/model';
import { type CheckedEvent, checkEvent, decodeEventText } from './event';
import { ProtoParser, type ProtoFrame } from './proto';
import { SseParser, type SseFrame } from './sse';

export type FrameFormat = 'sse' | 'proto' | 'json';

/** One unit of a stream as it arrived: the raw input, the event read from it (if any) and what was wrong. */
export interface Frame {
  /** Which stream it came from. */
  streamId: string;
  /** Position within that stream, from 0 (the session-wide position is the event index, the frame's place in the session). */
  streamIndex: number;
  /** Arrival time, epoch milliseconds, of the chunk that completed it. */
  t: number;
  format: FrameFormat;
  /** The frame's text: SSE data, a JSON message, or protobuf bytes as hex. */
  raw: string;
  /** Byte range within the stream (SSE and protobuf). */
  range?: [number, number];
  /** WebSocket: "out" for what the page sent (shown, not replayed), "in" for what it received. */
  direction?: 'in' | 'out';
  /** SSE fields other than data. */
  sse?: { event?: string; id?: string; retry?: number };
  event?: AnyEvent;
  /** The event as the reducer takes it (compatibility rewrites applied, unrecognized material removed); often `event` itself. */
  normalized?: Record<string, unknown>;
  reducible: boolean;
  diagnostics: Diagnostic[];
}

const hex = (bytes: Uint8Array, limit = 4096): string => {
  let s = '';
  const n = Math.min(bytes.length, limit);
  for (let i = 0; i < n; i++) s += (bytes[i]! < 16 ? '0' : '') + bytes[i]!.toString(16) + (i % 16 === 15 ? '\n' : ' ');
  return bytes.length > limit ? `${s}… (${bytes.length - limit} more bytes)` : s.trimEnd();
};

/** A frame with what checking its event found: the event, its normalized form, whether it reduces, its diagnostics. */
function withChecked(frame: Frame, checked: CheckedEvent): Frame {
  if (checked.event !== undefined) frame.event = checked.event;
  if (checked.reducible && checked.normalized) frame.normalized = checked.normalized;
  frame.reducible = checked.reducible;
  if (checked.diagnostics.length > 0) frame.diagnostics = frame.diagnostics.concat(checked.diagnostics);
  return frame;
}

/** Turns a stream's chunks into frames, whatever its format. */
export class StreamDecoder {
  private readonly sse?: SseParser;
  private readonly proto?: ProtoParser;
  private count = 0;

  constructor(
    readonly streamId: string,
    readonly format: FrameFormat,
  ) {
    if (format === 'sse') this.sse = new SseParser();
    else if (format === 'proto') this.proto = new ProtoParser();
  }

  /** SSE and protobuf: a chunk of bytes. JSON: one whole message (WebSocket). */
  push(bytes: Uint8Array, t: number, dir?: 'in' | 'out'): Frame[] {
    if (this.sse) return this.sse.push(bytes).map((f) => this.fromSse(f, t));
    if (this.proto) return this.proto.push(bytes).map((f) => this.fromProto(f, t));
    const frame = this.fromJson(new TextDecoder().decode(bytes), t);
    if (dir) {
      frame.direction = dir;
      // What the page sent is the client's own message, not part of the agent's stream.
      if (dir === 'out') {
        frame.reducible = false;
        delete frame.normalized;
      }
    }
    return [frame];
  }

  /** One whole JSON text message (WebSocket, JSONL line, array element). */
  pushText(text: string, t: number): Frame {
    return this.fromJson(text, t);
  }

  /** One already-parsed value (an element of a JSON array file). Its raw text is its JSON. */
  pushValue(value: unknown, t: number): Frame {
    const checked = checkEvent(value);
    let raw: string;
    try {
      raw = JSON.stringify(value) ?? String(value);
    } catch {
      raw = String(value);
    }
    return this.jsonFrame(raw, checked, t);
  }

  end(t: number): Frame[] {
    if (this.sse) return this.sse.end().map((f) => this.fromSse(f, t));
    if (this.proto) return this.proto.end().map((f) => this.fromProto(f, t));
    return [];
  }

  /** Comment lines between frames (SSE heartbeats). */
  get heartbeats(): number {
    return this.sse?.heartbeats ?? 0;
  }

  private fromSse(f: SseFrame, t: number): Frame {
    const frame: Frame = {
      streamId: this.streamId,
      streamIndex: this.count++,
      t,
      format: 'sse',
      raw: f.data,
      range: [f.start, f.end],
      reducible: false,
      diagnostics: f.diagnostics,
    };
    if (f.event !== undefined || f.id !== undefined || f.retry !== undefined) {
      frame.sse = {};
      if (f.event !== undefined) frame.sse.event = f.event;
      if (f.id !== undefined) frame.sse.id = f.id;
      if (f.retry !== undefined) frame.sse.retry = f.retry;
    }
    if (f.diagnostics.some((d) => d.code === 'sse/no-data')) return frame;
    const checked = decodeEventText(f.data);
    return withChecked(frame, checked);
  }

  private fromProto(f: ProtoFrame, t: number): Frame {
    const frame: Frame = {
      streamId: this.streamId,
      streamIndex: this.count++,
      t,
      format: 'proto',
      raw: hex(f.bytes),
      range: [f.start, f.end],
      reducible: false,
      diagnostics: f.diagnostics,
    };
    if (f.value === undefined) return frame;
    const checked = checkEvent(f.value);
    return withChecked(frame, checked);
  }

  private fromJson(text: string, t: number): Frame {
    return this.jsonFrame(text, decodeEventText(text), t);
  }

  private jsonFrame(text: string, checked: CheckedEvent, t: number): Frame {
    const frame: Frame = {
      streamId: this.streamId,
      streamIndex: this.count++,
      t,
      format: 'json',
      raw: text,
      reducible: checked.reducible,
      diagnostics: checked.diagnostics,
    };
    if (checked.event !== undefined) frame.event = checked.event;
    if (checked.reducible && checked.normalized) frame.normalized = checked.normalized;
    return frame;
  }
}
