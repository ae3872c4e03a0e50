/** The demo server with an agent that can be stopped (it then answers 503), counting the requests that reach it. */
import { type DemoServer, startDemoServer } from '../../demo/server';

export interface StoppableDemo {
  demo: DemoServer;
  agent: { requests: number; down: boolean };
}

export async function startStoppableDemo(delayMs = 0): Promise<StoppableDemo> {
  const agent = { requests: 0, down: false };
  const demo = await startDemoServer({
    delayMs,
    extraRoutes: (_req, res, url) => {
      // A page whose first request is made while it is still being parsed (before the extension has answered the
      // document's hello): what it read is in `window.early`.
      if (url.pathname === '/early') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><head><script>
          window.early = fetch('/agent/state?delay=3', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
            body: JSON.stringify({ threadId: 'early', runId: 'early-1', messages: [], tools: [], context: [], state: {}, forwardedProps: {} }) })
            .then((r) => r.text().then((text) => ({ status: r.status, text })), (e) => ({ status: 0, text: String(e) }));
        </script></head><body>early</body></html>`);
        return true;
      }
      if (!url.pathname.startsWith('/agent/')) return false;
      agent.requests++;
      if (!agent.down) return false;
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The demo agent is stopped');
      return true;
    },
  });
  return { demo, agent };
}
