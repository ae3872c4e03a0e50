/**
 * The release's Firefox zip, installed as the file it is (as a user installs a downloaded add-on), captures the demo
 * (the same zip `npm run package` writes: scripts/release.ts makes both).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { zipExtension } from '../../scripts/release';
import { launchFirefox } from '../support/firefox';
import { poll, textOf } from '../support/poll';

let demo: DemoServer;
let dir: string;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, delayMs: 2 });
  dir = mkdtempSync(join(tmpdir(), 'agui-release-'));
});
afterAll(async () => {
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('Firefox: the release zip, installed as a file, captures the demo', async () => {
  const firefox = await launchFirefox({ archive: zipExtension('firefox', dir) });
  try {
    expect(firefox.id).toBe('agui-devtools@ag-ui.dev');
    const page = await firefox.browser.newPage();
    await page.goto(`${demo.url}/`);
    await page.evaluate(() => (window as unknown as { demo: { runScenario(n: string): Promise<unknown> } }).demo.runScenario('chat'));
    const panel = await firefox.openPanel(await firefox.tabIdOf(page));
    const count = await poll(async () => Number((await textOf(panel, '[data-testid=event-count]')).split(' ')[0]), (n) => n > 3);
    expect(count).toBeGreaterThan(3);
  } finally {
    await firefox.close();
  }
});
