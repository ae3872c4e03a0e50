/**
 * Limits in events and bytes on the capture path (issues 7 and 12): counts are exact, big data arrives, the
 * extension's memory stays bounded, and nothing is ever silently lost.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { launchBareChromium } from '../support/bareChromium';
import { launchChromium } from '../support/chromium';
import { ARTIFACTS } from '../support/paths';
import { type ProbeServer, startProbeServer } from '../support/probeServer';
import { eventCount, noteCountShownInPage, parseCount, showTabInPage } from '../support/panel';

// These move hundreds of MB through the page, the extension and the panel; their time is the machine's, not what they
// check (speed is in npm run bench). With npm test's other browsers on the same 2 cores and a core kept busy, the
// posted bodies took 78-90 s of the default 90 (it timed out once at 90 s) and the 60 MB event 72-84 s.
test.describe.configure({ timeout: 240_000 });

let probe: ProbeServer;
test.beforeAll(async () => {
  probe = await startProbeServer();
});
test.afterAll(async () => probe?.close());

const count = async (panel: Page) => parseCount(await panel.getByTestId('event-count').textContent());
const dropped = async (panel: Page) => ((await panel.getByTestId('dropped').count()) ? Number(((await panel.getByTestId('dropped').textContent()) ?? '').split(' ')[0]) : 0);

/** The page reads a stream to its end and says how many bytes it got. */
const read = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const r = await fetch(p);
    const reader = r.body!.getReader();
    let bytes = 0;
    for (;;) {
      const x = await reader.read();
      if (x.done) break;
      bytes += x.value.length;
    }
    return bytes;
  }, path);

for (const sent of [100_004, 150_000]) {
  test(`${sent.toLocaleString('en')} events read before the panel opened: only the events over 100,000 dropped, the same after three reloads, and no error`, async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.goto(`${probe.url}/probe`);
      await read(page, `/text?n=${sent}`);
      // The page's buffer does its work in idle time (within 2 s): then the panel opens, late.
      await page.waitForTimeout(2500);
      const panel = await browser.openPanel(await browser.tabIdOf(page));
      await expect(panel.getByTestId('dropped')).toBeVisible({ timeout: 60_000 });
      await expect.poll(async () => (await count(panel)) + (await dropped(panel)), { timeout: 60_000 }).toBe(sent);
      // The page's buffer keeps 100,000 events: only what is over goes (the oldest record cut at an event boundary).
      expect(await dropped(panel)).toBe(sent - 100_000);
      await expect(panel.getByTestId('dropped')).toHaveAttribute('title', /dropped in the page by its capture buffer/);
      await panel.evaluate(showTabInPage, 'problems');
      await expect(panel.getByTestId('problems-tab')).toContainText('0 errors, 0 warnings');
      // The conversation is said to be unknown before the cut, not shown as if it began there.
      await panel.locator('[data-tab=messages]').click();
      await expect(panel.getByTestId('unknown-messages')).toContainText('is unknown');
      // The same figure from the extension's buffer, reload after reload: stable, not a different figure each time.
      for (let reload = 0; reload < 3; reload++) {
        await panel.reload();
        await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(100_000);
        expect(await dropped(panel)).toBe(sent - 100_000);
      }
      if (sent === 100_004) await screenshots(panel);
    } finally {
      await browser.close();
    }
  });
}

/**
 * The minimal drop as it stays (4 of 100,004), and, refreshing artifacts/ (npm run artifacts), the panel catching up
 * after a reload with both badges: each picture taken right after a reload, kept only if "receiving" was still there.
 */
async function screenshots(panel: Page) {
  for (const width of [1280, 560]) {
    await panel.setViewportSize({ width, height: 700 });
    for (const theme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: theme });
      await panel.screenshot({ path: join(ARTIFACTS, `dropped-minimal-${width}-${theme}.png`) });
      if (process.env.AGUI_ARTIFACTS !== '1') continue;
      for (let tries = 0; tries < 10; tries++) {
        await panel.reload();
        await expect(panel.getByTestId('receiving')).toBeVisible({ timeout: 30_000 });
        // (The inspector is drawn a frame after the list, once the panel has its first event.)
        await expect(panel.getByTestId('event-tab').locator('h3')).toBeVisible();
        const shot = await panel.screenshot();
        if (!(await panel.getByTestId('receiving').isVisible())) continue;
        writeFileSync(join(ARTIFACTS, `receiving-${width}-${theme}.png`), shot);
        break;
      }
      await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(100_000);
    }
  }
  await panel.emulateMedia({ colorScheme: 'light' });
}

