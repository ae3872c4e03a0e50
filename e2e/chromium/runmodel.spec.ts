/**
 * One model of a run (issue 17), as a user sees it: two overlapping requests of one thread keep their tool calls
 * apart in Runs, the Runs table and the Waterfall; the Runs table sorts by TTFT; an interrupt whose events carry
 * old timestamps gets one verdict in the card and in Problems; a reasoning message shows its id in Messages.
 */
import { expect, type Page, test } from '@playwright/test';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { join } from 'node:path';
import { ARTIFACTS } from '../support/paths';
import { eventCount, waterfallRowsInPage } from '../support/panel';
import { type ProbeServer, startProbeServer } from '../support/probeServer';
import { lateInterrupt, overlappingRuns, reasoningRun, splitWords } from '../support/runModel';

let probe: ProbeServer;
let browser: ChromiumWithExtension;
test.beforeAll(async () => {
  probe = await startProbeServer();
  browser = await launchChromium();
});
test.afterAll(async () => {
  await browser?.close();
  await probe?.close();
});

/** Runs `run` in a probe page and opens its panel, once the panel has all `events` the page read. */
async function capture(run: () => Promise<void>, query: string, events: number): Promise<{ page: Page; panel: Page }> {
  const page = await browser.context.newPage();
  await page.goto(`${probe.url}/probe?case=${query}`);
  await page.evaluate(run);
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  await panel.setViewportSize({ width: 1280, height: 800 });
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(events));
  return { page, panel };
}

test('two overlapping requests of one thread: each tool call under its own run in Runs, the Runs table and the Waterfall', async () => {
  const { page, panel } = await capture(overlappingRuns, 'overlap', 18);
  await panel.getByRole('tab', { name: 'Runs' }).click();
  const tools = (runId: string) => panel.locator(`[data-run-id="${runId}"] [data-tool-call-id]`);
  await expect(tools('run-a')).toHaveCount(1);
  await expect(tools('run-a')).toHaveAttribute('data-tool-call-id', 'tc-a');
  await expect(tools('run-b')).toHaveCount(1);
  await expect(tools('run-b')).toHaveAttribute('data-tool-call-id', 'tc-b');
  // The Runs table: one row each, one tool call each; sorted by TTFT, run-a (its text came at once) first.
  const table = panel.getByTestId('runs-table');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr td.col-toolCalls')).toHaveText(['1', '1']);
  // Sorted by TTFT: the rows in the order of their own TTFT cells (run-a's text is sent 20 ms after its start,
  // run-b's 200 ms; which is faster on screen depends on the machine's load), then reversed.
  const ttft = async () => (await table.locator('tbody tr td.col-ttftMs').allTextContents()).map((c) => (/ s$/.test(c) ? Number.parseFloat(c) * 1000 : Number.parseFloat(c)));
  await table.getByTestId('runs-sort-ttftMs').click();
  await expect(table.locator('th', { has: panel.getByTestId('runs-sort-ttftMs') })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => { const v = await ttft(); return v.length === 2 && v[0]! <= v[1]!; }).toBe(true);
  const order = await table.locator('tbody tr td.col-runId').allTextContents();
  expect([...order].sort()).toEqual(['run-a', 'run-b']);
  await table.getByTestId('runs-sort-ttftMs').click();
  await expect(table.locator('tbody tr td.col-runId')).toHaveText([order[1]!, order[0]!]);
  for (const theme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: theme });
    await panel.screenshot({ path: join(ARTIFACTS, `runs-table-1280-${theme}.png`) });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  // A row selects the run's last event that had arrived: its RUN_FINISHED. The first row is the slower run to its
  // first text (the order is reversed): run-b's text comes 180 ms later, but on a loaded machine run-a's may be slower.
  await table.locator('tbody tr').first().click();
  await expect(panel.getByTestId('runs-tab').locator('.run.current')).toHaveAttribute('data-run-id', order[1]!);
  await panel.getByRole('tab', { name: 'Event' }).click();
  await expect(panel.getByTestId('event-tab').locator('h3')).toContainText('RUN_FINISHED');
  // The Waterfall draws each tool call in its run's lane.
  await panel.keyboard.press('End');
  await panel.getByRole('tab', { name: 'Waterfall' }).click();
  // Each lane found by its run id.
  const lanes = async () => Object.fromEntries(Object.entries(await panel.evaluate(waterfallRowsInPage)).map(([run, lane]) => [run, lane.tools]));
  await expect.poll(lanes).toEqual({ 'run-a': ['tc-a'], 'run-b': ['tc-b'] });
  // Docked narrow: the table keeps the columns that matter, and all of them are one click away.
  await panel.setViewportSize({ width: 560, height: 800 });
  await panel.getByRole('tab', { name: 'Runs' }).click();
  await expect(table.locator('thead th.p3').first()).toBeHidden();
  await expect(table.locator('thead th.p1')).toHaveCount(5);
  for (const theme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: theme });
    await panel.screenshot({ path: join(ARTIFACTS, `runs-table-560-${theme}.png`) });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.getByTestId('runs-all-columns').click();
  await expect(table.locator('thead th.p3').first()).toBeVisible();
  await page.close();
  await panel.close();
});

