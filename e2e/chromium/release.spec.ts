/**
 * The release's Chrome zip, as a user installs it: unzipped into a temporary folder and loaded unpacked, it captures
 * the demo (the same zip `npm run package` writes: scripts/release.ts makes both).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import AdmZip from 'adm-zip';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { zipExtension } from '../../scripts/release';
import { launchChromium } from '../support/chromium';
import { parseCount, showTabInPage } from '../support/panel';

let demo: DemoServer;
let dir: string;
test.beforeAll(async () => {
  demo = await startDemoServer({ port: 0, delayMs: 2 });
  dir = mkdtempSync(join(tmpdir(), 'agui-release-'));
});
test.afterAll(async () => {
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the Chrome zip, unzipped and loaded unpacked, captures the demo', async () => {
  const zip = zipExtension('chrome', dir);
  const unpacked = join(dir, 'unpacked');
  new AdmZip(zip).extractAllTo(unpacked);
  const browser = await launchChromium({ dir: unpacked });
  try {
    const page = await browser.context.newPage();
    await page.goto(`${demo.url}/`);
    await page.evaluate(() => window.demo.runScenario('chat'));
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await expect.poll(async () => parseCount(await panel.getByTestId('event-count').textContent())).toBeGreaterThan(3);
    await panel.evaluate(showTabInPage, 'problems');
    await expect(panel.getByTestId('problems-tab')).toContainText('0 errors, 0 warnings');
  } finally {
    await browser.close();
  }
});
