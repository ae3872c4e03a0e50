import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { BROKEN_EVENTS, brokenRoute } from '../support/brokenStream';
import { launchFirefox } from '../support/firefox';
import { demoEventsInPage, eventCount } from '../support/panel';
import { filterPanel, poll, selectEvent, showTab, textOf, untilCount } from '../support/poll';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 1, extraRoutes: brokenRoute });
});
afterAll(async () => demo?.close());

/**
 * Filters the list, clicks the first row of that type, clears the filter (the selection stays), and opens an
 * inspector tab; returns the tab's text. Each step once the panel shows the one before.
 */
async function inspect(panel: Page, filter: string, type: string, tab: string): Promise<string> {
  const rows = await filterPanel(panel, filter);
  const index = rows.find((r) => r.type === type)?.index;
  expect(index, `a ${type} row for "${filter}"`).toBeDefined();
  await selectEvent(panel, index!);
  await filterPanel(panel, '');
  await showTab(panel, tab);
  return poll(() => textOf(panel, '.inspector .tab-body'), (t) => t !== '');
}

test('Firefox: the inspector shows the conversation as it stood, the state, and the problems of a broken stream', async () => {
  const firefox = await launchFirefox();
  try {
    const page = await firefox.browser.newPage();
    await page.goto(`${demo.url}/`);
    await page.evaluate(() => window.demo.runScenario('tools'));
    await page.evaluate(() => window.demo.runScenario('state'));
    await page.evaluate(() => fetch('/broken').then((r) => r.text()));
    const read = (await page.evaluate(demoEventsInPage)) + BROKEN_EVENTS;
    const panel = await firefox.openPanel(await firefox.tabIdOf(page));
    expect(await untilCount(panel, read)).toBe(eventCount(read));

    const messages = await inspect(panel, 'call-weather', 'TOOL_CALL_RESULT', 'messages');
    expect(messages).toContain('What is the weather in Lisbon?');
    expect(messages).toContain('get_weather');
    expect(messages).toContain('"Lisbon"');
    expect(messages).not.toContain('It is 21°C');

    const state = await inspect(panel, 'STATE_DELTA', 'STATE_DELTA', 'state');
    expect(state).toContain('Book hotel');
    expect(state).not.toContain('Visit Belém');

    const problems = await inspect(panel, '', 'RUN_STARTED', 'problems');
    expect(problems).toContain('json/invalid');
    expect(problems).toContain('text/not-open');
    expect(problems).toContain('OPERATION_PATH_UNRESOLVABLE');
  } finally {
    await firefox.close();
  }
});
