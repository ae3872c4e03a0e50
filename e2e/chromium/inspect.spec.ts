import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { BROKEN_EVENTS, brokenRoute } from '../support/brokenStream';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { demoEventsInPage, eventCount } from '../support/panel';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let panel: Page;
let page: Page;

test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 1, extraRoutes: brokenRoute });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  await page.evaluate(() => fetch('/broken').then((r) => r.text()));
  const read = (await page.evaluate(demoEventsInPage)) + BROKEN_EVENTS;
  panel = await browser.openPanel(await browser.tabIdOf(page));
  await panel.setViewportSize({ width: 1400, height: 900 });
  // Every event the page read is there before a test looks for its row (a busy machine once showed none yet).
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(read));
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** Scrolls the list to the first row with this type and text, and clicks it. */
async function selectRow(type: string, text = '') {
  const index = await panel.evaluate(
    ({ type, text }) => {
      const list = document.querySelector<HTMLElement>('.event-list')!;
      // Filter, select, clear the filter: the selection stays.
      return new Promise<number>((resolve) => {
        const input = document.querySelector<HTMLInputElement>('input.filter')!;
        input.value = text || type;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        setTimeout(() => {
          const row = [...list.querySelectorAll<HTMLElement>('[role=row]')].find((r) => r.querySelector('.type')?.textContent === type);
          row?.click();
          resolve(Number(row?.dataset.index ?? -1));
        }, 100);
      });
    },
    { type, text },
  );
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

test('the conversation as it stood: tool call with parsed arguments and its result', async () => {
  await selectRow('TOOL_CALL_RESULT', 'call-weather');
  await panel.locator('[data-tab=messages]').click();
  const tab = panel.getByTestId('messages-tab');
  await expect(tab.locator('[data-message-id="user-tools-2"]')).toContainText('What is the weather in Lisbon?');
  const call = tab.locator('[data-tool-call-id="call-weather"]');
  await expect(call).toContainText('get_weather');
  await expect(call).toContainText('"Lisbon"');
  await expect(call).toContainText('"temperature":21');
  // The answer had not started yet at that event.
  await expect(tab.locator('[data-message-id="tools-answer"]')).toHaveCount(0);
});

test('state and its diff at any event', async () => {
  const last = await selectRow('STATE_DELTA', 'STATE_DELTA');
  void last;
  await panel.locator('[data-tab=state]').click();
  await expect(panel.getByTestId('state-tab')).toContainText('Book hotel');
  await expect(panel.getByTestId('state-tab')).not.toContainText('Visit Belém');
  await panel.locator('[data-tab=diff]').click();
  await expect(panel.getByTestId('diff-tab')).toContainText('/todos/-');
  await expect(panel.getByTestId('diff-tab')).toContainText('Book hotel');
});

test('interrupt outcome and its resume', async () => {
  await selectRow('RUN_FINISHED', 'interrupt');
  await panel.locator('[data-tab=runs]').click();
  const tab = panel.getByTestId('runs-tab');
  // As of the interrupt, its answer is still to come: shown as later.
  await expect(tab.locator('[data-interrupt-id="approve-delete"]').first()).toContainText('later, at #');
  // End: back to following the latest event, after the resume.
  await panel.locator('input.filter').fill('');
  await panel.locator('.event-list').press('End');
  await expect(tab.locator('[data-interrupt-id="approve-delete"]').first()).toContainText('resolved');
  await expect(tab.locator('[data-interrupt-id="approve-delete"]').first()).not.toContainText('later, at #');
});

test('protocol problems of a broken stream, located, while the rest replays', async () => {
  await panel.locator('input.filter').fill('');
  await expect(panel.getByTestId('problem-count')).toContainText(/\d+ errors?/);
  await panel.getByTestId('problem-count').click();
  const tab = panel.getByTestId('problems-tab');
  await expect(tab.locator('[data-rule="json/invalid"]')).toHaveCount(1);
  await expect(tab.locator('[data-rule="text/not-open"]')).toHaveCount(1);
  await expect(tab.locator('[data-rule="state/patch-failed"]')).toContainText('OPERATION_PATH_UNRESOLVABLE');
  await expect(tab.locator('[data-rule="event/unknown-type"]')).toContainText('FROM_THE_FUTURE');
  // The page's client stops the run at the orphan text (it refuses it): State holds what it held then, and says so;
  // as the events say, the good delta after the bad ones still applies.
  await selectRow('RUN_FINISHED', 'broken-run');
  await panel.locator('[data-tab=state]').click();
  const state = panel.getByTestId('state-tab');
  await expect(state.getByTestId('client-stop')).toContainText(/The page's client stopped this run at #\d+: it refused that event/);
  await expect(state).toContainText('count: 1');
  await state.getByTestId('as-events-say').check();
  await expect(state).toContainText('count: 2');
  await state.getByTestId('as-events-say').uncheck();
});

test('export, then import the file: the same events and problems', async () => {
  await panel.locator('input.filter').fill('');
  const count = await panel.getByTestId('event-count').textContent();
  await panel.getByTestId('export').click();
  const [download] = await Promise.all([panel.waitForEvent('download'), panel.getByTestId('export-confirm').click()]);
  expect(download.suggestedFilename()).toMatch(/^127\.0\.0\.1_\d+-\d{4}-\d\d-\d\d-\d{6}\.agui\.json$/);
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const file = JSON.parse(readFileSync(path, 'utf8')) as { format: string; streams: unknown[] };
  expect(file.format).toBe('agui-devtools-session');
  expect(file.streams.length).toBe(10);

  const viewer = await browser.context.newPage();
  await viewer.goto(`${demo.url}/viewer/`);
  await viewer.getByTestId('import').setInputFiles(path);
  await expect(viewer.getByTestId('imported')).toContainText('.agui.json');
  await expect(viewer.getByTestId('event-count')).toHaveText(count!);
  await expect(viewer.getByTestId('problem-count')).toContainText(/\d+ errors?/);

  await panel.getByTestId('import').setInputFiles(path);
  await expect(panel.getByTestId('imported')).toBeVisible();
  await expect(panel.getByTestId('event-count')).toHaveText(count!);
  await panel.getByRole('button', { name: 'back to live capture' }).click();
  await expect(panel.getByTestId('imported')).toHaveCount(0);
  await expect(panel.getByTestId('event-count')).toHaveText(count!);
});

test('a hostile import file gets one clear inline message, no dialog, and the panel keeps working', async () => {
  const dialogs: string[] = [];
  panel.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await panel.getByTestId('import').setInputFiles({
    name: 'evil.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ format: 'agui-devtools-session', version: 1, streams: [{ id: 1 }], records: [] })),
  });
  const banner = panel.getByTestId('banner');
  await expect(banner).toHaveCount(1);
  await expect(banner).toHaveAttribute('role', 'alert');
  await expect(banner).toContainText(/^evil\.json: Not a valid agui-devtools-session file at streams\.0\.id/);
  await expect(panel.getByTestId('event-count')).not.toHaveText('0 events');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
