/**
 * The inspector docked narrow and wide (issue 18, items 1 and 3): the tab strip is one row, the tabs that do not fit
 * are behind », the selected tab stays in the row; the Waterfall's chart keeps its height, scrolls by itself, and
 * the run's metrics come below it.
 */
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { ARTIFACTS } from '../support/paths';
import { type ProbeServer, startProbeServer } from '../support/probeServer';
import { eventCount, manyRunsInPage, showTabInPage, stripInPage } from '../support/panel';

let probe: ProbeServer;
let browser: ChromiumWithExtension;
let page: Page;
let tabId: number;
/** How many events the page read: every test waits for the panel to have them all before it reads what they draw. */
let events: number;

test.beforeAll(async () => {
  probe = await startProbeServer();
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${probe.url}/probe`);
  // 12 runs, each with a text message and a tool call, and one protocol error (an unopened message's content).
  events = await page.evaluate(manyRunsInPage, 12);
  tabId = await browser.tabIdOf(page);
});
test.afterAll(async () => {
  await browser?.close();
  await probe?.close();
});

const strip = (panel: Page) => panel.evaluate(stripInPage);

for (const [width, height] of [
  [420, 700],
  [560, 800],
  [1280, 800],
] as const) {
  test(`at ${width}×${height}: the inspector's tabs are one row, those that do not fit behind », the selected one always in it`, async () => {
    const panel = await browser.openPanel(tabId);
    await panel.setViewportSize({ width, height });
    await expect(panel.getByTestId('event-count')).toHaveText(eventCount(events));
    // The status in its long form where it fits beside the tabs, else short ("#96").
    // (At 1280 px, with eight tabs beside it, the long form fits only on a wide inspector: either form, then.)
    await expect.poll(async () => (await strip(panel)).status).toMatch(width === 420 ? /^#\d+$/ : /^(latest \(#\d+\)|#\d+)$/);
    const s = await strip(panel);
    if (width === 1280) expect(s.hidden.map((t) => t.label)).toEqual([]);
    // One row: every tab shown has the same top, the strip is one tab tall, the status is on it and in view.
    expect(new Set(s.shown.map((t) => t.top)).size).toBe(1);
    expect(s.height).toBeLessThanOrEqual(32);
    expect(s.statusOneLine).toBe(true);
    expect(s.right).toBeLessThanOrEqual(width);
    expect(s.shown.length + s.hidden.length).toBe(8);
    if (width === 420) await expect.poll(async () => (await strip(panel)).hidden.length).toBeGreaterThan(0);
    Object.assign(s, await strip(panel));
    if (s.hidden.length === 0) {
      await expect(panel.getByTestId('more-tabs')).toHaveCount(0);
    } else {
      // » lists exactly the tabs not shown; choosing one selects it and brings it into the row.
      const more = panel.getByTestId('more-tabs');
      await expect(more).toBeVisible();
      await more.click();
      await expect(panel.getByRole('menuitem')).toHaveText(s.hidden.map((t) => new RegExp(`^${t.label}\\d*$`)));
      const last = s.hidden.at(-1)!;
      await panel.getByRole('menuitem', { name: last.label }).click();
      await expect(panel.getByRole('menu')).toHaveCount(0);
      await expect(panel.getByRole('tab', { name: last.label })).toHaveAttribute('aria-selected', 'true');
      const after = await strip(panel);
      expect(after.shown.map((t) => t.label)).toContain(last.label);
      expect(new Set(after.shown.map((t) => t.top)).size).toBe(1);
      // Esc closes the menu; a click elsewhere too.
      await panel.getByTestId('more-tabs').click();
      await expect(panel.getByRole('menu')).toBeVisible();
      await panel.keyboard.press('Escape');
      await expect(panel.getByRole('menu')).toHaveCount(0);
      await panel.getByTestId('more-tabs').click();
      await panel.getByTestId('event-list').click({ position: { x: 5, y: 5 } });
      await expect(panel.getByRole('menu')).toHaveCount(0);
      if (width === 420) {
        await panel.getByTestId('more-tabs').click();
        for (const scheme of ['light', 'dark'] as const) {
          await panel.emulateMedia({ colorScheme: scheme });
          await panel.screenshot({ path: join(ARTIFACTS, `tabs-overflow-${width}-${scheme}.png`) });
        }
        await panel.keyboard.press('Escape');
      }
    }
    // The keyboard walks every tab, those behind » included, and each one shown is in the row.
    await panel.getByRole('tab', { selected: true }).focus();
    for (let i = 0; i < 7; i++) {
      await panel.keyboard.press('ArrowRight');
      await expect.poll(async () => (await strip(panel)).shown.some((t) => t.selected)).toBe(true);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: join(ARTIFACTS, `tabs-${width}-${scheme}.png`) });
    }
    await panel.close();
  });
}

