import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { armRuleInPage, parseCount } from '../support/panel';
import { type DrivenPage, observeProbe, SCENARIOS } from '../support/probePage';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

let probe: ProbeServer;

test.beforeAll(async () => {
  probe = await startProbeServer();
});
test.afterAll(async () => probe?.close());

const observe = (page: Page) => observeProbe(page as unknown as DrivenPage, probe.url);

test('with the extension the page observes exactly what it observes without it', async () => {
  const plain = await launchChromium({ extension: false });
  const without = await observe(await plain.context.newPage());
  await plain.close();

  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const withExt = await observe(page);
    for (const name of SCENARIOS) expect(withExt[name], name).toEqual(without[name]);
    // The scenarios did what they are for.
    expect((without['fetch-string'] as { chunks: string[] }).chunks).toHaveLength(5);
    expect((without['abort-mid'] as { error: string }).error).toMatch(/AbortError/);
    expect((without['network-error'] as { error: string }).error).toMatch(/TypeError/);
    expect((without.natives as { messages: string[] }).messages).toEqual([]);
    expect((without.es as { events: unknown[] }).events).toHaveLength(4);
    expect((without.ws as { got: string[] }).got).toHaveLength(4);
    expect((without.xhr as { progressed: boolean }).progressed).toBe(true);
    // The observers probe saw the browser's own reads (so it would see ours): the input made a string once, each
    // init member read once, and a stack under Error.stackTraceLimit = 10 of 10 frames and its message line.
    const observed = without.observers as { log: string[]; stack: Record<string, number> };
    expect(observed.log.filter((l) => l === 'input.toString')).toHaveLength(1);
    expect(observed.log.filter((l) => l === 'init.method')).toHaveLength(1);
    expect(observed.log.filter((l) => l === 'init.body')).toHaveLength(1);
    expect(observed.stack).toEqual({ ws: 11, xhr: 11, fetch: 11 });

    // And the panel has them: every AG-UI stream, and nothing else.
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await panel.setViewportSize({ width: 1400, height: 900 });
    const expected = 3 /* response-shape */ + 2 + 2 + 1 /* observers: echo, sse, the aborted one */ + 5 + 5 + 1 + 1 + 4 + 2 + 2 /* abort-mid: at least 2 */ + 4 /* es */ + 1 /* es-close */ + 4 /* ws: 3 in, 1 out */ + 5;
    await expect.poll(async () => parseCount(await panel.getByTestId('event-count').textContent())).toBeGreaterThanOrEqual(expected);
    const streams = await panel.locator('.toolbar .muted').first().textContent();
    // 9 + 3 (observers) fetch streams, 2 + 1 EventSource connections, 1 WebSocket, 1 XHR; JSON, binary and failed
    // requests are not.
    expect(streams).toBe('17 streams');
    // What the page sent over its WebSocket is there, marked as sent; the non-AG-UI message is not.
    await panel.locator('input.filter').fill('from-page');
    await expect(panel.locator('[role=row]')).toHaveCount(1);
    await expect(panel.locator('[role=row] .dir')).toHaveText('↑');
    await panel.locator('input.filter').fill('not json at all');
    await expect(panel.locator('[role=row]')).toHaveCount(0);

    // With a replay rule armed that no request matches, the page still observes exactly what it does without us.
    await panel.evaluate(armRuleInPage, { tabId: await browser.tabIdOf(page), origin: probe.url, url: `${probe.url}/never-requested` });
    await expect(panel.getByTestId('replay-armed')).toContainText('never-requested');
    const armed = await page.evaluate(() => (window as unknown as { probe: { run(n: string): Promise<unknown> } }).probe.run('observers'));
    expect(armed).toEqual(without.observers);
    const run = (name: string) => page.evaluate((n) => (window as unknown as { probe: { run(n: string): Promise<unknown> } }).probe.run(n), name);
    // Nothing in the page's session storage says a rule is armed; a Response reads as the network's.
    expect(await run('response-shape')).toEqual(without['response-shape']);
    // Held by a pause (the relay feeds the page): the same Response, to its own properties and its clone's.
    await panel.getByTestId('pause-open').click();
    const dialog = panel.getByTestId('pause-dialog');
    await dialog.getByTestId('pause-condition-input').fill('type:NEVER_SENT');
    await dialog.getByTestId('pause-condition-input').press('Enter');
    await panel.keyboard.press('Escape');
    await expect(panel.getByTestId('pause-open')).toHaveAttribute('aria-pressed', 'true');
    expect(await run('response-shape')).toEqual(without['response-shape']);
    // Answered by a replay rule (no network at all): the same url, redirected and type as the network's.
    await panel.evaluate(armRuleInPage, { tabId: await browser.tabIdOf(page), origin: probe.url, url: `${probe.url}/sse?n=3`, method: 'GET', id: 'answers-sse' });
    await expect(panel.getByTestId('replay-armed').filter({ hasText: 'sse?n=3' })).toHaveCount(1);
    const { bytes: ruleBytes, ...answered } = (await run('response-shape')) as { bytes: number };
    const { bytes: networkBytes, ...network } = without['response-shape'] as { bytes: number };
    expect(ruleBytes, 'the rule answered, not the network').not.toBe(networkBytes);
    expect(answered).toEqual(network);
  } finally {
    await browser.close();
  }
});

