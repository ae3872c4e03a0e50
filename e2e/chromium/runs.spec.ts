/**
 * Runs at a glance (issue 8): the Waterfall with its lanes and metrics, reasoning blocks, the interrupt card and its
 * resume, appended state highlighted, and every view as of the selected event. Screenshots in both themes.
 */
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { BROKEN_EVENTS, testRoutes } from '../support/brokenStream';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { ARTIFACTS } from '../support/paths';
import { demoEventsInPage, eventCount } from '../support/panel';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let panel: Page;
const shot = async (name: string) => {
  for (const theme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: theme });
    await panel.screenshot({ path: join(ARTIFACTS, `${name}-${theme}.png`) });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
};

test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 8, extraRoutes: testRoutes });
  browser = await launchChromium();
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  await page.evaluate(() => fetch('/broken').then((r) => r.text()));
  const read = (await page.evaluate(demoEventsInPage)) + BROKEN_EVENTS;
  panel = await browser.openPanel(await browser.tabIdOf(page));
  await panel.setViewportSize({ width: 1280, height: 800 });
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(read), { timeout: 30_000 });
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** Selects the first row the filter shows. */
async function select(query: string) {
  const filter = panel.getByRole('searchbox', { name: 'Filter events' });
  await filter.fill(query);
  await panel.locator('[role=row]').first().click();
  await filter.fill('');
}

test('the Waterfall: one row per run, the interrupted and the failed run labelled, TTFT of the text run', async () => {
  await panel.keyboard.press('End');
  await panel.getByRole('tab', { name: 'Waterfall' }).click();
  const waterfall = panel.getByRole('figure', { name: 'Waterfall' });
  await expect(waterfall).toBeVisible();
  await expect(waterfall.locator('.wf-run')).toHaveCount(10);
  await expect(waterfall.locator('.wf-run.wf-status-interrupted')).toHaveCount(1);
  await expect(waterfall.locator('.wf-run.wf-status-interrupted')).toHaveAttribute('aria-label', /interrupted/);
  await expect(waterfall.locator('.wf-run.wf-status-error')).toHaveAttribute('aria-label', /failed/);
  await expect(waterfall.locator('[data-row="lane:thread-chat"]')).toBeVisible();
  await shot('waterfall');
  // The text run's metrics, as of its end: TTFT, and its usage.
  await select('thread:thread-chat type:RUN_FINISHED');
  const metrics = panel.getByTestId('run-metrics');
  // A duration in its unit: the value is the page's own timing (over a second once on a busy machine).
  await expect(metrics.locator('[data-metric="time to first text token (TTFT)"]')).toHaveText(/^(\d+(\.\d)? ms|\d+(\.\d+)? s)$/);
  await expect(metrics.locator('[data-metric="usage (this run)"]')).toContainText('24 in (8 cached) · 19 out');
  // Clicking a finished run's bar selects its last event: its metrics are whole there (TTFT, duration).
  await panel.keyboard.press('End');
  const bar = waterfall.locator('[data-row="run:0"] .wf-run');
  const last = Number((await bar.getAttribute('aria-label'))!.match(/events 0 to (\d+)/)![1]);
  await bar.click();
  await expect(panel.locator('.tabs .at')).toHaveText(`at #${last}`);
  await expect(metrics.locator('[data-metric="run duration"]')).toHaveText(/^\d+(\.\d+)? (ms|s)$/);
  await expect(metrics.locator('[data-metric="time to first event"]')).toHaveText(/^\d+(\.\d+)? (ms|s)$/);
  // So does its label.
  await panel.keyboard.press('End');
  await waterfall.locator('[data-row="run:0"] button.wf-label').click();
  await expect(panel.locator('.tabs .at')).toHaveText(`at #${last}`);
});

test('a reasoning block: open with its text at its own events, collapsed with its duration, closed stays closed; the Waterfall span opens it', async () => {
  await select('type:REASONING_END');
  await panel.getByRole('tab', { name: 'Event' }).click();
  const block = panel.getByTestId('event-tab').getByTestId('reasoning-block');
  await expect(block).toHaveCount(1);
  // The selected event is the block's own: it is open.
  await expect(block).toHaveAttribute('open', '');
  await expect(block.locator('.reasoning-text')).toContainText('Check divisors up to 9: 2, 3, 5, 7 do not divide 97.');
  await expect(block.getByTestId('reasoning-duration')).toHaveText(/· \d+(\.\d+)? (ms|s)$/);
  await expect(block.getByTestId('encrypted')).toContainText('encrypted reasoning · 10 bytes · message');
  await shot('reasoning-block');
  // Closed by the user, it stays closed at its events.
  await block.locator('summary').click();
  await expect(block).not.toHaveAttribute('open', '');
  await select('type:REASONING_MESSAGE_CONTENT');
  await expect(block).not.toHaveAttribute('open', '');
  await block.locator('summary').click();
  await expect(block).toHaveAttribute('open', '');
  await block.locator('summary').click();
  // In the conversation, later: the message it preceded.
  await select('type:TEXT_MESSAGE_END reasoning-reply');
  await panel.getByRole('tab', { name: 'Messages' }).click();
  await expect(panel.getByTestId('messages-tab').getByTestId('reasoning-block')).toContainText('before assistant message reasoning-reply');
  await expect(panel.getByTestId('messages-tab').getByTestId('reasoning-block')).not.toHaveAttribute('open', '');
  // From the Waterfall: selecting the reasoning span opens the block.
  await panel.getByRole('tab', { name: 'Waterfall' }).click();
  await panel.getByRole('figure', { name: 'Waterfall' }).locator('.wf-reasoning').click();
  await expect(panel.getByTestId('event-tab').getByTestId('reasoning-block')).toHaveAttribute('open', '');
});

