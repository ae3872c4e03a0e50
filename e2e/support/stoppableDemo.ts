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
      if (!url.pathname.startsWith('/agent/')) return false;
      agent.requests++;
      if (!agent.down) return false;
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The demo agent is stopped');
      return true;
    },
  });
  return { demo, agent };
}
