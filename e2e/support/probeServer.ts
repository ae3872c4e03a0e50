/**
 * A test server for what the capture must survive: every transport (fetch SSE and protobuf, EventSource with
 * reconnects, WebSocket, XHR), errors, aborts, iframes on two origins, big and fast streams. It also serves the
 * probe page, which records what the page itself observes, to compare with and without the extension.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { EventEncoder } from '@ag-ui/encoder';
import type { BaseEvent } from '@ag-ui/core';
import { PROBE_SCRIPT } from './probePage';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Streams paced by the page: with `ack=KEY` the server writes its next frame only once the page has read the last
 * one and asked for `/ack?key=KEY`. Then every write is one chunk however busy the machine is, so the chunks a page
 * reads with and without the extension can be compared exactly (with a fixed gap, a late reader gets two in one).
 */
const ackWaiters = new Map<string, () => void>();
const paced = (res: ServerResponse, ack: string | null, gap: number): Promise<unknown> =>
  ack
    ? new Promise<void>((resolve) => {
        ackWaiters.set(ack, resolve);
        res.once('close', resolve);
      })
    : gap > 0
      ? sleep(gap)
      : Promise.resolve();

export const event = (i: number): BaseEvent =>
  i === 0
    ? ({ type: 'RUN_STARTED', threadId: 'probe', runId: 'probe-run' } as BaseEvent)
    : ({ type: 'CUSTOM', name: 'tick', value: i } as BaseEvent);

export interface ProbeServer {
  url: string;
  /** Another origin (another port), for cross-origin iframes. */
  otherUrl: string;
  close(): Promise<void>;
}

/**
 * A page that tries to take over the capture channel: it forges the hook's hand-over (a synthetic message event
 * in <head>, on a fresh about:blank iframe's window, a real postMessage after the hook's, or the hand-over event
 * Firefox's hook uses, after the hook's) and sends records through its own port: a stream to another host, from
 * another frame, with an invented event.
 */
const HOSTILE_SCRIPT = String.raw`
window.__markers = 0;
addEventListener('message', function (e) { if (e.data && typeof e.data === 'object' && '__agui_port__' in e.data) window.__markers++; }, true);
window.__forge = function (target, trusted) {
  var ch = new MessageChannel();
  if (trusted === 'event') target.dispatchEvent(new CustomEvent('__agui_port__', { detail: ch, cancelable: true }));
  else if (trusted) target.postMessage({ __agui_port__: 1 }, '*', [ch.port2]);
  else target.dispatchEvent(new MessageEvent('message', { data: { __agui_port__: 1 }, source: target, ports: [ch.port2] }));
  var t = Date.now();
  ch.port1.postMessage({ kind: 'open', id: 1, t: t, transport: 'fetch', format: 'sse', url: 'https://evil.example/forged', method: 'POST', status: 200, statusText: 'OK', frameUrl: 'https://evil.example/frame', requestHeaders: [], responseHeaders: [] });
  ch.port1.postMessage({ kind: 'chunk', id: 1, t: t, text: 'data: {"type":"RUN_STARTED","threadId":"forged","runId":"forged"}\n\n' });
  ch.port1.postMessage({ kind: 'close', id: 1, t: t });
};
`;

function hostilePage(variant: string): string {
  const head = variant === 'head' ? '<script>__forge(window, false);</script>' : '';
  const body =
    variant === 'iframe'
      ? `<script>var f = document.createElement('iframe'); document.body.appendChild(f); __forge(f.contentWindow, false); window.__frame = f.contentWindow;</script>`
      : variant === 'second'
        ? '<script>__forge(window, true);</script>'
        : variant === 'event'
          ? "<script>__forge(window, 'event');</script>"
          : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>hostile</title><link rel="icon" href="data:,"><script>${HOSTILE_SCRIPT}</script>${head}</head><body>${body}</body></html>`;
}

function page(body: string, title = 'probe'): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">
<script>window.__messages=[];addEventListener('message',function(e){__messages.push(typeof e.data==='object'&&e.data?Object.keys(e.data).join(','):String(e.data));});</script>
<script>${PROBE_SCRIPT}</script></head><body>${body}</body></html>`;
}

