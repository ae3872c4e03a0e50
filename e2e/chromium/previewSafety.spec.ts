/**
 * The A2UI preview never acts on what a page sent (issue 54, HIGH): a surface whose values and buttons call
 * `openUrl` with hostile URLs (http, the extension's own viewer with ?src=, javascript:, data:) and a button that
 * sends an event, drawn in the panel's UI tab and in the viewer, every button clicked, with Chromium's popup blocker
 * on and off: no new tab or window, no request to the test server, the preview frame where it was, and every call
 * shown as text in the UI tab.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, expect, type FrameLocator, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { type Beacons, hostileRoutes, hostileSurfaceEvents, hostileUrls, readHostileInPage } from '../support/hostileSurface';
import { showTabInPage } from '../support/panel';
import { ARTIFACTS } from '../support/paths';

let demo: DemoServer;
let beacons: Beacons;

test.beforeAll(async () => {
  beacons = hostileRoutes();
  demo = await startDemoServer({ delayMs: 0, extraRoutes: beacons.route });
});
test.afterAll(async () => {
  await demo?.close();
});

/** Every page-level target the browser has now (popups are targets from the moment window.open returns). */
async function pageTargets(context: BrowserContext, from: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(from);
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    return targetInfos.filter((t) => t.type === 'page').map((t) => t.url).sort();
  } finally {
    await cdp.detach();
  }
}

/** Selects the surface's event, shows the UI tab and waits for the preview to have drawn it and told its calls. */
async function showSurface(panel: Page): Promise<FrameLocator> {
  await panel.locator('input.filter').fill('type:ACTIVITY_SNAPSHOT');
  await panel.locator('[role=row][data-index]').last().click();
  await panel.evaluate(showTabInPage, 'ui');
  const preview = panel.frameLocator('[data-surface-id=hostile] [data-testid=ui-preview]');
  await expect(preview.getByText('send 0')).toBeVisible();
  return preview;
}

/**
 * Clicks every button of the surface; after each, waits for the call it made to be listed (the click handler has run
 * by then: a window it opened would be a target already).
 */
async function clickAll(panel: Page, preview: FrameLocator, urls: readonly string[]) {
  const calls = panel.getByTestId('ui-preview-calls');
  for (let i = 0; i < urls.length; i++) {
    await preview.getByRole('button', { name: `send ${i}` }).click();
    await expect(calls.locator('li[data-call=navigate]')).toHaveCount(i + 1);
    const opened = calls.locator('li[data-call=openUrl]').filter({ hasText: urls[i]! }).filter({ hasNotText: '#check' });
    const before = (await opened.textContent()) ?? '';
    await preview.getByRole('button', { name: `open ${i}` }).click();
    await expect(opened).not.toHaveText(before);
  }
}

/** What the UI tab lists as drawn: each URL, drawn, interpolated and checked, as text; once clicked, each event. */
async function expectCallsShown(panel: Page, urls: readonly string[], clicked: boolean) {
  const calls = panel.getByTestId('ui-preview-calls');
  await expect(calls).toContainText('Not carried out by the preview');
  for (const url of urls) {
    await expect(calls.locator('li[data-call=openUrl]').filter({ hasText: `would open ${url}` }).first()).toBeVisible();
    await expect(calls.locator('li[data-call=openUrl]').filter({ hasText: `${url}#check` })).toHaveCount(1);
    await expect(calls.locator('li[data-call=navigate]').filter({ hasText: JSON.stringify({ url }) })).toHaveCount(clicked ? 1 : 0);
  }
}

