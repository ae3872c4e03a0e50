/**
 * Where each event of an input file stands in the file: its line (JSONL, a JSON array, SSE) and its byte range
 * (SSE, a protobuf dump). Reports (SARIF, JUnit, the text of `lint`) point editors and code scanning at it.
 */
import type { Frame } from '../decode/frames';
import { type InputFormat, splitJsonArray } from './readInput';

export interface EventLocation {
  /** 1-based line of the event's first character. */
  line?: number;
  /** Byte range of the frame within the file. */
  byteOffset?: number;
  byteLength?: number;
}

/** Line numbers (1-based) of ascending offsets into `text`, counting '\n' (so CRLF files count right too). */
function linesOfOffsets(text: string | Uint8Array, offsets: readonly number[]): number[] {
  const out: number[] = [];
  let line = 1;
  let at = 0;
  const isBytes = typeof text !== 'string';
  for (const offset of offsets) {
    if (isBytes) {
      for (; at < offset && at < text.length; at++) if (text[at] === 0x0a) line++;
    } else {
      for (; at < offset && at < text.length; at++) if (text.charCodeAt(at) === 0x0a) line++;
    }
    out.push(line);
  }
  return out;
}

/** The location of input event i (a frame index of the single input stream), for each i. */
export function locateEvents(bytes: Uint8Array, format: InputFormat, frames: readonly Frame[]): (EventLocation | undefined)[] {
  switch (format) {
    case 'jsonl': {
      // The same lines readInput reads: split at \n (a \r before it is part of the break), blank lines skipped.
      const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
      const out: EventLocation[] = [];
      let line = 1;
      let start = 0;
      while (start <= text.length) {
        let end = text.indexOf('\n', start);
        if (end === -1) end = text.length;
        if (text.slice(start, end).trim() !== '') out.push({ line });
        line++;
        start = end + 1;
      }
      return out;
    }
    case 'json-array': {
      const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
      const starts: number[] = [];
      if (!splitJsonArray(text, starts)) return [];
      return linesOfOffsets(text, starts).map((line) => ({ line }));
    }
    case 'sse': {
      const offsets = frames.map((f) => f.range?.[0] ?? 0);
      const lines = linesOfOffsets(bytes, offsets);
      return frames.map((f, i) => (f.range ? { line: lines[i]!, byteOffset: f.range[0], byteLength: f.range[1] - f.range[0] } : undefined));
    }
    case 'proto':
      return frames.map((f) => (f.range ? { byteOffset: f.range[0], byteLength: f.range[1] - f.range[0] } : undefined));
    case 'session':
    case 'har':
      return [];
  }
}
