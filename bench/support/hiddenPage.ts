/**
 * The hidden-page part of the capture benchmark: a page hidden behind the panel's tab (the panel opened in a tab of
 * its own over it, in front) reads 100,000 events; how long after its read ended the panel shows the exact count.
 * Chromium is started by hand (e2e/support/bareChromium.ts: under Playwright no page is ever hidden); Firefox's page
 * is hidden by the panel's tab opened over it. A new browser each round, as a user who opens DevTools on a tab.
 */
import { launchBareChromium } from '../../e2e/support/bareChromium';
import { launchFirefox } from '../../e2e/support/firefox';
import { eventCount } from '../../e2e/support/panel';

const EVENTS = 100_000;
/** Reads the stream to its end in the page, then answers when that was (the page's clock: Date.now()). */
const read = (path: string) => `fetch(${JSON.stringify(path)}).then((r) => r.text()).then(() => Date.now())`;
/** When the panel first shows the exact count, as e2e's noteCountShownInPage (a string: tsx would name functions). */
const note = `(() => {
  window.__countShownAt = 0;
  const check = () => {
    if (!window.__countShownAt && document.querySelector('[data-testid=event-count]')?.textContent?.trim() === ${JSON.stringify(eventCount(EVENTS))}) {
      window.__countShownAt = Date.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  check();
})()`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `get` until it answers a number above 0 (the panel noted its count), for up to `ms`. */
async function shownAt(get: () => Promise<number>, ms: number): Promise<number | undefined> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    const at = await get();
    if (at > 0) return at;
  }
  return undefined;
}

/** Milliseconds from the page's end of read to the exact count in the panel, one per round (Infinity: never in 30 s). */
export async function hiddenPageLatency(kind: 'chromium' | 'firefox', url: string, rounds: number, path: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (kind === 'chromium') {
      const browser = await launchBareChromium();
      try {
        const pageUrl = `${url}/page?hidden=${i}`;
        const page = await browser.open(pageUrl);
        const tabId = await browser.tabIdOf(pageUrl);
        const panel = await browser.open(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}`);
        for (let k = 0; k < 300 && (await page.evaluate<string>('document.visibilityState')) !== 'hidden'; k++) await sleep(50);
        if ((await page.evaluate<string>('document.visibilityState')) !== 'hidden') throw new Error('Chromium: the page never became hidden');
        await panel.evaluate(note);
        const ended = await page.evaluate<number>(read(path));
        const at = await shownAt(() => panel.evaluate<number>('window.__countShownAt'), 30_000);
        out.push(at === undefined ? Number.POSITIVE_INFINITY : Math.max(0, at - ended));
      } finally {
        await browser.close();
      }
    } else {
      const firefox = await launchFirefox();
      try {
        const page = await firefox.browser.newPage();
        await page.goto(`${url}/page?hidden=${i}`);
        const panel = await firefox.openPanel(await firefox.tabIdOf(page), { over: page });
        for (let k = 0; k < 300 && (await page.evaluate(() => document.visibilityState)) !== 'hidden'; k++) await sleep(50);
        if ((await page.evaluate(() => document.visibilityState)) !== 'hidden') throw new Error('Firefox: the page never became hidden');
        await panel.evaluate(note);
        const ended = (await page.evaluate(read(path))) as number;
        const at = await shownAt(() => panel.evaluate(() => (window as unknown as { __countShownAt: number }).__countShownAt), 30_000);
        out.push(at === undefined ? Number.POSITIVE_INFINITY : Math.max(0, at - ended));
      } finally {
        await firefox.close();
      }
    }
  }
  return out;
}
