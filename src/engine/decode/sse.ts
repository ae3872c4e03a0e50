import { joinBytes } from '../util/bytes';
import type { Diagnostic } from '../diagnostics';

/**
 * One dispatched SSE event (the HTML standard's "event stream" grammar), before its data is read as JSON.
 * Byte offsets count from the first byte of the stream, the BOM included.
 */
export interface SseFrame {
  /** Offset of the frame's first line. */
  start: number;
  /** Offset just past the blank line that ended it (or the end of the stream). */
  end: number;
  /** The `data:` lines joined by "\n". */
  data: string;
  /** The `event:` field, when one was given. */
  event?: string;
  /** The `id:` field, when one was given in this frame. */
  id?: string;
  /** The `retry:` field, when one was given in this frame and was all digits. */
  retry?: number;
  /** Comment lines (`:` heartbeats) inside this frame. */
  comments: number;
  diagnostics: Diagnostic[];
}

/** Shared by every frame without diagnostics; never written to. */
const NONE: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];
const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;

const enum Field {
  Data,
  Event,
  Id,
  Retry,
  Other,
}

const fieldOf = (b: Uint8Array, start: number, end: number): Field => {
  const len = end - start;
  if (len === 4) {
    if (b[start] === 0x64 && b[start + 1] === 0x61 && b[start + 2] === 0x74 && b[start + 3] === 0x61) return Field.Data;
  } else if (len === 5) {
    if (b[start] === 0x65 && b[start + 1] === 0x76 && b[start + 2] === 0x65 && b[start + 3] === 0x6e && b[start + 4] === 0x74)
      return Field.Event;
    if (b[start] === 0x72 && b[start + 1] === 0x65 && b[start + 2] === 0x74 && b[start + 3] === 0x72 && b[start + 4] === 0x79)
      return Field.Retry;
  } else if (len === 2) {
    if (b[start] === 0x69 && b[start + 1] === 0x64) return Field.Id;
  }
  return Field.Other;
};

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const ascii = new TextDecoder('utf-8', { ignoreBOM: true });


function isAscii(b: Uint8Array): boolean {
  // Eight bytes at a time where the buffer is aligned for it.
  let i = 0;
  const n = b.length;
  if (b.byteOffset % 4 === 0 && n >= 64) {
    const words = new Uint32Array(b.buffer, b.byteOffset, n >> 2);
    for (let w = 0; w < words.length; w++) if ((words[w]! & 0x80808080) !== 0) return false;
    i = words.length << 2;
  }
  for (; i < n; i++) if (b[i]! >= 0x80) return false;
  return true;
}
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Streaming parser for `text/event-stream`. Lines are found on bytes (CR and LF never occur inside a UTF-8
 * sequence), so a chunk may end anywhere, also inside a multi-byte character or between CR and LF.
 * Unlike a browser's EventSource it keeps a last frame that lacks its blank line, with a warning.
 */
export class SseParser {
  /** Bytes of a line not yet terminated, carried to the next chunk (in parts: a long line is joined once). */
  private carry: Uint8Array[] = [];
  /** Bytes consumed before the current chunk. */
  private base = 0;
  private afterCR = false;
  private atStreamStart = true;
  // The frame being built.
  private frameStart = -1;
  private data = '';
  private hasData = false;
  private eventName: string | undefined;
  private id: string | undefined;
  private retry: number | undefined;
  private comments = 0;
  private diagnostics: Diagnostic[] = NONE;
  /** Comment lines seen outside any frame (heartbeats between events). */
  heartbeats = 0;
  /** The last `id:` seen, as EventSource would report it in lastEventId. */
  lastEventId = '';
  /** The current bytes as text when they are all ASCII (then byte offsets are string offsets). */
  private asciiText: string | null = null;
  private asciiOf: Uint8Array | null = null;

