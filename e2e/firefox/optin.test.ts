/**
 * Capture is opt-in beyond local development pages, in Firefox (issue 7): on a non-local, non-secure origin no
 * capture script matches; after "Capture on this site" (the browser's permission granted) and a reload, its
 * streams appear; removing the site stops capture again. The panel runs as a tab here: it does not know the
 * tab's page, so the user names the site.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { poll, sleep, textOf } from '../support/poll';
import { type ProbeServer, startProbeServer } from '../support/probeServer';

let probe: ProbeServer;
beforeAll(async () => {
  probe = await startProbeServer();
});
afterAll(async () => probe?.close());

/** How many of the extension's content scripts match a URL (privileged, from the browser itself). */
const scriptsFor = (firefox: FirefoxWithExtension, url: string) =>
  firefox.chromeEval<number>(
    `JSON.stringify(WebExtensionPolicy.getByID(${JSON.stringify(firefox.id)}).contentScripts.filter((s) => s.matchesURI(Services.io.newURI(${JSON.stringify(url)}))).length)`,
  );

/** Grants a site's permission as the user would in the add-on's settings (no prompt for the test to answer). */
const grant = (firefox: FirefoxWithExtension, origin: string) =>
  firefox.chromeEval(`(async () => {
    const { ExtensionPermissions } = ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs');
    const policy = WebExtensionPolicy.getByID(${JSON.stringify(firefox.id)});
    await ExtensionPermissions.add(${JSON.stringify(firefox.id)}, { permissions: [], origins: [${JSON.stringify(origin)}] }, policy.extension);
    return 'null';
  })()`);

test('Firefox: a non-local site is captured only after "Capture on this site", and no longer once it is removed', async () => {
  const firefox = await launchFirefox({ prefs: { 'network.dns.localDomains': 'agent.test' } });
  try {
    const site = probe.url.replace('127.0.0.1', 'agent.test');
    const page = await firefox.browser.newPage();
    await page.goto(`${site}/probe`);
    expect(await page.evaluate(() => [isSecureContext, typeof crypto.randomUUID])).toEqual([false, 'undefined']);
    expect(await scriptsFor(firefox, `${site}/probe`)).toBe(0);
    await page.evaluate(() => fetch('/sse?n=5&gap=0').then((r) => r.text()));

    // The tab's id as extensions know it (the extension has not seen this tab: nothing runs in it).
    const tabId = await firefox.chromeEval<number>(`(() => {
      const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
      return JSON.stringify(ExtensionParent.apiManager.global.tabTracker.getId(gBrowser.selectedTab));
    })()`);
    expect(tabId).toBeGreaterThan(0);
    const panel = await firefox.openPanel(tabId);
    expect(await poll(() => textOf(panel, '[data-testid=capture-unknown]'), (t) => t !== '')).toContain('Nothing captured from this tab yet');
    expect(await textOf(panel, '[data-testid=event-count]')).toBe('0 events');

    await grant(firefox, 'http://agent.test/*');
    await panel.type('[data-testid=capture-unknown] input', site);
    await panel.click('[data-testid=capture-unknown] button');
    expect(await poll(() => scriptsFor(firefox, `${site}/probe`), (n) => n === 2)).toBe(2);
    expect(await poll(() => textOf(panel, '[data-testid=capture-enabled]'), (t) => t !== '')).toContain('Capture is on for agent.test');
    await page.reload();
    await page.evaluate(() => fetch('/sse?n=5&gap=0').then((r) => r.text()));
    expect(await poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === '5 events')).toBe('5 events');
    expect(await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages)).toEqual([]);

    await panel.click('[data-testid=open-settings]');
    expect(await poll(() => textOf(panel, '[data-testid=settings] .site-list'), (t) => t !== '')).toContain('agent.test');
    await panel.click('[data-testid=settings] [data-site="http://agent.test/*"] button');
    expect(await poll(() => scriptsFor(firefox, `${site}/probe`), (n) => n === 0)).toBe(0);
    await panel.click('[data-testid=settings] [aria-label=Close]');
    await panel.click('[aria-label=Clear]');
    await page.reload();
    await page.evaluate(() => fetch('/sse?n=5&gap=0').then((r) => r.text()));
    await sleep(500);
    expect(await textOf(panel, '[data-testid=event-count]')).toBe('0 events');
  } finally {
    await firefox.close();
  }
});
