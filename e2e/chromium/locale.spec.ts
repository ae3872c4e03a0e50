/**
 * The panel speaks the browser's language (issue 24): Chromium started with --lang=ko shows the panel in Korean
 * (the toolbar, the inspector's tabs, the Export dialog, the counts), and the extensions page names the extension
 * in Korean (the manifest's _locales). English stays the default, and at 560 px the Korean panel fits as the English
 * one does (screenshots in both themes under the artifacts folder).
 */
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { ARTIFACTS } from '../support/paths';
import { demoEventsInPage, koreanEventCount } from '../support/panel';

let demo: DemoServer;
let browser: ChromiumWithExtension;
let panel: Page;

test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 0 });
  browser = await launchChromium({ lang: 'ko' });
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runAll());
  const read = await page.evaluate(demoEventsInPage);
  panel = await browser.openPanel(await browser.tabIdOf(page));
  // Every event the page read is there before the tests read the panel.
  await expect(panel.getByTestId('event-count')).toHaveText(koreanEventCount(read));
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

test('with --lang=ko the panel is in Korean: toolbar, tabs, counts, the Export dialog', async () => {
  expect(await panel.evaluate(() => document.documentElement.lang)).toBe('ko');
  await expect(panel.getByRole('toolbar')).toContainText('가져오기…');
  await expect(panel.getByTestId('export')).toHaveText('내보내기');
  await expect(panel.getByTestId('event-count')).toHaveText(/^이벤트 [\d,]+개$/);
  await expect(panel.getByRole('tablist')).toContainText('메시지');
  await panel.getByRole('tab', { name: '메시지' }).click();
  await expect(panel.getByRole('tab', { name: '메시지' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByRole('tab', { name: '문제' }).click();
  const problems = panel.getByTestId('problems-tab');
  await expect(problems).toContainText(/오류 \d+개, 경고 \d+개/);
  // The demo's failing run: its group and its entry say what went wrong in Korean; the engine's own words stay beside it.
  const group = problems.locator('[data-group="run/failed"]');
  await expect(group.locator('.rule-title')).toHaveText('실행이 실패했어요(RUN_ERROR)');
  await expect(group.locator('.sev')).toHaveText('참고');
  await group.click();
  const entry = problems.locator('.problem-entry[data-rule="run/failed"]').first();
  await expect(entry.locator('.problem-title')).toHaveText('실행이 실패했어요(RUN_ERROR)');
  await expect(entry.locator('.problem-original')).toHaveAttribute('lang', 'en');
  await panel.getByTestId('export').click();
  const dialog = panel.getByTestId('export-dialog');
  await expect(dialog).toContainText('세션 내보내기');
  await expect(dialog.getByTestId('export-confirm')).toHaveText('내보내기(지우지 않음)');
  await panel.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('at 560 px the Korean panel fits: one row of tabs, nothing cut in the toolbar (screenshots, both themes)', async () => {
  await panel.setViewportSize({ width: 560, height: 800 });
  await panel.getByRole('tab', { name: '메시지' }).click();
  const strip = await panel.locator('[role=tablist]').evaluate((el) => ({ height: el.getBoundingClientRect().height, over: el.scrollWidth > el.clientWidth + 1 }));
  expect(strip.over).toBe(false);
  expect(strip.height).toBeLessThan(40);
  expect(await panel.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1)).toBe(true);
  for (const theme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: theme });
    await panel.screenshot({ path: join(ARTIFACTS, `korean-560-${theme}.png`) });
  }
  // The Problems tab: the rule titles and the entries fit the row, cut with an ellipsis rather than wrapped.
  await panel.getByRole('tab', { name: '문제' }).click();
  const title = panel.locator('[data-group="run/failed"] .rule-title');
  await expect(title).toBeVisible();
  const box = await title.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(560);
  for (const theme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: theme });
    await panel.screenshot({ path: join(ARTIFACTS, `korean-problems-560-${theme}.png`) });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 1280, height: 800 });
});

test('the extensions page names the extension in Korean', async () => {
  const page = await browser.context.newPage();
  await page.goto('chrome://extensions/');
  await expect(page.locator('extensions-item #name', { hasText: 'AG-UI' })).toHaveText('AG-UI 개발자 도구');
  await page.close();
});