for (const [width, height] of [
  [560, 800],
  [1280, 800],
] as const) {
  test(`at ${width}×${height}: the Waterfall's chart keeps at least 40% of the tab, scrolls by itself, and the metrics are below it`, async () => {
    const panel = await browser.openPanel(tabId);
    await panel.setViewportSize({ width, height });
    await expect(panel.getByTestId('event-count')).toHaveText(eventCount(events));
    await panel.evaluate(() => (document.querySelector('[data-tab=waterfall]') as HTMLElement).click());
    const chart = panel.locator('.waterfall');
    await expect(chart).toBeVisible();
    await expect(panel.getByTestId('run-metrics')).toBeVisible();
    const box = await panel.evaluate(() => {
      const tab = document.querySelector<HTMLElement>('[data-testid=waterfall-tab]')!;
      const c = document.querySelector<HTMLElement>('.waterfall')!;
      const m = document.querySelector<HTMLElement>('[data-testid=run-metrics]')!;
      return { tab: tab.clientHeight, chart: c.clientHeight, content: c.scrollHeight, chartBottom: c.getBoundingClientRect().bottom, metricsTop: m.getBoundingClientRect().top };
    });
    expect(box.chart).toBeGreaterThanOrEqual(0.4 * box.tab);
    expect(box.content).toBeGreaterThan(box.chart);
    expect(box.metricsTop).toBeGreaterThanOrEqual(box.chartBottom);
    // Its own scroll: the last run's lane can be reached inside the chart.
    await chart.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(panel.locator('.wf-row[data-row]').last()).toBeInViewport();
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: join(ARTIFACTS, `waterfall-docked-${width}-${scheme}.png`) });
    }
    await panel.close();
  });
}

for (const width of [560, 1280] as const) {
  test(`at ${width}×800: "Align runs" starts every run at 0 on one duration axis, is remembered, and goes back to the clock`, async () => {
    const panel = await browser.openPanel(tabId);
    await panel.setViewportSize({ width, height: 800 });
    await expect(panel.getByTestId('event-count')).toHaveText(eventCount(events));
    await panel.evaluate(showTabInPage, 'waterfall');
    const lefts = () => panel.locator('.wf-row[data-row^="run:"] .wf-run').evaluateAll((els) => els.map((e) => parseFloat((e as HTMLElement).style.left)));
    // On the clock the runs, one after another, start further and further right.
    const clock = await lefts();
    expect(clock).toHaveLength(12);
    expect(clock[11]!).toBeGreaterThan(clock[0]! + 50);
    const align = panel.getByTestId('align-runs');
    await expect(align).toHaveAttribute('aria-pressed', 'false');
    await align.click();
    await expect(align).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(lefts).toEqual(Array(12).fill(0));
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: join(ARTIFACTS, `waterfall-aligned-${width}-${scheme}.png`) });
    }
    // Remembered: a panel opened later starts aligned.
    await panel.reload();
    await panel.evaluate(showTabInPage, 'waterfall');
    await expect(panel.getByTestId('align-runs')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(lefts).toEqual(Array(12).fill(0));
    await panel.getByTestId('align-runs').click();
    await expect.poll(async () => (await lefts())[11]!).toBeGreaterThan(50);
    await panel.close();
  });
}

for (const [width, height] of [
  [560, 800],
  [1280, 800],
] as const) {
  test(`at ${width}×${height}: the timeline has column headers over its columns; columns hide, resize, and are remembered`, async () => {
    const panel = await browser.openPanel(tabId);
    await panel.setViewportSize({ width, height });
    await expect(panel.getByTestId('event-count')).toHaveText(eventCount(events));
    const header = panel.getByTestId('list-header');
    await expect(header.locator('[data-column]')).toHaveText(['#', 'Time', 'Type', 'Ids', 'Content']);
    // Each header stands over its column.
    const lefts = () =>
      panel.evaluate(() => {
        const row = document.querySelector('[role=row]')!;
        const at = (el: Element | null) => (el ? Math.round(el.getBoundingClientRect().left) : -1);
        const head = (id: string) => at(document.querySelector(`[data-column="${id}"]`));
        return { type: [head('type'), at(row.querySelector('.col-type'))], ids: [head('ids'), at(row.querySelector('.ids'))], preview: [head('preview'), at(row.querySelector('.preview'))] };
      });
    for (const [a, b] of Object.values(await lefts())) expect(Math.abs(a! - b!)).toBeLessThanOrEqual(1);
    // Values first: the field names are short prefixes; the whole name is in the tooltip. The last run's rows: at
    // the end of the list, where a panel opened over a finished stream shows it, also resized as it opened.
    const id = panel.locator('[role=row] .id', { hasText: 'tc-11' }).first();
    await expect(id.locator('.id-key')).toHaveText('call');
    await expect(id).toHaveAttribute('title', 'toolCallId: tc-11');
    // Hide Time from the ⋮ menu: gone from the header and the rows; remembered across a reload.
    await panel.getByTestId('columns-button').click();
    await panel.locator('[data-column-toggle=time]').uncheck();
    await panel.keyboard.press('Escape');
    await expect(panel.getByTestId('columns-menu')).toHaveCount(0);
    await expect(header.locator('[data-column=time]')).toBeHidden();
    await expect(panel.locator('[role=row] .time').first()).toBeHidden();
    // Wider Type by dragging its edge.
    const typeWidth = () => panel.locator('[role=row] .col-type').first().evaluate((el) => Math.round(el.getBoundingClientRect().width));
    const before = await typeWidth();
    const handle = header.locator('[data-column=type] .col-resize');
    const box = (await handle.boundingBox())!;
    await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await panel.mouse.down();
    await panel.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await panel.mouse.up();
    await expect.poll(typeWidth).toBe(before + 40);
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: join(ARTIFACTS, `timeline-columns-${width}-${scheme}.png`) });
    }
    await panel.reload();
    await expect(panel.getByTestId('list-header').locator('[data-column=time]')).toBeHidden();
    await expect.poll(typeWidth).toBe(before + 40);
    // A right-click on the header opens the same menu; Reset brings the columns back.
    await panel.getByTestId('list-header').click({ button: 'right' });
    await panel.getByTestId('columns-menu').getByRole('button', { name: 'Reset columns' }).click();
    await expect(panel.getByTestId('list-header').locator('[data-column=time]')).toBeVisible();
    await expect.poll(typeWidth).toBe(before);
    await panel.close();
  });
}
