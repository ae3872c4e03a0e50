/**
 * Generative UI (issue 23) in the real panel: the demo agent's A2UI surface (a card with a column of texts bound to
 * the data model, streamed by the real @ag-ui/a2ui-middleware) and an MCP app snapshot in the UI tab, as of the
 * latest event and as of an event before the data model was written; a broken surface's problem in Problems and in
 * the UI tab. Screenshots at 560 and 1280 px in both themes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { genuiEvents } from '../../demo/genui';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { showTabInPage } from '../support/panel';
import { ARTIFACTS } from '../support/paths';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let panel: Page;

test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 0, genui: true });
  browser = await launchChromium();
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runScenario('genui'));
  await page.evaluate(() => window.demo.runScenario('genui-broken'));
  panel = await browser.openPanel(await browser.tabIdOf(page));
  await expect(panel.getByTestId('event-count')).not.toHaveText(/^0 /);
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function selectLast(query: string) {
  await panel.locator('input.filter').fill(query);
  await panel.locator('[role=row]').last().click();
  await panel.locator('input.filter').fill('');
}

test('the UI tab: the surface as the run left it (tree, bound values), the MCP app, and the surface before its data', async () => {
  await panel.setViewportSize({ width: 1280, height: 800 });
  await selectLast('messageId:genui-reply');
  await panel.evaluate(showTabInPage, 'ui');
  const surface = panel.locator('[data-testid=ui-surface][data-surface-id=weather]');
  await expect(surface).toBeVisible();
  await expect(surface.locator('[data-component-id]')).toHaveText([/^.root Card/, /^.col Column/, /^ city Text/, /^ temp Text/]);
  await expect(surface.locator('[data-component-id=temp] [data-testid=ui-binding]')).toHaveText('text ← /temperature = "18 °C"');
  await expect(surface.locator('[data-component-id=city] [data-testid=ui-binding]')).toHaveText('text ← /city = "Lisbon"');
  await expect(surface).toContainText('render_a2ui');
  const app = panel.locator('[data-testid=ui-app]');
  await expect(app).toContainText('ui://files/list');
  await expect(app).toContainText('3 files in /reports');
  const spec = panel.getByTestId('ui-json-render');
  await expect(spec).toContainText('show_sales');
  await expect(spec.locator('[data-element-id]')).toHaveText([/sales-card Card title: "Q3 sales"/, /revenue Metric/, /growth Metric/]);
  // The operation that wrote the data model: the event before it shows the bindings unresolved.
  const dataOp = surface.locator('.ui-ops li', { hasText: 'updateDataModel' }).getByRole('button');
  const at = Number((await dataOp.textContent())!.slice(1));
  await dataOp.click();
  await panel.evaluate(showTabInPage, 'ui');
  await expect(panel.getByTestId('ui-changes').first()).toContainText('/city');
  await panel.getByTestId('event-list').press('ArrowUp');
  await expect(panel.getByTestId('ui-tab')).toContainText(`#${at - 1}`);
  await expect(surface.locator('[data-component-id=temp] [data-testid=ui-binding]')).toHaveText('text ← /temperature unresolved');
});

test('Messages and Runs link the surface to the tool call that drew it, and to the UI tab', async () => {
  await panel.setViewportSize({ width: 1280, height: 800 });
  await selectLast('messageId:genui-reply');
  await panel.evaluate(showTabInPage, 'messages');
  const bubble = panel.locator('[data-message-id=a2ui-surface-call-a2ui]');
  await expect(bubble.getByTestId('genui-link')).toHaveText(/A2UI surface weather drawn by render_a2ui Show in the UI tab/);
  await panel.locator('[data-message-id=mcp-app-files]').getByTestId('genui-link').getByTestId('open-ui-tab').click();
  await expect(panel.getByTestId('ui-app')).toContainText('ui://files/list');
  await panel.evaluate(showTabInPage, 'runs');
  await expect(panel.getByTestId('run-genui')).toContainText('A2UI surface weather');
  await panel.getByTestId('run-genui').getByTestId('open-ui-tab').first().click();
  await expect(panel.locator('[data-testid=ui-surface][data-surface-id=weather]')).toBeVisible();
});

test('a broken surface: its problem in Problems and in the UI tab, the child that no component defines marked', async () => {
  await panel.setViewportSize({ width: 1280, height: 800 });
  await selectLast('messageId:genui-broken-reply');
  await panel.evaluate(showTabInPage, 'problems');
  await expect(panel.getByTestId('problems-tab')).toContainText('a2ui/missing-child');
  await expect(panel.getByTestId('problems-tab')).toContainText("names 'temp', which no component defines");
  await panel.evaluate(showTabInPage, 'ui');
  const surface = panel.locator('[data-testid=ui-surface][data-surface-id=broken]');
  await expect(surface.getByTestId('ui-problems')).toContainText('a2ui/missing-child');
  await expect(surface.locator('[data-component-id=temp]')).toContainText('not defined');
  // The weather surface of the first run is in its own conversation's list too, as that run left it.
  await expect(panel.locator('[data-testid=ui-surface][data-surface-id=weather]')).toHaveCount(1);
});

test('screenshots of the UI tab at 560 and 1280 px, light and dark', async () => {
  await selectLast('messageId:genui-reply');
  await panel.evaluate(showTabInPage, 'ui');
  for (const width of [560, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await panel.setViewportSize({ width, height: 800 });
      await panel.emulateMedia({ colorScheme: scheme });
      await expect(panel.locator('[data-testid=ui-surface][data-surface-id=weather]')).toBeVisible();
      // Nothing wider than the inspector: the tree, the model and the operations stack at 560 px. (The panel lays
      // itself out again after a resize, from a ResizeObserver: on a busy machine, a frame or more later.)
      await expect.poll(() => panel.getByTestId('ui-tab').evaluate((el) => el.scrollWidth - el.clientWidth), { message: `${width} px ${scheme}` }).toBeLessThanOrEqual(1);
      await panel.screenshot({ path: `${ARTIFACTS}/ui-tab-${width}-${scheme}.png` });
    }
  }
});

test('the preview: the real A2UI renderer draws the card with its bound values; a selected component is outlined', async () => {
  await panel.setViewportSize({ width: 1280, height: 800 });
  await selectLast('messageId:genui-reply');
  await panel.evaluate(showTabInPage, 'ui');
  const surface = panel.locator('[data-testid=ui-surface][data-surface-id=weather]');
  const preview = surface.frameLocator('[data-testid=ui-preview]');
  await expect(preview.getByText('18 °C')).toBeVisible();
  await expect(preview.getByText('Lisbon')).toBeVisible();
  await surface.locator('[data-component-id=temp]').click();
  await expect.poll(() => preview.getByText('18 °C').evaluate((el) => {
    for (let e: Element | null = el; e; e = e.parentElement ?? ((e.getRootNode() as ShadowRoot).host ?? null)) if ((e as HTMLElement).style?.outline) return (e as HTMLElement).style.outline;
    return '';
  })).toContain('solid');
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    await surface.screenshot({ path: `${ARTIFACTS}/ui-preview-1280-${scheme}.png` });
  }
});

test('the viewer opens a file of generative UI events: the UI tab and its preview there too', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'agui-genui-'));
  try {
    const file = join(dir, 'genui.json');
    writeFileSync(file, JSON.stringify(await genuiEvents({ threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: {} })));
    const viewer = await browser.context.newPage();
    await viewer.goto(`${demo.url}/viewer/`);
    await viewer.getByTestId('import').setInputFiles(file);
    await viewer.locator('input.filter').fill('messageId:genui-reply');
    await viewer.locator('[role=row]').last().click();
    await viewer.evaluate(showTabInPage, 'ui');
    const surface = viewer.locator('[data-testid=ui-surface][data-surface-id=weather]');
    await expect(surface.locator('[data-component-id=temp] [data-testid=ui-binding]')).toHaveText('text ← /temperature = "18 °C"');
    await expect(surface.frameLocator('[data-testid=ui-preview]').getByText('18 °C')).toBeVisible();
    await viewer.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
