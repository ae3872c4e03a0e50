/** Hostile pages: the capture channel cannot be taken over (issue 12, item 1). */
import { expect, test } from '@playwright/test';
import { launchChromium } from '../support/chromium';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

let probe: ProbeServer;
test.beforeAll(async () => {
  probe = await startProbeServer();
});
test.afterAll(async () => probe?.close());

for (const variant of ['head', 'iframe', 'second'] as const) {
  test(`a page that forges the hand-over (${variant}) is reported, and shows nothing it forged`, async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.goto(`${probe.url}/hostile?variant=${variant}`);
      // The page's genuine stream, from the window whose channel it attacked.
      await page.evaluate(async (v) => {
        const w = (v === 'iframe' ? (window as unknown as { __frame: Window }).__frame : window) as Window & typeof globalThis;
        const r = await w.fetch(`${location.origin}/sse?n=5&gap=0`);
        await r.text();
      }, variant);
      const panel = await browser.openPanel(await browser.tabIdOf(page));
      await expect(panel.getByTestId('event-count')).toHaveText('5 events');
      await expect(panel.getByTestId('impersonation')).toContainText('This page tried to impersonate the capture channel');
      await expect(panel.locator('.toolbar .muted').first()).toHaveText('1 stream');
      await panel.locator('input.filter').fill('forged');
      await expect(panel.locator('[role=row]')).toHaveCount(0);
      // The page saw only the marker messages it made itself: never the hook's hand-over.
      expect(await page.evaluate(() => (window as unknown as { __markers: number }).__markers)).toBe(variant === 'iframe' ? 0 : 1);
    } finally {
      await browser.close();
    }
  });
}
