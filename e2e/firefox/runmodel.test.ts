/**
 * One model of a run (issue 17) in Firefox: two overlapping requests of one thread keep their tool calls apart in
 * Runs, the Runs table and the Waterfall; the table sorts by TTFT; a finished run's bar shows its TTFT and duration;
 * an interrupt with old timestamps has one verdict in the card and in Problems; reasoning ids show in Messages.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { filterPanel, poll, selectEvent, textOf } from '../support/poll';
import { type ProbeServer, startProbeServer } from '../support/probeServer';
import { lateInterrupt, overlappingRuns, reasoningRun } from '../support/runModel';
import { eventCount, showTabInPage, waterfallRowsInPage } from '../support/panel';

let probe: ProbeServer;
let firefox: FirefoxWithExtension;
beforeAll(async () => {
  probe = await startProbeServer();
  firefox = await launchFirefox();
});
afterAll(async () => {
  await firefox?.close();
  await probe?.close();
});

async function capture(run: () => Promise<void>, query: string, events: number): Promise<{ page: Page; panel: Page }> {
  const page = await firefox.browser.newPage();
  await page.goto(`${probe.url}/probe?case=${query}`);
  await page.evaluate(run);
  const panel = await firefox.openPanel(await firefox.tabIdOf(page));
  await panel.setViewport({ width: 1280, height: 800 });
  expect(await poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === eventCount(events))).toBe(eventCount(events));
  return { page, panel };
}
const click = (panel: Page, selector: string) => panel.evaluate((s: string) => document.querySelector<HTMLElement>(s)!.click(), selector);
const texts = (panel: Page, selector: string) => panel.$$eval(selector, (els) => els.map((e) => e.textContent ?? ''));
const attrs = (panel: Page, selector: string, name: string) => panel.$$eval(selector, (els, n) => els.map((e) => e.getAttribute(n as string) ?? ''), name);

test('Firefox: two overlapping requests of one thread: each tool call under its run; the table sorts by TTFT; a run\'s bar shows its metrics', async () => {
  const { page, panel } = await capture(overlappingRuns, 'overlap', 18);
  await panel.evaluate(showTabInPage, 'runs');
  expect(await poll(() => attrs(panel, '[data-run-id="run-a"] [data-tool-call-id]', 'data-tool-call-id'), (v) => v.length > 0)).toEqual(['tc-a']);
  expect(await attrs(panel, '[data-run-id="run-b"] [data-tool-call-id]', 'data-tool-call-id')).toEqual(['tc-b']);
  expect(await texts(panel, '[data-testid=runs-table] tbody td.col-toolCalls')).toEqual(['1', '1']);
  // Sorted by TTFT: the rows in the order of their own TTFT cells (which run is faster depends on the machine's load:
  // run-a's text is sent 20 ms after its start, run-b's 200 ms), then reversed.
  const ttft = async () => {
    const cells = await texts(panel, '[data-testid=runs-table] tbody td.col-ttftMs');
    return cells.map((c) => (/ s$/.test(c) ? Number.parseFloat(c) * 1000 : Number.parseFloat(c)));
  };
  await click(panel, '[data-testid=runs-sort-ttftMs]');
  const ascending = await poll(ttft, (v) => v.length === 2 && v.every(Number.isFinite) && v[0]! <= v[1]!);
  expect(ascending[0]).toBeLessThanOrEqual(ascending[1]!);
  const order = await texts(panel, '[data-testid=runs-table] tbody td.col-runId');
  expect([...order].sort()).toEqual(['run-a', 'run-b']);
  await click(panel, '[data-testid=runs-sort-ttftMs]');
  expect(await poll(() => texts(panel, '[data-testid=runs-table] tbody td.col-runId'), (v) => v[0] === order[1])).toEqual([order[1], order[0]]);
  expect((await ttft()).reverse()).toEqual(ascending);
  // The Waterfall: each tool call in its run's lane; a click on a finished run's bar shows its TTFT and duration.
  await panel.evaluate(showTabInPage, 'waterfall');
  // Each lane found by its run id.
  const lanes = await poll(() => panel.evaluate(waterfallRowsInPage), (l) => Object.keys(l).length === 2 && Object.values(l).flatMap((x) => x.tools).length === 2);
  expect(lanes['run-a']?.tools).toEqual(['tc-a']);
  expect(lanes['run-b']?.tools).toEqual(['tc-b']);
  await click(panel, `[data-row="${lanes['run-a']!.row}"] .wf-run`);
  // Its last event: run-a's RUN_FINISHED (where it falls depends on how the two streams interleaved on the wire).
  const finishedAt = await panel.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[role=row][data-index]')];
    return rows.find((r) => r.textContent?.includes('RUN_FINISHED') && r.textContent.includes('run-a'))?.dataset.index ?? 'none';
  });
  expect(await poll(() => textOf(panel, '.tabs .at'), (t) => t === `at #${finishedAt}`)).toBe(`at #${finishedAt}`);
  expect(await textOf(panel, '[data-metric="time to first text token (TTFT)"]')).toMatch(/^\d+(\.\d+)? (ms|s)$/);
  expect(await textOf(panel, '[data-metric="run duration"]')).toMatch(/^\d+(\.\d+)? (ms|s)$/);
  await page.close();
  await panel.close();
});

test('Firefox: an interrupt with old timestamps has one verdict in the card and in Problems; reasoning ids in Messages', async () => {
  const { page, panel } = await capture(lateInterrupt, 'late', 4);
  const [interrupted] = await filterPanel(panel, 'outcome:interrupt');
  expect(interrupted?.type).toBe('RUN_FINISHED');
  await selectEvent(panel, interrupted!.index);
  expect(await poll(() => textOf(panel, '[data-testid=interrupt-expiry]'), (t) => t !== '')).toBe('(5.0 s left when the run ended)');
  const resolution = await textOf(panel, '[data-testid=interrupt-resolution]');
  expect(resolution).toContain('resolved by run');
  expect(resolution).not.toContain('expired');
  await panel.evaluate(showTabInPage, 'problems');
  expect(await poll(() => textOf(panel, '[data-testid=problems-tab]'), (t) => t !== '')).not.toContain('resume/expired');
  await page.close();
  await panel.close();
  const reasoning = await capture(reasoningRun, 'reasoning', 7);
  await reasoning.panel.evaluate(showTabInPage, 'messages');
  expect(await poll(() => textOf(reasoning.panel, '[data-testid=reasoning-id]'), (t) => t !== '')).toBe('reasoning-1');
  await reasoning.page.close();
  await reasoning.panel.close();
});