async function sse(res: ServerResponse, n: number, gap: number, status = 200, ack: string | null = null) {
  res.writeHead(status, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-api-key': 'secret-value' });
  const encoder = new EventEncoder();
  for (let i = 0; i < n && !res.destroyed; i++) {
    res.write(encoder.encodeSSE(event(i)));
    if (i < n - 1) await paced(res, ack, gap);
  }
  res.end();
}

async function many(res: ServerResponse, n: number) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const encoder = new EventEncoder();
  let buffer = '';
  // n events: RUN_STARTED, CUSTOM 1 … n - 2, RUN_FINISHED.
  for (let i = 0; i < n; i++) {
    const e = i === 0 ? event(0) : i === n - 1 ? ({ type: 'RUN_FINISHED', threadId: 'probe', runId: 'probe-run' } as BaseEvent) : ({ type: 'CUSTOM', name: 'n', value: i } as BaseEvent);
    buffer += encoder.encodeSSE(e);
    if (buffer.length > 64 * 1024) {
      if (!res.write(buffer)) await new Promise((r) => res.once('drain', r));
      buffer = '';
    }
  }
  res.end(buffer);
}

/** Writes SSE frames from a generator, fast, honouring back-pressure. */
async function pump(res: ServerResponse, frames: Iterable<string>) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let buffer = '';
  for (const frame of frames) {
    buffer += frame;
    if (buffer.length > 64 * 1024) {
      if (!res.write(buffer)) await new Promise((r) => res.once('drain', r));
      buffer = '';
    }
    if (res.destroyed) return;
  }
  res.end(buffer);
}

const sseFrame = (e: object) => `data: ${JSON.stringify(e)}\n\n`;