for (const blocker of ['on', 'off'] as const) {
  test.describe(`popup blocker ${blocker}`, () => {
    let browser: ChromiumWithExtension;
    test.beforeAll(async () => {
      browser = await launchChromium({ args: blocker === 'off' ? ['--disable-popup-blocking'] : [] });
    });
    test.afterAll(async () => {
      await browser?.close();
    });

    test(`the panel's preview of a hostile surface opens nothing and fetches nothing, drawn and clicked; every call is shown (popup blocker ${blocker})`, async () => {
      beacons.hits.length = 0;
      const ext = `chrome-extension://${browser.extensionId}`;
      const urls = hostileUrls(demo.url, ext);
      const page = await browser.context.newPage();
      await page.goto(`${demo.url}/`);
      await page.evaluate(readHostileInPage, ext);
      const panel = await browser.openPanel(await browser.tabIdOf(page));
      const targets = await pageTargets(browser.context, panel);
      const pages = browser.context.pages().length;
      const preview = await showSurface(panel);
      await expectCallsShown(panel, urls, false);
      await clickAll(panel, preview, urls);
      await expectCallsShown(panel, urls, true);
      expect(await pageTargets(browser.context, panel)).toEqual(targets);
      expect(browser.context.pages()).toHaveLength(pages);
      const frame = panel.frames().find((f) => f.url().includes('preview.html'));
      expect(frame?.url()).toBe(`${ext}/preview.html`);
      expect(panel.url()).toContain(`${ext}/panel.html`);
      expect(beacons.hits).toEqual([]);
      if (blocker === 'on') {
        // What a user sees: the calls listed under the preview, docked and wide, light and dark.
        await panel.getByTestId('ui-preview-calls').scrollIntoViewIfNeeded();
        for (const width of [560, 1280])
          for (const theme of ['light', 'dark'] as const) {
            await panel.setViewportSize({ width, height: 800 });
            await panel.emulateMedia({ colorScheme: theme });
            // (The panel lays itself out again after a resize, from a ResizeObserver: on a busy machine, a frame or more later.)
            await expect.poll(() => panel.getByTestId('ui-tab').evaluate((el) => el.scrollWidth - el.clientWidth), { message: `${width} px ${theme}` }).toBeLessThanOrEqual(1);
            await panel.getByTestId('ui-preview-calls').scrollIntoViewIfNeeded();
            await panel.screenshot({ path: join(ARTIFACTS, `ui-preview-calls-${width}-${theme}.png`) });
          }
      }
      await page.close();
      await panel.close();
    });

    test(`the viewer's preview of a teammate's hostile file opens nothing and fetches nothing (popup blocker ${blocker})`, async ({}, info) => {
      beacons.hits.length = 0;
      const urls = hostileUrls(demo.url, `chrome-extension://${browser.extensionId}`);
      mkdirSync(info.outputDir, { recursive: true });
      const file = join(info.outputDir, 'hostile.agui.json');
      writeFileSync(file, JSON.stringify(hostileSurfaceEvents(urls)));
      const viewer = await browser.context.newPage();
      await viewer.goto(`${demo.url}/viewer/`);
      await viewer.locator('input[type=file]').first().setInputFiles(file);
      await expect(viewer.getByTestId('event-count')).toHaveText('3 events');
      const targets = await pageTargets(browser.context, viewer);
      const preview = await showSurface(viewer);
      await expectCallsShown(viewer, urls, false);
      await clickAll(viewer, preview, urls);
      await expectCallsShown(viewer, urls, true);
      expect(await pageTargets(browser.context, viewer)).toEqual(targets);
      expect(viewer.url()).toBe(`${demo.url}/viewer/`);
      expect(beacons.hits).toEqual([]);
      await viewer.close();
    });
  });
}

test("the extension's viewer opened at a ?src= URL asks, and fetches nothing until the user says Open", async () => {
  beacons.hits.length = 0;
  const browser = await launchChromium();
  try {
    const target = `${demo.url}/beacon/viewer-src`;
    // (Web pages cannot open the viewer, which is not web-accessible; the extension's own pages could, as the preview did.)
    const viewer = await browser.context.newPage();
    await viewer.goto(`chrome-extension://${browser.extensionId}/viewer.html?src=${encodeURIComponent(target)}`);
    const ask = viewer.getByTestId('banner').filter({ hasText: 'load a file from a URL' });
    await expect(ask).toContainText(target);
    await expect(viewer.getByTestId('event-count')).toHaveText('0 events');
    expect(beacons.hits).toEqual([]);
    await ask.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => beacons.hits).toEqual(['/beacon/viewer-src']);
  } finally {
    await browser.close();
  }
});
