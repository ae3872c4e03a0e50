/**
 * Capture is opt-in beyond local development pages (issue 7): on a non-local, non-secure origin nothing is
 * injected until the user chooses "Capture on this site" in the real DevTools panel; then, after a reload, its
 * streams appear (the relay works without crypto.randomUUID, and the page never sees the hand-over); removing
 * the site stops capture again.
 */
import { expect, type Page, test } from '@playwright/test';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { devtoolsFor } from '../support/devtools';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

let probe: ProbeServer;
test.beforeAll(async () => {
  probe = await startProbeServer();
});
test.afterAll(async () => probe?.close());

/** The extension's scripts that ran in a page (CDP's Debugger reports every script parsed there, by URL). */
async function contentScripts(browser: ChromiumWithExtension, page: Page): Promise<string[]> {
  const cdp = await browser.context.newCDPSession(page);
  const urls = new Set<string>();
  cdp.on('Debugger.scriptParsed', (e: { url: string }) => {
    if (e.url.startsWith(`chrome-extension://${browser.extensionId}/`)) urls.add(e.url.replace(/^chrome-extension:\/\/[^/]+\//, ''));
  });
  await cdp.send('Debugger.enable');
  await page.waitForTimeout(100);
  await cdp.detach();
  return [...urls].sort();
}

/** Grants a site's permission the way a user would on chrome://extensions (no prompt for the test to answer). */
async function grant(browser: ChromiumWithExtension, pattern: string) {
  const page = await browser.context.newPage();
  await page.goto(`chrome://extensions/?id=${browser.extensionId}`);
  await page.evaluate(
    ([id, p]) => (globalThis as unknown as { chrome: { developerPrivate: { addHostPermission(id: string, p: string): Promise<void> } } }).chrome.developerPrivate.addHostPermission(id!, p!),
    [browser.extensionId, pattern],
  );
  await page.close();
}

const run = (page: Page) => page.evaluate(() => fetch('/sse?n=5&gap=0').then((r) => r.text()));

test('a non-local site is captured only after "Capture on this site", and no longer once it is removed', async () => {
  const browser = await launchChromium({ args: ['--host-resolver-rules=MAP agent.test 127.0.0.1', '--auto-open-devtools-for-tabs'] });
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const site = probe.url.replace('127.0.0.1', 'agent.test');
    await page.goto(`${site}/probe`);
    expect(await page.evaluate(() => [isSecureContext, typeof crypto.randomUUID])).toEqual([false, 'undefined']);
    expect(await contentScripts(browser, page)).toEqual([]);
    await run(page);

    const devtools = await devtoolsFor(browser.context, page);
    await devtools.showPanel('AG-UI');
    const panel = await devtools.panelFrame(browser.extensionId);
    const text = (selector: string) => panel.evaluate<string>(`document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`);
    const click = (selector: string) => panel.evaluate(`document.querySelector(${JSON.stringify(selector)}).click()`);
    await expect.poll(() => text('[data-testid=capture-off]')).toContain('Capture is off on agent.test');
    expect(await text('[data-testid=event-count]')).toBe('0 events');

    await grant(browser, '*://agent.test/*');
    // A real click: the permission request needs the user's gesture.
    await devtools.clickInPanel(browser.extensionId, '[data-testid=capture-off] button');
    await expect.poll(() => text('[data-testid=capture-enabled]')).toContain('Capture is on for agent.test');
    await click('[data-testid=capture-enabled] button');
    await page.waitForURL(`${site}/probe`);
    await page.waitForLoadState('load');
    expect(await contentScripts(browser, page)).toEqual(['src/capture/hook.js', 'src/shells/content/relay.js']);
    await run(page);
    await expect.poll(() => text('[data-testid=event-count]'), { timeout: 15_000 }).toBe('5 events');
    // The page's own message listeners never saw the hand-over, on a non-secure origin too.
    expect(await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages)).toEqual([]);

    await click('[data-testid=open-settings]');
    await expect.poll(() => text('[data-testid=settings] [data-site="http://agent.test/*"]')).toContain('agent.test');
    await click('[data-testid=settings] [data-site="http://agent.test/*"] button');
    await expect.poll(() => text('[data-testid=settings] .site-list')).toBe('');
    await click('[data-testid=settings] [aria-label=Close]');
    await click('[aria-label=Clear]');
    await page.reload();
    expect(await contentScripts(browser, page)).toEqual([]);
    await run(page);
    await expect.poll(() => text('[data-testid=capture-off]')).toContain('Capture is off on agent.test');
    expect(await text('[data-testid=event-count]')).toBe('0 events');
  } finally {
    await browser.close();
  }
});