/** n events of one text message: RUN_STARTED, TEXT_MESSAGE_START, n - 4 contents, TEXT_MESSAGE_END, RUN_FINISHED. */
function* textRun(n: number) {
  yield sseFrame({ type: 'RUN_STARTED', threadId: 'probe', runId: 'text-run' });
  yield sseFrame({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
  for (let i = 0; i < n - 4; i++) yield sseFrame({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: `${i} ` });
  yield sseFrame({ type: 'TEXT_MESSAGE_END', messageId: 'm1' });
  yield sseFrame({ type: 'RUN_FINISHED', threadId: 'probe', runId: 'text-run' });
}

/** RUN_STARTED, `big` CUSTOM events of `mb` MB each, then `after` small ones, then RUN_FINISHED (big + after + 2 events). */
function* bigRun(big: number, mb: number, after: number) {
  yield sseFrame({ type: 'RUN_STARTED', threadId: 'probe', runId: 'big-run' });
  const value = 'x'.repeat(Math.round(mb * 1024 * 1024));
  for (let i = 0; i < big; i++) yield sseFrame({ type: 'CUSTOM', name: `big-${i}`, value });
  for (let i = 0; i < after; i++) yield sseFrame({ type: 'CUSTOM', name: `small-${i}`, value: i });
  yield sseFrame({ type: 'RUN_FINISHED', threadId: 'probe', runId: 'big-run' });
}

/** One event that never ends: `data: xxxx…` with no blank line, `mb` MB of it, then the stream stays open until the client goes. */
async function partialForever(res: ServerResponse, mb: number) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(sseFrame({ type: 'RUN_STARTED', threadId: 'probe', runId: 'partial' }));
  res.write('data: {"type":"CUSTOM","name":"endless","value":"');
  const block = 'y'.repeat(1024 * 1024);
  for (let i = 0; i < mb && !res.destroyed; i++) {
    if (!res.write(block)) await new Promise((r) => res.once('drain', r));
  }
  res.end('"}\n\n');
}

async function proto(res: ServerResponse, n: number, gap: number, ack: string | null = null) {
  const encoder = new EventEncoder({ accept: 'application/vnd.ag-ui.event+proto' });
  res.writeHead(200, { 'content-type': encoder.getContentType() });
  for (let i = 0; i < n && !res.destroyed; i++) {
    res.write(encoder.encodeBinary(event(i)));
    if (i < n - 1) await paced(res, ack, gap);
  }
  res.end();
}

const esConnections = new Map<string, number>();
async function eventSource(req: IncomingMessage, res: ServerResponse, key: string) {
  const n = (esConnections.get(key) ?? 0) + 1;
  esConnections.set(key, n);
  if (n > 2) {
    res.writeHead(204).end(); // stops the EventSource for good
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write('retry: 50\n\n');
  res.write(`id: c${n}-1\ndata: ${JSON.stringify(event(n === 1 ? 0 : 1))}\n\n`);
  await sleep(30);
  res.write(`event: agui\nid: c${n}-2\ndata: ${JSON.stringify({ type: 'CUSTOM', name: 'named', value: n })}\n\n`);
  await sleep(30);
  void req;
  res.end(); // the EventSource reconnects
}

// --- WebSocket, by hand (RFC 6455 text frames), so no dependency is needed.
function wsAccept(req: IncomingMessage, socket: Duplex) {
  const key = req.headers['sec-websocket-key'];
  const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  const sendText = (text: string) => {
    const payload = Buffer.from(text);
    const header = payload.length < 126 ? Buffer.from([0x81, payload.length]) : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 255]);
    socket.write(Buffer.concat([header, payload]));
  };
  const sendClose = () => socket.write(Buffer.from([0x88, 0]));
  let buffer = Buffer.alloc(0);
  socket.on('data', (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    while (buffer.length >= 6) {
      const opcode = buffer[0]! & 0x0f;
      let length = buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        length = buffer.readUInt16BE(2);
        offset = 4;
      }
      if (buffer.length < offset + 4 + length) return;
      const mask = buffer.subarray(offset, offset + 4);
      const payload = Buffer.from(buffer.subarray(offset + 4, offset + 4 + length).map((b, i) => b ^ mask[i % 4]!));
      buffer = buffer.subarray(offset + 4 + length);
      if (opcode === 8) {
        sendClose();
        socket.end();
        return;
      }
      const text = payload.toString();
      // The client says "go": the server streams three AG-UI events and one message that is not one.
      if (text === 'go') {
        sendText(JSON.stringify(event(0)));
        sendText('{"type":"heartbeat"}');
        sendText(JSON.stringify({ type: 'CUSTOM', name: 'ws', value: 1 }));
        sendText(JSON.stringify({ type: 'RUN_FINISHED', threadId: 'probe', runId: 'probe-run' }));
      }
    }
  });
  socket.on('error', () => undefined);
}

