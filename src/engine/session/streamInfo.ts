/** A stream's info as a capture would have it, for sessions built from events (rule examples, tests). */
import type { StreamInfo } from './session';

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
