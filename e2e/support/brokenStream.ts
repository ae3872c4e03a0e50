/** A stream with the kinds of damage real producers cause, for the e2e tests of what the panel shows. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const BROKEN_SSE = [
  'data: {"type":"RUN_STARTED","threadId":"broken-thread","runId":"broken-run"}\n\n',
  ': heartbeat\n\n',
  'data: {"type":"STATE_SNAPSHOT","snapshot":{"count":1}}\n\n',
  'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"never-started","delta":"orphan"}\n\n',
  'data: {"type":"STATE_DELTA","delta":[{"op":"replace","path":"/missing","value":2}]}\n\n',
  'data: {"type":"TEXT_MESSAGE_START",\n\n',
  'data: {"type":"FROM_THE_FUTURE","x":1}\n\n',
  'data: {"type":"STATE_DELTA","delta":[{"op":"replace","path":"/count","value":2}]}\n\n',
  'data: {"type":"RUN_FINISHED","threadId":"broken-thread","runId":"broken-run"}\n\n',
];

/** The events the panel counts for /broken: one per data frame that parses (the other is a problem of the stream). */
export const BROKEN_EVENTS = BROKEN_SSE.filter((frame) => {
  try {
    return frame.startsWith('data:') && JSON.parse(frame.slice(5)) !== null;
  } catch {
    return false;
  }
}).length;

export function brokenRoute(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (url.pathname !== '/broken') return false;
  void req;
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(BROKEN_SSE.join(''));
  return true;
}

/** Content that must be shown safely and fast: a direction-changing tool name, and a 5 MB text delta. */
export function weirdRoute(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (url.pathname !== '/weird') return false;
  void req;
  const frames = [
    { type: 'RUN_STARTED', threadId: 'weird-thread', runId: 'weird-run' },
    { type: 'TOOL_CALL_START', toolCallId: 'call-pdf', toolCallName: 'invoice\u202Efdp.exe' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-pdf', delta: '{"file":"a\u200Bb"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'call-pdf' },
    { type: 'TEXT_MESSAGE_START', messageId: 'huge', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'huge', delta: 'w'.repeat(5 * 1024 * 1024) },
    { type: 'TEXT_MESSAGE_END', messageId: 'huge' },
    { type: 'RUN_FINISHED', threadId: 'weird-thread', runId: 'weird-run' },
  ];
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join(''));
  return true;
}

/** Both routes, for a demo server's extraRoutes. */
export const testRoutes = (req: IncomingMessage, res: ServerResponse, url: URL): boolean => brokenRoute(req, res, url) || weirdRoute(req, res, url);
