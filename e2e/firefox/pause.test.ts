/**
 * Pause on an event (issue 20) in Firefox: a pause on type:TOOL_CALL_START stops the demo page's own UI before the
 * tool call; Step gives it one event, Resume the rest; the bytes a page read through a pause equal the server's;
 * "on the first protocol error" stops the broken stream before its bad event, and the page's abort ends the pause;
 * Resend with an edited user message reaches the agent with the page's cookie, and the page is untouched.
 */
import { join } from 'node:path';
import type { RunAgentInput } from '@ag-ui/core';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { BROKEN_SSE, testRoutes } from '../support/brokenStream';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { CREDENTIAL_CASES, credentialAgent, postRunInPage } from '../support/credentialRoutes';
import { ARTIFACTS } from '../support/paths';
import { readInPage, SLOW, SLOW_BYTES, slowRoute } from '../support/pauseRoutes';
import { parseCount, showTabInPage } from '../support/panel';
import { filterPanel, poll, sleep, textOf, until } from '../support/poll';

const inputs: { scenario: string; input: RunAgentInput; cookie: string }[] = [];
let demo: DemoServer;
let firefox: FirefoxWithExtension;
let page: Page;
let panel: Page;
beforeAll(async () => {
  demo = await startDemoServer({
    delayMs: 20,
    extraRoutes: (req, res, url) => slowRoute(req, res, url) || testRoutes(req, res, url),
    onInput: (input, scenario, headers) => inputs.push({ scenario, input, cookie: String(headers.cookie ?? '') }),
  });
  firefox = await launchFirefox();
  page = await firefox.browser.newPage();
  await page.goto(`${demo.url}/`);
  // In a window of its own: the page's tab stays the selected one of its window.
  panel = await firefox.openPanel(await firefox.tabIdOf(page), { window: true });
  await panel.setViewport({ width: 560, height: 800 });
  await until(() => panel.evaluate(() => document.querySelector('[data-testid=pause-open]') !== null), (v) => v);
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

const click = (selector: string) => panel.evaluate((s: string) => document.querySelector<HTMLElement>(s)!.click(), selector);
/** Arms exactly these conditions through the dialog (its input, Enter, the error switch), then closes it. */
async function arm(conditions: string[], onError = false) {
  await click('[data-testid=pause-open]');
  await until(() => panel.evaluate(() => document.querySelector('[data-testid=pause-dialog]') !== null), (v) => v);
  await panel.evaluate(
    async (list: string[], error: boolean) => {
      const tick = () => new Promise((r) => setTimeout(r, 30));
      for (const b of document.querySelectorAll<HTMLElement>('[data-testid=pause-dialog] button[aria-label^="Remove "]')) {
        b.click();
        await tick();
      }
      for (const c of list) {
        const input = document.querySelector<HTMLInputElement>('[data-testid=pause-condition-input]')!;
        input.value = c;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await tick();
        input.form!.requestSubmit();
        await tick();
      }
      const box = document.querySelector<HTMLInputElement>('[data-testid=pause-on-error]')!;
      if (box.checked !== error) box.click();
      await tick();
    },
    conditions,
    onError,
  );
  expect(await panel.$$eval('[data-condition]', (els) => els.map((e) => e.getAttribute('data-condition')))).toEqual(conditions);
  await panel.keyboard.press('Escape');
  const armed = conditions.length + (onError ? 1 : 0) > 0 ? 'true' : 'false';
  await until(() => panel.evaluate(() => document.querySelector('[data-testid=pause-open]')!.getAttribute('aria-pressed')), (v) => v === armed);
}
const bar = () => textOf(panel, '[data-testid=pause-bar]');
const messages = () => page.evaluate(() => document.querySelector<HTMLElement>('#messages')!.innerText);

test('Firefox: a pause on type:TOOL_CALL_START stops the page before the tool call; Step gives it one event; Resume the rest', async () => {
  await arm(['type:TOOL_CALL_START']);
  await page.evaluate(() => void window.demo.runScenario('tools'));
  expect(await poll(bar, (t) => /Paused before #\d+ TOOL_CALL_START \(get_weather\)/.test(t))).toContain('matched type:TOOL_CALL_START');
  await until(messages, (t) => t.includes('Let me check the weather.'));
  await panel.screenshot({ path: join(ARTIFACTS, 'pause-firefox-560-light.png') });
  await sleep(800);
  expect(await messages()).not.toContain('get_weather');
  expect(await textOf(page, '#status')).toBe('running tools…');
  await click('[data-testid=pause-step]');
  await until(messages, (t) => t.includes('→ get_weather()'));
  expect(await poll(bar, (t) => t.includes('TOOL_CALL_ARGS'))).toContain('after a step');
  await click('[data-testid=pause-resume]');
  expect(await poll(() => textOf(page, '#status'), (t) => t === 'tools: done')).toBe('tools: done');
  expect(await messages()).toContain('It is 21°C and clear in Lisbon.');
  expect(await poll(() => panel.evaluate(() => document.querySelector('[data-testid=pause-bar]') === null), (v) => v)).toBe(true);
});

test('Firefox: the bytes a page read through a pause equal the server’s; the first protocol error pauses; an abort ends it', async () => {
  await arm(['type:STATE_DELTA']);
  const read = (path: string) => page.evaluate(readInPage, path);
  const got = () => page.evaluate(() => (window as unknown as { got: number[] }).got.length);
  const ended = () => page.evaluate(() => (window as unknown as { ended: string }).ended);
  await read('/slow');
  await until(bar, (t) => t.includes('STATE_DELTA'));
  // Everything before the event (read at the page's own pace), then nothing of it while it stays paused.
  const text = SLOW.join('');
  const before = Buffer.byteLength(text.slice(0, text.indexOf('data: {"type":"STATE_DELTA')));
  await until(got, (n) => n >= before);
  await sleep(400);
  expect(await got()).toBe(before);
  await click('[data-testid=pause-resume]');
  await until(ended, (e) => e === 'done');
  expect(Buffer.from(await page.evaluate(() => (window as unknown as { got: number[] }).got)).equals(SLOW_BYTES)).toBe(true);

  await arm([], true);
  await read('/broken');
  await until(bar, (t) => /TEXT_MESSAGE_CONTENT \(never-started\) · its protocol error/.test(t));
  expect(await poll(got, (n) => n === Buffer.byteLength(BROKEN_SSE.slice(0, 3).join('')))).toBe(Buffer.byteLength(BROKEN_SSE.slice(0, 3).join('')));
  await page.evaluate(() => (window as unknown as { abort: AbortController }).abort.abort());
  expect(await poll(ended, (e) => e !== '')).toBe('AbortError');
  expect(await poll(() => panel.evaluate(() => document.querySelector('[data-testid=pause-bar]') === null), (v) => v)).toBe(true);
  await arm([]);
});

test('Firefox: Resend with an edited user message: the agent gets it with the page’s cookie; captured as "resent"; the page untouched', async () => {
  await page.evaluate(() => (document.cookie = 'session=ff-cookie'));
  await page.evaluate(() => window.demo.runScenario('chat'));
  const before = await page.evaluate(() => JSON.stringify(window.demo.snapshot()));
  const runs = inputs.length;
  await until(() => panel.evaluate(() => document.querySelectorAll('[role=row]').length > 0), (v) => v);
  await panel.evaluate(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })));
  await panel.evaluate(showTabInPage, 'runs');
  await until(() => panel.evaluate(() => document.querySelectorAll('[data-testid=run-resend]').length), (n) => n > 0);
  await panel.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid=run-resend]')].at(-1)!.click());
  await until(() => panel.evaluate(() => document.querySelector('[data-testid=resend-user-text]') !== null), (v) => v);
  await panel.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('[data-testid=resend-user-text]')!;
    input.value = 'Say hello in Korean';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await until(() => panel.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid=resend-input]')!.value.includes('Say hello in Korean')), (v) => v);
  await click('[data-testid=resend-send]');
  expect(await poll(() => textOf(panel, '[data-testid=resend-status]'), (t) => /Done|Failed/.test(t))).toContain('Done · 200 OK');
  expect(inputs.length).toBe(runs + 1);
  expect(inputs.at(-1)!.input.messages.at(-1)).toMatchObject({ role: 'user', content: 'Say hello in Korean' });
  expect(inputs.at(-1)!.cookie).toContain('session=ff-cookie');
  expect(await page.evaluate(() => JSON.stringify(window.demo.snapshot()))).toBe(before);
  await until(() => panel.evaluate(() => document.querySelector('[data-testid=resend-compare]') !== null), (v) => v);
  await click('[data-testid=resend-compare]');
  await until(() => panel.evaluate(() => document.querySelector('[data-testid=compare]') !== null), (v) => v);
  await panel.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid=compare] [role=tab]')].find((t) => t.textContent === 'Input')!.click());
  expect(await poll(() => textOf(panel, '[data-testid=compare-input]'), (t) => t.includes('Korean'))).toContain('Say hello in Korean');
});

