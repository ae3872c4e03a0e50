/** Real Chromium with the built extension loaded (Playwright, Debian's Chromium). */
import { PORT_PANEL } from '../../src/bridge/messages';
import { maskUrl } from '../../src/engine/mask/secrets';
import { type BrowserContext, chromium, type Page, type Worker } from '@playwright/test';
import { ensureBrowsers } from './browsers';
import { listTabsInPage } from './inPage';
import { assertBuilt, CHROME_EXTENSION } from './paths';

/**
 * Features headless tests never use and pay for: Chromium 156 loads the omnibox popup's WebUI (two pages) in a renderer
 * of its own for every window, about 1.3 s of CPU per launch on this machine, for a popup a test never opens.
 */
const SPARE_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
/**
 * Playwright 1.65.1's own --disable-features (its chromiumSwitches.ts). Chromium reads only the last
 * --disable-features it is given, so a launch through Playwright gives these again beside ours.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** The switches of every Chromium the tests start (launchBareChromium's too, which Playwright does not start). */
export const CHROMIUM_ARGS = [
  `--disable-features=${SPARE_FEATURES.join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export interface ChromiumWithExtension {
  context: BrowserContext;
  extensionId: string;
  serviceWorker(): Promise<Worker>;
  /** The tab id the extension sees for a page (found through the panel's tab picker). */
  tabIdOf(page: Page): Promise<number>;
  /** The panel as a tab; `query` adds to its URL (e.g. `&lang=qps`). */
  openPanel(tabId: number, query?: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * `lang` starts Chromium in that UI language: on Linux Chromium takes it from LANGUAGE (its --lang flag is for
 * Windows), and the flag is passed too.
 */
export async function launchChromium(
  options: { extension?: boolean; headless?: boolean; args?: string[]; dir?: string; lang?: string; userDataDir?: string; env?: Record<string, string> } = {},
): Promise<ChromiumWithExtension> {
  const { chromium: executablePath } = ensureBrowsers(['chromium']);
  const withExtension = options.extension !== false;
  const extension = options.dir ?? CHROME_EXTENSION;
  if (withExtension) assertBuilt(extension);
  const args = [
    ...CHROMIUM_ARGS.map((a) => (a.startsWith('--disable-features=') ? `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...SPARE_FEATURES].join(',')}` : a)),
    ...(options.args ?? []),
    ...(options.lang ? [`--lang=${options.lang}`] : []),
  ];
  if (withExtension) args.push(`--disable-extensions-except=${extension}`, `--load-extension=${extension}`);
  const env = { ...(options.lang && { LANGUAGE: options.lang, LANG: `${options.lang.replace('-', '_')}.UTF-8` }), ...options.env };
  const context = await chromium.launchPersistentContext(options.userDataDir ?? '', {
    executablePath,
    headless: options.headless ?? true,
    args,
    viewport: { width: 1280, height: 800 },
    ...(Object.keys(env).length > 0 && { env: { ...process.env, ...env } }),
    ...(options.lang && { locale: options.lang }),
  });
  // A step that cannot happen fails after 30 s naming itself, rather than running into the test's timeout unnamed.
  context.setDefaultTimeout(30_000);
  const serviceWorker = async (): Promise<Worker> => {
    const existing = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    return existing ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  };
  const extensionId = withExtension ? new URL((await serviceWorker()).url()).host : '';
  const panelUrl = (query = '') => `chrome-extension://${extensionId}/panel.html${query}`;
  /**
   * The tabs the background has seen, asked as the panel's tab picker asks (a panel port's list-tabs), from one
   * extension page kept for it: a page per question cost about a second of CPU, on a machine where npm test is CPU-bound.
   */
  let helper: Promise<Page> | undefined;
  const knownTabs = async (): Promise<[number, string][]> => {
    helper ??= context.newPage().then(async (p) => {
      await p.goto(`chrome-extension://${extensionId}/manifest.json`);
      return p;
    });
    const p = await helper;
    return p.evaluate(listTabsInPage, PORT_PANEL);
  };
  return {
    context,
    extensionId,
    serviceWorker,
    async tabIdOf(page: Page) {
      // The extension knows the page by its masked URL (a query value such as ?delay=3 is masked).
      const origin = maskUrl(page.url());
      const until = Date.now() + 20_000;
      let links: [number, string][] = [];
      while (Date.now() < until) {
        links = await knownTabs();
        const hit = links.find(([, url]) => url === origin);
        if (hit) return hit[0];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`The extension has not seen a tab at ${origin} in 20 s; it knows ${JSON.stringify(links)}`);
    },
    async openPanel(tabId: number, query = '') {
      const panel = await context.newPage();
      await panel.goto(panelUrl(`?tabId=${tabId}${query}`));
      return panel;
    },
    close: () => context.close(),
  };
}