test('the interrupt card: in view, with reason, message, schema and the resume that answered it; linked back', async () => {
  await select('type:RUN_FINISHED outcome:interrupt');
  await panel.getByRole('tab', { name: 'Event' }).click();
  const card = panel.getByTestId('interrupt-card');
  await expect(card).toBeInViewport();
  await expect(card).toContainText('approve-delete');
  await expect(card).toContainText('tool_call');
  await expect(card).toContainText('Delete 12 files older than 30 days?');
  await expect(card.getByTestId('response-schema')).toContainText('approvedrequired: boolean');
  await expect(card.getByTestId('interrupt-resolution')).toContainText('resolved by run');
  await expect(card.getByTestId('interrupt-resolution')).toContainText('fits the schema');
  await expect(card.getByTestId('interrupt-resolution')).toContainText('later, at #');
  await shot('interrupt-card');
  // Linked both ways: to the resume, and from it back to the interrupt.
  await card.getByTestId('interrupt-resolution').getByRole('button').first().click();
  await expect(panel.getByTestId('resume-summary')).toContainText('approve-delete');
  await panel.getByTestId('resume-summary').getByRole('button', { name: /the interrupt, at #/ }).click();
  await expect(panel.getByTestId('interrupt-card')).toBeVisible();
  // The failed run is marked in the timeline too.
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('type:RUN_ERROR');
  await expect(panel.locator('[role=row] .tag-failed')).toHaveText('failed');
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('');
});

test('a failed run is an outcome, not a protocol error: named in the toolbar and on its Runs header, a note in Problems, found by "failed" and outcome:failed', async () => {
  // Docked narrow and wide.
  for (const width of [560, 1280]) {
    await panel.setViewportSize({ width, height: 800 });
    const filter = panel.getByRole('searchbox', { name: 'Filter events' });
    // The word the row shows finds the row.
    await filter.fill('failed');
    await expect(panel.locator('[role=row] .tag-failed')).toHaveText(['failed']);
    // outcome: in the panel's words or the protocol's: the event that ended the run that way.
    await filter.fill('outcome:failed');
    await expect(panel.locator('[role=row] .type')).toHaveText(['RUN_ERROR']);
    await filter.fill('outcome:error');
    await expect(panel.locator('[role=row] .type')).toHaveText(['RUN_ERROR']);
    await filter.fill('outcome:interrupted');
    await expect(panel.locator('[role=row] .tag-interrupted')).not.toHaveCount(0);
    await expect(panel.locator('[role=row] .type')).toHaveText(Array(await panel.locator('[role=row]').count()).fill('RUN_FINISHED'));
    // Its Runs header says how it ended; the RUN_ERROR is not counted as a protocol error.
    await filter.fill('type:RUN_ERROR');
    await panel.locator('[role=row]').first().click();
    await filter.fill('');
    await panel.getByRole('tab', { name: 'Runs' }).click();
    await expect(panel.locator('.run.current .status')).toHaveText('failed');
    await expect(panel.locator('.run.current [data-testid=run-errors]')).toHaveCount(0);
    // The toolbar names the failed run beside the problem counts; a click shows the runs.
    await expect(panel.getByTestId('failed-runs')).toHaveText('1 failed run');
    await panel.getByRole('tab', { name: 'Problems' }).click();
    await panel.getByTestId('run-outcomes').click();
    await expect(panel.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
    // Problems keeps it as a note (folded, as notes are), with the agent's message and code.
    await panel.getByRole('tab', { name: 'Problems' }).click();
    const group = panel.locator('[data-group="run/failed"]');
    await expect(group.locator('.sev')).toHaveText('note');
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await expect(panel.getByTestId('problems-tab')).toContainText('The model provider timed out (code UPSTREAM_TIMEOUT)');
    await shot(`run-failed-problems-${width}`);
  }
  await panel.setViewportSize({ width: 1280, height: 800 });
});

test('State marks appended items; Runs at a mid-subagent event counts only what had arrived', async () => {
  await select('type:STATE_DELTA Belém');
  await panel.getByRole('tab', { name: 'State' }).click();
  await expect(panel.getByTestId('state-tab').locator('[data-path="/todos/1"]')).toHaveClass(/j-marked/);
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('subagentRunId:sub-researcher-1 type:TEXT_MESSAGE_CONTENT');
  await panel.locator('[role=row]').nth(2).click();
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('');
  await panel.getByRole('tab', { name: 'Runs' }).click();
  // sub-finding: START and the first three deltas have arrived at this point.
  await expect(panel.getByTestId('runs-tab')).toContainText('running');
  await expect(panel.getByTestId('runs-tab')).toContainText('4 attributed events');
  await panel.keyboard.press('End');
  await expect(panel.getByTestId('runs-tab')).not.toContainText('4 attributed events');
});

test('a refused STATE_DELTA: the failing operation, the rest not applied, and the document around its path', async () => {
  await select('run:broken-run type:STATE_DELTA /missing');
  await panel.getByRole('tab', { name: 'Diff' }).click();
  const failure = panel.getByTestId('patch-failure');
  await expect(failure).toContainText('OPERATION_PATH_UNRESOLVABLE');
  await expect(failure.locator('tr.status-failed')).toContainText('/missing');
  await expect(failure).toContainText('The document at (root)');
  await expect(failure.locator('.json-tree')).toContainText('count: 1');
  await panel.getByRole('tab', { name: 'State' }).click();
  await expect(panel.getByTestId('state-patch-failed')).toContainText('refused (operation 0)');
  // The Event tab gives the problem with the spec's own words (Korean, as the spec is written) and what the rule takes.
  await panel.getByRole('tab', { name: 'Event' }).click();
  const passage = panel.locator('[data-rule="state/patch-failed"]').getByTestId('spec-passage');
  await expect(passage.locator('blockquote')).toHaveText('프런트엔드는 정확한 상태 표현을 유지하기 위해 이 패치들을 순서대로 적용해야 해요.');
  await expect(passage.locator('blockquote')).toHaveAttribute('lang', 'ko');
  await expect(passage).toContainText('The front end applies the patches in order to keep an exact state');
  await expect(passage).toContainText('AG-UI events page (events.ko.txt, Korean) › StateDelta');
  await panel.setViewportSize({ width: 560, height: 800 });
  await passage.scrollIntoViewIfNeeded();
  // Nothing of it is cut at 560 px: it wraps within the inspector.
  expect(await passage.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await shot('spec-passage-560');
  await panel.setViewportSize({ width: 1280, height: 800 });
});

test('rule severities in the settings: a rule off leaves Problems and the counts, another made a warning shows as one, kept after a reload', async () => {
  await panel.keyboard.press('End');
  await panel.getByRole('tab', { name: 'Problems' }).click();
  const tab = panel.getByTestId('problems-tab');
  await expect(tab.locator('[data-group="text/not-open"]')).toBeVisible();
  await expect(tab.locator('[data-group="state/patch-failed"] .sev')).toHaveText('error');
  const errors = async () => Number(((await panel.getByTestId('problem-count').textContent()) ?? '').match(/(\d+)\s*error/)?.[1] ?? 0);
  const before = await errors();
  await tab.getByTestId('rule-levels-open').click();
  const dialog = panel.getByTestId('rule-levels');
  await dialog.getByRole('searchbox', { name: 'Find a rule' }).fill('text/not-open');
  await dialog.getByRole('combobox', { name: 'Severity of text/not-open' }).selectOption('off');
  await dialog.getByRole('searchbox', { name: 'Find a rule' }).fill('state/patch');
  await dialog.getByRole('combobox', { name: 'Severity of state/patch-failed' }).selectOption('warning');
  await panel.keyboard.press('Escape');
  await expect(tab.locator('[data-group="text/not-open"]')).toHaveCount(0);
  await expect(tab.locator('[data-group="state/patch-failed"] .sev')).toHaveText('warning');
  await expect(tab.getByTestId('rule-levels-open')).toContainText('2 changed');
  expect(await errors()).toBeLessThan(before);
  // Kept per extension: a reloaded panel has them; Reset all brings every rule back.
  await panel.reload();
  await panel.getByRole('tab', { name: 'Problems' }).click();
  await expect(panel.getByTestId('problems-tab').locator('[data-group="state/patch-failed"] .sev')).toHaveText('warning');
  await panel.getByTestId('rule-levels-open').click();
  await panel.getByTestId('rule-levels').getByRole('button', { name: 'Reset all' }).click();
  await panel.keyboard.press('Escape');
  await expect(panel.getByTestId('problems-tab').locator('[data-group="text/not-open"]')).toBeVisible();
  expect(await errors()).toBe(before);
});
