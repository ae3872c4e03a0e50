/**
 * Capture benchmark (`npm run bench:capture`), real Chromium and Firefox with the built extension, every figure
 * against a reference measured in the same run:
 *  - in each browser (support/bareRead.ts), the time a page takes to read a 50 MB SSE stream to its end with a bare
 *    reader (no decoding), the server sending it as fast as it can: the cost the page cannot avoid, the limit to
 *    measure against. With the extension loaded, panel closed (target ≤ 1.05x the time without it) and open (target
 *    ≤ 1.25x), and the CPU time per MB the extension adds to the page (Chromium: script time on the page's main
 *    thread; Firefox: the page's content process); the three browsers side by side, taking turns read by read. A
 *    second line, labelled as such: the same on a realistic page (the server writing 64 KB at a time, slower to
 *    read: it hides the extension's cost), with the earlier targets (≤ 1.10x, ≤ 1.5x);
 *  - how long after the page finished a 100,000-event stream the open panel shows the exact count (target ≤ 1 s);
 *  - the same for a page hidden behind the panel's tab (the panel opened in a tab over it), in each browser
 *    (support/hiddenPage.ts; HIDDEN_ROUNDS, default 3; target ≤ 2 s);
 *  - 1,000,000-event floods with the panel open (FLOODS, default 3; medians): the page's read time and a tiny fetch right after it, against the
 *    same without the extension, and the panel's longest task while it catches up: in CPU time, from a trace of the
 *    panel's main thread in FLOODS more floods (target < 50 ms: the panel's own work in one go), and in wall-clock
 *    time (target < 100 ms: on 2 busy cores it includes the time the system gave the page, the background, the browser);
 *  - the size of the script injected into every page's MAIN world (target under 8 KB minified).
 * Run `npm run build` first. ROUNDS (default 8) sets the bare read's rounds; PARTS=bare,latency,hidden,flood,size
 * and BROWSERS=chromium,firefox choose what runs (all by default); TRACE_GC=1 adds the garbage collector's events to
 * the trace of the flood's longest task.
 */
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { type ChromiumWithExtension, launchChromium } from '../e2e/support/chromium';
import { traceTasks } from './support/taskTrace';
import { CHROME_EXTENSION } from '../e2e/support/paths';
import { type Config, measureBrowser } from './support/bareRead';
import { hiddenPageLatency } from './support/hiddenPage';

const MB = 50;
/**
 * Rounds of the bare read (each three reads per configuration): at 4, two runs a minute apart on an idle machine gave
 * 1.28x and 0.99x for the same build (Chromium, panel closed); 8 is what the targets are judged on.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 8);

/** One event of about 1 KB, repeated: a 50 MB stream of about 50,000 events. */
const frame = `data: ${JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x'.repeat(960) })}\n\n`;
const block = Buffer.from(frame.repeat(64));
/** The whole 50 MB at once, for the bare read. */
const whole = Buffer.concat(Array.from({ length: Math.ceil((MB * 1024 * 1024) / block.length) }, () => block));

/** n small events: RUN_STARTED, n - 2 CUSTOM, RUN_FINISHED. */
function manyEvents(n: number): Buffer[] {
  const out: Buffer[] = [];
  let text = `data: ${JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })}\n\n`;
  for (let i = 1; i < n - 1; i++) {
    text += `data: {"type":"CUSTOM","name":"n","value":${i}}\n\n`;
    if (text.length > 256 * 1024) {
      out.push(Buffer.from(text));
      text = '';
    }
  }
  out.push(Buffer.from(`${text}data: ${JSON.stringify({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' })}\n\n`));
  return out;
}
const many = new Map<number, Buffer[]>();

