/**
 * Functions run in a page by Playwright's and puppeteer's `page.evaluate(fn, arg)` alike (each self-contained: it is
 * sent as its source).
 */

/**
 * In an extension page: the tabs the background has seen, asked as the panel's tab picker asks (a panel port's
 * list-tabs), as [tabId, masked URL] pairs. `name` is the panel port's name.
 */
export function listTabsInPage(name: string): Promise<[number, string][]> {
  type Message = { kind?: string; tabs?: { tabId: number; url: string }[] };
  type Port = { postMessage(m: object): void; disconnect(): void; onMessage: { addListener(f: (m: Message) => void): void } };
  type Api = { runtime: { connect(o: { name: string }): Port } };
  const g = globalThis as unknown as { browser?: Api; chrome?: Api };
  const port = (g.browser ?? g.chrome)!.runtime.connect({ name });
  return new Promise((resolve) => {
    port.onMessage.addListener((m) => {
      if (m.kind !== 'tabs') return;
      port.disconnect();
      resolve((m.tabs ?? []).map((t) => [t.tabId, t.url]));
    });
    port.postMessage({ kind: 'list-tabs' });
  });
}

/**
 * Watches, in the page, the time from a file chosen (its change event) to a banner whose text matches the pattern
 * given by `expectBanner`: the page's own time, without the remote protocol's round trips.
 */
export function watchBanners(): void {
  const w = window as unknown as { __watch: { re?: RegExp; chosen?: number; seen?: number } };
  w.__watch = {};
  document.addEventListener('change', () => (w.__watch.chosen = performance.now()), true);
  new MutationObserver(() => {
    const text = [...document.querySelectorAll('[data-testid=banner]')].map((e) => e.textContent ?? '').join('\n');
    if (w.__watch.re?.test(text) && w.__watch.seen === undefined) w.__watch.seen = performance.now();
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

/** Starts a new watch for a banner matching `source` and `flags` (a RegExp's). */
export function expectBanner([source, flags]: readonly [string, string]): void {
  (window as unknown as { __watch: object }).__watch = { re: new RegExp(source, flags) };
}

/** The watch's times: the change event and the matching banner (undefined where not seen). */
export function watched(): { chosen?: number; seen?: number } {
  return (window as unknown as { __watch: { chosen?: number; seen?: number } }).__watch;
}
