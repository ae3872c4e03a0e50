/** Routes for the Pause on an event tests (Chromium and Firefox). */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A stream in chunks with pauses between them, its bytes known exactly (and an event split over two chunks). */
export const SLOW = [
  'data: {"type":"RUN_STARTED","threadId":"slow","runId":"slow-1"}\n\n: keep-alive\n\n',
  'data: {"type":"STATE_SNAPSHOT","snapshot":{"n":1}}\n\ndata: {"type":"STATE_DE',
  'LTA","delta":[{"op":"replace","path":"/n","value":2}]}\n\n',
  'data: {"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}\n\ndata: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"héllo ✓"}\n\n',
  'data: {"type":"TEXT_MESSAGE_END","messageId":"m"}\n\ndata: {"type":"RUN_FINISHED","threadId":"slow","runId":"slow-1"}\n\n',
];
export const SLOW_BYTES = Buffer.from(SLOW.join(''), 'utf8');

export function slowRoute(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (url.pathname !== '/slow') return false;
  void req;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'x-run': 'slow-1' });
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    if (i === SLOW.length) return void res.end();
    res.write(SLOW[i++]!);
    setTimeout(next, 40);
  };
  next();
  return true;
}


/**
 * Runs in the page: reads `path` to its end with a bare reader, into window.got (the bytes) and window.ended ('done',
 * or the error's name), abortable with window.abort.
 */
export const readInPage = (path: string): void => {
  const w = window as unknown as { got: number[]; ended: string; abort: AbortController };
  w.got = [];
  w.ended = '';
  w.abort = new AbortController();
  void fetch(path, { signal: w.abort.signal }).then(async (r) => {
    const reader = r.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        w.got.push(...value);
      }
      w.ended = 'done';
    } catch (e) {
      w.ended = (e as Error).name;
    }
  });
};
