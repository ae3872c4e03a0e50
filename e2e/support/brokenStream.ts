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

export function brokenRoute(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (url.pathname !== '/broken') return false;
  void req;
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(BROKEN_SSE.join(''));
  return true;
}