/** n events of one text message, written 64 KB at a time (as e2e's probe server sends them): the hidden page's read. */
function textEvents(n: number): Buffer[] {
  const out: Buffer[] = [];
  const sse = (e: object) => `data: ${JSON.stringify(e)}\n\n`;
  let text = sse({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }) + sse({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
  for (let i = 0; i < n - 4; i++) {
    text += sse({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: `${i} ` });
    if (text.length > 64 * 1024) {
      out.push(Buffer.from(text));
      text = '';
    }
  }
  out.push(Buffer.from(text + sse({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }) + sse({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' })));
  return out;
}
const texts = textEvents(100_000);

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/page') {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
    return;
  }
  if (url.pathname === '/tiny') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  // Nothing else is served: Firefox asks every document's /favicon.ico, and a 50 MB stream there (as this server
  // once answered any path) was read beside every measured read.
  if (url.pathname !== '/bare' && url.pathname !== '/stream' && url.pathname !== '/many' && url.pathname !== '/text') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  if (url.pathname === '/bare') {
    res.end(whole);
    return;
  }
  const blocks =
    url.pathname === '/text'
      ? texts
      : url.pathname === '/many'
      ? (many.get(Number(url.searchParams.get('n'))) ?? many.set(Number(url.searchParams.get('n')), manyEvents(Number(url.searchParams.get('n')))).get(Number(url.searchParams.get('n')))!)
      : null;
  const total = blocks ? blocks.length : Math.ceil((MB * 1024 * 1024) / block.length);
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      const ok = res.write(blocks ? blocks[sent]! : block);
      sent++;
      if (!ok) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Milliseconds from fetch() to the end of the body, reading every chunk; then the same for a tiny fetch. */
const readStream = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const t = performance.now();
    const r = await fetch(p);
    const reader = r.body!.getReader();
    for (;;) {
      const x = await reader.read();
      if (x.done) break;
    }
    const done = performance.now();
    const endedAt = Date.now();
    await fetch('/tiny').then((x) => x.text());
    return { ms: done - t, tinyMs: performance.now() - done, endedAt };
  }, path);

async function launch(config: Config): Promise<{ browser: ChromiumWithExtension; page: Page; panel?: Page }> {
  const browser = await launchChromium({ extension: config !== 'without' });
  const page = await browser.context.newPage();
  await page.goto(`${url}/page`);
  const panel = config === 'panel' ? await browser.openPanel(await browser.tabIdOf(page)) : undefined;
  return { browser, page, ...(panel && { panel }) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Starts watching the panel: when its count reaches n, and its longest task until then. (A string: tsx would name functions.) */
const watchPanel = (panel: Page, n: number) =>
  panel.evaluate(`(() => {
    const w = window;
    w.__bench = { longest: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.longest = Math.max(w.__bench.longest, e.duration);
    }).observe({ type: 'longtask' });
    const check = () => {
      if (document.querySelector('[data-testid=event-count]')?.textContent === '${n.toLocaleString('en')} events') w.__bench.reachedAt = Date.now();
      else setTimeout(check, 10);
    };
    check();
  })()`);
const panelResult = async (panel: Page, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await panel.evaluate(() => (window as unknown as { __bench: { reachedAt?: number; longest: number } }).__bench);
    if (r.reachedAt !== undefined || Date.now() > end) return r;
    await panel.waitForTimeout(100);
  }
};

const PARTS = new Set((process.env.PARTS ?? 'bare,latency,hidden,flood,size').split(','));
const BROWSERS = (process.env.BROWSERS ?? 'chromium,firefox').split(',') as ('chromium' | 'firefox')[];
const checks: (readonly [boolean, string])[] = [];
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

console.log(`Capture benchmark, this run (medians; the reference is the same page without the extension, measured alongside):`);
if (PARTS.has('bare'))
  for (const kind of BROWSERS) {
    const r = await measureBrowser(kind, url, ROUNDS);
    const name = kind === 'chromium' ? 'Chromium' : 'Firefox';
    const m = (c: Config) => median(r.bare[c]);
    const cpu = (c: Config) => median(r.cpu[c]);
    const perMB = (c: Config) => ((cpu(c) - cpu('without')) / MB).toFixed(2);
    const where = kind === 'chromium' ? "script time on the page's main thread" : "CPU time of the page's content process";
    console.log(`  ${name}: a bare read of ${MB} MB of SSE, the server sending it at once (${r.bare.without.length} reads each, taking turns):`);
    console.log(`    without the extension: ${m('without').toFixed(0)} ms  (${where}: ${cpu('without').toFixed(0)} ms)`);
    console.log(`    with the extension:    ${m('with').toFixed(0)} ms  (+${perMB('with')} ms per MB of ${where})`);
    console.log(`    with the panel open:   ${m('panel').toFixed(0)} ms  (+${perMB('panel')} ms per MB, sending included)`);
    const floor = (xs: number[]) => `${median(xs).toFixed(0)} ms, ${(median(xs) / m('without')).toFixed(2)}x a bare read`;
    console.log(`    the floors of a tee (no extension, the page does it itself):`);
    console.log(`      it clones the response and reads only its own body:               ${floor(r.floors.held)}`);
    console.log(`      it reads both bodies:                                              ${floor(r.floors.both)}`);
    console.log(`      it reads both and keeps the clone's chunks (as capture holds them): ${floor(r.floors.kept)}`);
    const rm = (c: Config) => median(r.realistic[c]);
    console.log(`  ${name}, realistic page (for information): ${MB} MB written 64 KB at a time: ${rm('without').toFixed(0)} ms without, ${rm('with').toFixed(0)} ms with, ${rm('panel').toFixed(0)} ms with the panel open`);
    const ratio = (c: Config) => m(c) / m('without');
    const realRatio = (c: Config) => rm(c) / rm('without');
    checks.push(
      [ratio('with') <= 1.05, `${name}: bare read with / without the extension, panel closed: ${ratio('with').toFixed(2)}x  (target ≤ 1.05x)`],
      [ratio('panel') <= 1.25, `${name}: bare read with the panel open / without the extension: ${ratio('panel').toFixed(2)}x  (target ≤ 1.25x)`],
      [realRatio('with') <= 1.1, `  ${name}, realistic page, with / without the extension, panel closed: ${realRatio('with').toFixed(2)}x  (target ≤ 1.10x)`],
      [realRatio('panel') <= 1.5, `  ${name}, realistic page, with the panel open / without the extension: ${realRatio('panel').toFixed(2)}x  (target ≤ 1.5x)`],
    );
  }

// Panel latency: the exact count after a 100,000-event stream.
if (PARTS.has('latency')) {
  const latencies: number[] = [];
  const { browser, page, panel } = await launch('panel');
  try {
    for (let i = 0; i < 3; i++) {
      await panel!.getByRole('button', { name: 'Clear' }).click();
      await watchPanel(panel!, 100_000);
      const { endedAt } = await readStream(page, '/many?n=100000');
      const r = await panelResult(panel!, 30_000);
      latencies.push(r.reachedAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, r.reachedAt - endedAt));
    }
  } finally {
    await browser.close();
  }
  const latency = median(latencies);
  checks.push([latency <= 1000, `Chromium: open panel shows the exact count ${latency.toFixed(0)} ms after the page read 100,000 events (median of ${latencies.length}; target ≤ 1,000 ms)`]);
}

// A page hidden behind the panel's tab while it reads 100,000 events: the exact count within 2 s of its read.
if (PARTS.has('hidden')) {
  const rounds = Number(process.env.HIDDEN_ROUNDS ?? 3);
  for (const kind of BROWSERS) {
    const late = await hiddenPageLatency(kind, url, rounds, '/text');
    const name = kind === 'chromium' ? 'Chromium' : 'Firefox';
    checks.push([median(late) <= 2000, `${name}: a page hidden behind the panel's tab reads 100,000 events: the exact count ${median(late).toFixed(0)} ms after its read (median of ${rounds}: ${late.map((l) => l.toFixed(0)).join(', ')}; target ≤ 2,000 ms)`]);
  }
}

// A 1,000,000-event flood with the panel open, against the same read without the extension: FLOODS of each (a
// fresh browser for each flood with the panel), medians (one flood is at the mercy of what else the 2 cores do).
if (PARTS.has('flood')) {
  const FLOODS = Number(process.env.FLOODS ?? 3);
  const floods = { without: [] as { ms: number; tinyMs: number }[], panel: [] as { ms: number; tinyMs: number }[], longest: [] as number[], caughtUp: [] as number[] };
  const plain = await launch('without');
  try {
    await readStream(plain.page, '/many?n=1000000');
    for (let i = 0; i < FLOODS; i++) floods.without.push(await readStream(plain.page, '/many?n=1000000'));
  } finally {
    await plain.browser.close();
  }
  // FLOODS as the user has them, then FLOODS traced (the trace costs time of its own): the panel's tasks in CPU time.
  const cpu: number[] = [];
  const parts: string[] = [];
  for (let i = 0; i < 2 * FLOODS; i++) {
    const { browser, page, panel } = await launch('panel');
    try {
      const traced = i >= FLOODS;
      await watchPanel(panel!, 1_000_000);
      const trace = traced ? await traceTasks(panel!) : undefined;
      const r = await readStream(page, '/many?n=1000000');
      const p = await panelResult(panel!, 120_000);
      if (trace) {
        const t = await trace.stop();
        cpu.push(t.longestCpu);
        parts.push(t.parts);
      }
      if (traced) continue;
      floods.panel.push(r);
      floods.longest.push(p.longest);
      floods.caughtUp.push(p.reachedAt === undefined ? Number.POSITIVE_INFINITY : p.reachedAt - r.endedAt);
    } finally {
      await browser.close();
    }
  }
  const flood = {
    without: { ms: median(floods.without.map((f) => f.ms)), tinyMs: median(floods.without.map((f) => f.tinyMs)) },
    panel: { ms: median(floods.panel.map((f) => f.ms)), tinyMs: median(floods.panel.map((f) => f.tinyMs)) },
    longest: median(floods.longest),
    caughtUp: median(floods.caughtUp),
  };
  checks.push(
    [
      median(cpu) < 50,
      `Chromium: 1,000,000 events with the panel open (median of ${FLOODS} traced floods): the panel's longest task ${median(cpu).toFixed(0)} ms of CPU time (each: ${cpu.map((l) => l.toFixed(0)).join(', ')}; target < 50 ms)`,
    ],
    [true, `      its parts, in CPU ms: ${parts.map((p) => `[${p}]`).join(' ')}`],
    [
      flood.longest < 100,
      `  … in wall-clock time (median of ${FLOODS} floods, not traced): ${flood.longest.toFixed(0)} ms (each: ${floods.longest.map((l) => l.toFixed(0)).join(', ')}; on 2 cores shared with the page, the background and the browser, target < 100 ms) while it caught up in ${(flood.caughtUp / 1000).toFixed(1)} s after the page`,
    ],
    [
      flood.panel.ms / flood.without.ms <= 1.5,
      `  … the page's own read of it ${flood.panel.ms.toFixed(0)} ms against ${flood.without.ms.toFixed(0)} ms without the extension (${(flood.panel.ms / flood.without.ms).toFixed(2)}x, target ≤ 1.5x); a tiny fetch right after it ${flood.panel.tinyMs.toFixed(0)} ms against ${flood.without.tinyMs.toFixed(0)} ms (for information: the panel and the background are catching up on the same 2 cores)`,
    ],
  );
}

const hook = statSync(`${CHROME_EXTENSION}/src/capture/hook.js`).size;
const relay = statSync(`${CHROME_EXTENSION}/src/shells/content/relay.js`).size;
checks.push([hook < 8192, `page-world script: ${(hook / 1024).toFixed(1)} KB minified  (target < 8 KB)`]);
for (const [ok, text] of checks) console.log(`${verdict(ok)}  ${text}`);
console.log(`      isolated-world relay (not in the page's world): ${(relay / 1024).toFixed(1)} KB minified`);
server.close();
if (checks.some(([ok]) => !ok)) process.exitCode = 1;
