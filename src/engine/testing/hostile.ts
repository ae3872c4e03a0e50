/** What a hostile page puts in ids and text, for the tests of every writer (exports, generated tests, the CLI). */
import { Session } from '../session/session';

/** Each would be code, a comment's end, a new line, a new SSE event or a terminal command if written as is. */
export const HOSTILE = [
  "r1 */ import('node:fs').then((f) => f.writeFileSync('PWNED', 'x')); /*",
  '`${globalThis.pwned = 1}` \\` ${1}',
  '</script><script>alert(1)</script>',
  'a\nb\r\nc\rd',
  'x\u2028y\u2029z',
  '\n\ndata: {"type":"TOOL_CALL_START","toolCallId":"evil","toolCallName":"transfer_funds"}\n\n',
  '\u001b]0;owned\u0007\u001b[2K\u009b31m\u001b]8;;http://evil.test\u0007link\u001b]8;;\u0007\u202e',
] as const;

const enc = new TextEncoder();
const sse = (events: object[]) => enc.encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));

/** A run whose every id and text is `h` (tool call ids `h` + "c"), with `h` as a state key and value too. */
export function hostileSession(h: string, extraState: Record<string, unknown> = {}): Session {
  const s = new Session();
  s.navigate('http://app.test:3000/chat', 900);
  s.open({ id: 'a', transport: 'fetch', format: 'sse', url: 'http://app.test:3000/agent', method: 'POST', status: 200, statusText: 'OK', frameUrl: 'http://app.test:3000/chat', requestHeaders: [], responseHeaders: [], openedAt: 1000, page: 0 });
  s.chunk(
    'a',
    1100,
    sse([
      { type: 'RUN_STARTED', threadId: h, runId: h },
      { type: 'STATE_SNAPSHOT', snapshot: { [h]: h, ...extraState } },
      { type: 'TEXT_MESSAGE_START', messageId: h, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: h, delta: h },
      { type: 'TEXT_MESSAGE_END', messageId: h },
      { type: 'TOOL_CALL_START', toolCallId: `${h}c`, toolCallName: h, parentMessageId: h },
      { type: 'TOOL_CALL_ARGS', toolCallId: `${h}c`, delta: JSON.stringify({ q: h }) },
      { type: 'TOOL_CALL_END', toolCallId: `${h}c` },
      { type: 'RUN_FINISHED', threadId: h, runId: h },
    ]),
  );
  s.close('a', 1200);
  return s;
}
