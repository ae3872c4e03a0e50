/**
 * Reads whatever a user hands the CLI or the import button: a JSON array of events, JSONL, raw SSE text, a
 * protobuf frame dump, or a session export. The format is detected from the bytes.
 */
import { importSession, looksLikeSessionFile, SessionFileError } from './exportFormat';
import { Session } from './session';

export type InputFormat = 'session' | 'json-array' | 'jsonl' | 'sse' | 'proto';

export class InputError extends Error {}

const SSE_START = /^(data|event|id|retry)(:|\r?\n|$)|^:/;

const fileStream = (id: string, format: 'sse' | 'proto' | 'json', name: string) => ({
  id,
  transport: 'file' as const,
  format,
  url: name,
  method: 'FILE',
  status: 0,
  statusText: '',
  frameUrl: '',
  requestHeaders: [],
  responseHeaders: [],
  openedAt: 0,
  page: 0,
});

function looksLikeProto(bytes: Uint8Array): boolean {
  if (bytes.length < 5) return false;
  let pos = 0;
  let frames = 0;
  while (pos + 4 <= bytes.length && frames < 4) {
    const length = ((bytes[pos]! << 24) | (bytes[pos + 1]! << 16) | (bytes[pos + 2]! << 8) | bytes[pos + 3]!) >>> 0;
    if (length === 0 || pos + 4 + length > bytes.length) return frames > 0;
    // An ag_ui.Event starts with a field tag (a small varint key).
    const tag = bytes[pos + 4]!;
    if ((tag & 0x07) !== 2) return false;
    pos += 4 + length;
    frames++;
  }
  return frames > 0;
}

export function detectFormat(bytes: Uint8Array): InputFormat {
  // A frame dump starts with a big-endian length, whose first byte is 0 below 16 MB; text never starts with NUL.
  if (bytes[0] === 0) {
    if (looksLikeProto(bytes)) return 'proto';
    throw new InputError('The file is binary but not a protobuf frame dump (4-byte big-endian length, then an ag_ui.Event).');
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)));
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head === '') throw new InputError('The file is empty: no events to read.');
  if (SSE_START.test(head)) return 'sse';
  if (head.startsWith('[')) return 'json-array';
  if (head.startsWith('{')) {
    // A whole-file object is a session (or one event); several lines of objects are JSONL.
    const firstLine = head.split(/\r?\n/, 1)[0]!;
    try {
      const value = JSON.parse(firstLine) as unknown;
      if (looksLikeSessionFile(value)) return 'session';
      return 'jsonl';
    } catch {
      return /"format"\s*:\s*"agui-devtools-session"/.test(head.slice(0, 4096)) ? 'session' : 'jsonl';
    }
  }
  throw new InputError(
    'Cannot tell the format: expected a JSON array of events, JSONL, SSE text (data: lines), a protobuf frame dump, or an agui-devtools session.',
  );
}

/** Reads an input into a Session whose frames are the input's events, in order. */
export function readInput(bytes: Uint8Array, name = 'input'): { session: Session; format: InputFormat } {
  const format = detectFormat(bytes);
  const text = () => new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  switch (format) {
    case 'session': {
      let value: unknown;
      try {
        value = JSON.parse(text());
      } catch (error) {
        throw new InputError(`The session file is not valid JSON: ${(error as Error).message}`);
      }
      try {
        return { session: importSession(value), format };
      } catch (error) {
        if (error instanceof SessionFileError) throw new InputError(error.message);
        throw error;
      }
    }
    case 'json-array': {
      // Each element keeps its own text, byte for byte; elements are parsed one by one, so one bad element is
      // one bad event, not an unreadable file.
      const all = text();
      const elements = splitJsonArray(all);
      if (!elements) {
        try {
          JSON.parse(all);
        } catch (error) {
          throw new InputError(`The file starts like a JSON array but is not valid JSON: ${(error as Error).message}`);
        }
        throw new InputError('Expected a JSON array of events.');
      }
      const session = new Session();
      session.open(fileStream('input', 'json', name));
      elements.forEach((element, i) => session.message('input', i, element));
      session.close('input', elements.length);
      return { session, format };
    }
    case 'jsonl': {
      const session = new Session();
      session.open(fileStream('input', 'json', name));
      let n = 0;
      for (const line of text().split(/\r?\n/)) {
        if (line.trim() === '') continue;
        session.message('input', n++, line);
      }
      session.close('input', n);
      return { session, format };
    }
    case 'sse':
    case 'proto': {
      const session = new Session();
      session.open(fileStream('input', format, name));
      session.chunk('input', 0, bytes);
      session.close('input', 1);
      return { session, format };
    }
  }
}

/**
 * The texts of a JSON array's elements, found without parsing them (no recursion, so any depth), or null when
 * the text is not one array.
 */
export function splitJsonArray(text: string, starts?: number[]): string[] | null {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  ws();
  if (text[i] !== '[') return null;
  i++;
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (; i < n; i++) {
    const c = text[i]!;
    if (c === '"') {
      if (start === -1) {
        start = i;
        starts?.push(i);
      }
      for (i++; i < n && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (i >= n) return null;
      continue;
    }
    if (c === '[' || c === '{') {
      if (start === -1) {
        start = i;
        starts?.push(i);
      }
      depth++;
    } else if (c === ']' || c === '}') {
      if (depth === 0) {
        if (c !== ']') return null;
        if (start !== -1) out.push(text.slice(start, i).trim());
        else if (out.length > 0) return null; // a trailing comma
        i++;
        ws();
        return i === n ? out : null;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      if (start === -1) return null;
      out.push(text.slice(start, i).trim());
      start = -1;
    } else if (start === -1 && c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') {
      start = i;
      starts?.push(i);
    }
  }
  return null;
}