/**
 * The panel with the first event the filter matches selected, or, given `stream`, the first of a stream whose URL
 * holds it: the streams' records may reach the panel in any order (a tee is read after the page's own read).
 */
async function eventTab(browser: ChromiumWithExtension, page: Page, filter: string, stream?: string) {
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  await panel.setViewportSize({ width: 1400, height: 900 });
  await panel.locator('input.filter').fill(filter);
  if (stream === undefined) {
    await panel.locator('[role=row]').first().click();
    return panel;
  }
  const tab = panel.getByTestId('event-tab');
  const found = async () => {
    for (const row of await panel.locator('[role=row]').all()) {
      await row.click();
      // (The tab read once it shows this row's event.)
      await expect(tab.locator('h3')).toContainText(`#${await row.getAttribute('data-index')} `);
      if (((await tab.textContent()) ?? '').includes(stream)) return true;
    }
    return false;
  };
  await expect.poll(found, { message: `an event of the stream ${stream}` }).toBe(true);
  return panel;
}

test('requests are captured with their RunAgentInput; secrets never leave the page', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    await page.evaluate(() => (window as unknown as { probe: { run(n: string): Promise<unknown> } }).probe.run('fetch-request'));
    const panel = await eventTab(browser, page, 'echo');
    const tab = panel.getByTestId('event-tab');
    await tab.locator('summary', { hasText: 'Request headers' }).click();
    await expect(tab).toContainText('authorization[redacted]');
    await expect(tab).not.toContainText('page-secret');
    await tab.locator('summary', { hasText: 'Response headers' }).click();
    await tab.locator('summary', { hasText: 'Request body' }).click();
    await expect(tab).toContainText('threadId');
    // The conversation is seeded with the request's messages, as the page's agent held them.
    await panel.locator('[data-tab=messages]').click();
    await expect(panel.getByTestId('messages-tab').locator('[data-message-id="u1"]')).toContainText('hi');
    // Export says what the file holds, and leaves out bodies, headers and URLs on request.
    await panel.locator('input.filter').fill('');
    await panel.getByTestId('export').click();
    const contents = panel.getByTestId('export-contents');
    await expect(contents).toContainText('1 request body');
    await expect(contents).toContainText('URLs of 1 stream');
    // What was masked, counted for this session: the authorization header, nothing in the URL or the body.
    await expect(contents).toContainText('values of headers not known to be harmless are masked: 1 in this session');
    await expect(contents).toContainText('query and fragment values not known to be harmless are masked: none in this session');
    await expect(contents).toContainText('captured or imported (session and HAR files alike)');
    // Request bodies: one control, three choices (kept masked, strings redacted, left out); the others are checkboxes.
    const bodies = panel.getByRole('group', { name: 'Request bodies' });
    await expect(bodies.getByLabel('Keep (masked)')).toBeChecked();
    await expect(panel.getByTestId('redaction')).not.toContainText('request bodies');
    await bodies.getByLabel('Leave out').check();
    await expect(contents.locator('li.struck')).toContainText('1 request body');
    const leaveOut = panel.getByRole('group', { name: 'Leave out' });
    await expect(leaveOut).not.toContainText('Request bodies');
    await leaveOut.getByLabel('Headers').check();
    await leaveOut.getByLabel('URLs').check();
    const [download] = await Promise.all([panel.waitForEvent('download'), panel.getByTestId('export-confirm').click()]);
    const text = readFileSync(await download.path(), 'utf8');
    for (const secret of ['threadId', 'page-secret', 'authorization', '/echo', '127.0.0.1']) expect(text, secret).not.toContain(secret);
    expect(JSON.parse(text).contains).toEqual({ urls: false, headers: false, requestBodies: false, responseBodies: true });
  } finally {
    await browser.close();
  }
});

