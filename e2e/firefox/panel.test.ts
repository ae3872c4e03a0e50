/** The panel at DevTools standard, in Firefox (issue 9): docked narrow, filtered, keyboard, Clear, inline errors. */
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { BROKEN_EVENTS, testRoutes } from '../support/brokenStream';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { ARTIFACTS, ROOT } from '../support/paths';
import { poll, sleep, textOf, untilCount } from '../support/poll';
import { demoEventsInPage, eventCount, setFilterInPage, showTabInPage } from '../support/panel';

let demo: DemoServer;
let firefox: FirefoxWithExtension;
let panel: Page;
let page: Page;

beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 1, extraRoutes: testRoutes });
  firefox = await launchFirefox();
  page = await firefox.browser.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  await page.evaluate(() => fetch('/broken').then((r) => r.text()));
  const read = (await page.evaluate(demoEventsInPage)) + BROKEN_EVENTS;
  panel = await firefox.openPanel(await firefox.tabIdOf(page));
  await panel.setViewport({ width: 560, height: 700 });
  expect(await untilCount(panel, read)).toBe(eventCount(read));
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

const inView = (selector: string) =>
  panel.evaluate((s: string) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    return r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight;
  }, selector);
const setFilter = (value: string) => panel.evaluate(setFilterInPage, value);
/**
 * The count of events a filter shows, read once the panel has drawn the filter: two animation frames later (a
 * hidden panel draws no frames: 2 s at most).
 */
const shown = async (query: string) => {
  await setFilter(query);
  await panel.evaluate(() => new Promise((drawn) => (setTimeout(drawn, 2000), requestAnimationFrame(() => requestAnimationFrame(drawn)))));
  return Number((await textOf(panel, '[data-testid=shown-count]')).split(' ')[0]);
};

test('Firefox at 560×700: counts in view, vertical layout, the splitter moves and is remembered', async () => {
  expect(await inView('[data-testid=event-count]')).toBe(true);
  expect(await inView('[data-testid=problem-count]')).toBe(true);
  expect(await panel.$eval('main.split', (el) => el.getAttribute('data-layout'))).toBe('vertical');
  await panel.screenshot({ path: join(ARTIFACTS, 'panel-firefox-560x700-light.png') });
  const splitter = (await panel.$('[data-testid=splitter]'))!;
  const before = Number(await splitter.evaluate((el) => el.getAttribute('aria-valuenow')));
  const box = (await splitter.boundingBox())!;
  await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await panel.mouse.down();
  await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 120, { steps: 5 });
  await panel.mouse.up();
  const after = Number(await splitter.evaluate((el) => el.getAttribute('aria-valuenow')));
  expect(after).toBeLessThan(before - 5);
  // Remembered: a panel opened afresh has the splitter where it was left.
  const again = await firefox.openPanel(await firefox.tabIdOf(page));
  await again.setViewport({ width: 560, height: 700 });
  expect(await poll(() => again.evaluate(() => document.querySelector('[data-testid=splitter]')?.getAttribute('aria-valuenow')), (v) => v === String(after))).toBe(String(after));
  await again.close();
});

/** Clicks an element, again if a re-render replaced it between finding and clicking. */
async function clickSettled(selector: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await panel.click(selector);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('detached')) throw error;
      await sleep(100);
    }
  }
}

test('Firefox: the filter language, the kind chips, and the keyboard after clicking an inspector tab', async () => {
  const results = await shown('type:TOOL_CALL_RESULT');
  expect(results).toBeGreaterThan(0);
  const starts = await shown('type:TOOL_CALL_START');
  expect(await shown('type:TOOL_CALL_START|TOOL_CALL_RESULT')).toBe(starts + results);
  expect(await shown('thread:broken-thread -type:STATE_DELTA')).toBe(5);
  expect(await shown('/^STATE_(SNAPSHOT|DELTA)/')).toBeGreaterThanOrEqual(6);
  await setFilter('');
  await panel.click('.chip[data-category=tool]');
  const tools = Number((await textOf(panel, '[data-testid=shown-count]')).split(' ')[0]);
  await panel.keyboard.down('Control');
  await panel.click('.chip[data-category=state]');
  await panel.keyboard.up('Control');
  expect(Number((await textOf(panel, '[data-testid=shown-count]')).split(' ')[0])).toBeGreaterThan(tools);
  await panel.click('.chip:not([data-category])');
  // The list re-renders once the filter is gone; click a row of the settled list.
  expect(await poll(() => textOf(panel, '[data-testid=shown-count]'), (t) => t === '')).toBe('');
  await clickSettled('[role=row]');
  const first = await textOf(panel, '.tabs .at');
  await panel.evaluate(showTabInPage, 'state');
  await panel.keyboard.press('ArrowDown');
  expect(await poll(() => textOf(panel, '.tabs .at'), (t) => t !== first)).toBe(`at #${Number(first.replace(/\D/g, '')) + 1}`);
});

test('Firefox: Clear on an import keeps the live capture; a bad file is an inline message, no dialog', async () => {
  const live = await textOf(panel, '[data-testid=event-count]');
  const input = (await panel.$('[data-testid=import]')) as unknown as { uploadFile(p: string): Promise<void> };
  const dialogs: string[] = [];
  panel.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await input.uploadFile(join(ROOT, 'e2e', 'support', 'bad-session.json'));
  expect(await poll(() => textOf(panel, '[data-testid=banner]'), (t) => t !== '')).toContain('bad-session.json');
  expect(dialogs).toEqual([]);
  await input.uploadFile(join(ROOT, 'e2e', 'support', 'two-events.json'));
  expect(await poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === '2 events')).toBe('2 events');
  await panel.click('[aria-label=Clear]');
  expect(await poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === live)).toBe(live);
});
