/**
 * Real Firefox ESR with the built extension installed (puppeteer-core over WebDriver BiDi).
 * `--remote-allow-system-access` lets BiDi navigate to moz-extension:// pages and read the extension's UUID.
 */
import { PORT_PANEL } from '../../src/bridge/messages';
import { maskUrl } from '../../src/engine/mask/secrets';
import { rmSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ensureBrowsers } from './browsers';
import { warmProfile } from './firefoxProfile';
import { listTabsInPage } from './inPage';
import { poll, sleep } from './poll';
import { assertBuilt, FIREFOX_EXTENSION } from './paths';

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: Record<string, unknown> }>;
}

export interface FirefoxWithExtension {
  browser: Browser;
  uuid: string;
  /** The add-on's id. */
  id: string;
  /** Evaluates privileged JavaScript in the browser window (the test's automation, never the extension's). */
  chromeEval<T>(expression: string): Promise<T>;
  /** Navigates a tab where page.goto cannot (moz-extension:// pages). */
  navigate(page: Page, url: string): Promise<void>;
  /** Reloads a tab where page.reload cannot (moz-extension:// pages). */
  reload(page: Page): Promise<void>;
  tabIdOf(page: Page): Promise<number>;
  /**
   * The panel in a tab (in the window of `over`, in front of it: that page is hidden), or in a window of its own (the
   * page stays visible); `query` adds to its URL (e.g. `&lang=ko`).
   */
  openPanel(tabId: number, options?: { window?: boolean; query?: string; over?: Page }): Promise<Page>;
  close(): Promise<void>;
}

/** A page's BiDi browsing context (puppeteer keeps it on the main frame, unexported). */
const contextOf = (page: Page): string => (page.mainFrame() as unknown as { _id: string })._id;

export async function launchFirefox(options: { extension?: boolean; prefs?: Record<string, unknown>; archive?: string; env?: Record<string, string> } = {}): Promise<FirefoxWithExtension> {
  const { firefox: executablePath } = ensureBrowsers(['firefox']);
  const withExtension = options.extension !== false;
  if (withExtension && !options.archive) assertBuilt(FIREFOX_EXTENSION);
  const profile = await warmProfile(executablePath);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    args: ['--remote-allow-system-access', '--profile', profile],
    // No spare content process started ahead of need (0.7 of a launch's 7 CPU-seconds here): the tests open their
    // tabs themselves, and what each tab runs in is unchanged.
    extraPrefsFirefox: { 'dom.ipc.processPrelaunch.enabled': false, ...options.prefs },
    ...(options.env && { env: { ...process.env, ...options.env } }),
  });
  const connection = (browser as unknown as { connection: BidiConnection }).connection;
  const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const chromeContext = (tree.result.contexts as { context: string }[])[0]!.context;
  const chromeEval = async <T>(expression: string): Promise<T> => {
    const evaluated = await connection.send('script.evaluate', {
      expression,
      target: { context: chromeContext },
      awaitPromise: true,
      serializationOptions: { maxObjectDepth: 10 },
    });
    const r = evaluated.result as { type: string; result?: { value: unknown }; exceptionDetails?: { text: string } };
    if (r.type === 'exception') throw new Error(r.exceptionDetails?.text ?? 'privileged evaluation failed');
    // Values come back as JSON text (BiDi's serialization of plain objects is not worth decoding).
    return JSON.parse(String(r.result?.value ?? 'null')) as T;
  };
  let uuid = '';
  let id = '';
  if (withExtension) {
    // An archive (the release zip) is installed as the file it is, as a user installs a downloaded add-on.
    id = options.archive
      ? ((await connection.send('webExtension.install', { extensionData: { type: 'archivePath', path: options.archive } })).result.extension as string)
      : await browser.installExtension(FIREFOX_EXTENSION);
    uuid = await chromeEval<string>(`JSON.stringify(WebExtensionPolicy.getByID(${JSON.stringify(id)}).mozExtensionHostname)`);
  }
  const navigate = async (page: Page, url: string) => {
    await connection.send('browsingContext.navigate', { context: contextOf(page), url, wait: 'complete' });
  };
  const reload = async (page: Page) => {
    await connection.send('browsingContext.reload', { context: contextOf(page), wait: 'complete' });
  };
  /**
   * A new tab in the window of `page`, in front of it: a new tab goes to the window last opened (tabIdOf's helper has
   * one of its own), which would leave the page in front in its window.
   */
  const tabBeside = async (page: Page): Promise<Page> => {
    const referenceContext = contextOf(page);
    const created = await connection.send('browsingContext.create', { type: 'tab', referenceContext });
    const context = created.result.context as string;
    const tab = await poll(async () => (await browser.pages()).find((p) => contextOf(p) === context), (t) => t !== undefined, 1_000);
    if (tab) return tab;
    throw new Error(`Firefox made the tab ${context} beside ${referenceContext}, and puppeteer has no page for it`);
  };
  const panelUrl = (query = '') => `moz-extension://${uuid}/panel.html${query}`;
  /**
   * The tabs the background has seen, asked as the panel's tab picker asks (a panel port's list-tabs), from one
   * extension page kept for it in a window of its own (a tab would hide the page under test): a page per question
   * cost a launch of the panel each time, on a machine where npm test is CPU-bound.
   */
  let helper: Promise<Page> | undefined;
  const knownTabs = async (): Promise<[number, string][]> => {
    helper ??= browser.newPage({ type: 'window' }).then(async (p) => {
      await navigate(p, panelUrl());
      return p;
    });
    const p = await helper;
    return p.evaluate(listTabsInPage, PORT_PANEL);
  };
  return {
    browser,
    uuid,
    id,
    chromeEval,
    navigate,
    reload,
    async tabIdOf(page: Page) {
      // The extension knows the page by its masked URL (a query value such as ?delay=3 is masked).
      const origin = maskUrl(page.url());
      let links: [number, string][] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        links = await knownTabs();
        const hit = links.find(([, url]) => url === origin);
        if (hit) return hit[0];
        await sleep(100);
      }
      throw new Error(`The extension has not seen a tab at ${origin}; it knows ${JSON.stringify(links)}`);
    },
    async openPanel(tabId: number, options: { window?: boolean; query?: string; over?: Page } = {}) {
      const panel = options.over ? await tabBeside(options.over) : await browser.newPage(options.window ? { type: 'window' } : {});
      await navigate(panel, panelUrl(`?tabId=${tabId}${options.query ?? ''}`));
      return panel;
    },
    async close() {
      await browser.close();
      // Firefox's last child processes may still be writing there for a moment: best effort, it is a temp folder.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {}
    },
  };
}