  push(chunk: Uint8Array, out: SseFrame[] = []): SseFrame[] {
    // A line that goes on (no line end in this chunk either) waits, in parts: joined once when it ends.
    if (this.carry.length > 0 && !this.afterCR && chunk.indexOf(LF) === -1 && chunk.indexOf(CR) === -1) {
      this.carry.push(chunk);
      this.base += chunk.length;
      return out;
    }
    let bytes = chunk;
    let base = this.base;
    if (this.carry.length > 0) {
      const carried = joinBytes(this.carry);
      const joined = new Uint8Array(carried.length + chunk.length);
      joined.set(carried);
      joined.set(chunk, carried.length);
      base -= carried.length;
      bytes = joined;
      this.carry = [];
    }
    this.base += chunk.length;
    let pos = 0;
    if (this.atStreamStart) {
      if (bytes.length < 3 && isBomPrefix(bytes)) {
        this.carry = [bytes];
        this.base = base + bytes.length;
        return out;
      }
      this.atStreamStart = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) pos = 3;
    }
    if (this.afterCR && bytes[pos] === LF) pos++;
    this.afterCR = false;
    const n = bytes.length;
    // Most streams are ASCII (JSON escapes the rest): decode the chunk once and slice lines out of it.
    this.asciiOf = isAscii(bytes) ? bytes : null;
    this.asciiText = this.asciiOf ? ascii.decode(bytes) : null;
    let nextLF = bytes.indexOf(LF, pos);
    let nextCR = bytes.indexOf(CR, pos);
    while (pos < n) {
      if (nextLF !== -1 && nextLF < pos) nextLF = bytes.indexOf(LF, pos);
      if (nextCR !== -1 && nextCR < pos) nextCR = bytes.indexOf(CR, pos);
      let eol: number;
      if (nextLF === -1) eol = nextCR;
      else if (nextCR === -1) eol = nextLF;
      else eol = nextLF < nextCR ? nextLF : nextCR;
      if (eol === -1) break;
      this.line(bytes, pos, eol, base, out);
      if (bytes[eol] === CR) {
        if (eol + 1 < n) pos = bytes[eol + 1] === LF ? eol + 2 : eol + 1;
        else {
          this.afterCR = true;
          pos = eol + 1;
        }
      } else pos = eol + 1;
    }
    if (pos < n) this.carry = [bytes.slice(pos)];
    this.asciiOf = null;
    this.asciiText = null;
    return out;
  }

  /** The stream ended: a pending line and a frame without its blank line are still delivered. */
  end(out: SseFrame[] = []): SseFrame[] {
    if (this.carry.length > 0) {
      const bytes = joinBytes(this.carry);
      this.carry = [];
      const base = this.base - bytes.length;
      if (!(this.atStreamStart && isBomPrefix(bytes))) this.line(bytes, 0, bytes.length, base, out);
    }
    if (this.frameStart !== -1) {
      if (this.hasData) {
        this.diag({
          code: 'sse/unterminated-frame',
          severity: 'warning',
          message: 'The stream ended without the blank line that ends this frame; a browser EventSource would drop it.',
          offset: this.frameStart,
        });
      }
      this.dispatch(this.base, out);
    }
    return out;
  }

  private line(b: Uint8Array, start: number, end: number, base: number, out: SseFrame[]): void {
    if (start === end) {
      if (this.frameStart !== -1) this.dispatch(base + end + 1, out);
      return;
    }
    if (b[start] === COLON) {
      if (this.frameStart === -1) this.heartbeats++;
      else this.comments++;
      return;
    }
    if (this.frameStart === -1) this.frameStart = base + start;
    // The common line first: "data: …".
    if (b[start] === 0x64 && b[start + 1] === 0x61 && b[start + 2] === 0x74 && b[start + 3] === 0x61 && b[start + 4] === COLON) {
      const value = this.text(b, b[start + 5] === SPACE ? start + 6 : start + 5, end, base);
      this.data = this.hasData ? `${this.data}\n${value}` : value;
      this.hasData = true;
      return;
    }
    const colon = b.indexOf(COLON, start);
    let fieldEnd = end;
    let valueStart = end;
    if (colon !== -1 && colon < end) {
      fieldEnd = colon;
      valueStart = colon + 1;
      if (b[valueStart] === SPACE && valueStart < end) valueStart++;
    }
    const field = fieldOf(b, start, fieldEnd);
    if (field === Field.Other) {
      this.diag({
        code: 'sse/unknown-field',
        severity: 'info',
        message: `Ignored the line "${this.text(b, start, end, base)}": "${this.text(b, start, fieldEnd, base)}" is not an SSE field (data, event, id, retry).`,
        offset: base + start,
      });
      return;
    }
    const value = this.text(b, valueStart, end, base);
    switch (field) {
      case Field.Data:
        this.data = this.hasData ? `${this.data}\n${value}` : value;
        this.hasData = true;
        return;
      case Field.Event:
        this.eventName = value;
        return;
      case Field.Id:
        if (value.includes('\0')) {
          this.diag({
            code: 'sse/invalid-id',
            severity: 'warning',
            message: 'Ignored an id: field that contains a NULL character.',
            offset: base + start,
          });
        } else {
          this.id = value;
          this.lastEventId = value;
        }
        return;
      case Field.Retry:
        if (/^[0-9]+$/.test(value)) this.retry = Number(value);
        else {
          this.diag({
            code: 'sse/invalid-retry',
            severity: 'info',
            message: `Ignored retry: "${value}": it is not a whole number of milliseconds.`,
            offset: base + start,
          });
        }
        return;
    }
  }

  private diag(d: Diagnostic): void {
    if (this.diagnostics === NONE) this.diagnostics = [];
    this.diagnostics.push(d);
  }

  private text(b: Uint8Array, start: number, end: number, base: number): string {
    if (start === end) return '';
    if (b === this.asciiOf) return this.asciiText!.slice(start, end);
    const view = b.subarray(start, end);
    try {
      return strict.decode(view);
    } catch {
      const bad = firstInvalidUtf8(view);
      this.diag({
        code: 'sse/invalid-utf8',
        severity: 'warning',
        message: `Invalid UTF-8 (byte 0x${view[bad]!.toString(16).padStart(2, '0')}); invalid bytes are shown as U+FFFD.`,
        offset: base + start + bad,
      });
      return lenient.decode(view);
    }
  }

  private dispatch(end: number, out: SseFrame[]): void {
    // Per the standard a frame without data dispatches nothing; its id still counts, its diagnostics are kept.
    if (this.hasData || this.diagnostics.length > 0) {
      const frame: SseFrame = {
        start: this.frameStart,
        end,
        data: this.data,
        comments: this.comments,
        diagnostics: this.diagnostics,
      };
      if (this.eventName !== undefined) frame.event = this.eventName;
      if (this.id !== undefined) frame.id = this.id;
      if (this.retry !== undefined) frame.retry = this.retry;
      if (!this.hasData) {
        if (frame.diagnostics === NONE) frame.diagnostics = [];
        frame.diagnostics.push({
          code: 'sse/no-data',
          severity: 'info',
          message: 'A frame without data: lines; no event is dispatched for it.',
          offset: this.frameStart,
        });
      }
      out.push(frame);
      this.diagnostics = NONE;
    }
    this.frameStart = -1;
    this.data = '';
    this.hasData = false;
    this.eventName = undefined;
    this.id = undefined;
    this.retry = undefined;
    this.comments = 0;
  }
}

const isBomPrefix = (b: Uint8Array): boolean =>
  (b.length >= 1 ? b[0] === 0xef : true) && (b.length >= 2 ? b[1] === 0xbb : true) && b.length < 3;

/** Index of the first byte that does not belong to a well-formed UTF-8 sequence (only called on failure). */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let need = 0;
    let min = 0;
    if (c < 0x80) {
      i++;
      continue;
    } else if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    if (i + need >= b.length) return i;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const n = b[i + k];
      if (n === undefined || (n & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (n & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return Math.max(0, b.length - 1);
}
