/** Compare (issue 19) in Firefox: the last two runs of the page compared at 560 px, the first divergence jumped to, the text diff and the state patch. */
import type { Page } from 'puppeteer-core';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { weatherRoute } from '../support/compareRoutes';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { ARTIFACTS } from '../support/paths';
import { poll, textOf } from '../support/poll';

let demo: DemoServer;
let firefox: FirefoxWithExtension;
let panel: Page;

beforeAll(async () => {
  demo = await startDemoServer({ extraRoutes: weatherRoute });
  firefox = await launchFirefox();
  const page = await firefox.browser.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(async () => {
    await (await fetch('/weather?city=Lisbon&chunks=2', { method: 'POST' })).text();
    await (await fetch('/weather?city=Porto&chunks=3', { method: 'POST' })).text();
  });
  panel = await firefox.openPanel(await firefox.tabIdOf(page));
  await panel.setViewport({ width: 560, height: 800 });
  expect(await poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === '15 events')).toBe('15 events');
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

test('Firefox at 560 px: the last two runs compared, the first divergence jumped to, the text diff and the state patch', async () => {
  await panel.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Compare')?.click());
  expect(await poll(() => textOf(panel, '[data-testid=first-divergence]'), (t) => t !== '')).toBe('first divergence: A #2 · B #9');
  await panel.click('[data-testid=first-divergence]');
  expect(await poll(() => textOf(panel, '.crow.selected [data-side=b]'), (t) => t !== '')).toContain('#9 TEXT_MESSAGE_CONTENT');
  expect(await textOf(panel, '[data-testid=compare-messages] [data-testid=text-diff] del')).toBe('Lisbon');
  expect(await textOf(panel, '[data-testid=compare-messages] [data-testid=text-diff] ins')).toBe('Porto');
  expect(await textOf(panel, '[data-testid=state-patch]')).toContain('replace /city = "Porto"');
  await panel.keyboard.press('n');
  expect(await poll(() => textOf(panel, '.crow.selected [data-side=a]'), (t) => t.includes('STATE_SNAPSHOT'))).toContain('STATE_SNAPSHOT');
  expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(560);
  await panel.screenshot({ path: join(ARTIFACTS, 'compare-firefox-560-light.png') });
});
