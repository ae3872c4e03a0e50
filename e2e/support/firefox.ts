/**
 * Real Firefox ESR with the built extension installed (puppeteer-core over WebDriver BiDi).
 * `--remote-allow-system-access` lets BiDi navigate to moz-extension:// pages and read the extension's UUID.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ensureBrowsers } from '../../scripts/browsers';
import { assertBuilt, FIREFOX_EXTENSION } from './paths';

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: Record<string, unknown> }>;
}

export interface FirefoxWithExtension {
  browser: Browser;
  uuid: string;
  /** Navigates a tab where page.goto cannot (moz-extension:// pages). */
  navigate(page: Page, url: string): Promise<void>;
  tabIdOf(page: Page): Promise<number>;
  openPanel(tabId: number): Promise<Page>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function launchFirefox(options: { extension?: boolean } = {}): Promise<FirefoxWithExtension> {
  const { firefox: executablePath } = ensureBrowsers(['firefox']);
  const withExtension = options.extension !== false;
  if (withExtension) assertBuilt(FIREFOX_EXTENSION);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    args: ['--remote-allow-system-access'],
  });
  const connection = (browser as unknown as { connection: BidiConnection }).connection;
  let uuid = '';
  if (withExtension) {
    const id = await browser.installExtension(FIREFOX_EXTENSION);
    const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
    const chromeContext = (tree.result.contexts as { context: string }[])[0]!.context;
    const evaluated = await connection.send('script.evaluate', {
      expression: `WebExtensionPolicy.getByID(${JSON.stringify(id)}).mozExtensionHostname`,
      target: { context: chromeContext },
      awaitPromise: false,
    });
    uuid = (evaluated.result.result as { value: string }).value;
  }
  const navigate = async (page: Page, url: string) => {
    const context = (page.mainFrame() as unknown as { _id: string })._id;
    await connection.send('browsingContext.navigate', { context, url, wait: 'complete' });
  };
  const panelUrl = (query = '') => `moz-extension://${uuid}/panel.html${query}`;
  return {
    browser,
    uuid,
    navigate,
    async tabIdOf(page: Page) {
      const origin = page.url();
      const picker = await browser.newPage();
      try {
        for (let attempt = 0; attempt < 50; attempt++) {
          await navigate(picker, panelUrl());
          await sleep(100);
          const links = await picker.evaluate(() =>
            [...document.querySelectorAll<HTMLAnchorElement>('a[data-tab-id]')].map((a) => [Number(a.dataset.tabId), a.dataset.url ?? '']),
          );
          const hit = links.find(([, url]) => url === origin);
          if (hit) return hit[0] as number;
        }
        throw new Error(`The extension has not seen a tab at ${origin}`);
      } finally {
        await picker.close();
      }
    },
    async openPanel(tabId: number) {
      const panel = await browser.newPage();
      await navigate(panel, panelUrl(`?tabId=${tabId}`));
      return panel;
    },
    close: () => browser.close(),
  };
}
