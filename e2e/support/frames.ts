/** Page functions for the tests of which document a replay rule answers (run in the page by either driver). */

/** Runs in a page or frame: a POST to `url`, and what it reads ("200 data: …") or the error it gets. */
export const postFrom = async (url: string): Promise<string> => {
  try {
    const r = await fetch(url, { method: 'POST', body: '{}' });
    return `${r.status} ${(await r.text()).slice(0, 40)}`;
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
};

/** Runs in a page: adds an iframe at `src` and resolves once it has loaded. */
export const addFrame = (src: string): Promise<unknown> => {
  const f = document.createElement('iframe');
  f.src = src;
  document.body.append(f);
  return new Promise((ok) => f.addEventListener('load', ok));
};

/**
 * Runs in a page: keeps its thread (and its relay's, the same one) busy for `ms`, and says when that began and
 * ended. Not a timer in the page: a tab behind the panel's runs its timers late.
 */
export const busyInPage = (ms: number): { start: number; end: number } => {
  const start = Date.now();
  while (Date.now() < start + ms);
  return { start, end: Date.now() };
};
