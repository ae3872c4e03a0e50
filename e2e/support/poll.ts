/** Waiting for what a user would see, whatever drives the browser. */
import { eventCount, setFilterInPage } from './panel';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls fn until ok(value) or the time is up; returns the last value (assert on it). */
export async function poll<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < end) {
    await sleep(100);
    v = await fn();
  }
  return v;
}

/**
 * Waits as poll does, and fails when the time is up, saying what it waited for and the value last seen: a wait
 * whose result is not asserted must not pass by running out of time.
 */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const v = await poll(fn, ok, ms);
  if (!ok(v)) throw new Error(`Waited ${ms / 1000} s for ${ok.toString()}; the last value was ${JSON.stringify(v)?.slice(0, 500)}`);
  return v;
}

/** The text of the first element a selector finds ('' when none), in a Playwright or puppeteer page. */
export const textOf = (page: unknown, selector: string): Promise<string> =>
  (page as { evaluate(fn: (s: string) => string, s: string): Promise<string> }).evaluate((s: string) => document.querySelector(s)?.textContent ?? '', selector);

/**
 * Waits until a panel (Playwright or puppeteer page) shows exactly `n` events: every event the page read has
 * arrived, so what the test reads next is drawn from all of them. Returns the count text last shown (assert on it).
 */
export const untilCount = (panel: unknown, n: number, ms = 30_000): Promise<string> =>
  poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === eventCount(n), ms);

/**
 * Sets a panel's filter (Playwright or puppeteer page) and waits until its list shows what the filter matched: the
 * "N of" count is there (for '': gone), drawn with the filtered rows. A fixed wait instead picked rows of the list
 * before the filter on a loaded machine. Returns the rows listed then: their event index and type.
 */
export async function filterPanel(panel: unknown, query: string, ms = 30_000): Promise<{ index: string; type: string }[]> {
  const page = panel as { evaluate<T, A>(fn: (a: A) => T, a: A): Promise<T> };
  await page.evaluate(setFilterInPage, query);
  await until(() => page.evaluate(() => document.querySelector('[data-testid=shown-count]') !== null, null), (shown) => shown === (query !== ''), ms);
  return listedRows(panel);
}

/** The rows a panel's list has drawn: their event index and type. */
export const listedRows = (panel: unknown): Promise<{ index: string; type: string }[]> =>
  (panel as { evaluate<T, A>(fn: (a: A) => T, a: A): Promise<T> }).evaluate(
    () => [...document.querySelectorAll<HTMLElement>('[role=row][data-index]')].map((r) => ({ index: r.dataset.index!, type: r.querySelector('.type')?.textContent ?? '' })),
    null,
  );

/** Clicks the row of event `index` and waits until the inspector is at it ("at #N", or "#N" where narrow). */
export async function selectEvent(panel: unknown, index: string, ms = 30_000): Promise<void> {
  const page = panel as { evaluate<T, A>(fn: (a: A) => T, a: A): Promise<T> };
  await page.evaluate((i: string) => document.querySelector<HTMLElement>(`[role=row][data-index="${i}"]`)!.click(), index);
  await until(() => textOf(panel, '.tabs .at'), (t) => t === `at #${index}` || t === `#${index}`, ms);
}

/** Clicks an inspector tab and waits until it is the one selected. */
export async function showTab(panel: unknown, tab: string, ms = 30_000): Promise<void> {
  const page = panel as { evaluate<T, A>(fn: (a: A) => T, a: A): Promise<T> };
  await page.evaluate((t: string) => document.querySelector<HTMLElement>(`[data-tab=${t}]`)!.click(), tab);
  await until(() => page.evaluate((t: string) => document.querySelector(`[data-tab=${t}]`)?.getAttribute('aria-selected') ?? '', tab), (v) => v === 'true', ms);
}
