import type { BaseEvent } from '@ag-ui/core';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { launchFirefox } from '../support/firefox';
import { collectRowsInPage, parseCount, withoutRunIds } from '../support/panel';

let demo: DemoServer;
const sent: BaseEvent[] = [];

beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 2, onSent: (event) => sent.push(event) });
});
afterAll(async () => demo?.close());

async function runDemo(page: Page) {
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  return page.evaluate(() => ({
    snapshot: window.demo.snapshot(),
    records: window.demo.records.map((r) => ({ scenario: r.scenario, events: r.events, error: r.error })),
  }));
}

const countText = (panel: Page) => panel.evaluate(() => document.querySelector('[data-testid=event-count]')?.textContent ?? null);

async function waitForCount(panel: Page, expected: number): Promise<number> {
  let last = -1;
  for (let i = 0; i < 100; i++) {
    const text = await countText(panel);
    if (text) last = parseCount(text);
    if (last === expected) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

test('Firefox: the panel shows every event the agent sent, in order, only in that tab; the page sees the same as without the extension', async () => {
  const plain = await launchFirefox({ extension: false });
  const withoutExtension = await runDemo(await plain.browser.newPage());
  await plain.close();

  sent.length = 0;
  const firefox = await launchFirefox();
  try {
    const page = await firefox.browser.newPage();
    const other = await firefox.browser.newPage();
    await other.goto(`${demo.url}/?other`);
    const withExtension = await runDemo(page);

    expect(withoutRunIds(withExtension)).toEqual(withoutRunIds(withoutExtension));

    const panel = await firefox.openPanel(await firefox.tabIdOf(page));
    expect(await waitForCount(panel, sent.length)).toBe(sent.length);
    const rows = await panel.evaluate(collectRowsInPage);
    expect(rows.map((r) => r.type)).toEqual(sent.map((e) => e.type));
    expect(rows.find((r) => r.type === 'TOOL_CALL_START')?.ids).toContain('call-weather');

    const otherPanel = await firefox.openPanel(await firefox.tabIdOf(other));
    await new Promise((r) => setTimeout(r, 300));
    expect(await countText(otherPanel)).toBe('0 events');
  } finally {
    await firefox.close();
  }
});
