/**
 * Import benchmark (`npm run bench:import`), real Chromium, the viewer page: a 200 MB session file and a file of
 * 1,000,000 tiny events, ROUNDS of each (default 3; medians). For each it prints the viewer's longest task while it
 * loads the file (target < 100 ms: the panel stays responsive) and the load time against a reference measured in
 * the same run: the same page fetching the same file and parsing it with one JSON.parse (or a split and a
 * JSON.parse a line for JSONL), which is the least a reader of the file can do and freezes the page meanwhile.
 * Run `npm run build` first.
 */
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from '@playwright/test';
import { startDemoServer } from '../demo/server';
import { launchChromium } from '../e2e/support/chromium';
import { serveFiles, writeImportFiles } from '../e2e/support/importFiles';
import { eventCount } from '../e2e/support/panel';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const files = writeImportFiles();
const demo = await startDemoServer({ port: 0, extraRoutes: serveFiles(files.dir) });
const browser = await launchChromium({ extension: false });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A fresh viewer page that records its long tasks. */
async function viewer(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.addInitScript(`(() => {
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  })()`);
  await page.goto(`${demo.url}/viewer/`);
  await page.waitForTimeout(300);
  await page.evaluate(`window.__long.splice(0)`); // loading the page is not the import's
  return page;
}

/** Imports the file as a user does; the time until every event is shown, and the longest task meanwhile. */
async function importOnce(path: string, events: number): Promise<{ ms: number; longest: number }> {
  const page = await viewer();
  try {
    const started = Date.now();
    await page.getByTestId('import').setInputFiles(path);
    await page.getByTestId('event-count').filter({ hasText: eventCount(events) }).waitFor({ timeout: 180_000 });
    await page.getByTestId('import-progress').waitFor({ state: 'detached', timeout: 30_000 });
    const ms = Date.now() - started;
    await page.waitForTimeout(200);
    const long = (await page.evaluate(`window.__long`)) as number[];
    return { ms, longest: Math.max(0, ...long) };
  } finally {
    await page.close();
  }
}

/** The reference: fetch the file and parse it in one go on the page's thread. */
async function bareParse(name: string): Promise<number> {
  const page = await viewer();
  try {
    return (await page.evaluate(`(async () => {
      const t = performance.now();
      const text = await (await fetch('/files/${name}')).text();
      if (${JSON.stringify(name)}.endsWith('.jsonl')) for (const line of text.split('\\n')) { if (line) JSON.parse(line); }
      else JSON.parse(text);
      return performance.now() - t;
    })()`)) as number;
  } finally {
    await page.close();
  }
}

console.log('Import benchmark, Chromium, the viewer page (medians; the reference is a bare fetch and JSON.parse of the same file, in the same run):');
const checks: [boolean, string][] = [];
try {
  for (const [label, file] of [
    ['a 200 MB session file', files.big],
    ['1,000,000 tiny events (JSONL)', files.million],
  ] as const) {
    const runs: { ms: number; longest: number }[] = [];
    const bare: number[] = [];
    // Alternating, so that drift in the machine's load falls on both alike.
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await bareParse(basename(file.path)));
      runs.push(await importOnce(file.path, file.events));
    }
    const longest = median(runs.map((r) => r.longest));
    const ms = median(runs.map((r) => r.ms));
    const ref = median(bare);
    checks.push([longest < 100, `${label}: the viewer's longest task ${longest.toFixed(0)} ms (each: ${runs.map((r) => r.longest.toFixed(0)).join(', ')}; target < 100 ms)`]);
    checks.push([true, `  … every event shown in ${(ms / 1000).toFixed(1)} s; a bare fetch and JSON.parse takes ${(ref / 1000).toFixed(1)} s in one frozen task (${(ms / ref).toFixed(2)}x, for information)`]);
  }
} finally {
  await browser.context.close();
  await demo.close();
  rmSync(files.dir, { recursive: true, force: true });
}
for (const [ok, text] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
if (checks.some(([ok]) => !ok)) process.exitCode = 1;
