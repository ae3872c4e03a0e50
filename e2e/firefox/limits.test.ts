/** Exact and minimal counts past the buffer in Firefox (issues 7 and 21): shown + dropped = sent, only the excess dropped, and no false alarm. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { ARTIFACTS } from '../support/paths';
import { poll, sleep, textOf } from '../support/poll';
import { type ProbeServer, startProbeServer } from '../support/probeServer';
import { eventCount, noteCountShownInPage, showTabInPage } from '../support/panel';

let probe: ProbeServer;
let firefox: FirefoxWithExtension;
beforeAll(async () => {
  probe = await startProbeServer();
  firefox = await launchFirefox();
});
afterAll(async () => {
  await firefox?.close();
  await probe?.close();
});

const number = async (panel: Page, selector: string) => Number((await textOf(panel, selector)).split(' ')[0]?.replace(/,/g, '') || 0);

/**
 * The minimal drop as it stays, at 560 px in light and dark, and, refreshing artifacts/ (npm run artifacts), the panel
 * catching up after a reload: each picture taken right after a reload, kept only if "receiving" was still there.
 */
async function screenshots(panel: Page, total: () => Promise<number>) {
  await panel.setViewport({ width: 560, height: 700 });
  const receiving = () => panel.evaluate(() => document.querySelector('[data-testid=receiving]') !== null);
  for (const [value, scheme] of [[1, 'light'], [0, 'dark']] as const) {
    await firefox.chromeEval(`Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', ${value})`);
    await poll(() => panel.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), (dark) => dark === (scheme === 'dark'));
    await panel.screenshot({ path: join(ARTIFACTS, `dropped-minimal-firefox-560-${scheme}.png`) });
    if (process.env.AGUI_ARTIFACTS !== '1') continue;
    for (let tries = 0; tries < 10; tries++) {
      await firefox.reload(panel);
      if (!(await poll(receiving, (r) => r, 30_000))) continue;
      // (The inspector is drawn a frame after the list, once the panel has its first event.)
      await poll(() => panel.evaluate(() => document.querySelector('[data-testid=event-tab] h3') !== null), (v) => v);
      const shot = await panel.screenshot();
      if (!(await receiving())) continue;
      writeFileSync(join(ARTIFACTS, `receiving-firefox-560-${scheme}.png`), shot);
      break;
    }
    expect(await poll(total, (n) => n === 100_004, 60_000)).toBe(100_004);
  }
  await firefox.chromeEval(`Services.prefs.clearUserPref('layout.css.prefers-color-scheme.content-override')`);
}

for (const sent of [100_004, 150_000]) {
  test(`Firefox: ${sent.toLocaleString('en')} events read before the panel opened: only the events over 100,000 dropped, the same after three reloads, and no error`, async () => {
    const page = await firefox.browser.newPage();
    // A URL of its own: the tab list finds this tab, not the last test's.
    await page.goto(`${probe.url}/probe?case=${sent}`);
    await page.evaluate((n: number) => fetch(`/text?n=${n}`).then((r) => r.text()), sent);
    // The page's buffer does its work in idle time (within 2 s): then the panel opens, late.
    await sleep(2500);
    const panel = await firefox.openPanel(await firefox.tabIdOf(page));
    const total = async () => (await number(panel, '[data-testid=event-count]')) + (await number(panel, '[data-testid=dropped]'));
    expect(await poll(total, (n) => n === sent, 60_000)).toBe(sent);
    // The page's buffer keeps 100,000 events: only what is over goes, cut at an event boundary.
    expect(await number(panel, '[data-testid=dropped]')).toBe(sent - 100_000);
    await panel.evaluate(showTabInPage, 'problems');
    expect(await poll(() => textOf(panel, '[data-testid=problems-tab] h3'), (t) => t !== '')).toContain('0 errors, 0 warnings');
    // The same figure from the extension's buffer, reload after reload.
    for (let reload = 0; reload < 3; reload++) {
      await firefox.reload(panel);
      expect(await poll(total, (n) => n === sent, 60_000)).toBe(sent);
      expect(await number(panel, '[data-testid=dropped]')).toBe(sent - 100_000);
    }
    if (sent === 100_004) await screenshots(panel, total);
    await page.close();
    await panel.close();
  });
}

test('Firefox: a page hidden behind the panel\'s tab while it reads 100,000 events: the panel has every one within seconds of the read (not when its throttled timers fire)', async () => {
  const page = await firefox.browser.newPage();
  await page.goto(`${probe.url}/probe?case=hidden`);
  // The panel opens in a tab of its own in the page's window, in front: the page's tab is hidden, as a user's would be.
  const panel = await firefox.openPanel(await firefox.tabIdOf(page), { over: page });
  expect(await poll(() => page.evaluate(() => document.visibilityState), (v) => v === 'hidden')).toBe('hidden');
  await panel.evaluate(noteCountShownInPage, eventCount(100_000));
  const readEnd = await page.evaluate(() => fetch('/text?n=100000').then((r) => r.text()).then(() => Date.now()));
  expect(await poll(() => number(panel, '[data-testid=event-count]'), (n) => n === 100_000, 30_000)).toBe(100_000);
  const shownAt = await panel.evaluate(() => (window as unknown as { __countShownAt: number }).__countShownAt);
  expect(shownAt, 'the panel noted when it showed the count').toBeGreaterThan(0);
  const late = shownAt - readEnd;
  console.log(`hidden page: the panel had all 100,000 events ${late} ms after the page's read ended`);
  // Alone it takes 0.4 to 1.8 s (the panel taking in 100,000 events); in npm test beside Chromium's tests up to 7.5 s
  // was seen. The bound is what a page whose sending waits for its throttled timers cannot meet: before the fix it took
  // 19 s alone (a slice of sending per throttled timer, slower still on a busy machine). The 2 s target is measured by
  // `npm run bench:capture` (PARTS=hidden), on a machine that runs nothing else.
  expect(late).toBeLessThan(15_000);
  expect(await number(panel, '[data-testid=dropped]')).toBe(0);
  await page.close();
  await panel.close();
});
