import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchFirefox } from '../support/firefox';
import { type DrivenPage, observeProbe, SCENARIOS } from '../support/probePage';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

let probe: ProbeServer;

beforeAll(async () => {
  probe = await startProbeServer();
});
afterAll(async () => probe?.close());

const observe = (page: Page) => observeProbe(page as unknown as DrivenPage, probe.url);

const text = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

async function poll<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await fn();
  }
  return v;
}

test('Firefox: with the extension the page observes exactly what it observes without it; the panel has every stream', async () => {
  const plain = await launchFirefox({ extension: false });
  const without = await observe(await plain.browser.newPage());
  await plain.close();

  const firefox = await launchFirefox();
  try {
    const page = await firefox.browser.newPage();
    const withExt = await observe(page);
    for (const name of SCENARIOS) expect(withExt[name], name).toEqual(without[name]);
    expect((without['fetch-string'] as { chunks: string[] }).chunks).toHaveLength(5);
    expect((without.natives as { messages: string[] }).messages).toEqual([]);
    expect((without.ws as { got: string[] }).got).toHaveLength(4);

    const panel = await firefox.openPanel(await firefox.tabIdOf(page));
    expect(await poll(() => text(panel, '.toolbar .muted'), (t) => t === '13 streams')).toBe('13 streams');
  } finally {
    await firefox.close();
  }
});

test('Firefox: 60,000 events sent before the panel opened are all there, with no problem', async () => {
  const firefox = await launchFirefox();
  try {
    const page = await firefox.browser.newPage();
    await page.goto(`${probe.url}/probe`);
    await page.evaluate(async () => {
      const r = await fetch('/many?n=60000');
      const reader = r.body!.getReader();
      while (!(await reader.read()).done);
    });
    const panel = await firefox.openPanel(await firefox.tabIdOf(page));
    expect(await poll(() => text(panel, '[data-testid=event-count]'), (t) => t === '60000 events', 60_000)).toBe('60000 events');
    expect(await text(panel, '[data-testid=problem-count]')).toBe('');
  } finally {
    await firefox.close();
  }
});
