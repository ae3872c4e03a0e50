/**
 * Firefox has what Chromium has (issue 7): export and import, a background (event page) stopped mid-stream,
 * and Preserve log with streams ended by navigation.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { readHeld, release } from '../support/pacedRead';
import { poll, textOf } from '../support/poll';
import { setFilterInPage } from '../support/panel';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

let probe: ProbeServer;
let firefox: FirefoxWithExtension;
const downloads = mkdtempSync(join(tmpdir(), 'agui-ff-downloads-'));
beforeAll(async () => {
  probe = await startProbeServer();
  firefox = await launchFirefox({
    prefs: { 'browser.download.folderList': 2, 'browser.download.dir': downloads, 'browser.download.useDownloadDir': true, 'browser.download.always_ask_before_handling_new_types': false },
  });
});
afterAll(async () => {
  await firefox?.close();
  await probe?.close();
  rmSync(downloads, { recursive: true, force: true });
});

const count = async (panel: Page) => Number((await textOf(panel, '[data-testid=event-count]')).split(' ')[0]);
const run = (page: Page, path: string) => page.evaluate((p: string) => fetch(p).then((r) => r.text()), path);

let opened = 0;
async function open(): Promise<{ page: Page; panel: Page }> {
  const page = await firefox.browser.newPage();
  // A URL of its own: the tab list finds this tab, not an earlier test's.
  await page.goto(`${probe.url}/probe?case=${++opened}`);
  await run(page, '/sse?n=1&gap=0');
  const panel = await firefox.openPanel(await firefox.tabIdOf(page));
  return { page, panel };
}

test('Firefox: export writes the session, and importing it shows the same events and problems', async () => {
  const { page, panel } = await open();
  await page.evaluate(() => fetch('/sse?n=5&gap=0', { method: 'POST', body: JSON.stringify({ threadId: 't', messages: [{ role: 'user', content: 'top-secret-prompt' }] }) }).then((r) => r.text()));
  await run(page, '/orphans?n=3');
  expect(await poll(() => count(panel), (n) => n === 9)).toBe(9);
  // Export says what the file holds before writing it; request bodies left out with one click.
  await panel.click('[data-testid=export]');
  expect(await textOf(panel, '[data-testid=export-contents]')).toContain('1 request body');
  await panel.evaluate(() => document.querySelector<HTMLInputElement>('[data-testid=export-bodies] input[value=leave]')?.click());
  await panel.click('[data-testid=export-confirm]');
  const file = await poll(
    async () => readdirSync(downloads).find((f) => f.endsWith('.json')),
    (f) => f !== undefined,
  );
  expect(file).toBeDefined();
  const path = join(downloads, file!);
  // Firefox names the file before it has written all of it: read it once it is whole JSON.
  const whole = (t: string) => {
    try {
      JSON.parse(t);
      return true;
    } catch {
      return false;
    }
  };
  const text = await poll(async () => readFileSync(path, 'utf8'), whole);
  expect(text).not.toContain('top-secret-prompt');
  const session = JSON.parse(text) as { format: string; streams: unknown[]; contains: Record<string, boolean> };
  expect(session.format).toBe('agui-devtools-session');
  expect(session.contains).toEqual({ urls: true, headers: true, requestBodies: false, responseBodies: true });
  expect(session.streams).toHaveLength(3);
  const input = (await panel.$('[data-testid=import]')) as unknown as { uploadFile(p: string): Promise<void> };
  await input.uploadFile(path);
  expect(await poll(() => textOf(panel, '[data-testid=imported]'), (t) => t !== '')).toContain(file!);
  // The file's name shows as soon as it is known to be readable; its events fill in as they are applied.
  expect(await poll(() => count(panel), (n) => n === 9)).toBe(9);
  expect(await textOf(panel, '[data-testid=problem-count]')).toContain('2 errors');
  await page.close();
  await panel.close();
});

test('Firefox: the background stopped in the middle of a stream: no event lost, the panel goes on', async () => {
  const { page, panel } = await open();
  // Held open at 30 (31 with the tab's first event) while the background stops; the rest flows while it restarts.
  const reading = page.evaluate(readHeld, { n: 60, key: 'bg-stop', holdAt: 30 });
  expect(await poll(() => count(panel), (n) => n === 31)).toBe(31);
  const boot = () => panel.evaluate(() => (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<{ bootId: string }> } } }).browser.runtime.sendMessage({ kind: 'agui-ping' }));
  const first = (await boot()).bootId;
  await firefox.chromeEval(`(async () => {
    await WebExtensionPolicy.getByID(${JSON.stringify(firefox.id)}).extension.terminateBackground({ disableResetIdleForTest: true });
    return 'null';
  })()`);
  await page.evaluate(release);
  expect(await poll(async () => (await boot()).bootId, (id) => id !== first)).not.toBe(first);
  await reading;
  expect(await poll(() => count(panel), (n) => n === 61, 30_000)).toBe(61);
  expect(await textOf(panel, '[data-testid=dropped]')).toBe('');
  await page.close();
  await panel.close();
});

test('Firefox: Preserve log keeps the previous page, and marks its open stream "ended by navigation"', async () => {
  const { page, panel } = await open();
  expect(await poll(() => count(panel), (n) => n === 1)).toBe(1);
  await page.reload();
  expect(await poll(() => count(panel), (n) => n === 0)).toBe(0);
  await panel.click('[data-testid=preserve-log]');
  expect(await panel.$eval('[data-testid=preserve-log]', (el) => (el as HTMLInputElement).checked)).toBe(true);
  void run(page, '/sse?n=6000&gap=50').catch(() => undefined);
  expect(await poll(() => count(panel), (n) => n >= 3)).toBeGreaterThanOrEqual(3);
  await page.reload();
  await run(page, '/sse?n=5&gap=0');
  // Both pages' runs are there (each stream starts with RUN_STARTED), with a divider between the pages.
  await panel.type('input.filter', 'RUN_STARTED');
  expect(await poll(() => panel.$$eval('[role=row]', (rows) => rows.length), (n) => n === 2)).toBe(2);
  await panel.evaluate(setFilterInPage, '');
  expect(await poll(() => panel.$$eval('.row.nav-divider', (rows) => rows.length), (n) => n === 1)).toBe(1);
  await panel.evaluate(() => (document.querySelector('.row') as HTMLElement).click());
  expect(await poll(() => textOf(panel, '[data-testid=ended-by-navigation]'), (t) => t.includes('by navigation'))).toContain('by navigation');
  await page.close();
  await panel.close();
});
