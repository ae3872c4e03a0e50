/**
 * An agent on another origin for Resend's credentials tests (issue 54): `/set-cookie` gives its host a cookie
 * (cookies ignore ports: 127.0.0.1:A and 127.0.0.1:B share them), `/cred-agent` answers a page of any origin (CORS
 * with credentials) with a run named by the request, and notes the Cookie header each request carried.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CredentialAgent {
  /** Per run id, the Cookie header of each request for it ('' for none), in order. */
  cookies: Map<string, string[]>;
  route(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

export function credentialAgent(): CredentialAgent {
  const cookies = new Map<string, string[]>();
  return {
    cookies,
    route(req, res, url) {
      if (url.pathname === '/set-cookie') {
        res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'agentsession=on-the-agent; Path=/; SameSite=Lax' }).end('set');
        return true;
      }
      if (url.pathname !== '/cred-agent') return false;
      const cors = { 'access-control-allow-origin': String(req.headers.origin ?? '*'), 'access-control-allow-credentials': 'true', 'access-control-allow-headers': 'content-type', vary: 'origin' };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return true;
      }
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        let runId = 'unknown';
        try {
          runId = String((JSON.parse(body) as { runId?: unknown }).runId);
        } catch {}
        cookies.set(runId, [...(cookies.get(runId) ?? []), String(req.headers.cookie ?? '')]);
        res.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
        res.end([{ type: 'RUN_STARTED', threadId: 'cred', runId }, { type: 'RUN_FINISHED', threadId: 'cred', runId }].map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
      });
      return true;
    },
  };
}

/** In the page: posts a RunAgentInput as text/plain (no preflight) to `url` with `credentials` (or fetch's default), and reads the answer. */
export const postRunInPage = async ({ url, runId, credentials }: { url: string; runId: string; credentials?: RequestCredentials }): Promise<number> => {
  const body = JSON.stringify({ threadId: 'cred', runId, messages: [{ id: 'u1', role: 'user', content: 'hi' }], tools: [], context: [], state: {}, forwardedProps: {} });
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body, ...(credentials && { credentials }) });
  return (await r.text()).length;
};

/** The cases: [name, the agent's origin (its host), the page's credentials mode]. */
export const CREDENTIAL_CASES = [
  ['cross-origin same-site, default credentials', '127.0.0.1', undefined],
  ['cross-origin same-site, credentials include', '127.0.0.1', 'include'],
  ['cross-site, credentials include', 'localhost', 'include'],
  ['cross-site, default credentials', 'localhost', undefined],
] as const;
