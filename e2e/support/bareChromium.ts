/**
 * Chromium with the built extension, started by hand and driven over its DevTools pipe, without Playwright: a tab
 * behind another is hidden there, as in a user's Chromium (Playwright keeps every page it attaches to visible, headless
 * or not, and turns off the throttling of hidden tabs). For the tests of a really hidden page.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBrowsers } from './browsers';
import { PORT_PANEL } from '../../src/bridge/messages';
import { maskUrl } from '../../src/engine/mask/secrets';
import { CHROMIUM_ARGS } from './chromium';
import { listTabsInPage } from './inPage';
import { assertBuilt, CHROME_EXTENSION } from './paths';
import { sleep } from './poll';

type Result = Record<string, unknown>;

export interface BareTab {
  /** The value of an expression in the tab (a promise is awaited). */
  evaluate<T>(expression: string): Promise<T>;
}

export interface BareChromium {
  extensionId: string;
  /** A new tab in front, in the window of the others (the tab that was in front is then hidden). */
  open(url: string): Promise<BareTab>;
  /**
   * The extension's id for a tab at this URL, asked as the panel's tab picker asks, from an extension page opened
   * for it before the tabs under test (the last tab opened stays in front).
   */
  tabIdOf(url: string): Promise<number>;
  close(): Promise<void>;
}

export async function launchBareChromium(): Promise<BareChromium> {
  const { chromium: executable } = ensureBrowsers(['chromium']);
  assertBuilt(CHROME_EXTENSION);
  const profile = mkdtempSync(join(tmpdir(), 'agui-bare-chromium-'));
  const child: ChildProcess = spawn(
    executable,
    ['--headless', ...CHROMIUM_ARGS, `--user-data-dir=${profile}`, '--remote-debugging-pipe', `--disable-extensions-except=${CHROME_EXTENSION}`, `--load-extension=${CHROME_EXTENSION}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3] as NodeJS.WritableStream;
  const fromBrowser = child.stdio[4] as NodeJS.ReadableStream;
  let next = 0;
  const waiting = new Map<number, { resolve: (r: Result) => void; reject: (e: Error) => void }>();
  let pending = '';
  fromBrowser.on('data', (data: Buffer) => {
    pending += data.toString('utf8');
    for (let end = pending.indexOf('\0'); end >= 0; end = pending.indexOf('\0')) {
      const message = JSON.parse(pending.slice(0, end)) as { id?: number; result?: Result; error?: { message: string } };
      pending = pending.slice(end + 1);
      const w = message.id === undefined ? undefined : waiting.get(message.id);
      if (!w) continue;
      waiting.delete(message.id!);
      if (message.error) w.reject(new Error(message.error.message));
      else w.resolve(message.result ?? {});
    }
  });
  const send = (method: string, params: object = {}, sessionId?: string): Promise<Result> =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) })}\0`);
    });
  const evaluateIn =
    (sessionId: string) =>
    async <T>(expression: string): Promise<T> => {
      const r = (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId)) as { result: { value: T }; exceptionDetails?: { text: string } };
      if (r.exceptionDetails) throw new Error(`${expression.slice(0, 80)}: ${r.exceptionDetails.text}`);
      return r.result.value;
    };

  // The extension's service worker: its URL gives the extension's id.
  let worker: string | undefined;
  for (let i = 0; i < 150 && !worker; i++) {
    const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'))?.url;
    if (!worker) await sleep(100);
  }
  if (!worker) throw new Error("the extension's service worker did not start in 15 s");
  const extensionId = new URL(worker).host;

  const open = async (url: string): Promise<BareTab> => {
    const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await send('Page.navigate', { url }, sessionId);
    const evaluate = evaluateIn(sessionId);
    const loaded = "location.href !== 'about:blank' && document.readyState === 'complete'";
    // An evaluation may meet the document being replaced (its context destroyed): asked again.
    const isLoaded = () => evaluate<boolean>(loaded).catch(() => false);
    for (let i = 0; i < 300 && !(await isLoaded()); i++) await sleep(100);
    return { evaluate };
  };
  const helper = await open(`chrome-extension://${extensionId}/manifest.json`);

  return {
    extensionId,
    open,
    async tabIdOf(url: string) {
      // The extension knows a page by its masked URL.
      const masked = maskUrl(url);
      let tabs: [number, string][] = [];
      for (let i = 0; i < 200; i++) {
        tabs = await helper.evaluate<[number, string][]>(`(${listTabsInPage.toString()})(${JSON.stringify(PORT_PANEL)})`);
        const hit = tabs.find(([, u]) => u === masked);
        if (hit) return hit[0];
        await sleep(100);
      }
      throw new Error(`The extension has not seen a tab at ${masked} in 20 s; it knows ${JSON.stringify(tabs)}`);
    },
    async close() {
      child.kill();
      await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {}
    },
  };
}
