import { AGUIUnknownEventTypeError, decode } from '@ag-ui/proto';
import type { Diagnostic } from '../diagnostics';

/** One length-prefixed protobuf frame, bytes kept. */
export interface ProtoFrame {
  start: number;
  end: number;
  /** The message bytes, without the 4-byte length. */
  bytes: Uint8Array;
  /** The decoded event object, when the bytes decode. */
  value?: unknown;
  diagnostics: Diagnostic[];
}

/** Frames above this are reported rather than buffered without end (the reference client's limit is 10 MB). */
export const MAX_PROTO_FRAME = 64 * 1024 * 1024;

/**
 * Streaming reader of `application/vnd.ag-ui.event+proto`: a 4-byte big-endian length, then an `ag_ui.Event`.
 * A length may be split across chunks. A frame that does not decode is reported and skipped; the stream goes on.
 */
export class ProtoParser {
  private buffer: Uint8Array = new Uint8Array(0);
  /** Chunks of a frame still incomplete, joined once it is whole (a big frame over many chunks). */
  private waiting: Uint8Array[] = [];
  private waitingSize = 0;
  private base = 0;
  private broken = false;

  /** The frame length declared by the first 4 bytes held, when they are there. */
  private declared(): number | undefined {
    if (this.buffer.length + this.waitingSize < 4) return undefined;
    const head = new Uint8Array(4);
    let at = 0;
    for (const part of [this.buffer, ...this.waiting]) {
      for (let i = 0; i < part.length && at < 4; i++) head[at++] = part[i]!;
      if (at === 4) break;
    }
    return ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  }

  push(chunk: Uint8Array, out: ProtoFrame[] = []): ProtoFrame[] {
    if (this.broken) {
      this.base += chunk.length;
      return out;
    }
    if (this.buffer.length > 0 || this.waitingSize > 0) {
      this.waiting.push(chunk);
      this.waitingSize += chunk.length;
      const length = this.declared();
      if (length === undefined || (length <= MAX_PROTO_FRAME && this.buffer.length + this.waitingSize < 4 + length)) return out;
      this.joinWaiting();
    } else this.buffer = chunk;
    let pos = 0;
    const b = this.buffer;
    while (b.length - pos >= 4) {
      const length = ((b[pos]! << 24) | (b[pos + 1]! << 16) | (b[pos + 2]! << 8) | b[pos + 3]!) >>> 0;
      if (length > MAX_PROTO_FRAME) {
        out.push({
          start: this.base + pos,
          end: this.base + b.length,
          bytes: b.slice(pos),
          diagnostics: [
            {
              code: 'proto/frame-too-large',
              severity: 'error',
              message: `A frame declares ${length} bytes (over ${MAX_PROTO_FRAME}); the rest of this stream cannot be framed.`,
              offset: this.base + pos,
            },
          ],
        });
        this.broken = true;
        this.base += b.length;
        this.buffer = new Uint8Array(0);
        return out;
      }
      if (b.length - pos - 4 < length) break;
      const bytes = b.slice(pos + 4, pos + 4 + length);
      out.push(decodeFrame(bytes, this.base + pos, this.base + pos + 4 + length));
      pos += 4 + length;
    }
    this.base += pos;
    this.buffer = pos === b.length ? new Uint8Array(0) : b.slice(pos);
    return out;
  }

  /** The parts waiting for a frame's end, joined onto the buffer. */
  private joinWaiting(): void {
    const joined = new Uint8Array(this.buffer.length + this.waitingSize);
    joined.set(this.buffer);
    let at = this.buffer.length;
    for (const part of this.waiting) {
      joined.set(part, at);
      at += part.length;
    }
    this.waiting = [];
    this.waitingSize = 0;
    this.buffer = joined;
  }

  end(out: ProtoFrame[] = []): ProtoFrame[] {
    if (this.waitingSize > 0) {
      this.joinWaiting();
    }
    if (this.buffer.length > 0) {
      out.push({
        start: this.base,
        end: this.base + this.buffer.length,
        bytes: this.buffer,
        diagnostics: [
          {
            code: 'proto/truncated',
            severity: 'error',
            message: `The stream ended mid-frame: ${this.buffer.length} trailing bytes are not a complete frame.`,
            offset: this.base,
          },
        ],
      });
      this.buffer = new Uint8Array(0);
    }
    return out;
  }
}

function decodeFrame(bytes: Uint8Array, start: number, end: number): ProtoFrame {
  try {
    return { start, end, bytes, value: decode(bytes), diagnostics: [] };
  } catch (error) {
    const unknown = error instanceof AGUIUnknownEventTypeError;
    return {
      start,
      end,
      bytes,
      diagnostics: [
        unknown
          ? {
              code: 'proto/unknown-event',
              severity: 'warning',
              message: 'An event type this protocol version does not know (a later variant); it cannot be shown.',
              offset: start,
            }
          : {
              code: 'proto/invalid',
              severity: 'error',
              message: `Not a valid ag_ui.Event: ${(error as Error).message}`,
              offset: start,
            },
      ],
    };
  }
}
