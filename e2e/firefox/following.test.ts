/** Following in Firefox (issue 18, item 4), docked narrow: End goes to the end and the list follows again, resized too. */
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { rowInViewInPage } from '../support/panel';
import { ARTIFACTS } from '../support/paths';
import { poll, textOf } from '../support/poll';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

let probe: ProbeServer;
let firefox: FirefoxWithExtension;
let page: Page;
let panel: Page;

beforeAll(async () => {
  probe = await startProbeServer();
  firefox = await launchFirefox();
  page = await firefox.browser.newPage();
  await page.goto(`${probe.url}/probe`);
  panel = await firefox.openPanel(await firefox.tabIdOf(page));
  await panel.setViewport({ width: 560, height: 700 });
});
afterAll(async () => {
  await firefox?.close();
  await probe?.close();
});

const read = (path: string) => page.evaluate((p: string) => fetch(p).then((r) => r.text()), path);
const count = async () => Number((await textOf(panel, '[data-testid=event-count]')).split(' ')[0]);
const rowInView = (index: number) => panel.evaluate(rowInViewInPage, index);

test('Firefox at 560×700: End goes to the end, the list follows new events again, and still after a resize', async () => {
  await read('/text?n=300');
  expect(await poll(count, (n) => n === 300)).toBe(300);
  expect(await poll(() => rowInView(299), (v) => v)).toBe(true);
  await panel.focus('[data-testid=event-list]');
  await panel.keyboard.press('Home');
  expect(await poll(() => rowInView(0), (v) => v)).toBe(true);
  expect(await rowInView(299)).toBe(false);
  await panel.keyboard.press('End');
  expect(await poll(() => textOf(panel, '.tabs .at'), (t) => t === 'latest (#299)')).toBe('latest (#299)');
  expect(await poll(() => rowInView(299), (v) => v)).toBe(true);
  await read('/text?n=40');
  expect(await poll(count, (n) => n === 340)).toBe(340);
  expect(await poll(() => rowInView(339), (v) => v)).toBe(true);
  await panel.setViewport({ width: 560, height: 420 });
  expect(await poll(() => rowInView(339), (v) => v)).toBe(true);
  await panel.setViewport({ width: 560, height: 700 });
  expect(await poll(() => rowInView(339), (v) => v)).toBe(true);
  await panel.setViewport({ width: 560, height: 480 });
  await read('/text?n=40');
  expect(await poll(count, (n) => n === 380)).toBe(380);
  expect(await poll(() => rowInView(379), (v) => v)).toBe(true);
  await panel.screenshot({ path: join(ARTIFACTS, 'following-end-firefox-560-light.png') });
});
