import { expect, test } from 'vitest';
import type { ResendStatus } from '../../bridge/messages';
import { Resends } from './resend';

function resends(answer: () => Response | Promise<Response>) {
  const records: Record<string, unknown>[] = [];
  const statuses: ResendStatus[] = [];
  const asked: { url: string; init: RequestInit }[] = [];
  const r = new Resends({
    fetch: async (url, init) => {
      asked.push({ url, init });
      return answer();
    },
    record: (m) => records.push(m),
    status: (s) => statuses.push(s),
    now: () => 5,
    pageCookies: () => ['session', 'theme'],
    origin: 'http://localhost:8787',
  });
  return { r, records, statuses, asked };
}
const opened = { kind: 'open', id: 3, transport: 'fetch', url: 'http://localhost:8787/agent/chat', method: 'POST', requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer live', cookie: 'x=1' }, credentials: 'same-origin', mode: 'cors' };

test('the recorded request goes again with the new body and the page’s headers; its answer is a stream labelled resent', async () => {
  const { r, records, statuses, asked } = resends(() => new Response('data: {"type":"RUN_STARTED"}\n\n', { headers: { 'content-type': 'text/event-stream' } }));
  r.onPageMessage(opened);
  await r.send(3, 'rs1', '{"messages":[]}');
  expect(asked[0]!.url).toBe('http://localhost:8787/agent/chat');
  expect(asked[0]!.init).toMatchObject({ method: 'POST', body: '{"messages":[]}', credentials: 'same-origin', mode: 'cors', headers: { 'content-type': 'application/json', authorization: 'Bearer live' } });
  // What the browser sets itself is left to it.
  expect(asked[0]!.init.headers).not.toHaveProperty('cookie');
  expect(records.map((m) => m.kind)).toEqual(['open', 'chunk', 'close']);
  expect(records[0]).toMatchObject({ transport: 'fetch', format: 'sse', status: 200, resent: 'rs1', requestBody: '{"messages":[]}' });
  expect(statuses.map((s) => s.state)).toEqual(['sending', 'receiving', 'done']);
});

test('an answer that is not AG-UI, an unknown request and a network error each fail with their reason', async () => {
  const json = resends(() => new Response('{"error":"no"}', { status: 403, statusText: 'Forbidden', headers: { 'content-type': 'application/json' } }));
  json.r.onPageMessage(opened);
  await json.r.send(3, 'a', '{}');
  expect(json.statuses.at(-1)).toMatchObject({ state: 'failed', status: 403, statusText: 'Forbidden', error: expect.stringContaining('{"error":"no"}') });
  expect(json.records).toEqual([]);
  await json.r.send(9, 'b', '{}');
  expect(json.statuses.at(-1)).toMatchObject({ rid: 'b', state: 'failed', error: expect.stringContaining('no longer knows') });
  const down = resends(() => Promise.reject(new TypeError('Failed to fetch')));
  down.r.onPageMessage(opened);
  await down.r.send(3, 'c', '{}');
  expect(down.statuses.at(-1)).toMatchObject({ state: 'failed', error: expect.stringContaining('TypeError: Failed to fetch') });
});

test('the page’s own credentials mode and mode go again, never more; the plan names the cookies the page can know of', async () => {
  const cases = [
    { url: 'http://localhost:8787/agent', credentials: 'same-origin', cookies: ['session', 'theme'] },
    { url: 'http://localhost:8787/agent', credentials: 'omit', cookies: [] },
    { url: 'http://127.0.0.1:9000/agent', credentials: 'same-origin', cookies: [] },
    { url: 'http://127.0.0.1:9000/agent', credentials: 'include', cookies: undefined },
  ] as const;
  for (const c of cases) {
    const { r, statuses, asked } = resends(() => new Response('', { headers: { 'content-type': 'text/event-stream' } }));
    r.onPageMessage({ ...opened, url: c.url, credentials: c.credentials, mode: 'cors' });
    r.plan(3, 'p');
    expect(statuses.at(-1), `${c.url} ${c.credentials}`).toEqual({ rid: 'p', state: 'planned', ...(c.cookies && { cookies: c.cookies }) });
    expect(asked).toEqual([]);
    await r.send(3, 's', '{}');
    expect(asked[0]!.init).toMatchObject({ credentials: c.credentials, mode: 'cors' });
  }
  // A page's word that is not a credentials mode, or no word: fetch's own default.
  const { r, asked } = resends(() => new Response('', { headers: { 'content-type': 'text/event-stream' } }));
  r.onPageMessage({ ...opened, credentials: 'everything', mode: 'navigate' });
  await r.send(3, 's', '{}');
  expect(asked[0]!.init).toMatchObject({ credentials: 'same-origin', mode: 'cors' });
});
