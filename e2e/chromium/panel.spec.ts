/**
 * The panel at DevTools standard (issue 9): docked narrow (560×700) and wide (1280×800), filtered with DevTools'
 * language, driven by keyboard, safe to clear, with readable huge and hostile content. Screenshots of both sizes in
 * both themes go to artifacts/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { BROKEN_EVENTS, testRoutes } from '../support/brokenStream';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { ARTIFACTS } from '../support/paths';
import { demoEventsInPage, eventCount, parseCount } from '../support/panel';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let page: Page;
let tabId: number;
/** Every event the page read: a panel is ready once it shows them all. */
let read: number;
const artifacts = ARTIFACTS;

test.beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  demo = await startDemoServer({ delayMs: 1, extraRoutes: testRoutes });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  await page.evaluate(() => fetch('/broken').then((r) => r.text()));
  read = (await page.evaluate(demoEventsInPage)) + BROKEN_EVENTS;
  tabId = await browser.tabIdOf(page);
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function openPanel(width: number, height: number): Promise<Page> {
  const panel = await browser.openPanel(tabId);
  await panel.setViewportSize({ width, height });
  // Every event the page read is in.
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(read), { timeout: 30_000 });
  return panel;
}

const inView = async (panel: Page, testId: string) => {
  const box = await panel.getByTestId(testId).boundingBox();
  const size = panel.viewportSize()!;
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height;
};

for (const [width, height] of [
  [560, 700],
  [1280, 800],
] as const) {
  test(`at ${width}×${height}: the total and the problem count are in view, and the splitter moves and is remembered`, async () => {
    const panel = await openPanel(width, height);
    expect(await inView(panel, 'event-count')).toBe(true);
    expect(await inView(panel, 'problem-count')).toBe(true);
    // Narrow: the timeline above the inspector, as the Network panel does.
    await expect(panel.locator('main.split')).toHaveAttribute('data-layout', width < 720 ? 'vertical' : 'horizontal');
    for (const theme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: theme });
      await panel.screenshot({ path: join(artifacts, `panel-${width}x${height}-${theme}.png`) });
    }
    await panel.emulateMedia({ colorScheme: 'light' });

    const splitter = panel.getByTestId('splitter');
    const before = Number(await splitter.getAttribute('aria-valuenow'));
    const box = (await splitter.boundingBox())!;
    await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await panel.mouse.down();
    if (width < 720) await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 120, { steps: 5 });
    else await panel.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2, { steps: 5 });
    await panel.mouse.up();
    const after = Number(await splitter.getAttribute('aria-valuenow'));
    expect(after).toBeLessThan(before - 5);
    await panel.reload();
    await expect(panel.getByTestId('splitter')).toHaveAttribute('aria-valuenow', String(after));
    await panel.close();
  });
}

test('the filter language: words, keys, exclusion, regular expressions, and, or; "N of M events"', async () => {
  const panel = await openPanel(560, 700);
  const filter = panel.getByRole('searchbox', { name: 'Filter events' });
  const total = parseCount(await panel.getByTestId('event-count').textContent());
  const shown = async (query: string) => {
    await filter.fill(query);
    const text = (await panel.getByTestId('shown-count').textContent()) ?? '';
    return Number(text.split(' ')[0]);
  };
  const results = await shown('type:TOOL_CALL_RESULT');
  expect(results).toBeGreaterThan(0);
  await expect(panel.getByTestId('status')).toContainText(`${results.toLocaleString('en')} of${eventCount(total)}`);
  const starts = await shown('type:TOOL_CALL_START');
  expect(await shown('type:TOOL_CALL_START|TOOL_CALL_RESULT')).toBe(starts + results);
  expect(await shown('type:TOOL_CALL_START,TOOL_CALL_RESULT')).toBe(starts + results);
  expect(await shown('tool:get_weather')).toBeGreaterThanOrEqual(4);
  expect(await shown('Lisbon')).toBeGreaterThan(0);
  expect(await shown('type:RUN_FINISHED outcome:interrupt')).toBe(1);
  expect(await shown('thread:broken-thread')).toBe(7); // 8 frames, one of which is not an event (broken JSON)
  expect(await shown('run:broken-run type:STATE_DELTA')).toBe(2);
  expect(await shown('/^STATE_(SNAPSHOT|DELTA)/')).toBeGreaterThanOrEqual(6);
  const all = await shown('type:STATE');
  expect(await shown('type:STATE -type:STATE_DELTA')).toBe(all - (await shown('type:STATE_DELTA')));
  // A bad regular expression is said at the filter, and nothing breaks.
  await filter.fill('/(unclosed/');
  await expect(filter).toHaveAttribute('aria-invalid', 'true');
  // The help popover documents it.
  await panel.getByRole('button', { name: 'Filter help' }).click();
  await expect(panel.getByTestId('filter-help')).toContainText('type:A|B');
  await panel.getByRole('button', { name: 'Filter help' }).click();
  await expect(panel.getByTestId('filter-help')).toHaveCount(0);
  // It closes as popovers do: Esc (the filter keeps its text), or a click outside it.
  await panel.getByRole('button', { name: 'Filter help' }).click();
  await filter.press('Escape');
  await expect(panel.getByTestId('filter-help')).toHaveCount(0);
  await expect(filter).toHaveValue('/(unclosed/');
  await panel.getByRole('button', { name: 'Filter help' }).click();
  await panel.getByTestId('event-tab').click({ position: { x: 5, y: 5 } });
  await expect(panel.getByTestId('filter-help')).toHaveCount(0);
  // Esc clears; with a filter and nothing selected, the inspector shows the last event the filter lets through.
  await filter.fill('type:TOOL_CALL_RESULT');
  await expect(panel.getByTestId('event-tab')).toContainText('TOOL_CALL_RESULT');
  await filter.press('Escape');
  await expect(filter).toHaveValue('');
  await expect(panel.getByTestId('shown-count')).toHaveCount(0);
  // Ctrl+F focuses the filter from anywhere.
  await panel.locator('[data-tab=state]').click();
  await panel.keyboard.press('Control+f');
  await expect(filter).toBeFocused();
  await panel.close();
});