test('a panel open all along holds every one of 150,005 events and says nothing was dropped', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await read(page, '/text?n=150005');
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(150_005);
    await expect(panel.getByTestId('dropped')).toHaveCount(0);
    // Reopened later, the extension's buffer holds fewer: that panel is told exactly how many it lacks.
    await panel.close();
    const later = await browser.openPanel(await browser.tabIdOf(page));
    await expect.poll(async () => (await count(later)) + (await dropped(later)), { timeout: 60_000 }).toBe(150_005);
    await expect(later.getByTestId('dropped')).toHaveAttribute('title', /dropped by the extension's buffer for this tab/);
  } finally {
    await browser.close();
  }
});

test('40 events of 1 MB each: the panel has 40, and closed and reopened it still has 40', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    const tabId = await browser.tabIdOf(page);
    let panel = await browser.openPanel(tabId);
    await read(page, '/bigrun?events=38&mb=1');
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(40);
    await panel.close();
    panel = await browser.openPanel(tabId);
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(40);
    await expect(panel.getByTestId('banner')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test('one 60 MB event then 25 small ones: all arrive, with the panel opened late and reopened', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    await read(page, '/bigrun?events=1&mb=60&after=25');
    const tabId = await browser.tabIdOf(page);
    let panel = await browser.openPanel(tabId);
    await expect.poll(() => count(panel), { timeout: 90_000 }).toBe(28);
    await panel.close();
    panel = await browser.openPanel(tabId);
    await expect.poll(() => count(panel), { timeout: 90_000 }).toBe(28);
    // Later runs still arrive.
    await read(page, '/sse?n=5&gap=0');
    await expect.poll(() => count(panel), { timeout: 30_000 }).toBe(33);
    await expect(panel.getByTestId('dropped')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

/** Collects garbage in the given pages (Chromium started with --expose-gc), so what is measured is what is held. */
async function collect(...pages: Page[]): Promise<void> {
  for (let i = 0; i < 3; i++) {
    for (const p of pages) await p.evaluate(() => (globalThis as unknown as { gc(): void }).gc());
    await pages[0]!.waitForTimeout(300);
  }
}

/** The processes this test worker started (its browsers) and all theirs: other browsers on the machine are not ours. */
function ourProcesses(): string[] {
  const parent = new Map<string, string>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      // "pid (name) state ppid ...": the name may hold spaces and parentheses, so read after its last ")".
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!);
    } catch {
      // The process went.
    }
  }
  const ours = new Set([String(process.pid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parent) if (!ours.has(pid) && ours.has(ppid)) (ours.add(pid), (grew = true));
  }
  ours.delete(String(process.pid));
  return [...ours];
}

/**
 * Resident memory (MB) of this test's Chromium processes: the extension's (service worker, panel) and the rest.
 * (npm test runs other browsers at the same time: theirs are not counted.)
 */
function chromiumMemory(): { extension: number; renderers: number } {
  let extension = 0;
  let renderers = 0;
  for (const pid of ourProcesses()) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chromium') || !cmd.includes('--type=renderer')) continue;
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      if (cmd.includes('--extension-process')) extension += rss;
      else renderers += rss;
    } catch {
      // The process went.
    }
  }
  return { extension: Math.round(extension), renderers: Math.round(renderers) };
}

test('pages that post huge bodies cannot make the extension hold them: memory stays bounded, bodies are cut at 1 MB', async () => {
  const browser = await launchChromium({ args: ['--js-flags=--expose-gc'] });
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    const before = chromiumMemory();
    await page.evaluate(async () => {
      const body20 = 'b'.repeat(20 * 1024 * 1024);
      for (let i = 0; i < 4; i++) await fetch('/sse?n=2&gap=0', { method: 'POST', body: body20 }).then((r) => r.text());
      const body50 = 'c'.repeat(50 * 1024 * 1024);
      const sse = encodeURIComponent('data: {"type":"RUN_STARTED","threadId":"d","runId":"d"}\n\n');
      for (let i = 0; i < 2; i++) await fetch(`data:text/event-stream,${sse}`, { method: 'POST', body: body50 }).then((r) => r.text());
    });
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(4 * 2 + 2);
    await collect(panel, page);
    const after = chromiumMemory();
    console.log(`extension processes: ${before.extension} MB before, ${after.extension} MB after`);
    // 6 bodies of 1 MB are held (in the background and the panel): about 40 MB more here. Not the 180 MB posted: held
    // once, they would pass the bound.
    expect(after.extension).toBeLessThan(before.extension + 120);
    // The panel says what it kept of a body.
    await panel.locator('input.filter').fill('probe-run');
    await panel.locator('[role=row]').first().click();
    await panel.getByTestId('event-tab').locator('summary', { hasText: 'Request body' }).click();
    await expect(panel.getByTestId('event-tab')).toContainText('truncated: the first 1 MB of 20,971,520 bytes');
    // And it still answers.
    await panel.locator('input.filter').fill('');
    await expect(panel.getByTestId('event-count')).toHaveText('10 events');
  } finally {
    await browser.close();
  }
});

