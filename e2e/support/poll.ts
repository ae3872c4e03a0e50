/** Waiting for what a user would see, whatever drives the browser. */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls fn until ok(value) or the time is up; returns the last value (assert on it). */
export async function poll<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < end) {
    await sleep(100);
    v = await fn();
  }
  return v;
}

/** The text of the first element a selector finds ('' when none), in a Playwright or puppeteer page. */
export const textOf = (page: unknown, selector: string): Promise<string> =>
  (page as { evaluate(fn: (s: string) => string, s: string): Promise<string> }).evaluate((s: string) => document.querySelector(s)?.textContent ?? '', selector);
