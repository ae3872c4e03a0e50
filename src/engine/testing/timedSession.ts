/** Sessions on hand-built timings for unit tests: a stream's info, and SSE chunks that arrive at given times. */
import { Session, type StreamInfo } from '../session/session';

const enc = new TextEncoder();

/** A fetch SSE stream's info, opened at `openedAt` (default: 1050, started at 1000). */
export const streamInfo = (id: string, over: Partial<StreamInfo> = {}): StreamInfo => ({
  id,
  transport: 'fetch',
  format: 'sse',
  url: 'http://localhost/agent',
  method: 'POST',
  status: 200,
  statusText: 'OK',
  frameUrl: 'http://localhost/',
  requestHeaders: [],
  responseHeaders: [],
  openedAt: 1050,
  startedAt: 1000,
  page: 0,
  ...over,
});

/** Opens stream `id` in the session, one chunk per [time, events], and closes it at the last chunk's time. */
export function timedStream(session: Session, id: string, chunks: [number, object[]][], over: Partial<StreamInfo> = {}): void {
  session.open(streamInfo(id, over));
  for (const [t, events] of chunks) session.chunk(id, t, enc.encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')));
  session.close(id, chunks[chunks.length - 1]![0]);
}
