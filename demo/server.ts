/**
 * The demo agent and demo page on 127.0.0.1. The agent answers AG-UI runs with the real @ag-ui/encoder:
 * SSE by default, protobuf when the request's Accept asks for it.
 *
 *   POST /agent/<scenario>     RunAgentInput in, an event stream out (?delay=ms between events, default 15)
 *   GET  /                     the demo page (built into dist/demo by `npm run build`)
 *   GET  /viewer/              the standalone session viewer (dist/viewer)
 *
 * Run it alone: `npx tsx demo/server.ts [--port 8787] [--delay 15]`.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { scenarios } from './scenarios';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const PAGE_DIR = join(ROOT, 'dist', 'demo');
const VIEWER_DIR = join(ROOT, 'dist', 'viewer');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface DemoServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export interface DemoServerOptions {
  port?: number;
  host?: string;
  /** Milliseconds between events when the request does not say (?delay=). */
  delayMs?: number;
  /** Called with every event as it is written (tests compare it with what the panel shows). */
  onSent?: (event: BaseEvent, scenario: string) => void;
  /** Called with every run's input as the agent got it (tests check what a resend sent). */
  onInput?: (input: RunAgentInput, scenario: string, headers: IncomingMessage['headers']) => void;
  /**
   * Load the generative-UI scenarios (the A2UI middleware, a second or two of imports) before listening, so that
   * their first response is not held back by it. Off by default: most uses never run them.
   */
  genui?: boolean;
  /** Extra routes for tests: return true when handled. */
  extraRoutes?: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serveAgent(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  name: string,
  options: DemoServerOptions,
) {
  const defaultDelay = options.delayMs ?? 15;
  const scenario = scenarios[name];
  if (!scenario) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`No scenario "${name}"`);
    return;
  }
  let input: RunAgentInput;
  try {
    input = JSON.parse(await readBody(req)) as RunAgentInput;
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('The body must be a RunAgentInput as JSON');
    return;
  }
  options.onInput?.(input, name, req.headers);
  const encoder = new EventEncoder({ accept: req.headers.accept ?? '' });
  const delay = Number(url.searchParams.get('delay') ?? defaultDelay);
  res.writeHead(200, {
    'content-type': encoder.getContentType(),
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    // Says who answers, as a server may: the panel names the stream's producer from it.
    'x-powered-by': 'AG-UI DevTools demo agent (@ag-ui/encoder)',
  });
  for (const event of await scenario.events(input)) {
    if (res.destroyed) return;
    res.write(encoder.encodeBinary(event));
    options.onSent?.(event, name);
    if (delay > 0) await sleep(delay);
  }
  res.end();
}

function serveStatic(res: ServerResponse, pathname: string) {
  // /viewer/ is the standalone session viewer; everything else is the demo page.
  const viewer = pathname === '/viewer' || pathname.startsWith('/viewer/');
  const dir = viewer ? VIEWER_DIR : PAGE_DIR;
  const inner = viewer ? pathname.slice('/viewer'.length) || '/' : pathname;
  const rel = normalize(inner === '/' ? (viewer ? '/viewer.html' : '/index.html') : inner).replace(/^(\.\.[/\\])+/, '');
  const file = join(dir, rel);
  if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
    const hint = existsSync(dir) ? '' : ` (run \`npm run build\` first: it builds ${viewer ? 'dist/viewer' : 'dist/demo'})`;
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${pathname}${hint}`);
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  if (options.genui) await import('./genui');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    void (async () => {
      try {
        if (options.extraRoutes && (await options.extraRoutes(req, res, url))) return;
        const agent = /^\/agent\/([\w-]+)$/.exec(url.pathname);
        if (agent && req.method === 'POST') return await serveAgent(req, res, url, agent[1]!, options);
        if (req.method === 'GET') return serveStatic(res, url.pathname);
        res.writeHead(405).end();
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    })();
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i === -1 ? undefined : process.argv[i + 1];
  };
  const demo = await startDemoServer({ port: Number(arg('port') ?? 8787), delayMs: Number(arg('delay') ?? 15), genui: true });
  console.log(`Demo agent and page: ${demo.url}`);
}
