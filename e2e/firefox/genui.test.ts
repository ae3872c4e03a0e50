/**
 * Generative UI in Firefox (issue 23): the UI tab shows the demo's A2UI surface (tree, the bound values), its
 * preview drawn by the A2UI Lit renderer, the MCP app, and at an event before the data model was written the bindings
 * unresolved; the broken surface's problem in Problems and in the UI tab. Screenshots at 560 and 1280 px, both themes.
 */
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { demoEventsInPage, eventCount, showTabInPage } from '../support/panel';
import { ARTIFACTS } from '../support/paths';
import { filterPanel, listedRows, poll, selectEvent, until, untilCount } from '../support/poll';

let demo: DemoServer;
let firefox: FirefoxWithExtension;
let panel: Page;

beforeAll(async () => {
  demo = await startDemoServer({ delayMs: 0, genui: true });
  firefox = await launchFirefox();
  const page = await firefox.browser.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(async () => {
    await window.demo.runScenario('genui');
    await window.demo.runScenario('genui-broken');
  });
  const read = await page.evaluate(demoEventsInPage);
  panel = await firefox.openPanel(await firefox.tabIdOf(page));
  // Every event the page read is there before a test selects the last of a message's events.
  expect(await untilCount(panel, read)).toBe(eventCount(read));
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

const text = (selector: string) => panel.evaluate((s) => (document.querySelector(s)?.textContent ?? '').trim(), selector);
const texts = (selector: string) => panel.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent ?? ''), selector);

/** Selects the last event the filter finds, then clears the filter (the selection stays): each step once it shows. */
async function selectLast(query: string) {
  await filterPanel(panel, query);
  // (Its events may still be coming in: the filter shows them as they come.)
  const rows = await poll(() => listedRows(panel), (r) => r.length > 0);
  const index = rows.at(-1)?.index;
  expect(index, `a row for "${query}"`).toBeDefined();
  await selectEvent(panel, index!);
  await filterPanel(panel, '');
}

/** The preview's text, through the renderer's shadow roots (the iframe is this extension's page: same origin). */
const previewText = (surfaceId: string) =>
  panel.evaluate((id) => {
    const frame = document.querySelector<HTMLIFrameElement>(`[data-surface-id="${id}"] [data-testid=ui-preview]`);
    const out: string[] = [];
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent?.trim()) out.push(n.textContent.trim());
      }
    };
    if (frame?.contentDocument) walk(frame.contentDocument);
    return out.join(' ');
  }, surfaceId);

test('Firefox: the UI tab shows the surface as the run left it, its preview, the MCP app, and the bindings before the data', async () => {
  await panel.setViewport({ width: 1280, height: 800 });
  await selectLast('messageId:genui-reply');
  await panel.evaluate(showTabInPage, 'ui');
  const weather = '[data-testid=ui-surface][data-surface-id=weather]';
  expect(await poll(() => texts(`${weather} [data-component-id] .ui-type`), (t) => t.length === 4)).toEqual(['Card', 'Column', 'Text', 'Text']);
  expect(await text(`${weather} [data-component-id=temp] [data-testid=ui-binding]`)).toBe('text ← /temperature = "18 °C"');
  expect(await poll(() => previewText('weather'), (t) => t.includes('18 °C'))).toContain('Lisbon');
  expect(await text('[data-testid=ui-app]')).toContain('3 files in /reports');
  expect(await texts('[data-testid=ui-json-render] [data-element-id] .ui-type')).toEqual(['Card', 'Metric', 'Metric']);
  // The event before the one that wrote the data model.
  const at = Number((await text(`${weather} .ui-ops li:last-child button`)).slice(1));
  await panel.evaluate((s) => document.querySelector<HTMLElement>(`${s} .ui-ops li:last-child button`)!.click(), weather);
  await panel.focus('[data-testid=event-list]');
  await panel.keyboard.press('ArrowUp');
  await panel.evaluate(showTabInPage, 'ui');
  await until(() => text('[data-testid=ui-tab] h3'), (t) => t.includes(`#${at - 1}`));
  expect(await poll(() => text(`${weather} [data-component-id=temp] [data-testid=ui-binding]`), (t) => t.includes('unresolved'))).toBe('text ← /temperature unresolved');
});

test('Firefox: a broken surface shows its problem in Problems and in the UI tab; screenshots at 560 and 1280 px', async () => {
  await selectLast('messageId:genui-broken-reply');
  await panel.evaluate(showTabInPage, 'problems');
  expect(await poll(() => text('[data-testid=problems-tab]'), (t) => t.includes('a2ui/missing-child'))).toContain("names 'temp', which no component defines");
  await panel.evaluate(showTabInPage, 'ui');
  const broken = '[data-testid=ui-surface][data-surface-id=broken]';
  expect(await poll(() => text(`${broken} [data-testid=ui-problems]`), (t) => t !== '')).toContain('a2ui/missing-child');
  expect(await text(`${broken} [data-component-id=temp]`)).toContain('not defined');
  await selectLast('messageId:genui-reply');
  await panel.evaluate(showTabInPage, 'ui');
  for (const width of [560, 1280]) {
    await panel.setViewport({ width, height: 800 });
    for (const [value, scheme] of [[1, 'light'], [0, 'dark']] as const) {
      await firefox.chromeEval(`Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', ${value})`);
      await until(() => panel.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), (dark) => dark === (scheme === 'dark'));
      await until(() => previewText('weather'), (t) => t.includes('18 °C'));
      const overflow = await panel.evaluate(() => {
        const el = document.querySelector('[data-testid=ui-tab]')!;
        return el.scrollWidth - el.clientWidth;
      });
      expect(overflow, `${width} px ${scheme}`).toBeLessThanOrEqual(1);
      await panel.screenshot({ path: join(ARTIFACTS, `ui-tab-firefox-${width}-${scheme}.png`) });
    }
  }
});