test('Firefox: Resend sends what the page’s request would send: its credentials mode, no cookie it did not carry (same-site and cross-site), and says which', async () => {
  const agent = credentialAgent();
  const b = await startDemoServer({ extraRoutes: agent.route });
  const port = new URL(b.url).port;
  try {
    for (const host of ['127.0.0.1', 'localhost']) {
      const setter = await firefox.browser.newPage();
      await setter.goto(`http://${host}:${port}/set-cookie`);
      await setter.close();
    }
    // Compare (opened by the test before) closed: the Runs tab's buttons are the panel's again.
    await panel.evaluate(() => document.querySelector<HTMLElement>('[data-testid=compare] button[aria-label="Close Compare"]')?.click());
    for (const [name, host, credentials] of CREDENTIAL_CASES) {
      const runId = `cred-${host}-${credentials ?? 'default'}`;
      const shown = parseCount(await textOf(panel, '[data-testid=event-count]'));
      await page.evaluate(postRunInPage, { url: `http://${host}:${port}/cred-agent`, runId, ...(credentials && { credentials }) });
      await until(async () => agent.cookies.get(runId)?.length, (n) => n === 1);
      // The run's two events reach the panel; the Runs tab lists the runs as of the selected event: End follows the
      // latest (a filter's last drawn row need not be the last one: the list draws the rows in view).
      await until(async () => parseCount(await textOf(panel, '[data-testid=event-count]')), (n) => n >= shown + 2);
      await filterPanel(panel, '');
      await panel.focus('[data-testid=event-list]');
      await panel.keyboard.press('End');
      await panel.evaluate(showTabInPage, 'runs');
      const resend = `[data-run-id="${runId}"] [data-testid=run-resend]`;
      await until(() => panel.evaluate((s) => document.querySelector(s) !== null, resend), (v) => v);
      await click(resend);
      const cookies = await until(() => textOf(panel, '[data-testid=resend-cookies]'), (t) => t !== '' && !t.includes('asking'));
      expect(await textOf(panel, '[data-testid=resend-credentials]')).toContain(`Sent with credentials '${credentials ?? 'same-origin'}' and mode 'cors'`);
      expect(cookies, name).toContain(credentials === 'include' ? `The cookies the browser keeps for http://${host}:${port} go with it` : 'No cookie goes with it');
      await click('[data-testid=resend-send]');
      expect(await poll(() => textOf(panel, '[data-testid=resend-status]'), (t) => /Done|Failed/.test(t))).toContain('Done · 200 OK');
      const [original, resent] = agent.cookies.get(runId)!;
      expect(resent, `${name}: the resend carries exactly the page's cookies`).toBe(original);
      if (!credentials) expect(original).toBe('');
      await panel.evaluate(() => document.querySelector<HTMLElement>('[data-testid=resend-dialog] button[aria-label="Close"]')?.click());
      await until(() => panel.evaluate(() => document.querySelector('[data-testid=resend-dialog]') === null), (v) => v);
    }
    expect(agent.cookies.get('cred-127.0.0.1-include')!.every((c) => c.includes('agentsession=on-the-agent'))).toBe(true);
  } finally {
    await b.close();
  }
});
