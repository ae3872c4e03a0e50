/**
 * Run in the page (Playwright's and puppeteer's `page.evaluate(readHeld, arg)`): reads `/sse?n=N` paced by its reader
 * (the probe server's `ack=`: a frame is written once the page has read the one before) and holds after `holdAt`
 * frames until the test calls `release()` (`page.evaluate(release)`): the stream is open then, however slow the machine.
 */
export function readHeld({ n, key, holdAt }: { n: number; key: string; holdAt: number }): Promise<void> {
  const w = window as unknown as { release?: () => void };
  const gate = new Promise<void>((resolve) => (w.release = resolve));
  return fetch(`/sse?n=${n}&ack=${key}`).then(async (r) => {
    const reader = r.body!.getReader();
    for (let read = 1; !(await reader.read()).done; read++) {
      if (read === holdAt) await gate;
      await fetch(`/ack?key=${key}`);
    }
  });
}

/** Run in the page: lets a `readHeld` read go on. */
export function release(): void {
  (window as unknown as { release(): void }).release();
}
