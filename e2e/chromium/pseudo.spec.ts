/**
 * Every string a user reads comes from the catalog (issue 24): the panel in the pseudo-locale (`?lang=qps`), on a
 * capture of every demo scenario, shows no visible text or label outside ⟦brackets⟧ that is not marked as data, in
 * each inspector tab, the dialogs, the filter help and Compare; and where the panel has nothing yet: the tab
 * picker, a tab on a site capture is not on for, the viewer before and after it opens files (a broken one too).
 */
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { showTabInPage } from '../support/panel';
import { ROOT } from '../support/paths';
import { type Untranslated, untranslatedInPage } from '../support/pseudo';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let panel: Page;

test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 0, genui: true });
  browser = await launchChromium({ args: ['--host-resolver-rules=MAP agent.test 127.0.0.1'] });
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(async () => {
    await window.demo.runAll();
    await window.demo.runScenario('genui');
    await window.demo.runScenario('genui-broken');
  });
  panel = await browser.openPanel(await browser.tabIdOf(page), '&lang=qps');
  await expect(panel.getByTestId('event-count')).toContainText('⟦');
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** What is on screen now that did not come from the catalog, labelled with where the panel was. */
async function check(state: string, found: Map<string, Untranslated & { state: string }>, on: Page = panel) {
  for (const u of await on.evaluate(untranslatedInPage)) if (!found.has(`${u.where}|${u.text}`)) found.set(`${u.where}|${u.text}`, { ...u, state });
}

const listed = (found: Map<string, Untranslated & { state: string }>) => [...found.values()].map((u) => `${u.state}: ${u.where}: ${JSON.stringify(u.text)}`);

test('the pseudo-locale: no visible text outside the catalog in any tab, dialog or popover, at 1280 and 560 px', async () => {
  const found = new Map<string, Untranslated & { state: string }>();
  for (const width of [1280, 560]) {
    await panel.setViewportSize({ width, height: 800 });
    // The last event of the failed run, then an interrupted one: each tab as of an event with something to show.
    for (const at of ['RUN_ERROR', 'RUN_FINISHED', 'STATE_DELTA', 'REASONING_MESSAGE_CONTENT', 'ACTIVITY_SNAPSHOT', 'SUBAGENT_STARTED']) {
      await panel.locator('input.filter').fill(`type:${at}`);
      await panel.locator('[role=row]', { hasText: at }).last().click();
      await check(`${width} px, filtered`, found);
      await panel.locator('input.filter').fill('');
      for (const tab of ['event', 'diff', 'state', 'messages', 'ui', 'runs', 'waterfall', 'problems']) {
        await panel.evaluate(showTabInPage, tab);
        await check(`${width} px, ${at}, ${tab}`, found);
      }
    }
  }
  // The UI tab with a surface, its preview, an MCP app and a json-render tree; and with a broken surface.
  for (const at of ['genui-reply', 'genui-broken-reply']) {
    await panel.locator('input.filter').fill(`messageId:${at}`);
    await panel.locator('[role=row]').last().click();
    await panel.locator('input.filter').fill('');
    for (const tab of ['ui', 'messages', 'runs']) {
      await panel.evaluate(showTabInPage, tab);
      await check(`generative UI, ${at}, ${tab}`, found);
    }
  }
  // At 420 px the tabs that do not fit are behind »: its menu.
  await panel.setViewportSize({ width: 420, height: 700 });
  await panel.getByTestId('more-tabs').click();
  await check('» menu', found);
  await panel.keyboard.press('Escape');
  await panel.setViewportSize({ width: 1280, height: 800 });
  await panel.getByTestId('columns-button').click();
  await check('columns menu', found);
  await panel.keyboard.press('Escape');
  // Each dialog is checked once it is open (a dialog can mount a frame after its button's click returns: an Esc
  // pressed before it mounts closes nothing), and Esc must close it before the next one opens.
  const dialog = async (open: () => Promise<void>, name: string) => {
    await open();
    await expect(panel.getByRole('dialog'), `the ${name} dialog opens`).toBeVisible();
    await check(name, found);
    await panel.keyboard.press('Escape');
    await expect(panel.locator('.dialog-backdrop'), `Esc closes the ${name} dialog`).toHaveCount(0);
  };
  await panel.evaluate(showTabInPage, 'problems');
  await dialog(() => panel.getByTestId('rule-levels-open').click(), 'rule severities');
  await panel.evaluate(showTabInPage, 'runs');
  await dialog(() => panel.locator('button', { hasText: '↻' }).first().click(), 'Resend');
  const help = panel.getByRole('button', { name: /^⟦/ }).filter({ hasText: '?' }).first();
  await help.click();
  await expect(help).toHaveAttribute('aria-expanded', 'true');
  await check('filter help', found);
  await panel.keyboard.press('Escape');
  await expect(panel.getByTestId('filter-help'), 'Esc closes the filter syntax').toHaveCount(0);
  for (const [open, name] of [
    ['export', 'Export'],
    ['replay-open', 'Replay to page'],
    ['pause-open', 'Pause on'],
    ['open-settings', 'Capture settings'],
  ] as const)
    await dialog(() => panel.getByTestId(open).click(), name);
  await panel.getByTestId('compare-open').click();
  await expect(panel.getByTestId('compare')).toBeVisible();
  await check('Compare', found);
  for (const tab of await panel.getByTestId('compare').getByRole('tab').all()) {
    await tab.click();
    await check(`Compare, ${await tab.textContent()}`, found);
  }
  const list = listed(found);
  expect(list, `${list.length} strings bypass the catalog`).toEqual([]);
});

