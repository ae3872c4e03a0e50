/**
 * The A2UI preview never acts on what a page sent (issue 54, HIGH), in Firefox: a surface whose values and buttons
 * call `openUrl` with hostile URLs (http, the extension's own viewer with ?src=, javascript:, data:) and a button that
 * sends an event, drawn in the panel's UI tab with every button clicked, with Firefox's popup blocker on and then
 * off: no new tab or window, no request to the test server, and every call shown as text in the UI tab.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { type Beacons, hostileRoutes, hostileUrls, readHostileInPage } from '../support/hostileSurface';
import { showTabInPage } from '../support/panel';
import { filterPanel, listedRows, selectEvent, until } from '../support/poll';

let demo: DemoServer;
let beacons: Beacons;
let firefox: FirefoxWithExtension;
let panel: Page;
let ext: string;

beforeAll(async () => {
  beacons = hostileRoutes();
  demo = await startDemoServer({ delayMs: 0, extraRoutes: beacons.route });
  firefox = await launchFirefox();
  ext = `moz-extension://${firefox.uuid}`;
  const page = await firefox.browser.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(readHostileInPage, ext);
  panel = await firefox.openPanel(await firefox.tabIdOf(page));
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

/** Every tab of every browser window, by URL, as the browser has them now. */
const tabs = () =>
  firefox.chromeEval<string[]>(
    `JSON.stringify([...Services.wm.getEnumerator('navigator:browser')].flatMap((w) => w.gBrowser.tabs.map((t) => t.linkedBrowser.currentURI.spec)).sort())`,
  );

/** The calls the UI tab lists under the preview, as text (one per line). */
const callsShown = () => panel.evaluate(() => [...document.querySelectorAll('[data-testid=ui-preview-calls] li')].map((li) => li.textContent ?? ''));

/**
 * Clicks the preview's button labelled `label`: the label is text in a Text element's shadow root inside the button's
 * (the renderer's shadow roots; the frame is this extension's page), so the button is found up from that text.
 */
const clickInPreview = (label: string) =>
  panel.evaluate((text) => {
    const frame = document.querySelector<HTMLIFrameElement>('[data-surface-id=hostile] [data-testid=ui-preview]');
    const find = (root: ParentNode): Node | undefined => {
      for (const el of root.querySelectorAll('*')) {
        for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent?.trim() === text) return n;
        const inner = el.shadowRoot && find(el.shadowRoot);
        if (inner) return inner;
      }
      return undefined;
    };
    let at: Node | null | undefined = frame?.contentDocument ? find(frame.contentDocument) : undefined;
    while (at && (at as Element).tagName !== 'BUTTON') at = at.parentNode?.nodeType === 11 ? (at.parentNode as ShadowRoot).host : at.parentNode; // (the frame's own ShadowRoot class)
    if (!at) return false;
    (at as HTMLElement).click();
    return true;
  }, label);

for (const blocker of ['on', 'off'] as const)
  test(`Firefox: the preview of a hostile surface opens nothing and fetches nothing, drawn and clicked; every call is shown (popup blocker ${blocker})`, async () => {
    await firefox.chromeEval(`Services.prefs.setBoolPref('dom.disable_open_during_load', ${blocker === 'on'}); 'null'`);
    beacons.hits.length = 0;
    const urls = hostileUrls(demo.url, ext);
    const before = await tabs();
    // Drawn afresh: away from the UI tab and back.
    await panel.evaluate(showTabInPage, 'event');
    await filterPanel(panel, 'type:ACTIVITY_SNAPSHOT');
    const rows = await until(() => listedRows(panel), (r) => r.length > 0);
    await selectEvent(panel, rows.at(-1)!.index);
    await panel.evaluate(showTabInPage, 'ui');
    const drawn = await until(callsShown, (c) => urls.every((url) => c.some((line) => line.includes(`${url}#check`))));
    for (const url of urls) expect(drawn.some((line) => line.startsWith(`would open ${url}`))).toBe(true);
    for (let i = 0; i < urls.length; i++) {
      expect(await clickInPreview(`send ${i}`)).toBe(true);
      await until(callsShown, (c) => c.filter((line) => line.startsWith('would send the action to the agent: navigate')).length === i + 1);
      const opened = (c: string[]) => c.find((line) => line.startsWith(`would open ${urls[i]}`) && !line.includes('#check'));
      const seen = opened(await callsShown());
      expect(await clickInPreview(`open ${i}`)).toBe(true);
      await until(callsShown, (c) => opened(c) !== seen);
    }
    const shown = await callsShown();
    for (const url of urls) expect(shown).toContain(`would send the action to the agent: navigate ${JSON.stringify({ url })}`);
    expect(await tabs()).toEqual(before);
    expect(beacons.hits).toEqual([]);
  });
