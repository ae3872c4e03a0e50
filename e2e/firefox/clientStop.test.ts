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
import { filterPanel, selectEvent, showTab, textOf, until, untilCount } from '../support/poll';

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

test("Firefox: a THINKING_* stream: changed: finds it, the Event tab shows it as sent and as the page's client used it, and names the producer", async () => {
  await page.evaluate(() => window.demo.runScenario('legacy-thinking'));
  // The broken run's 12 events and this run's 15 (the page's records hold only the 9 its client took of the first).
  expect(await untilCount(panel, 27)).toBe(eventCount(27));
  const rows = await filterPanel(panel, 'changed:mapped');
  expect(rows.map((r) => r.type)).toEqual(['THINKING_START', 'THINKING_TEXT_MESSAGE_START', 'THINKING_TEXT_MESSAGE_CONTENT', 'THINKING_TEXT_MESSAGE_END', 'THINKING_END']);
  await selectEvent(panel, rows[0]!.index);
  await showTab(panel, 'event');
  const used = await until(() => textOf(panel, '[data-testid=as-used]'), (t) => t !== '');
  expect(used).toContain('THINKING_START → REASONING_START');
  expect(used).toContain('REASONING_START');
  expect(await textOf(panel, '[data-testid=as-sent]')).toContain('Planning');
  expect(await panel.$eval('[data-testid=client-change]', (el) => el.getAttribute('data-kind'))).toBe('mapped');
  expect(await textOf(panel, '[data-testid=stream-producer]')).toContain('AG-UI DevTools demo agent (@ag-ui/encoder)');
  await filterPanel(panel, '');
});
