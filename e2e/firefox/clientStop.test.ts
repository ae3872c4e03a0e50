/**
 * What the page's client holds when a stream is broken (issue 56), in Firefox: on the demo's broken run, Messages and
 * State at the last event hold what the page's HttpAgent holds and say where it stopped, the switch shows what the
 * events say, and the Runs tab calls the run "stopped by the client".
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { eventCount, showTabInPage } from '../support/panel';
import { textOf, until, untilCount } from '../support/poll';

let demo: DemoServer;
let firefox: FirefoxWithExtension;
let page: Page;
let panel: Page;

beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 5 });
  firefox = await launchFirefox();
  page = await firefox.browser.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runScenario('broken'));
  panel = await firefox.openPanel(await firefox.tabIdOf(page));
  // Every event the agent sent (the page's client took 9 of the 12: it stopped at the 10th).
  expect(await untilCount(panel, 12)).toBe(eventCount(12));
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

test("Firefox: the page's client stopped the broken run: Messages and State hold what its HttpAgent holds; the run is stopped by the client", async () => {
  const held = await page.evaluate(() => {
    const s = window.demo.snapshot().broken!;
    return { messages: s.messages.map((m) => (typeof m.content === 'string' ? m.content : '')), state: s.state as Record<string, string> };
  });
  expect(held.messages).toEqual(['What is the weather in Lisbon?', 'It is sunny in Lisbon.']);
  await panel.evaluate(showTabInPage, 'messages');
  const stop = await until(() => textOf(panel, '[data-testid=messages-tab] [data-testid=client-stop]'), (t) => t !== '');
  expect(stop).toMatch(/The page's client stopped this run at #\d+: it refused that event/);
  const messages = await textOf(panel, '[data-testid=messages-tab]');
  for (const m of held.messages) expect(messages).toContain(m);
  expect(messages).not.toContain('And warm.');
  await panel.evaluate(showTabInPage, 'state');
  const state = await until(() => textOf(panel, '[data-testid=state-tab]'), (t) => t.includes('city'));
  for (const [key, value] of Object.entries(held.state)) expect(state).toContain(`${key}: "${value}"`);
  await panel.evaluate(() => document.querySelector<HTMLInputElement>('[data-testid=state-tab] [data-testid=as-events-say]')!.click());
  await panel.evaluate(showTabInPage, 'messages');
  expect(await until(() => textOf(panel, '[data-testid=messages-tab]'), (t) => t.includes('And warm.'))).toContain('It is sunny in Lisbon. And warm.');
  await panel.evaluate(() => document.querySelector<HTMLInputElement>('[data-testid=messages-tab] [data-testid=as-events-say]')!.click());
  await panel.evaluate(showTabInPage, 'runs');
  expect(await until(() => textOf(panel, 'section.run .status'), (t) => t !== '')).toMatch(/^stopped by the client at #\d+$/);
});
