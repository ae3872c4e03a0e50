/**
 * Every string a user reads comes from the catalog (issue 24): the panel in the pseudo-locale (`?lang=qps`), on a
 * capture of every demo scenario, shows no visible text or label outside ⟦brackets⟧ that is not marked as data, in
 * each inspector tab, the dialogs, the filter help and Compare.
 */
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { showTabInPage } from '../support/panel';
import { type Untranslated, untranslatedInPage } from '../support/pseudo';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let panel: Page;

test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 0 });
  browser = await launchChromium();
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  panel = await browser.openPanel(await browser.tabIdOf(page), '&lang=qps');
  await expect(panel.getByTestId('event-count')).toContainText('⟦');
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** What is on screen now that did not come from the catalog, labelled with where the panel was. */
async function check(state: string, found: Map<string, Untranslated & { state: string }>) {
  for (const u of await panel.evaluate(untranslatedInPage)) if (!found.has(`${u.where}|${u.text}`)) found.set(`${u.where}|${u.text}`, { ...u, state });
}

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
      for (const tab of ['event', 'diff', 'state', 'messages', 'runs', 'waterfall', 'problems']) {
        await panel.evaluate(showTabInPage, tab);
        await check(`${width} px, ${at}, ${tab}`, found);
      }
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
  await panel.evaluate(showTabInPage, 'problems');
  await panel.getByTestId('rule-levels-open').click();
  await check('rule severities', found);
  await panel.keyboard.press('Escape');
  await panel.evaluate(showTabInPage, 'runs');
  await panel.locator('button', { hasText: '↻' }).first().click();
  await check('Resend', found);
  await panel.keyboard.press('Escape');
  await panel.getByRole('button', { name: /^⟦/ }).filter({ hasText: '?' }).first().click();
  await check('filter help', found);
  await panel.keyboard.press('Escape');
  for (const [open, name] of [
    ['export', 'Export'],
    ['replay-open', 'Replay to page'],
    ['pause-open', 'Pause on'],
    ['open-settings', 'Capture settings'],
  ] as const) {
    await panel.getByTestId(open).click();
    await panel.waitForTimeout(50);
    await check(name, found);
    await panel.keyboard.press('Escape');
  }
  await panel.getByTestId('compare-open').click();
  await expect(panel.getByTestId('compare')).toBeVisible();
  await check('Compare', found);
  for (const tab of await panel.getByTestId('compare').getByRole('tab').all()) {
    await tab.click();
    await check(`Compare, ${await tab.textContent()}`, found);
  }
  const list = [...found.values()].map((u) => `${u.state}: ${u.where}: ${JSON.stringify(u.text)}`);
  expect(list, `${list.length} strings bypass the catalog`).toEqual([]);
});
