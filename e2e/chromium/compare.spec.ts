/**
 * Compare (issue 19) in Chromium: two runs of the page compared in the panel at 560 and 1280 px (the first
 * divergence shown and jumped to, the state patch and the message's text diff, next and previous difference with
 * keys, time travel on both sides), a run compared with a run of an exported file, and the viewer comparing two files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { weatherEvents, weatherRoute } from '../support/compareRoutes';
import { ARTIFACTS } from '../support/paths';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let page: Page;
let panel: Page;

test.beforeAll(async () => {
  demo = await startDemoServer({ extraRoutes: weatherRoute });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  // The same agent asked twice: the second answer differs in its city (text and state), and is chunked otherwise.
  await page.evaluate(async () => {
    await (await fetch('/weather?city=Lisbon&chunks=2', { method: 'POST' })).text();
    await (await fetch('/weather?city=Porto&chunks=3', { method: 'POST' })).text();
  });
  panel = await browser.openPanel(await browser.tabIdOf(page));
  await expect(panel.getByTestId('event-count')).toHaveText('15 events');
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

for (const width of [560, 1280]) {
  test(`at ${width} px: the last two runs compared, the first divergence jumped to, the text diff and the state patch`, async () => {
    await panel.setViewportSize({ width, height: 800 });
    await panel.getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = panel.getByTestId('compare');
    await expect(compare).toBeVisible();
    await expect(panel.getByTestId('compare-a')).toHaveValue('0');
    await expect(panel.getByTestId('compare-b')).toHaveValue('1');
    // A different chunking of the same words is no difference; the city is.
    const badge = panel.getByTestId('first-divergence');
    await expect(badge).toHaveText('first divergence: A #2 · B #9');
    await expect(panel.getByTestId('compare-counts')).toContainText('4 equal · 2 changed · 0 only in A · 0 only in B');
    await badge.click();
    const selected = panel.locator('.crow.selected');
    await expect(selected).toHaveClass(/op-changed/);
    await expect(selected.locator('[data-side=a]')).toContainText('#2 TEXT_MESSAGE_CONTENT');
    await expect(selected.locator('[data-side=b]')).toContainText('#9 TEXT_MESSAGE_CONTENT');
    await expect(selected).toBeInViewport();
    // Next difference with the key, and back.
    await panel.keyboard.press('n');
    await expect(panel.locator('.crow.selected [data-side=a]')).toContainText('STATE_SNAPSHOT');
    await panel.keyboard.press('p');
    await expect(panel.locator('.crow.selected [data-side=a]')).toContainText('TEXT_MESSAGE_CONTENT');
    // The summary: the message's words, the state as a patch.
    const diff = panel.getByTestId('compare-messages').getByTestId('text-diff');
    await expect(diff.locator('del')).toHaveText('Lisbon');
    await expect(diff.locator('ins')).toHaveText('Porto');
    await expect(diff).toBeInViewport({ ratio: 0.5 });
    await expect(panel.getByTestId('state-patch')).toContainText('replace /city = "Porto"');
    await expect(panel.getByTestId('compare-runs')).toContainText('done');
    // B streamed its text in 3 deltas, A in 2: the events by type say so.
    await expect(panel.getByTestId('compare-runs').locator('tr', { hasText: 'TEXT_MESSAGE_CONTENT events' })).toContainText('23+1');
    // Both sides as of the selected row.
    await panel.getByRole('tab', { name: 'At this row' }).click();
    await expect(panel.getByTestId('row-diff').locator('ins')).toHaveText('Porto');
    await expect(panel.getByTestId('at-row-a')).toContainText('A as of #3');
    await expect(panel.getByTestId('at-row-b')).toContainText('B as of #11');
    await expect(panel.getByTestId('at-row-b')).toContainText('The weather in Porto');
    for (const theme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: theme });
      await panel.screenshot({ path: join(ARTIFACTS, `compare-${width}-${theme}.png`) });
    }
    await panel.emulateMedia({ colorScheme: 'light' });
    // Nothing is wider than the panel.
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await panel.getByRole('tab', { name: 'Summary' }).click();
    // The same run against itself: equivalent.
    await panel.getByTestId('compare-b').selectOption('0');
    await expect(panel.getByTestId('compare-verdict')).toHaveText('equivalent');
    await panel.getByRole('button', { name: 'Close Compare' }).click();
    await expect(compare).toHaveCount(0);
    await expect(panel.getByTestId('event-count')).toHaveText('15 events');
  });
}

test('the Runs table: two runs ticked, then compared', async () => {
  await panel.setViewportSize({ width: 1280, height: 800 });
  await panel.keyboard.press('End');
  await panel.getByRole('tab', { name: 'Runs' }).click();
  const table = panel.getByTestId('runs-table');
  await table.getByRole('checkbox', { name: 'Compare run run-Porto' }).check();
  await expect(panel.getByTestId('runs-compare')).toHaveCount(0);
  await table.getByRole('checkbox', { name: 'Compare run run-Lisbon' }).check();
  await panel.getByTestId('runs-compare').click();
  await expect(panel.getByTestId('compare-a')).toHaveValue('0');
  await expect(panel.getByTestId('compare-b')).toHaveValue('1');
  await expect(panel.getByTestId('first-divergence')).toHaveText('first divergence: A #2 · B #9');
  await panel.getByRole('button', { name: 'Close Compare' }).click();
});

test('Compare with a file: this run against a run of an exported session; the viewer compares two files', async () => {
  await panel.setViewportSize({ width: 1280, height: 800 });
  await panel.getByTestId('export').click();
  const [download] = await Promise.all([panel.waitForEvent('download'), panel.getByTestId('export-confirm').click()]);
  const path = test.info().outputPath('weather.agui.json');
  await download.saveAs(path);
  await panel.getByRole('button', { name: 'Compare', exact: true }).click();
  await panel.getByTestId('compare-file').setInputFiles(path);
  await expect(panel.getByText('B: weather.agui.json')).toBeVisible();
  // B defaults to the file's last run (Porto); A is this session's first (Lisbon).
  await expect(panel.getByTestId('first-divergence')).toHaveText('first divergence: A #2 · B #9');
  await panel.getByTestId('compare-b').selectOption('0');
  await expect(panel.getByTestId('compare-verdict')).toHaveText('equivalent');
  await panel.getByRole('button', { name: 'Close Compare' }).click();

  // The viewer: one file opened, the other compared with it (a file of the second run only).
  const single = JSON.parse(readFileSync(path, 'utf8')) as { streams: unknown[] };
  expect(single.streams).toHaveLength(2);
  const viewer = await browser.context.newPage();
  await viewer.setViewportSize({ width: 560, height: 800 });
  await viewer.goto(`${demo.url}/viewer/`);
  await viewer.getByTestId('import').setInputFiles(path);
  await expect(viewer.getByTestId('event-count')).toHaveText('15 events');
  await viewer.getByRole('button', { name: 'Compare', exact: true }).click();
  const other = join(test.info().outputPath(), 'other.json');
  writeFileSync(other, JSON.stringify(weatherEvents('Madrid', 1)));
  await viewer.getByTestId('compare-file').setInputFiles(other);
  await viewer.getByTestId('compare-a').selectOption('1');
  await expect(viewer.getByTestId('first-divergence')).toHaveText('first divergence: A #9 · B #2');
  await expect(viewer.getByTestId('compare-messages').getByTestId('text-diff').locator('ins')).toHaveText('Madrid');
  await viewer.close();
});

