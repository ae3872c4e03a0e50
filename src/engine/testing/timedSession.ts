/** Sessions on hand-built timings for unit tests: a stream's info, and SSE chunks that arrive at given times. */
import { Session, type StreamInfo } from '../session/session';
import { streamInfo } from '../session/streamInfo';

const enc = new TextEncoder();

export { streamInfo } from '../session/streamInfo';

/** Opens stream `id` in the session, one chunk per [time, events], and closes it at the last chunk's time. */
export function timedStream(session: Session, id: string, chunks: [number, object[]][], over: Partial<StreamInfo> = {}): void {
  session.open(streamInfo(id, over));
  for (const [t, events] of chunks) session.chunk(id, t, enc.encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')));
  session.close(id, chunks[chunks.length - 1]![0]);
}