export async function startProbeServer(): Promise<ProbeServer> {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // No Date header: two runs must be byte-for-byte comparable.
    res.sendDate = false;
    const q = (k: string, d: number) => Number(url.searchParams.get(k) ?? d);
    void (async () => {
      switch (url.pathname) {
        case '/probe':
          res.writeHead(200, { 'content-type': 'text/html' }).end(page(url.searchParams.get('body') ?? ''));
          return;
        case '/hostile':
          res.writeHead(200, { 'content-type': 'text/html' }).end(hostilePage(url.searchParams.get('variant') ?? 'head'));
          return;
        case '/frames':
          res.writeHead(200, { 'content-type': 'text/html' }).end(
            page(`<iframe id="same" src="/probe?frame=same"></iframe><iframe id="cross" src="${url.searchParams.get('other')}/probe?frame=cross"></iframe>`, 'frames'),
          );
          return;
        case '/sse':
          return sse(res, q('n', 5), q('gap', 30), q('status', 200), url.searchParams.get('ack'));
        case '/proto':
          return proto(res, q('n', 5), q('gap', 30), url.searchParams.get('ack'));
        case '/ack': {
          const key = url.searchParams.get('key') ?? '';
          const waiter = ackWaiters.get(key);
          ackWaiters.delete(key);
          waiter?.();
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
          return;
        }
        case '/many':
          return many(res, q('n', 100_000));
        case '/text':
          return pump(res, textRun(q('n', 100_004)));
        case '/bigrun':
          return pump(res, bigRun(q('events', 1), q('mb', 1), q('after', 0)));
        case '/orphans':
          // Every event after the first is a protocol error: a TEXT_MESSAGE_CONTENT with no message open.
          return pump(res, (function* (n: number) {
            yield sseFrame({ type: 'RUN_STARTED', threadId: 'probe', runId: 'orphans' });
            for (let i = 1; i < n; i++) yield sseFrame({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m${i}`, delta: 'x' });
          })(q('n', 200_001)));
        case '/secrets':
          // One clean run carrying a secret word in every kind of content a redaction group covers.
          for await (const _ of req) void _;
          return pump(res, [
            sseFrame({ type: 'RUN_STARTED', threadId: 'secret-thread', runId: 'secret-run' }),
            sseFrame({ type: 'STATE_SNAPSHOT', snapshot: { user: { email: 'SECRET-EMAIL' }, count: 1 } }),
            sseFrame({ type: 'REASONING_START', messageId: 'r' }),
            sseFrame({ type: 'REASONING_MESSAGE_START', messageId: 'rm', role: 'reasoning' }),
            sseFrame({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'rm', delta: 'SECRET-THOUGHT' }),
            sseFrame({ type: 'REASONING_MESSAGE_END', messageId: 'rm' }),
            sseFrame({ type: 'REASONING_END', messageId: 'r' }),
            sseFrame({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }),
            sseFrame({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'SECRET-ANSWER' }),
            sseFrame({ type: 'TEXT_MESSAGE_END', messageId: 'm' }),
            sseFrame({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'lookup', parentMessageId: 'm' }),
            sseFrame({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"q":"SECRET-ARGS"}' }),
            sseFrame({ type: 'TOOL_CALL_END', toolCallId: 'c' }),
            sseFrame({ type: 'TOOL_CALL_RESULT', toolCallId: 'c', messageId: 'res', content: 'SECRET-RESULT' }),
            sseFrame({ type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/user/email', value: 'SECRET-DELTA' }] }),
            sseFrame({ type: 'RUN_FINISHED', threadId: 'secret-thread', runId: 'secret-run' }),
          ]);
        case '/partial-forever':
          return partialForever(res, q('mb', 200));
        case '/es':
          return eventSource(req, res, url.searchParams.get('key') ?? 'default');
        case '/json':
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'RUN_STARTED', threadId: 'not', runId: 'sse' }));
          return;
        case '/big': {
          const size = q('mb', 100) * 1024 * 1024;
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
          const block = Buffer.alloc(1024 * 1024, 7);
          for (let sent = 0; sent < size && !res.destroyed; sent += block.length) {
            if (!res.write(block)) await new Promise((r) => res.once('drain', r));
          }
          res.end();
          return;
        }
        case '/scripted': {
          // A script of the test's: `s` is base64 JSON of [{ after: ms, event }], each event sent that long after the one before.
          const steps = JSON.parse(Buffer.from(url.searchParams.get('s') ?? 'W10=', 'base64').toString()) as { after: number; event: unknown }[];
          for await (const _ of req) void _;
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          for (const step of steps) {
            if (step.after > 0) await sleep(step.after);
            if (res.destroyed) return;
            res.write(`data: ${JSON.stringify(step.event)}\n\n`);
          }
          res.end();
          return;
        }
        case '/echo':
          // Reflects the request: body and headers as the server got them.
          {
            const chunks: Buffer[] = [];
            for await (const c of req) chunks.push(c as Buffer);
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            res.end(
              `data: ${JSON.stringify(event(0))}\n\ndata: ${JSON.stringify({ type: 'CUSTOM', name: 'echo', value: { method: req.method, body: Buffer.concat(chunks).toString() } })}\n\n`,
            );
          }
          return;
        default:
          res.writeHead(404).end();
      }
    })().catch(() => res.destroy());
  };
  const listen = (): Promise<Server> =>
    new Promise((ok) => {
      const server = createServer(handler);
      server.on('upgrade', (req, socket) => wsAccept(req, socket));
      server.listen(0, '127.0.0.1', () => ok(server));
    });
  const [a, b] = await Promise.all([listen(), listen()]);
  const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  return {
    url: urlOf(a),
    otherUrl: urlOf(b),
    close: async () => {
      for (const s of [a, b]) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}