test('a never-ending event cannot make the page hold it: the page stays bounded and the panel says what was dropped', async () => {
  const browser = await launchChromium({ args: ['--js-flags=--expose-gc'] });
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    await collect(page);
    const before = chromiumMemory();
    const bytes = await read(page, '/partial-forever?mb=200');
    expect(bytes).toBeGreaterThan(200 * 1024 * 1024);
    await collect(page);
    const after = chromiumMemory();
    console.log(`page renderers: ${before.renderers} MB before, ${after.renderers} MB after`);
    // The page's capture buffer holds no event over 64 MiB: not the 200 MB of this one.
    expect(after.renderers).toBeLessThan(before.renderers + 150);
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await expect(panel.getByTestId('oversize')).toContainText('was dropped by the page');
    await expect.poll(() => count(panel)).toBe(1);
    await expect.poll(() => dropped(panel)).toBe(1);
  } finally {
    await browser.close();
  }
});

test('200,000 problems: the Problems tab groups them by rule and keeps the page small (virtualized)', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${probe.url}/probe`);
    const panel = await browser.openPanel(await browser.tabIdOf(page));
    await read(page, '/orphans?n=200001');
    await expect.poll(() => count(panel), { timeout: 60_000 }).toBe(200_001);
    const t = Date.now();
    await panel.evaluate(showTabInPage, 'problems');
    const tab = panel.getByTestId('problems-tab');
    await expect(tab.locator('[data-group="text/not-open"] .count-badge')).toHaveText('200,000');
    console.log(`Problems tab with 200,000 problems shown in ${Date.now() - t} ms`);
    expect(await tab.locator('*').count()).toBeLessThan(1500);
    // The last one is reachable, and selects its event.
    await tab.locator('.problem-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await tab.locator('[data-rule="text/not-open"]', { hasText: '#200000' }).click();
    // The status in its short form when the strip is tight (a 200k errors badge on Problems).
    await expect(panel.locator('.tabs .at')).toHaveText(/^(at )?#200000$/);
    await expect(panel.getByTestId('event-tab')).toContainText('m200000');
  } finally {
    await browser.close();
  }
});

test('a page hidden behind the panel\'s tab while it reads 100,000 events: the panel has every one within seconds of the read (not when its throttled timers fire)', async () => {
  // Chromium without Playwright: a tab behind another is really hidden there, and throttled as in a user's Chromium.
  const browser = await launchBareChromium();
  try {
    const url = `${probe.url}/probe?case=hidden`;
    const page = await browser.open(url);
    const tabId = await browser.tabIdOf(url);
    const panel = await browser.open(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}`);
    await expect.poll(() => page.evaluate<string>('document.visibilityState'), { timeout: 15_000 }).toBe('hidden');
    await panel.evaluate(`(${noteCountShownInPage.toString()})(${JSON.stringify(eventCount(100_000))})`);
    const readEnd = await page.evaluate<number>("fetch('/text?n=100000').then((r) => r.text()).then(() => Date.now())");
    const shown = (selector: string) => panel.evaluate<string>(`document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`);
    await expect.poll(async () => parseCount(await shown('[data-testid=event-count]')), { timeout: 30_000 }).toBe(100_000);
    const shownAt = await panel.evaluate<number>('window.__countShownAt');
    expect(shownAt, 'the panel noted when it showed the count').toBeGreaterThan(0);
    const late = shownAt - readEnd;
    console.log(`hidden page: the panel had all 100,000 events ${late} ms after the page's read ended`);
    // As in Firefox (e2e/firefox/limits.test.ts): the 2 s target is measured by `npm run bench:capture` (PARTS=hidden),
    // not here, where the other suites share the cores (1.7 to 5.4 s was seen). The bound is what a page whose sending
    // waits for its throttled timers cannot meet.
    expect(late).toBeLessThan(15_000);
    expect(await page.evaluate<string>('document.visibilityState')).toBe('hidden');
    expect(await shown('[data-testid=dropped]')).toBe('');
  } finally {
    await browser.close();
  }
});