test('kind chips: a click shows only that kind, Ctrl-click adds one, and the Problems toggle combines', async () => {
  const panel = await openPanel(560, 700);
  const rows = panel.locator('[role=row]');
  await panel.locator('.chip[data-category=tool]').click();
  await expect(panel.locator('.chip[data-category=tool]')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.locator('.chip[data-category=text]')).toHaveAttribute('aria-pressed', 'false');
  const tools = Number((await panel.getByTestId('shown-count').textContent())!.split(' ')[0]);
  for (const type of await rows.locator('.type').allTextContents()) expect(type).toMatch(/^TOOL_CALL/);
  await panel.locator('.chip[data-category=state]').click({ modifiers: ['Control'] });
  const toolsAndState = Number((await panel.getByTestId('shown-count').textContent())!.split(' ')[0]);
  expect(toolsAndState).toBeGreaterThan(tools);
  await panel.getByLabel('Problems').check();
  // The broken stream's failed STATE_DELTA (polled: on a busy machine the panel may still be drawing what came last).
  await expect(panel.getByTestId('shown-count')).toHaveText('1 of');
  await panel.getByLabel('Problems').uncheck();
  await panel.locator('.chip[data-category=tool]').click({ modifiers: ['Control'] });
  await panel.locator('.chip[data-category=state]').click();
  await expect(panel.getByTestId('shown-count')).toHaveCount(0);
  await panel.close();
});

test('the keyboard moves the selection from anywhere, also after clicking an inspector tab; ARIA roles are right', async () => {
  const panel = await openPanel(560, 700);
  await panel.locator('[role=row]').first().click();
  const first = Number(await panel.locator('[role=row][aria-selected=true]').getAttribute('data-index'));
  await panel.getByRole('tab', { name: 'State' }).click();
  await panel.keyboard.press('ArrowDown');
  await expect(panel.locator('.tabs .at')).toHaveText(`at #${first + 1}`);
  await panel.keyboard.press('PageDown');
  const afterPage = Number((await panel.locator('.tabs .at').textContent())!.replace(/\D/g, ''));
  expect(afterPage).toBeGreaterThan(first + 2);
  await panel.keyboard.press('Home');
  await expect(panel.locator('.tabs .at')).toHaveText('at #0');
  // Left/Right move between tabs while the tab strip has focus.
  await panel.getByRole('tab', { name: 'State' }).focus();
  await panel.keyboard.press('ArrowRight');
  await expect(panel.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('tab', { name: 'Messages' })).toBeFocused();
  // Up/Down/Home/End stay with the timeline while the tab strip has focus: End follows the latest event again.
  await panel.keyboard.press('End');
  await expect(panel.locator('.tabs .at')).toHaveText(/^latest/);
  // The accessibility tree: a grid of rows, tabs with a tab panel, trees.
  const snapshot = await panel.locator('body').ariaSnapshot();
  expect(snapshot).toContain('grid "Events"');
  expect(snapshot).toContain('tablist "Inspector views"');
  expect(snapshot).toContain('tab "Messages" [selected]');
  expect(snapshot).toContain('tabpanel');
  await panel.getByRole('tab', { name: 'Problems' }).click();
  expect(await panel.locator('body').ariaSnapshot()).toContain('tree "Problems by rule"');
  // Every control is reachable with Tab, and shows where the focus is.
  await panel.getByRole('searchbox', { name: 'Filter events' }).click();
  await panel.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Filter help' })).toBeFocused();
  const outline = await panel.getByRole('button', { name: 'Filter help' }).evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await panel.close();
});

