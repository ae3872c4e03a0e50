/**
 * Capture benchmark (`npm run bench:capture`), real Chromium with the built extension:
 *  - the time the page takes to read a 50 MB SSE stream from a local server, with the extension loaded against
 *    without it, measured in the same run (target: at most 1.10x); also with the panel open, for information;
 *  - the size of the script injected into every page's MAIN world (target: under 8 KB minified).
 * Run `npm run build` first.
 */
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../e2e/support/chromium';
import { CHROME_EXTENSION } from '../e2e/support/paths';

const MB = 50;
const ROUNDS = Number(process.env.ROUNDS ?? 5);

/** One event of about 1 KB, repeated: a 50 MB stream of about 50,000 events. */
const frame = `data: ${JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x'.repeat(960) })}\n\n`;
const block = Buffer.from(frame.repeat(64));

const server = createServer((req, res) => {
  if (req.url?.startsWith('/page')) {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const total = MB * 1024 * 1024;
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      sent += block.length;
      if (!res.write(block)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Milliseconds the page spends from fetch() to the end of the body, reading every chunk. */
async function readTimes(extension: boolean, withPanel = false, freshDocument = true): Promise<number[]> {
  const browser = await launchChromium({ extension });
  try {
    const page = await browser.context.newPage();
    await page.goto(`${url}/page`);
    if (withPanel) await browser.openPanel(await browser.tabIdOf(page));
    const times: number[] = [];
    for (let i = 0; i < ROUNDS + 1; i++) {
      // Each read in a new document, as an app that loads and runs an agent: what the extension kept of the last
      // one is gone with it. (The second measure reads again and again in one long-lived document.)
      if (freshDocument) await page.goto(`${url}/page?${i}`);
      // Let the new document settle, with a warm connection, before timing.
      await page.evaluate(() => fetch('/page?warm').then((r) => r.text()));
      await page.waitForTimeout(150);
      const ms = await page.evaluate(async () => {
        const t = performance.now();
        const r = await fetch('/stream');
        const reader = r.body!.getReader();
        let n = 0;
        for (;;) {
          const x = await reader.read();
          if (x.done) break;
          n += x.value.length;
        }
        if (n < 50 * 1024 * 1024) throw new Error(`short read: ${n}`);
        return performance.now() - t;
      });
      if (i > 0) times.push(ms); // the first read warms up
    }
    return times;
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`Reading a ${MB} MB SSE stream (${3 * ROUNDS} reads with and without the extension, alternating; medians), Chromium, this run:`);
// Alternate the two browsers so that drift in the machine's load falls on both alike.
const without: number[] = [];
const withExtension: number[] = [];
for (let round = 0; round < 3; round++) {
  without.push(...(await readTimes(false)));
  withExtension.push(...(await readTimes(true)));
}
const withPanel = await readTimes(true, true);
const sameWithout: number[] = [];
const sameWith: number[] = [];
for (let round = 0; round < 2; round++) {
  sameWithout.push(...(await readTimes(false, false, false)));
  sameWith.push(...(await readTimes(true, false, false)));
}
const base = median(without);
const ext = median(withExtension);
const panel = median(withPanel);
const ratio = ext / base;
console.log(`  without the extension: ${base.toFixed(0)} ms`);
console.log(`  with the extension:    ${ext.toFixed(0)} ms`);
console.log(`  with the panel open:   ${panel.toFixed(0)} ms (${(panel / base).toFixed(2)}x, for information)`);
const sameRatio = median(sameWith) / median(sameWithout);
console.log(
  `  repeated reads in one document: ${median(sameWithout).toFixed(0)} ms without, ${median(sameWith).toFixed(0)} ms with (${sameRatio.toFixed(2)}x, for information)`,
);
console.log(`${ratio <= 1.1 ? 'PASS' : 'FAIL'}  read time with / without the extension: ${ratio.toFixed(2)}x  (target ≤ 1.10x)`);

const hook = statSync(`${CHROME_EXTENSION}/src/capture/hook.js`).size;
const relay = statSync(`${CHROME_EXTENSION}/src/shells/content/relay.js`).size;
console.log(`${hook < 8192 ? 'PASS' : 'FAIL'}  page-world script: ${(hook / 1024).toFixed(1)} KB minified  (target < 8 KB)`);
console.log(`      isolated-world relay (not in the page's world): ${(relay / 1024).toFixed(1)} KB minified`);
server.close();
if (ratio > 1.1 || hook >= 8192) process.exitCode = 1;
