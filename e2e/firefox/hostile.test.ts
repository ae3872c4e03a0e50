/** Hostile pages in Firefox: the capture channel cannot be taken over (issue 12, item 1). */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchFirefox } from '../support/firefox';
import { poll, textOf } from '../support/poll';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

let probe: ProbeServer;
beforeAll(async () => {
  probe = await startProbeServer();
});
afterAll(async () => probe?.close());

test('Firefox: pages that forge the hand-over (head, about:blank iframe, a second one, a second hand-over event) are reported and show nothing forged', async () => {
  const firefox = await launchFirefox();
  try {
    for (const variant of ['head', 'iframe', 'second', 'event'] as const) {
      const page = await firefox.browser.newPage();
      await page.goto(`${probe.url}/hostile?variant=${variant}`);
      await page.evaluate(async (v: string) => {
        const w = (v === 'iframe' ? (window as unknown as { __frame: Window }).__frame : window) as Window & typeof globalThis;
        const r = await w.fetch(`${location.origin}/sse?n=5&gap=0`);
        await r.text();
      }, variant);
      const panel = await firefox.openPanel(await firefox.tabIdOf(page));
      expect(await poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === '5 events'), variant).toBe('5 events');
      expect(await poll(() => textOf(panel, '[data-testid=impersonation]'), (t) => t !== ''), variant).toContain('This page tried to impersonate the capture channel');
      expect(await textOf(panel, '.toolbar .muted'), variant).toBe('1 stream');
      const forged = await panel.evaluate(() => [...document.querySelectorAll('[role=row]')].some((r) => r.textContent?.includes('forged')));
      expect(forged, variant).toBe(false);
      // The page saw only the marker messages it made itself (the hook's hand-over is an event the relay takes).
      expect(await page.evaluate(() => (window as unknown as { __markers: number }).__markers), variant).toBe(variant === 'iframe' || variant === 'event' ? 0 : 1);
      await panel.close();
      await page.close();
    }
  } finally {
    await firefox.close();
  }
});
