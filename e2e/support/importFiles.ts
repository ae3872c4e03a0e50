/**
 * Files for the import tests: bad ones (each with the message it must get), and big ones (a 200 MB session
 * export, 1,000,000 tiny events), written once into a temporary folder.
 */
import { mkdirSync, writeFileSync, openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sse = (e: object) => `data: ${JSON.stringify(e)}\n\n`;
const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
const text = (id: string, delta: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const jsonl = (events: object[]) => `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;

/** A session export holding one SSE stream; its records are the stream's opening, its chunks and its close. */
const sessionObject = (version: number, records: object[]) => ({
  format: 'agui-devtools-session',
  version,
  streams: [
    {
      id: 's1',
      transport: 'fetch',
      format: 'sse',
      url: 'http://localhost:8000/agent',
      method: 'POST',
      status: 200,
      statusText: 'OK',
      frameUrl: 'http://localhost:8000/',
      requestHeaders: [],
      responseHeaders: [['content-type', 'text/event-stream']],
      openedAt: 1_700_000_000_000,
      page: 0,
    },
  ],
  records,
});
const OPEN = { kind: 'open', stream: 0 };
const CLOSE = { kind: 'close', stream: 0, t: 1_700_000_001_000 };
const chunkRecord = (c: string, i: number) => ({ kind: 'chunk', stream: 0, t: 1_700_000_000_000 + i, data: Buffer.from(c).toString('base64') });

const sessionFile = (version: number, chunks: string[]) => JSON.stringify(sessionObject(version, [OPEN, ...chunks.map(chunkRecord), CLOSE]), null, 1);

/**
 * The same session as `sessionFile`, written a record at a time as `chunks` gives them: a 200 MB one is never held in
 * memory (built whole it cost seconds of CPU and twice its size in memory, in a hook beside the browsers' tests).
 */
function writeSessionFile(path: string, version: number, chunks: Iterable<string>): void {
  const whole = JSON.stringify(sessionObject(version, []));
  const at = whole.lastIndexOf('[]');
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `${whole.slice(0, at)}[${JSON.stringify(OPEN)}`);
    let i = 0;
    for (const c of chunks) writeSync(fd, `,${JSON.stringify(chunkRecord(c, i++))}`);
    writeSync(fd, `,${JSON.stringify(CLOSE)}]${whole.slice(at + 2)}`);
  } finally {
    closeSync(fd);
  }
}

export interface BadFile {
  name: string;
  content: string;
  /** The inline message it gets. */
  message: RegExp;
  /** Whether the file still opens (a warning), or is refused (an error). */
  opens: boolean;
}

export const BAD_FILES: BadFile[] = [
  { name: 'notes.agui.json', content: 'These are my notes, not events.', message: /notes\.agui\.json: Cannot tell the format/, opens: false },
  {
    name: 'truncated.agui.json',
    content: sessionFile(2, [sse(RS), ...text('m', 'Hi').map(sse), sse(RF)]).slice(0, 700),
    message: /truncated\.agui\.json: The session file is not valid JSON \(it ends at line \d+ before the JSON does: the file looks truncated\)/,
    opens: false,
  },
  { name: 'future.agui.json', content: sessionFile(99, [sse(RS), sse(RF)]), message: /future\.agui\.json: This file is version 99 .* reads versions 1 to 2/, opens: false },
  {
    name: 'polluting.agui.jsonl',
    content: jsonl([RS, { type: 'STATE_SNAPSHOT', snapshot: { __proto__: { polluted: 'yes' }, constructor: { prototype: { polluted: 'yes' } } } }, RF]).replace(
      '"snapshot":{',
      '"snapshot":{"__proto__":{"polluted":"yes"},',
    ),
    message: /polluting\.agui\.jsonl, line 2: a "__proto__" key\. It is read as plain data/,
    opens: true,
  },
  {
    name: 'script.agui.jsonl',
    content: jsonl([RS, ...text('m', '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'), RF]),
    message: /script\.agui\.jsonl, line 3: a string holds HTML or script\. It is shown as text and never run/,
    opens: true,
  },
];

/** Writes the bad files, a 200 MB session export and a 1,000,000-event JSONL file; returns their paths. */
export function writeImportFiles(): { dir: string; bad: (BadFile & { path: string })[]; big: { path: string; events: number }; million: { path: string; events: number } } {
  const dir = join(tmpdir(), `agui-import-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const bad = BAD_FILES.map((f) => {
    const path = join(dir, f.name);
    writeFileSync(path, f.content);
    return { ...f, path };
  });

  // 1,000,000 tiny events: one run, one message of 999,996 one-letter deltas.
  const million = join(dir, 'million.agui.jsonl');
  const fd = openSync(million, 'w');
  writeSync(fd, jsonl([RS, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }]));
  const line = `${JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x' })}\n`;
  const block = line.repeat(10_000);
  for (let i = 0; i < 99; i++) writeSync(fd, block);
  writeSync(fd, line.repeat(9_996));
  writeSync(fd, jsonl([{ type: 'TEXT_MESSAGE_END', messageId: 'm' }, RF]));
  closeSync(fd);

  // A 200 MB session export: one stream of ~1 KB text deltas, 64 events a chunk.
  const big = join(dir, 'big.agui.json');
  const delta = 'lorem ipsum dolor sit amet '.repeat(37);
  let n = 0;
  writeSessionFile(
    big,
    2,
    (function* () {
      let raw = 0;
      let piece = sse(RS) + sse({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' });
      while (raw < 148 * 1024 * 1024) {
        for (let k = 0; k < 64; k++) piece += sse({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: `${n++} ${delta}` });
        yield piece;
        raw += piece.length;
        piece = '';
      }
      yield sse({ type: 'TEXT_MESSAGE_END', messageId: 'm' }) + sse(RF);
    })(),
  );
  return { dir, bad, big: { path: big, events: n + 4 }, million: { path: million, events: 1_000_000 } };
}

/** A demo-server route that serves the files of a folder at /files/NAME (404 for any other name). */
export const serveFiles =
  (dir: string) =>
  (_req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    const m = /^\/files\/([\w.-]+)$/.exec(url.pathname);
    if (!m) return false;
    let body: Buffer;
    try {
      body = readFileSync(join(dir, m[1]!));
    } catch {
      res.writeHead(404).end();
      return true;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    return true;
  };

/** What a page shows of pollution or script run by an import: evaluated in the page (a string: both drivers take it). */
export const POLLUTION_PROBE = `({
  polluted: ({}).polluted ?? null,
  pwned: window.__pwned ?? null,
  images: document.querySelectorAll('img').length,
})`;
export const NOTHING_POLLUTED = { polluted: null, pwned: null, images: 0 };
