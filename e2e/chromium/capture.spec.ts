import { expect, test } from '@playwright/test';
import type { BaseEvent } from '@ag-ui/core';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { launchChromium } from '../support/chromium';
import { collectRowsInPage, eventCount, parseCount, withoutRunIds } from '../support/panel';

let demo: DemoServer;
const sent: BaseEvent[] = [];

test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 2, onSent: (event) => sent.push(event) });
});
test.afterAll(async () => demo?.close());

/** Runs every demo scenario in a fresh page and returns what the page's HttpAgents hold and received. */
async function runDemo(page: import('@playwright/test').Page) {
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  return page.evaluate(() => ({
    snapshot: window.demo.snapshot(),
    records: window.demo.records.map((r) => ({ scenario: r.scenario, events: r.events, error: r.error })),
  }));
}

test('the panel shows every event the agent sent, in order, only in that tab; the page sees the same as without the extension', async () => {
  const plain = await launchChromium({ extension: false });
  const withoutExtension = await runDemo(await plain.context.newPage());
  await plain.close();

  sent.length = 0;
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const other = await browser.context.newPage();
    await other.goto(`${demo.url}/?other`);
    const withExtension = await runDemo(page);

    // The page's HttpAgent received the same events and holds the same messages and state.
    expect(withoutRunIds(withExtension)).toEqual(withoutRunIds(withoutExtension));
    expect(withExtension.records.filter((r) => r.error && !r.error.includes('timed out'))).toEqual([]);

    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await expect(panel.getByTestId('event-count')).toHaveText(eventCount(sent.length));
    const rows = await panel.evaluate(collectRowsInPage);
    expect(rows.map((r) => r.type)).toEqual(sent.map((e) => e.type));
    // Key ids are shown, e.g. the tool call's id on TOOL_CALL_START.
    const start = rows.find((r) => r.type === 'TOOL_CALL_START');
    expect(start?.ids).toContain('call-weather');

    const otherPanel = await browser.openPanel(await browser.tabIdOf(other));
    await expect(otherPanel.getByTestId('event-count')).toHaveText('0 events');
    expect(parseCount(await otherPanel.getByTestId('event-count').textContent())).toBe(0);
  } finally {
    await browser.close();
  }
});
