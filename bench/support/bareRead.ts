/**
 * The bare-read part of the capture benchmark, in Chromium and in Firefox: how long a page takes to read a 50 MB
 * SSE response to its end with a bare reader (no decoding: the cost the page cannot avoid), without the extension,
 * with it (panel closed) and with the panel open, and the CPU time the extension adds to the page's own process.
 * Each round launches the three configurations in turn (each round starting with another one, so that drift in the
 * machine's load and a cold first launch fall on all alike; three browsers side by side slow each other down) and
 * reads READS times in each, every read in a new document, as an app that loads and runs an agent.
 */
import type { Page as PlaywrightPage } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { launchChromium } from '../../e2e/support/chromium';
import { launchFirefox } from '../../e2e/support/firefox';

export type Config = 'without' | 'with' | 'panel';
export const CONFIGS: readonly Config[] = ['without', 'with', 'panel'];

/** One browser with one page, as a configuration has it. */
interface Reader {
  /** Opens a new document of the bench page. */
  fresh(path: string): Promise<void>;
  /** Evaluates an expression in the page (a string: tsx would name functions, which the page does not know). */
  evaluate<T>(expression: string): Promise<T>;
  /** CPU milliseconds the page's process (Firefox) or its main thread's scripts (Chromium) have used so far. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

async function chromiumReader(config: Config, url: string): Promise<Reader> {
  const browser = await launchChromium({ extension: config !== 'without' });
  const page: PlaywrightPage = await browser.context.newPage();
  await page.goto(`${url}/page`);
  if (config === 'panel') await browser.openPanel(await browser.tabIdOf(page));
  let cdp = await browser.context.newCDPSession(page);
  const enable = async () => {
    cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable');
  };
  await enable();
  return {
    async fresh(path) {
      await page.goto(`${url}${path}`);
      await enable();
    },
    evaluate: (expression) => page.evaluate(expression),
    async cpuMs() {
      const { metrics } = await cdp.send('Performance.getMetrics');
      // ScriptDuration: the JavaScript run on the page's main thread, its content scripts' included (seconds).
      return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
    },
    close: () => browser.close(),
  };
}

async function firefoxReader(config: Config, url: string): Promise<Reader> {
  const firefox = await launchFirefox({ extension: config !== 'without' });
  const page: PuppeteerPage = await firefox.browser.newPage();
  await page.goto(`${url}/page`);
  // The panel in a window of its own, as a docked toolbox leaves the page visible (a tab over it would hide it).
  if (config === 'panel') await firefox.openPanel(await firefox.tabIdOf(page), { window: true });
  return {
    async fresh(path) {
      await page.goto(`${url}${path}`);
    },
    evaluate: (expression) => page.evaluate(expression) as Promise<never>,
    async cpuMs() {
      const href = page.url();
      // The content process that holds the page (all its threads: Firefox gives thread times in 10 ms steps).
      return firefox.chromeEval<number>(`(async () => {
        const info = await ChromeUtils.requestProcInfo();
        const p = info.children.find((c) => (c.windows || []).some((w) => String(w.documentURI && (w.documentURI.spec || w.documentURI)) === ${JSON.stringify(href)}));
        return JSON.stringify(p ? p.cpuTime / 1e6 : -1);
      })()`);
    },
    close: () => firefox.close(),
  };
}

/** The floors of any capture that tees, each read by a page with no extension that clones the response. */
export type Floor = 'held' | 'both' | 'kept';
const FLOORS: readonly Floor[] = ['held', 'both', 'kept'];

/**
 * A bare read by a page that clones the response: `held`, it reads only its own body (what the clone alone costs);
 * `both`, it reads both bodies (a tee that reads its branch); `kept`, it reads both and keeps the clone's chunks
 * (what holding a copy of the bytes in the page's process costs, as capture must until a panel takes them).
 */
const floorRead = (path: string, kind: Floor) => `(async () => {
  const t = performance.now();
  const r = await fetch(${JSON.stringify(path)});
  const copy = r.clone();
  const kept = [];
  const drained = ${kind !== 'held'} && (async () => { const other = copy.body.getReader(); for (;;) { const x = await other.read(); if (x.done) break; ${kind === 'kept' ? 'kept.push(x.value);' : ''} } })();
  const reader = r.body.getReader();
  for (;;) {
    const x = await reader.read();
    if (x.done) break;
  }
  const ms = performance.now() - t;
  if (drained) await drained;
  else await copy.body.cancel();
  return ms;
})()`;

/** Milliseconds from fetch() to the end of the body, reading every chunk and nothing else. */
const bareRead = (path: string) => `(async () => {
  const t = performance.now();
  const r = await fetch(${JSON.stringify(path)});
  const reader = r.body.getReader();
  for (;;) {
    const x = await reader.read();
    if (x.done) break;
  }
  return performance.now() - t;
})()`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU used from `before` until it has stopped growing for 600 ms (the extension's idle-time work included). */
async function settledCpu(reader: Reader, before: number): Promise<number> {
  let last = await reader.cpuMs();
  for (let quiet = 0, waited = 0; quiet < 3 && waited < 15_000; waited += 200) {
    await sleep(200);
    const now = await reader.cpuMs();
    quiet = now - last < 2 ? quiet + 1 : 0;
    last = now;
  }
  return last - before;
}

export interface BareResult {
  bare: Record<Config, number[]>;
  realistic: Record<Config, number[]>;
  cpu: Record<Config, number[]>;
  /** The floors of a tee: bare reads of a page with no extension that clones the response (floorRead). */
  floors: Record<Floor, number[]>;
}

const READS = 3;

/** `rounds` rounds of READS bare reads (each with its CPU time) and realistic reads in each configuration. */
export async function measureBrowser(kind: 'chromium' | 'firefox', url: string, rounds: number): Promise<BareResult> {
  const launch = kind === 'chromium' ? chromiumReader : firefoxReader;
  const out: BareResult = {
    bare: { without: [], with: [], panel: [] },
    realistic: { without: [], with: [], panel: [] },
    cpu: { without: [], with: [], panel: [] },
    floors: { held: [], both: [], kept: [] },
  };
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < CONFIGS.length; k++) {
      const config = CONFIGS[(round + k) % CONFIGS.length]!;
      const reader = await launch(config, url);
      try {
        await sleep(1000);
        // The first read warms the browser up.
        for (let i = 0; i <= READS; i++) {
          await reader.fresh(`/page?${config}-${round}-${i}`);
          await reader.evaluate(`fetch('/tiny').then((r) => r.text())`);
          await sleep(150);
          const before = await reader.cpuMs();
          const ms = await reader.evaluate<number>(bareRead('/bare'));
          const cpu = await settledCpu(reader, before);
          await reader.fresh(`/page?${config}-${round}-${i}-realistic`);
          await sleep(150);
          const realistic = await reader.evaluate<number>(bareRead('/stream'));
          const floors: Partial<Record<Floor, number>> = {};
          if (config === 'without')
            for (const kind of FLOORS) {
              await reader.fresh(`/page?${config}-${round}-${i}-${kind}`);
              await sleep(150);
              floors[kind] = await reader.evaluate<number>(floorRead('/bare', kind));
            }
          if (i === 0) continue;
          for (const kind of FLOORS) if (floors[kind] !== undefined) out.floors[kind].push(floors[kind]);
          out.bare[config].push(ms);
          out.cpu[config].push(cpu);
          out.realistic[config].push(realistic);
        }
      } finally {
        await reader.close().catch(() => undefined);
      }
    }
  }
  return out;
}
