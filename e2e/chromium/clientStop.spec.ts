/**
 * What the page's client holds when a stream is broken (issue 56), on the demo's broken run (a text delta after its
 * message ended, then a state delta to a misspelled path): Messages and State at the last event hold what the page's
 * own HttpAgent holds, and say where it stopped; the run is "stopped by the client" in the Runs table and in
 * Compare; the switch shows what the events say; the events after the stop are greyed.
 */
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { showTabInPage } from '../support/panel';
import { ARTIFACTS } from '../support/paths';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let page: Page;
let panel: Page;

test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 5 });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runScenario('chat'));
  await page.evaluate(() => window.demo.runScenario('broken'));
  panel = await browser.openPanel(await browser.tabIdOf(page));
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

test("the page's client stopped the broken run: Messages and State hold what its HttpAgent holds, and say where", async () => {
  const held = await page.evaluate(() => {
    const s = window.demo.snapshot().broken!;
    return { messages: s.messages.map((m) => `${m.role}: ${typeof m.content === 'string' ? m.content : ''}`), state: s.state as Record<string, unknown>, error: window.demo.records.at(-1)!.error ?? '' };
  });
  // The page's agent refused the late delta: its run failed with the client's own words, and it holds no " And warm."
  expect(held.error).toMatch(/TEXT_MESSAGE_CONTENT/);
  expect(held.messages).toEqual(['user: What is the weather in Lisbon?', 'assistant: It is sunny in Lisbon.']);
  await panel.setViewportSize({ width: 1280, height: 800 });
  await expect(panel.getByTestId('event-count')).toHaveText(/^\d+ events$/);
  // The broken run's last event (End: follow the latest).
  await panel.getByTestId('event-list').press('End');
  await panel.evaluate(showTabInPage, 'messages');
  const messages = panel.getByTestId('messages-tab');
  await expect(messages.getByTestId('client-stop')).toContainText(/The page's client stopped this run at #\d+: it refused that event/);
  await expect(messages.getByTestId('client-stop')).toContainText('text/not-open');
  await expect(messages).toContainText('It is sunny in Lisbon.');
  await expect(messages).not.toContainText('And warm.');
  await panel.evaluate(showTabInPage, 'state');
  const state = panel.getByTestId('state-tab');
  await expect(state.getByTestId('client-stop')).toBeVisible();
  for (const [key, value] of Object.entries(held.state)) await expect(state).toContainText(`${key}: "${value}"`);
  await expect(state).not.toContainText('temprature');
  // As the events say: the late delta in the message, the misspelled delta failed (nothing applied by it).
  await state.getByTestId('as-events-say').check();
  await panel.evaluate(showTabInPage, 'messages');
  await expect(messages).toContainText('It is sunny in Lisbon. And warm.');
  for (const theme of ['light', 'dark'] as const)
    for (const width of [560, 1280]) {
      await panel.setViewportSize({ width, height: 800 });
      await panel.emulateMedia({ colorScheme: theme });
      await panel.screenshot({ path: join(ARTIFACTS, `client-stop-${width}-${theme}.png`) });
    }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 1280, height: 800 });
  await messages.getByTestId('as-events-say').uncheck();
  await expect(messages).not.toContainText('And warm.');
});

test('the run is "stopped by the client at #N" in the Runs table, its section and Compare; the later events are greyed', async () => {
  await panel.getByTestId('event-list').press('End');
  await panel.evaluate(showTabInPage, 'runs');
  const section = panel.locator('section.run').last();
  await expect(section.locator('.status').first()).toHaveText(/^stopped by the client at #\d+$/);
  const at = Number(/#(\d+)/.exec((await section.locator('.status').first().textContent())!)![1]);
  await expect(panel.getByTestId('runs-table').locator('tbody tr').last()).toContainText('stopped by the client');
  // The events after the stop: greyed, and the Event tab says so.
  await panel.locator('input.filter').fill('');
  const after = panel.locator(`[role=row][data-index="${at + 1}"]`);
  await after.scrollIntoViewIfNeeded();
  await expect(after).toHaveClass(/not-applied/);
  await after.click();
  await panel.evaluate(showTabInPage, 'event');
  await expect(panel.getByTestId('event-not-applied')).toContainText(`#${at}`);
  // Compare: the chat run against the broken one.
  await panel.getByRole('button', { name: 'Compare' }).click();
  const compare = panel.getByTestId('compare');
  await expect(compare).toBeVisible();
  await expect(compare).toContainText(`stopped by the client at #${at}`);
});

test("a THINKING_* stream: the Event tab shows it as sent and as the page's client used it; changed: finds it; the producer is named", async () => {
  await page.evaluate(() => window.demo.runScenario('legacy-thinking'));
  // Compare (left open by the test before) closes with its toolbar button.
  if (await panel.getByTestId('compare').isVisible()) await panel.getByTestId('compare-open').click();
  await expect(panel.getByTestId('compare')).toHaveCount(0);
  const filter = panel.getByRole('searchbox', { name: 'Filter events' });
  await filter.fill('changed:mapped');
  const rows = panel.locator('[role=row] .type');
  await expect(rows).toHaveText(['THINKING_START', 'THINKING_TEXT_MESSAGE_START', 'THINKING_TEXT_MESSAGE_CONTENT', 'THINKING_TEXT_MESSAGE_END', 'THINKING_END']);
  await panel.locator('[role=row]').first().click();
  await panel.evaluate(showTabInPage, 'event');
  const tab = panel.getByTestId('event-tab');
  await expect(tab.getByTestId('as-sent')).toContainText('Planning');
  const change = tab.getByTestId('as-used').getByTestId('client-change');
  await expect(change).toHaveAttribute('data-kind', 'mapped');
  await expect(change).toContainText('THINKING_START → REASONING_START');
  await expect(tab.getByTestId('as-used-event')).toContainText('REASONING_START');
  // The stream says who answered (the demo's response header), and so does the Runs table's agent column.
  await expect(tab.getByTestId('stream-producer')).toContainText('AG-UI DevTools demo agent (@ag-ui/encoder)');
  for (const theme of ['light', 'dark'] as const)
    for (const width of [560, 1280]) {
      await panel.setViewportSize({ width, height: 800 });
      await panel.emulateMedia({ colorScheme: theme });
      await tab.getByTestId('as-used').scrollIntoViewIfNeeded();
      await panel.screenshot({ path: join(ARTIFACTS, `client-changes-${width}-${theme}.png`) });
    }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 1280, height: 800 });
  // An event the client used as sent has no such section.
  await filter.fill('type:TEXT_MESSAGE_CONTENT -changed:any');
  await panel.locator('[role=row]').last().click();
  await expect(tab.getByTestId('as-used')).toHaveCount(0);
  await filter.fill('');
  await panel.evaluate(showTabInPage, 'runs');
  await panel.getByRole('button', { name: 'All columns' }).click();
  await expect(panel.getByTestId('runs-table').locator('tbody tr').last().locator('.col-agent')).toContainText('AG-UI DevTools demo agent (@ag-ui/encoder)');
});
