/**
 * Reads whatever a user hands the CLI or the import button: a JSON array of events, JSONL, raw SSE text, a
 * protobuf frame dump, or a session export. The format is detected from the bytes.
 */
import { looksLikeSessionFile, SESSION_VERSION, SessionFileError, sessionFileOps } from './exportFormat';
import { applyAll, type FileNote, fileNotes, fileWarnings, harOps, type ImportOp, looksLikeHar } from './importOps';
import { Session, type StreamInfo } from '../session/session';

export type InputFormat = 'session' | 'har' | 'json-array' | 'jsonl' | 'sse' | 'proto';

export class InputError extends Error {}

const SSE_START = /^(data|event|id|retry)(:|\r?\n|$)|^:/;

const fileStream = (id: string, format: 'sse' | 'proto' | 'json', name: string): StreamInfo => ({
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

/** The format, from the first bytes (64 KB are plenty; `bytes` may be only the file's start). */
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
    // A whole-file object is a session or a HAR log; several lines of objects are JSONL.
    const firstLine = head.split(/\r?\n/, 1)[0]!;
    try {
      const value = JSON.parse(firstLine) as unknown;
      if (looksLikeSessionFile(value)) return 'session';
      if (looksLikeHar(value)) return 'har';
      return 'jsonl';
    } catch {
      if (/"format"\s*:\s*"agui-devtools-session"/.test(head.slice(0, 4096))) return 'session';
      if (/^\{\s*"log"\s*:\s*\{/.test(head)) return 'har';
      return 'jsonl';
    }
  }
  throw new InputError(
    'Cannot tell the format: expected a JSON array of events, JSONL, SSE text (data: lines), a protobuf frame dump, a HAR file, or an agui-devtools session.',
  );
}

/** What a file will import as: its format, its operations (taken lazily), and warnings that do not stop it. */
export interface InputPlan {
  format: InputFormat;
  ops: Iterable<ImportOp>;
  warnings: string[];
  /** The warnings as data, for a reader that words them itself (the panel, in the user's language). */
  notes: FileNote[];
  /** Events or streams expected, when known before the operations are taken. */
  note?: string;
  /** A HAR file's AG-UI streams and requests (what `note` says). */
  har?: { streams: number; entries: number };
}

/** The warnings of a file's text, worded and as data. */
function warned(text: string, name: string, options: { markup?: boolean } = {}): { warnings: string[]; notes: FileNote[] } {
  const notes = fileNotes(text, options);
  return { warnings: notes.length === 0 ? [] : fileWarnings(text, name, options), notes };
}

/** Where a JSON.parse error points, as a line, and whether the text simply stops (a truncated file). */
function jsonErrorWhere(text: string, error: Error): string {
  const lineOf = (at: number) => {
    let line = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line++;
    return line;
  };
  const v8 = /position (\d+)/.exec(error.message);
  const gecko = /line (\d+) column (\d+)/.exec(error.message);
  const at = v8 ? Number(v8[1]) : undefined;
  const end = text.trimEnd().length;
  if (/unexpected end|end of (json|data)|unterminated/i.test(error.message) || (at !== undefined && at >= end - 1)) {
    return ` (it ends at line ${lineOf(end)} before the JSON does: the file looks truncated)`;
  }
  if (at !== undefined) return ` (line ${lineOf(at)})`;
  if (gecko) return ` (line ${gecko[1]})`;
  return '';
}

function parseWhole(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`The ${what} is not valid JSON${jsonErrorWhere(text, error as Error)}: ${(error as Error).message}`);
  }
}

/**
 * Plans the import of a file: detects the format, checks what can be checked at once (JSON syntax, the session
 * file's schema and version, a HAR log's streams) and returns the operations to apply.
 */
export function planInput(bytes: Uint8Array, name = 'input'): InputPlan {
  const format = detectFormat(bytes);
  const text = () => new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  switch (format) {
    case 'session': {
      const all = text();
      const version = /"version"\s*:\s*(\d+)/.exec(all.slice(0, 4096));
      // A newer version is refused before the whole file is parsed.
      if (version && Number(version[1]) > SESSION_VERSION) {
        try {
          sessionFileOps({ version: Number(version[1]) });
        } catch (error) {
          throw new InputError((error as Error).message);
        }
      }
      const value = parseWhole(all, 'session file');
      try {
        return { format, ops: sessionFileOps(value), ...warned(all, name) };
      } catch (error) {
        if (error instanceof SessionFileError) throw new InputError(error.message);
        throw error;
      }
    }
    case 'har': {
      const all = text();
      const value = parseWhole(all, 'HAR file');
      if (!looksLikeHar(value)) throw new InputError('The file starts like a HAR file but has no log.entries.');
      const har = harOps(value, name);
      if (har.streams === 0) {
        throw new InputError(
          `The HAR file holds ${har.entries} requests, none an AG-UI stream with its content saved (text/event-stream, ${'application/vnd.ag-ui.event+proto'}, EventSource or WebSocket messages).`,
        );
      }
      return {
        format,
        ops: har.ops,
        ...warned(all, name, { markup: false }),
        note: `${har.streams} AG-UI stream${har.streams === 1 ? '' : 's'} of ${har.entries} request${har.entries === 1 ? '' : 's'}`,
        har: { streams: har.streams, entries: har.entries },
      };
    }
    case 'json-array': {
      // Each element keeps its own text, byte for byte; elements are parsed one by one, so one bad element is
      // one bad event, not an unreadable file.
      const all = text();
      const elements = splitJsonArray(all);
      if (!elements) {
        parseWhole(all, 'file (it starts like a JSON array)');
        throw new InputError('Expected a JSON array of events.');
      }
      return {
        format,
        ...warned(all, name),
        ops: (function* (): Generator<ImportOp> {
          yield { kind: 'open', info: fileStream('input', 'json', name) };
          for (let i = 0; i < elements.length; i++) yield { kind: 'message', streamId: 'input', t: i, text: elements[i]! };
          yield { kind: 'close', streamId: 'input', t: elements.length };
        })(),
      };
    }
    case 'jsonl': {
      const all = text();
      return {
        format,
        ...warned(all, name),
        ops: (function* (): Generator<ImportOp> {
          yield { kind: 'open', info: fileStream('input', 'json', name) };
          let n = 0;
          let start = 0;
          while (start <= all.length) {
            let end = all.indexOf('\n', start);
            if (end === -1) end = all.length;
            const line = all.charCodeAt(end - 1) === 13 ? all.slice(start, end - 1) : all.slice(start, end);
            if (line.trim() !== '') yield { kind: 'message', streamId: 'input', t: n++, text: line };
            start = end + 1;
          }
          yield { kind: 'close', streamId: 'input', t: n };
        })(),
      };
    }
    case 'sse':
    case 'proto': {
      return {
        format,
        ...(format === 'sse' ? warned(text(), name) : { warnings: [], notes: [] }),
        ops: [
          { kind: 'open', info: fileStream('input', format, name) },
          { kind: 'chunk', streamId: 'input', t: 0, bytes },
          { kind: 'close', streamId: 'input', t: 1 },
        ],
      };
    }
  }
}

/** Reads an input into a Session whose frames are the input's events, in order. */
export function readInput(bytes: Uint8Array, name = 'input'): { session: Session; format: InputFormat; warnings: string[] } {
  const plan = planInput(bytes, name);
  try {
    return { session: applyAll(new Session(), plan.ops), format: plan.format, warnings: plan.warnings };
  } catch (error) {
    if (error instanceof SessionFileError) throw new InputError(error.message);
    throw error;
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
