/** Exact counts past the buffer in Firefox (issue 7): shown + dropped = sent, and no false alarm. */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { poll, sleep, textOf } from '../support/poll';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

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

const number = async (panel: Page, selector: string) => Number((await textOf(panel, selector)).split(' ')[0] || 0);

for (const sent of [100_004, 150_000]) {
  test(`Firefox: ${sent.toLocaleString('en')} events read before the panel opened: shown + dropped = sent, exactly, and no error`, async () => {
    const page = await firefox.browser.newPage();
    // A URL of its own: the tab list finds this tab, not the last test's.
    await page.goto(`${probe.url}/probe?case=${sent}`);
    await page.evaluate((n: number) => fetch(`/text?n=${n}`).then((r) => r.text()), sent);
    // The page's buffer does its work in idle time (within 2 s): then the panel opens, late.
    await sleep(2500);
    const panel = await firefox.openPanel(await firefox.tabIdOf(page));
    const total = async () => (await number(panel, '[data-testid=event-count]')) + (await number(panel, '[data-testid=dropped]'));
    expect(await poll(total, (n) => n === sent, 60_000)).toBe(sent);
    expect(await number(panel, '[data-testid=dropped]')).toBeGreaterThan(0);
    await panel.click('[data-tab=problems]');
    expect(await poll(() => textOf(panel, '[data-testid=problems-tab] h3'), (t) => t !== '')).toContain('0 errors, 0 warnings');
    await page.close();
    await panel.close();
  });
}
