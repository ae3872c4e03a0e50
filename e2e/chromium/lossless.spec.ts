import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { type ProbeServer, startProbeServer } from '../support/probeServer';
import { parseCount } from '../support/panel';
import { readHeld, release } from '../support/pacedRead';

let probe: ProbeServer;
test.beforeAll(async () => {
  probe = await startProbeServer();
});
test.afterAll(async () => probe?.close());

const count = async (panel: Page) => parseCount(await panel.getByTestId('event-count').textContent());

/** The page reads an SSE stream of n events from the probe server, as fast as the server sends it. */
const readMany = (page: Page, n: number) =>
  page.evaluate(async (n) => {
    const r = await fetch(`/many?n=${n}`);
    const reader = r.body!.getReader();
    let bytes = 0;
    for (;;) {
      const x = await reader.read();
      if (x.done) break;
      bytes += x.value.length;
    }
    return bytes;
  }, n);

async function exportedValues(panel: Page): Promise<number[]> {
  await panel.getByTestId('export').click();
  const [download] = await Promise.all([panel.waitForEvent('download'), panel.getByTestId('export-confirm').click()]);
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const file = JSON.parse(readFileSync(path, 'utf8')) as { records: { kind: string; data?: string }[] };
  const text = file.records.filter((r) => r.kind === 'chunk').map((r) => Buffer.from(r.data!, 'base64').toString()).join('');
  return [...text.matchAll(/"value":(\d+)/g)].map((m) => Number(m[1]));
}

test('100,000 events as fast as the server can: the panel shows exactly 100,000, in order', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await readMany(page, 100_000);
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(100_000);
    const values = await exportedValues(panel);
    expect(values).toHaveLength(99_998);
    expect(values.every((v, i) => v === i + 1)).toBe(true);
  } finally {
    await browser.close();
  }
});

test('events sent before the panel opened are there, "receiving N of M" while they come and never "dropped"; closed and reopened, the history is still there', async () => {
  const browser = await launchChromium();
  try {
    // What the panel's toolbar said at any moment while it caught up (every change seen, not sampled).
    await browser.context.addInitScript(() => {
      const seen = { receiving: [] as string[], dropped: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const receiving = document.querySelector('[data-testid=receiving]')?.textContent;
        if (receiving && seen.receiving.at(-1) !== receiving) seen.receiving.push(receiving);
        if (document.querySelector('[data-testid=dropped]')) seen.dropped++;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    await readMany(page, 60_000);
    const tabId = await browser.tabIdOf(page);
    let panel = await browser.openPanel(tabId);
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(60_000);
    await expect(panel.getByTestId('receiving')).toHaveCount(0);
    const seen = await panel.evaluate(() => (window as unknown as { seen: { receiving: string[]; dropped: number } }).seen);
    expect(seen.dropped).toBe(0);
    expect(seen.receiving.length).toBeGreaterThan(0);
    expect(seen.receiving.every((t) => /^receiving [\d,]+ of 60,000$/.test(t))).toBe(true);
    await panel.close();
    panel = await browser.openPanel(tabId);
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(60_000);
  } finally {
    await browser.close();
  }
});

test('beyond the buffer the panel says how many events were dropped: never a silent gap', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    await readMany(page, 130_000);
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await expect(panel.getByTestId('dropped')).toBeVisible({ timeout: 60_000 });
    const dropped = Number(((await panel.getByTestId('dropped').textContent()) ?? '').split(' ')[0]);
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(130_000 - dropped);
    expect(130_000 - dropped).toBeGreaterThanOrEqual(50_000);
    // What is kept starts with a whole event: no broken frame where the cut was, and no false alarm about the
    // run's missing start; the panel says the stream's start was dropped.
    await panel.locator('[data-tab=problems]').click();
    await expect(panel.getByTestId('problems-tab')).toContainText('0 errors, 0 warnings');
    await expect(panel.getByTestId('problems-tab')).toContainText('0 errors, 0 warnings, 1 note');
  } finally {
    await browser.close();
  }
});

async function stopServiceWorker(browser: ChromiumWithExtension) {
  const page = await browser.context.newPage();
  await page.goto('chrome://serviceworker-internals/');
  // The page lists each registration with its scope; ours is the extension's origin.
  const stop = page.locator('div', { hasText: `chrome-extension://${browser.extensionId}/` }).locator('cr-button[data-command="stop"]').last();
  await stop.click();
  await page.close();
  return true;
}

test('the service worker stopped in the middle of a stream: no event lost, the panel goes on', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    // Held open at 30 while the worker stops; the rest flows while it restarts.
    const reading = page.evaluate(readHeld, { n: 60, key: 'sw-stop', holdAt: 30 });
    await expect.poll(() => count(panel)).toBe(30);
    // Each start of the background answers a ping with its own id: a new id means it really restarted.
    const boot = () =>
      panel.evaluate(() => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ bootId: string }> } } }).chrome.runtime.sendMessage({ kind: 'agui-ping' }));
    const first = (await boot()).bootId;
    expect(await stopServiceWorker(browser)).toBe(true);
    await page.evaluate(release);
    await expect.poll(async () => (await boot()).bootId).not.toBe(first);
    await reading;
    await expect.poll(() => count(panel), { timeout: 30_000 }).toBe(60);
    const values = await exportedValues(panel);
    expect(values).toEqual(Array.from({ length: 59 }, (_, i) => i + 1));
  } finally {
    await browser.close();
  }
});

test('Preserve log: off, a reload starts over; on, the previous page stays, after a navigation divider', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    const run = () => page.evaluate(() => (window as unknown as { probe: { run(n: string): Promise<unknown> } }).probe.run('fetch-string'));
    await run();
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await expect.poll(() => count(panel)).toBe(5);
    await expect(panel.getByTestId('preserve-log')).not.toBeChecked();
    await page.reload();
    await expect.poll(() => count(panel)).toBe(0);
    await run();
    await expect.poll(() => count(panel)).toBe(5);

    await panel.getByTestId('preserve-log').check();
    await expect(panel.getByTestId('preserve-log')).toBeChecked();
    await page.reload();
    await run();
    await expect.poll(() => count(panel)).toBe(10);
    await expect(panel.locator('.row.nav-divider')).toHaveCount(1);
    // A panel opened now gets both pages too.
    const again = await browser.openPanel(await browser.tabIdOf(page));
    await expect.poll(() => count(again)).toBe(10);
  } finally {
    await browser.close();
  }
});

test('Preserve log: a stream the page left open when it navigated away is marked "ended by navigation"', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await panel.getByTestId('preserve-log').check();
    // A slow stream, still open when the page reloads.
    void page.evaluate(() => fetch('/sse?n=6000&gap=50').then((r) => r.text())).catch(() => undefined);
    await expect.poll(() => count(panel)).toBeGreaterThanOrEqual(3);
    await page.reload();
    await panel.locator('input.filter').fill('probe-run');
    await panel.locator('[role=row]').first().click();
    await expect(panel.getByTestId('ended-by-navigation')).toContainText('by navigation');
    await panel.locator('[data-tab=problems]').click();
    await expect(panel.getByTestId('problems-tab')).toContainText('stream/unfinished-run');
  } finally {
    await browser.close();
  }
});
