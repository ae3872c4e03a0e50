/**
 * The store listing's pictures (issue 24), taken from the real panel on a capture of the demo, in light theme, in
 * English and in Korean: five screenshots at 1280×800 (the timeline and inspector, the Waterfall, the interrupt
 * card, Replay to page, the UI tab with an A2UI surface) and a 440×280 promo tile. `npm test` writes them to test-results/store/ and checks their
 * sizes; `npm run store` writes them to store/screenshots/ for a release.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { ROOT } from '../support/paths';

const OUT = process.env.AGUI_STORE === '1' ? join(ROOT, 'store', 'screenshots') : join(ROOT, 'test-results', 'store');

let demo: DemoServer;
test.beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 5, genui: true });
  mkdirSync(OUT, { recursive: true });
});
test.afterAll(async () => demo?.close());

/** A PNG's pixel size, from its header. */
const pngSize = (path: string): [number, number] => {
  const b = readFileSync(path);
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
};

async function shot(panel: Page, name: string): Promise<void> {
  const path = join(OUT, `${name}.png`);
  await panel.screenshot({ path });
  expect(pngSize(path), name).toEqual([1280, 800]);
}

async function select(panel: Page, query: string) {
  const filter = panel.locator('input.filter');
  await filter.fill(query);
  await panel.locator('[role=row]').first().click();
  await filter.fill('');
}

for (const lang of ['en', 'ko'] as const) {
  test(`the store pictures in ${lang === 'en' ? 'English' : 'Korean'}: five at 1280×800 and the 440×280 tile, from the real panel`, async () => {
    let browser: ChromiumWithExtension | undefined;
    try {
      browser = await launchChromium(lang === 'ko' ? { lang: 'ko' } : {});
      const page = await browser.context.newPage();
      await page.goto(`${demo.url}/`);
      await page.evaluate(async () => {
        await window.demo.runAll();
        await window.demo.runScenario('genui');
      });
      const tabId = await browser.tabIdOf(page);
      const panel = await browser.openPanel(tabId);
      await panel.setViewportSize({ width: 1280, height: 800 });
      await panel.emulateMedia({ colorScheme: 'light' });
      await expect(panel.getByTestId('event-count')).not.toHaveText(/^0 /);
      // 1. The timeline and the inspector: a tool call's result, with the conversation as it stood.
      await select(panel, 'type:TOOL_CALL_RESULT');
      await panel.locator('[data-tab=messages]').click();
      await expect(panel.getByTestId('messages-tab')).toBeVisible();
      await shot(panel, `${lang}-1-timeline-inspector`);
      // 2. The Waterfall of every run, the failed one selected with its metrics.
      await select(panel, 'type:RUN_ERROR');
      await panel.locator('[data-tab=waterfall]').click();
      await expect(panel.getByTestId('run-metrics')).toBeVisible();
      await shot(panel, `${lang}-2-waterfall`);
      // 3. The interrupt card of the interrupted run, with the resume that answered it.
      await select(panel, 'type:RUN_FINISHED outcome:interrupt');
      await panel.locator('[data-tab=event]').click();
      await expect(panel.getByTestId('interrupt-card')).toBeVisible();
      await panel.getByTestId('interrupt-card').scrollIntoViewIfNeeded();
      await shot(panel, `${lang}-3-interrupt-card`);
      // 4. Replay to page: the dialog, about to answer the page with a recorded run.
      await panel.getByTestId('replay-open').click();
      await expect(panel.getByTestId('replay-dialog')).toBeVisible();
      await shot(panel, `${lang}-4-replay-to-page`);
      await panel.keyboard.press('Escape');
      // 5. Generative UI: the A2UI surface the agent drew, its tree, bindings and preview.
      await select(panel, 'messageId:genui-reply');
      await panel.locator('[data-tab=ui]').click();
      const surface = panel.locator('[data-testid=ui-surface][data-surface-id=weather]');
      await expect(surface.frameLocator('[data-testid=ui-preview]').getByText('18 °C')).toBeVisible();
      await surface.locator('[data-component-id=temp]').click();
      await shot(panel, `${lang}-5-generative-ui`);
      // The promo tile: the panel at 880×560, drawn at half size by the browser itself (440×280 pixels).
      await panel.setViewportSize({ width: 880, height: 560 });
      await select(panel, 'type:TOOL_CALL_START');
      await panel.locator('[data-tab=runs]').click();
      const big = await panel.screenshot();
      const scaler = await browser.context.newPage();
      await scaler.setViewportSize({ width: 440, height: 280 });
      await scaler.setContent(`<body style="margin:0"><img style="display:block;width:440px;height:280px" src="data:image/png;base64,${big.toString('base64')}"></body>`);
      await scaler.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      const tile = join(OUT, `${lang}-tile-440x280.png`);
      await scaler.screenshot({ path: tile });
      expect(pngSize(tile)).toEqual([440, 280]);
    } finally {
      await browser?.close();
    }
  });
}
