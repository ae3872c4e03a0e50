/**
 * The panel in Korean in Firefox too (issue 24): `?lang=ko` (as the browser's UI language would) shows the toolbar,
 * the tabs, the counts and a Problems group in Korean, and the panel fits at 560 px (screenshots, both themes).
 */
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { ARTIFACTS } from '../support/paths';
import { poll, textOf, until } from '../support/poll';
import { demoEventsInPage, koreanEventCount, showTabInPage } from '../support/panel';

let demo: DemoServer;
let firefox: FirefoxWithExtension;
let panel: Page;

beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 0 });
  firefox = await launchFirefox();
  const page = await firefox.browser.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  const read = await page.evaluate(demoEventsInPage);
  panel = await firefox.openPanel(await firefox.tabIdOf(page), { query: '&lang=ko' });
  // Every event the page read is there before the tests read the panel.
  const all = koreanEventCount(read);
  expect(await poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === all)).toBe(all);
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

const text = (selector: string) => panel.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

test('Firefox, Korean: toolbar, tabs, counts and a Problems group from the catalog; one row of tabs at 560 px', async () => {
  await until(() => text('[data-testid=event-count]'), (t) => /^이벤트 [\d,]+개$/.test(t));
  expect(await panel.evaluate(() => document.documentElement.lang)).toBe('ko');
  expect(await text('[data-testid=export]')).toBe('내보내기');
  expect(await text('[role=tablist]')).toContain('메시지');
  await panel.evaluate(showTabInPage, 'problems');
  await until(() => text('[data-group="run/failed"] .rule-title'), (t) => t === '실행이 실패했어요(RUN_ERROR)');
  expect(await text('[data-group="run/failed"] .sev')).toBe('참고');
  await panel.setViewport({ width: 560, height: 800 });
  const strip = await panel.evaluate(() => {
    const el = document.querySelector('[role=tablist]')!;
    return { height: el.getBoundingClientRect().height, over: el.scrollWidth > el.clientWidth + 1, page: document.documentElement.scrollWidth <= innerWidth + 1 };
  });
  expect(strip).toEqual({ height: expect.any(Number), over: false, page: true });
  expect(strip.height).toBeLessThan(40);
  // Firefox's own switch for the pages' colour scheme (0 dark, 1 light), set as a user would in its settings.
  for (const [value, scheme] of [[1, 'light'], [0, 'dark']] as const) {
    await firefox.chromeEval(`Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', ${value})`);
    await until(() => panel.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), (dark) => dark === (scheme === 'dark'));
    await panel.screenshot({ path: join(ARTIFACTS, `korean-firefox-560-${scheme}.png`) });
  }
});