test('the pseudo-locale where there is nothing to show yet: the tab picker, a site capture is not on for, the viewer empty, with files, with a broken file', async () => {
  const found = new Map<string, Untranslated & { state: string }>();
  const extensionPage = (path: string) => `chrome-extension://${browser.extensionId}/${path}`;
  const picker = await browser.context.newPage();
  await picker.goto(extensionPage('panel.html?lang=qps'));
  await expect(picker.locator('.tab-picker a[data-tab-id]').first()).toBeVisible();
  await check('tab picker', found, picker);
  // A page on a site that is neither local nor enabled: the panel in a tab asks which site to capture.
  const remote = await browser.context.newPage();
  await remote.goto(`${demo.url.replace('127.0.0.1', 'agent.test')}/`);
  // Not captured, so not in the picker: the newest tab (tab ids only grow), as the background sees it.
  const [worker] = browser.context.serviceWorkers();
  const remoteTab = await worker!.evaluate(async () => {
    const tabs = (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number }[]> } } }).chrome.tabs;
    return Math.max(...(await tabs.query({})).map((t) => t.id ?? -1));
  });
  const off = await browser.openPanel(remoteTab, '&lang=qps');
  await expect(off.getByTestId('capture-unknown')).toContainText('⟦');
  await check('capture not on', found, off);
  for (const p of [picker, remote, off]) await p.close();
  // The viewer: a page, not the extension; its language from ?lang= too.
  const viewer = await browser.context.newPage();
  for (const width of [1280, 560]) {
    await viewer.setViewportSize({ width, height: 800 });
    await viewer.goto(`${demo.url}/viewer/?lang=qps`);
    await expect(viewer.getByTestId('event-count')).toContainText('⟦');
    await check(`viewer ${width} px, empty`, found, viewer);
    await viewer.getByTestId('import').setInputFiles(join(ROOT, 'e2e', 'support', 'two-events.json'));
    await expect(viewer.getByTestId('event-count')).toContainText('2');
    await viewer.locator('[role=row]').first().click();
    for (const tab of ['event', 'diff', 'state', 'messages', 'ui', 'runs', 'waterfall', 'problems']) {
      await viewer.evaluate(showTabInPage, tab);
      await check(`viewer ${width} px, ${tab}`, found, viewer);
    }
    await viewer.getByTestId('import').setInputFiles(join(ROOT, 'e2e', 'support', 'bad-session.json'));
    // Its located message is the engine's (English, as the CLI says it), after the catalog's words.
    await expect(viewer.getByTestId('banner').locator('.banner-detail[lang=en]')).toBeVisible();
    await check(`viewer ${width} px, a broken file`, found, viewer);
  }
  const list = listed(found);
  expect(list, `${list.length} strings bypass the catalog`).toEqual([]);
});