test('an interrupt whose events carry old timestamps: the card and Problems give the same verdict (not expired)', async () => {
  const { page, panel } = await capture(lateInterrupt, 'late', 4);
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('outcome:interrupt');
  await panel.locator('[role=row]').first().click();
  const card = panel.getByTestId('interrupt-card');
  await expect(card.getByTestId('interrupt-expiry')).toHaveText('(5.0 s left when the run ended)');
  await expect(card.getByTestId('interrupt-resolution')).toContainText('resolved by run');
  await expect(card.getByTestId('interrupt-resolution')).not.toContainText('expired');
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('');
  await panel.getByRole('tab', { name: 'Problems' }).click();
  await expect(panel.getByTestId('problems-tab')).not.toContainText('resume/expired');
  await page.close();
  await panel.close();
});

test('Messages shows a reasoning message with its id', async () => {
  const { page, panel } = await capture(reasoningRun, 'reasoning', 7);
  await panel.keyboard.press('End');
  await panel.getByRole('tab', { name: 'Messages' }).click();
  await expect(panel.getByTestId('messages-tab').getByTestId('reasoning-id')).toHaveText('reasoning-1');
  await page.close();
  await panel.close();
});

test('a word split over deltas is found; arguments cut off at TOOL_CALL_END say so; a call links to its last event', async () => {
  const { page, panel } = await capture(splitWords, 'split', 15);
  // Docked narrow and wide.
  for (const width of [560, 1280]) {
    await panel.setViewportSize({ width, height: 800 });
    await panel.getByRole('tab', { name: 'Event' }).click();
    const filter = panel.getByRole('searchbox', { name: 'Filter events' });
    const rows = () => panel.locator('[role=row]').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.index} ${e.querySelector('.type')?.textContent}`));
    // A delta is read with the text of its message (or call) before it: the word is found where it is completed.
    await filter.fill('Lisbon');
    await expect.poll(rows).toEqual(['3 TEXT_MESSAGE_CONTENT']);
    await filter.fill('porto');
    await expect.poll(rows).toEqual(['11 TOOL_CALL_ARGS']);
    // While c-cut streams, its arguments are the value they are becoming; after its end, they are not valid JSON.
    await filter.fill('');
    await panel.locator('[data-index="7"]').click();
    await panel.getByRole('tab', { name: 'Messages' }).click();
    const cut = panel.locator('.tool-call[data-tool-call-id="c-cut"]');
    await expect(cut.locator('.badge')).toHaveText(['streaming']);
    await panel.locator('[data-testid=event-list]').focus();
    await panel.keyboard.press('End');
    await expect(cut.getByTestId('args-invalid')).toHaveText('arguments are not valid JSON: cut off when the call ended');
    await expect(cut.locator('.raw')).toContainText('{"q": "ag-ui');
    await expect(panel.locator('.tool-call[data-tool-call-id="c-city"] .badge')).toHaveCount(0);
    await expect(panel.locator('.tool-call[data-tool-call-id="c-city"] .json-tree')).toContainText('Porto');
    // In Runs, a call's link goes to its last event as of now: the result, else its end.
    await panel.getByRole('tab', { name: 'Runs' }).click();
    await panel.locator('[data-tool-call-id="c-city"] button').first().click();
    await expect(panel.locator('.tabs .at')).toHaveText('at #13');
    await panel.getByRole('tab', { name: 'Runs' }).click();
    await panel.locator('[data-tool-call-id="c-cut"] button').first().click();
    await expect(panel.locator('.tabs .at')).toHaveText('at #8');
  }
  await page.close();
  await panel.close();
});