test('Clear on an import closes it and keeps the live capture; clearing the live capture can be undone', async () => {
  const panel = await openPanel(560, 700);
  const live = await panel.getByTestId('event-count').textContent();
  await panel.getByTestId('import').setInputFiles({ name: 'two.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify([{ type: 'RUN_STARTED', threadId: 'i', runId: 'i' }, { type: 'RUN_FINISHED', threadId: 'i', runId: 'i' }])) });
  await expect(panel.getByTestId('event-count')).toHaveText('2 events');
  // An import is read from its top.
  await expect(panel.locator('.event-list')).toHaveJSProperty('scrollTop', 0);
  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(panel.getByTestId('imported')).toHaveCount(0);
  await expect(panel.getByTestId('event-count')).toHaveText(live!);

  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(panel.getByTestId('event-count')).toHaveText('0 events');
  await expect(panel.getByTestId('banner')).toContainText(`Cleared ${Number(live!.split(' ')[0]).toLocaleString('en')} events.`);
  await panel.getByTestId('banner').getByRole('button', { name: 'Undo' }).click();
  await expect(panel.getByTestId('event-count')).toHaveText(live!);
  // A bad file: one inline message, no dialog.
  const dialogs: string[] = [];
  panel.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await panel.getByTestId('import').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"agui-devtools-session","version":1,') });
  await expect(panel.getByTestId('banner').last()).toContainText('bad.json');
  expect(dialogs).toEqual([]);
  await panel.close();
});

test('hostile and huge content: direction-changing characters shown, not applied; a 5 MB message paints a preview', async () => {
  // Every frame of /weird is an event; the page keeps them for the tests after this one too.
  read += await page.evaluate(() => fetch('/weird').then(async (r) => (await r.text()).split('\n\n').filter((f) => f.startsWith('data:')).length));
  const panel = await openPanel(560, 700);
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('type:TOOL_CALL_START call-pdf');
  const row = panel.locator('[role=row]').first();
  await expect(row.locator('.esc')).toHaveText('\\u202E');
  await expect(row.locator('.ids')).toContainText('invoice\\u202Efdp.exe');
  await row.click();
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('messageId:huge type:TEXT_MESSAGE_CONTENT');
  await panel.locator('[role=row]').first().click();
  await expect(panel.getByTestId('event-tab')).toContainText('show all');
  await panel.getByRole('tab', { name: 'Messages' }).click();
  const bubble = panel.getByTestId('messages-tab').locator('[data-message-id=huge]');
  await expect(bubble).toContainText('more characters');
  expect((await bubble.textContent())!.length).toBeLessThan(20_000);
  // The tool call shows its escaped name; its result appears once.
  await expect(panel.getByTestId('messages-tab').locator('.tool-name').last()).toContainText('invoice\\u202Efdp.exe');
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('type:TOOL_CALL_RESULT');
  await panel.locator('[role=row]').first().click();
  await expect(panel.getByTestId('messages-tab').locator('[data-message-id="tools-result"]')).toHaveCount(0);
  await expect(panel.getByTestId('messages-tab').locator('.tool-result')).toHaveCount(1);
  await panel.close();
});

test('JSON trees: expand all, collapse all, search inside, copy a value and its path', async () => {
  const panel = await openPanel(1280, 800);
  await panel.getByRole('searchbox', { name: 'Filter events' }).fill('type:STATE_DELTA Belém');
  await panel.locator('[role=row]').first().click();
  await panel.getByRole('tab', { name: 'State' }).click();
  const tree = panel.getByTestId('state-tab').locator('.json-tree').first();
  await tree.getByRole('button', { name: 'Collapse all' }).click();
  await expect(tree.locator('[data-path="/trip/city"]')).toHaveCount(0);
  await tree.getByRole('searchbox', { name: 'Search in this value' }).fill('belém');
  await expect(tree.locator('.j-hit')).toHaveCount(1);
  await expect(tree.locator('[data-path="/todos/1/title"]')).toBeVisible();
  await tree.getByRole('searchbox', { name: 'Search in this value' }).fill('');
  await tree.getByRole('button', { name: 'Expand all' }).click();
  await expect(tree.locator('[data-path="/trip/city"]')).toBeVisible();
  // What reaches the clipboard, watched in the panel page.
  await panel.evaluate(() => {
    const w = window as unknown as { __copied: string[] };
    w.__copied = [];
    navigator.clipboard.writeText = async (text: string) => void w.__copied.push(text);
  });
  await tree.locator('[data-path="/trip/city"]').hover();
  await tree.getByRole('button', { name: 'Copy the path /trip/city' }).click();
  await tree.locator('[data-path="/trip/city"]').hover();
  await tree.getByRole('button', { name: 'Copy the value at /trip/city' }).click();
  expect(await panel.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual(['/trip/city', 'Lisbon']);
  await panel.close();
});