test('streams in same-origin and cross-origin iframes, each labelled with its frame', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/frames?other=${encodeURIComponent(probe.otherUrl)}`);
    await expect.poll(() => page.frames().length).toBe(3);
    for (const frame of page.frames().slice(1)) {
      await frame.waitForFunction(() => 'probe' in window);
      await frame.evaluate(() => (window as unknown as { probe: { run(n: string): Promise<unknown> } }).probe.run('fetch-string'));
    }
    const panel = await eventTab(browser, page, 'RUN_STARTED');
    await expect(panel.locator('[role=row]')).toHaveCount(2);
    const frames: string[] = [];
    for (const row of await panel.locator('[role=row]').all()) {
      await row.click();
      frames.push((await panel.getByTestId('event-tab').getByTestId('stream-frame').textContent()) ?? '');
    }
    // Each frame's own URL, read by the relay in that frame (query values masked unless known harmless).
    expect(frames.sort()).toEqual([`${probe.otherUrl}/probe?frame=cross`, `${probe.url}/probe?frame=same`].sort());
  } finally {
    await browser.close();
  }
});

test('secrets in headers, URLs and bodies are redacted before they leave the page, by allow-list', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    // The page's own URL holds a token too (a navigation URL is masked as any other).
    await page.goto(`${probe.url}/probe?token=nav-token-secret#access_token=nav-fragment-secret`);
    const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqd3Qtc2VjcmV0In0.c2lnbmF0dXJlLXNlY3JldA';
    const secrets = ['nav-token-secret', 'nav-fragment-secret', 'ws-forwarded-token', 'body-access-key', 'body-x-auth', 'body-basic', 'sk-proj-bodysecret0123456789', JWT, 'hdr-x-auth', 'hdr-authentication', 'hdr-x-password', 'hdr-x-session-id', 'hdr-x-signature', 'hdr-x-credentials', 'hdr-openai-org', 'hdr-x-access-code', 'hdr-x-bearer', 'qs-api-key', 'qs-access-token', 'body-api-key'];
    await page.evaluate(async () => {
      const headers = {
        'content-type': 'application/json',
        'x-auth': 'hdr-x-auth',
        authentication: 'hdr-authentication',
        'x-password': 'hdr-x-password',
        'x-session-id': 'hdr-x-session-id',
        'x-signature': 'hdr-x-signature',
        'x-credentials': 'hdr-x-credentials',
        'openai-organization': 'hdr-openai-org',
        'x-access-code': 'hdr-x-access-code',
        'x-bearer': 'hdr-x-bearer',
      };
      const body = JSON.stringify({
        threadId: 't',
        runId: 'r',
        messages: [{ id: 'u', role: 'user', content: 'my key is sk-proj-bodysecret0123456789' }],
        state: { idToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqd3Qtc2VjcmV0In0.c2lnbmF0dXJlLXNlY3JldA' },
        forwardedProps: { apiKey: 'body-api-key', accessKey: 'body-access-key', 'x-auth': 'body-x-auth', authHeader: 'Basic body-basic' },
      });
      // (Each step bounded: a step that never ends names itself instead of running into the test's timeout.)
      const within = <T,>(what: string, p: Promise<T>) =>
        Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not done in 20 s`)), 20_000))]);
      await within('the POST', fetch('/sse?n=2&gap=0&api_key=qs-api-key&access_token=qs-access-token&format=sse', { method: 'POST', headers, body }).then((r) => r.text()));
      await within('the EventSource', new Promise<void>((resolve) => {
        const es = new EventSource('/es?key=x&api_key=qs-api-key');
        es.onmessage = () => {
          es.close();
          resolve();
        };
      }));
      // A RunAgentInput the page sends over a WebSocket is its request too.
      await within('the WebSocket', new Promise<void>((resolve) => {
        const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
        ws.onopen = () => {
          ws.send(JSON.stringify({ type: 'CUSTOM', name: 'run', value: { forwardedProps: { token: 'ws-forwarded-token' } } }));
          ws.send('go');
        };
        ws.onmessage = () => {
          ws.close();
          resolve();
        };
      }));
    });
    const panel = await eventTab(browser, page, 'probe-run', '/sse?');
    const tab = panel.getByTestId('event-tab');
    for (const summary of ['Request headers', 'Response headers', 'Request body']) await tab.locator('summary', { hasText: summary }).click();
    await expect(tab).toContainText('x-auth[redacted]');
    await expect(tab).toContainText('api_key=[redacted]&access_token=[redacted]&format=sse');
    const shown = (await panel.locator('body').textContent()) ?? '';
    for (const s of secrets) expect(shown, s).not.toContain(s);
    // Nor in an export of everything.
    await panel.locator('input.filter').fill('');
    await panel.getByTestId('export').click();
    // (Bounded waits: a failure names the step instead of running into the test's timeout.)
    const [download] = await Promise.all([panel.waitForEvent('download', { timeout: 20_000 }), panel.getByTestId('export-confirm').click({ timeout: 20_000 })]);
    const raw = readFileSync(await download.path(), 'utf8');
    const file = JSON.parse(raw) as { streams: { requestBody?: string }[]; records: { kind: string; data?: string; url?: string }[] };
    // Nowhere in the file: stream URLs and bodies, the page's navigation URL, the messages the page sent.
    const decoded = raw + file.records.map((r) => (r.data ? Buffer.from(r.data, 'base64').toString() : '')).join('');
    for (const s of secrets) expect(decoded, s).not.toContain(s);
    expect(JSON.parse(file.streams[0]!.requestBody!).forwardedProps).toEqual({ apiKey: '[redacted]', accessKey: '[redacted]', 'x-auth': '[redacted]', authHeader: '[redacted]' });
    expect(file.records.find((r) => r.kind === 'navigate')?.url).toBe(`${probe.url}/probe?token=[redacted]#access_token=[redacted]`);
  } finally {
    await browser.close();
  }
});
