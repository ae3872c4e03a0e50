/**
 * Replay to page (issue 10): a recorded run answers the page's next request with the agent stopped; the page's
 * HttpAgent ends as in the recording, also after a reload; step by step the page shows the partial message after
 * each "Next event"; an edited copy with a broken event makes the page's client fail as a broken agent would; a
 * protobuf recording replays as protobuf; with nothing armed, every request reaches the server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { DemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { devtoolsFor } from '../support/devtools';
import { ARTIFACTS } from '../support/paths';
import { addFrame, busyInPage, postFrom } from '../support/frames';
import { type StoppableDemo, startStoppableDemo } from '../support/stoppableDemo';
import { eventCount } from '../support/panel';

const artifacts = ARTIFACTS;
/** Docked narrow, in both themes: a screenshot each (ARTIFACTS), and nothing wider than the panel. */
async function narrowShots(panel: Page, name: string, selector: string) {
  mkdirSync(artifacts, { recursive: true });
  const box = (await panel.locator(selector).first().boundingBox())!;
  expect(box.x + box.width, `${selector} fits 560 px`).toBeLessThanOrEqual(560);
  for (const theme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: theme });
    await panel.screenshot({ path: join(artifacts, `${name}-560-${theme}.png`) });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
}

let demo: DemoServer;
let browser: ChromiumWithExtension;
/** Requests that reached the agent, and whether it is stopped (it then answers 503). */
let agent: StoppableDemo['agent'];

test.beforeAll(async () => {
  ({ demo, agent } = await startStoppableDemo(3));
  browser = await launchChromium();
});
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});
test.beforeEach(() => {
  agent.down = false;
});

/** The toolbar icon's badge text for a tab, read in the extension's panel page. */
const badge = (panel: Page, tabId: number) =>
  panel.evaluate(
    (id) => (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }).chrome.action.getBadgeText({ tabId: id }).catch(() => ''),
    tabId,
  );

type Snapshot = Record<string, { messages: unknown[]; state: unknown }>;
const run = (page: Page, scenario: string) =>
  page.evaluate(async (name) => {
    const record = await window.demo.runScenario(name);
    return { error: record.error ?? null, snapshot: window.demo.snapshot() as Snapshot, events: record.events.length };
  }, scenario);

/** Opens "Replay to page", sets the pace, and arms (with `edit` run on the dialog first). */
async function arm(panel: Page, pace: string, edit?: (dialog: ReturnType<Page['getByTestId']>) => Promise<void>) {
  await panel.getByRole('button', { name: 'Replay to page' }).click();
  const dialog = panel.getByTestId('replay-dialog');
  await dialog.getByTestId('replay-pace').selectOption(pace);
  if (edit) await edit(dialog);
  await dialog.getByTestId('replay-arm').click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByTestId('replay-armed').first()).toBeVisible();
}

test('a document whose first request is made while it is parsed is answered: the armed rule is known before it goes', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?delay=3`);
  const recorded = await run(page, 'state');
  expect(recorded.error).toBeNull();
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(recorded.events));
  agent.down = true;
  const before = agent.requests;
  await arm(panel, 'instant');
  // An inline script in the head fetches at once, before the background has answered the new document's hello.
  await page.goto(`${demo.url}/early`);
  const early = await page.evaluate(() => (window as unknown as { early: Promise<{ status: number; text: string }> }).early);
  expect(early.status).toBe(200);
  expect(early.text).toContain('RUN_FINISHED');
  expect(agent.requests).toBe(before);
  await expect(panel.getByTestId('replay-armed')).toHaveCount(0);
  // Used up: the marker is gone, and the next document does not wait (its request reaches the agent at once).
  agent.down = false;
  await page.goto(`${demo.url}/early`);
  const live = await page.evaluate(() => (window as unknown as { early: Promise<{ status: number; text: string }> }).early);
  expect(live.status).toBe(200);
  expect(agent.requests).toBe(before + 1);
  expect(await page.evaluate(() => sessionStorage.getItem('agui-devtools:armed'))).toBeNull();
  await panel.close();
  await page.close();
});

test('a recorded run answers the reloaded page with the agent stopped: same messages and state; nothing armed, requests reach the agent', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?delay=3`);
  const recorded = await run(page, 'state');
  expect(recorded.error).toBeNull();
  const tabId = await browser.tabIdOf(page);
  const panel = await browser.openPanel(tabId);
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(recorded.events));

  // The dialog takes the focus (its first field), keeps Tab inside, and Esc closes it, giving the focus back.
  const opener = panel.getByRole('button', { name: 'Replay to page' });
  await opener.click();
  await expect(panel.getByTestId('replay-run')).toBeFocused();
  await panel.keyboard.press('Shift+Tab');
  await expect(panel.getByTestId('replay-dialog').getByRole('button', { name: 'Close' })).toBeFocused();
  await panel.keyboard.press('Shift+Tab');
  await expect(panel.getByTestId('replay-arm')).toBeFocused();
  await panel.keyboard.press('Escape');
  await expect(panel.getByTestId('replay-dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
  agent.down = true;
  const before = agent.requests;
  await arm(panel, 'instant');
  await expect(panel.getByTestId('replay-armed')).toContainText(`POST ${demo.url}/agent/state?delay=3 (exact) · the next request · instant`);
  // The toolbar icon says so for this tab (and only this one).
  // The badge is set beside the message that tells the panel (the two are not ordered).
  await expect.poll(() => badge(panel, tabId)).toBe('RPL');
  const other = await browser.context.newPage();
  await other.goto(`${demo.url}/?other`);
  expect(await badge(panel, await browser.tabIdOf(other))).toBe('');
  await other.close();

  // Armed rules survive the page's reload: its first run is answered.
  await page.reload();
  const replayed = await run(page, 'state');
  expect(replayed.error).toBeNull();
  expect(replayed.snapshot.state).toEqual(recorded.snapshot.state);
  expect(agent.requests).toBe(before);
  await expect(panel.getByTestId('replay-status')).toContainText(/Answered POST .*agent\/state\?delay=3 with run .*: (\d+) of \1 events sent/);
  await expect(panel.getByTestId('replay-diff')).toHaveText('the page sent the same input as the recording');
  await expect(panel.getByTestId('replayed-tag')).toHaveCount(1);
  // Used up: the next request only.
  await expect(panel.getByTestId('replay-armed')).toHaveCount(0);
  await expect.poll(() => badge(panel, tabId)).toBe('');

  // Nothing armed: the request reaches the agent, untouched.
  agent.down = false;
  await page.reload();
  const live = await run(page, 'state');
  expect(live.error).toBeNull();
  expect(live.snapshot).toEqual(replayed.snapshot);
  expect(agent.requests).toBe(before + 1);
  await page.close();
  await panel.close();
});

const fetchFrom = (frame: { evaluate: Page['evaluate'] }, url: string) => frame.evaluate(postFrom, url);

test('a rule answers only its own page: a frame of another origin gets the CORS error it gets without us; a navigation to another origin disarms', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?delay=3`);
  const recorded = await run(page, 'state');
  expect(recorded.error).toBeNull();
  const tabId = await browser.tabIdOf(page);
  const panel = await browser.openPanel(tabId);
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(recorded.events));
  agent.down = true;
  const other = demo.url.replace('127.0.0.1', 'localhost');
  const agentUrl = `${demo.url}/agent/state?delay=3`;
  // Without a rule, the other origin's frame cannot read the agent's answer (no CORS headers).
  await page.evaluate(addFrame, `${other}/?frame`);
  const frame = page.frames().find((f) => f.url().startsWith(other))!;
  const without = await fetchFrom(frame, agentUrl);
  expect(without).toMatch(/^TypeError/);

  await panel.getByRole('button', { name: 'Replay to page' }).click();
  const dialog = panel.getByTestId('replay-dialog');
  await dialog.getByTestId('replay-every').check();
  await dialog.getByTestId('replay-pace').selectOption('instant');
  await dialog.getByTestId('replay-arm').click();
  await expect(panel.getByTestId('replay-armed')).toHaveCount(1);
  // Armed: the other origin's frame still gets exactly the error it got, and nothing is answered for it.
  expect(await fetchFrom(frame, agentUrl)).toBe(without);
  await expect(panel.getByTestId('replay-status')).toHaveCount(0);
  await expect(panel.getByTestId('replay-armed-origin')).toHaveText(`pages of ${demo.url} only`);
  // The page's own top frame is answered, and the banner names it.
  expect(await fetchFrom(page, agentUrl)).toMatch(/^200 data: /);
  await expect(panel.getByTestId('replay-answered-frame')).toHaveText(`for the top frame ${demo.url}/?delay=3`);
  await expect(panel.getByTestId('replay-diff')).toContainText("the page's input differs from the recording");
  // A body capture does not read (a Blob): said so, not compared with the request before it.
  expect(await page.evaluate((u) => fetch(u, { method: 'POST', body: new Blob(['{}']) }).then((r) => r.status), agentUrl)).toBe(200);
  await expect(panel.getByTestId('replay-diff')).toContainText("the page's input was not captured");

  // The tab goes to the other origin: the rule is disarmed (the panel says why), and that page gets no recording.
  await page.goto(`${other}/?delay=3`);
  await expect(panel.getByTestId('replay-armed')).toHaveCount(0);
  await expect(panel.getByTestId('banner').filter({ hasText: 'Replay to page disarmed' })).toContainText(`the tab went to ${other}, and the rule answers ${demo.url} only`);
  await expect.poll(() => badge(panel, tabId)).toBe('');
  expect(await fetchFrom(page, agentUrl)).toMatch(/^TypeError/);
  await page.close();
  await panel.close();
});

test('the panel says "armed" only once the page itself has the rule, not when a frame of another origin took it first', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?delay=3`);
  expect((await run(page, 'state')).error).toBeNull();
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  const other = demo.url.replace('127.0.0.1', 'localhost');
  await page.evaluate(addFrame, `${other}/?frame`);
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(other))).toBe(true);
  // The top page (and its relay, on the same thread) is busy for 1.8 s from a moment before the click, less than
  // the background waits for a frame (FRAME_WAIT_MS); the frame, another site's process, is not.
  const busy = page.evaluate(busyInPage, 1800);
  await new Promise((r) => setTimeout(r, 500));
  const clicked = Date.now();
  await panel.getByRole('button', { name: 'Replay to page' }).click();
  await panel.getByTestId('replay-dialog').getByTestId('replay-arm').click();
  await expect(panel.getByTestId('replay-armed')).toHaveCount(1, { timeout: 15_000 });
  const armedSeen = Date.now();
  // Told "armed" after the top page's relay could take the rule, and a request then is answered.
  const { start, end } = await busy;
  expect(start, 'the page was busy when the rule was armed').toBeLessThan(clicked);
  expect(armedSeen).toBeGreaterThanOrEqual(end);
  agent.down = true;
  expect(await fetchFrom(page, `${demo.url}/agent/state?delay=3`)).toMatch(/^200 data: /);
  await page.close();
  await panel.close();
});

test('step by step: after each "Next event" the page shows the assistant message so far', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?delay=0`);
  const recorded = await page.evaluate(async () => (await window.demo.runScenario('chat')).events as { type: string; delta?: string }[]);
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  await panel.setViewportSize({ width: 560, height: 700 });
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(recorded.length));
  agent.down = true;
  await arm(panel, 'step');
  await page.reload();
  const done = page.evaluate(() => window.demo.runScenario('chat').then((r) => r.error ?? null));
  const shown = () => page.evaluate(() => [...document.querySelectorAll('#messages .msg.assistant')].map((m) => m.lastChild?.textContent ?? '').join('|'));
  await expect(panel.getByTestId('replay-sent')).toHaveText(`0 of ${recorded.length} events sent`);
  /** The assistant text after the first k events. */
  const textAfter = (k: number) =>
    recorded
      .slice(0, k)
      .filter((e) => e.type === 'TEXT_MESSAGE_CONTENT')
      .map((e) => e.delta)
      .join('');
  const sent = (k: number) => expect(panel.getByTestId('replay-sent')).toHaveText(`${k} of ${recorded.length} events sent`);
  for (let k = 1; k <= recorded.length; k++) {
    if (k === 5) {
      // "Run to event N" sends up to N at once.
      await panel.getByTestId('replay-to').fill('10');
      await panel.getByTestId('replay-run-to').click();
      await sent(10);
      await expect.poll(shown).toBe(textAfter(10));
      k = 10;
      continue;
    }
    await panel.getByTestId('replay-next').click();
    if (k < recorded.length) await sent(k);
    // The page's own DOM, rendered by its HttpAgent subscriber, has the partial message.
    if (recorded[k - 1]!.type.startsWith('TEXT_MESSAGE')) await expect.poll(shown).toBe(textAfter(k));
    if (k === 3) {
      expect(textAfter(3).split(' ').length).toBeLessThan(4);
      await narrowShots(panel, 'replay-step', '[data-testid=replay-next]');
    }
  }
  expect(await done).toBeNull();
  await expect(panel.getByTestId('replay-status')).toContainText('Answered');
  await page.close();
  await panel.close();
});

test('an edited copy with TOOL_CALL_ARGS before its START: the page client fails as with a broken agent, the panel marks the problem', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?delay=0`);
  expect((await run(page, 'tools')).error).toBeNull();
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  await panel.setViewportSize({ width: 560, height: 700 });
  await expect(panel.getByTestId('problem-count')).toHaveCount(0);
  agent.down = true;
  await arm(panel, 'instant', async (dialog) => {
    await dialog.getByTestId('replay-edit').check();
    const editor = dialog.getByTestId('replay-text');
    const events = JSON.parse(await editor.inputValue()) as { type: string }[];
    const start = events.findIndex((e) => e.type === 'TOOL_CALL_START');
    const [args] = events.splice(start + 1, 1);
    events.splice(start, 0, args!);
    await editor.fill(JSON.stringify(events, null, 1));
    // Checked live: the verifier's problem is shown before anything is armed.
    await expect(dialog.getByTestId('replay-problems')).toContainText(/Edited copy: [1-9]\d* errors?/);
    await expect(dialog.getByTestId('replay-arm')).toHaveText('Arm (edited copy)');
    await narrowShots(panel, 'replay-dialog', '[data-testid=replay-dialog]');
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
  });
  await expect(panel.getByTestId('replay-armed')).toContainText('(edited copy)');
  const broken = await run(page, 'tools');
  expect(broken.error).toMatch(/TOOL_CALL_ARGS/);
  // The recording and, labelled, the replayed copy (narrow, the list shows a few rows: filtered to the run starts).
  await panel.locator('input.filter').fill('type:RUN_STARTED');
  await expect(panel.locator('[role=row]')).toHaveCount(2);
  await expect(panel.locator('[role=row]').nth(1).getByTestId('replayed-tag')).toHaveText('replayed');
  await panel.locator('input.filter').fill('');
  await expect(panel.getByTestId('problem-count')).toContainText('error');
  await page.close();
  await panel.close();
});

test('a protobuf recording replays as protobuf', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?format=proto&delay=0`);
  const recorded = await run(page, 'chat');
  expect(recorded.error).toBeNull();
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(recorded.events));
  agent.down = true;
  const before = agent.requests;
  await arm(panel, '10x', async (dialog) => {
    await dialog.getByTestId('replay-every').check();
  });
  await page.reload();
  const replayed = await run(page, 'chat');
  expect(replayed.error).toBeNull();
  expect(replayed.snapshot).toEqual(recorded.snapshot);
  // What the page's fetch got: the protobuf media type and length-prefixed frames, not SSE text. The page patched
  // what a hook might read rules with first: it learns nothing of the rule.
  const wire = await page.evaluate(async (url) => {
    const seen: string[] = [];
    const w = window as unknown as { __seen: string[] };
    w.__seen = seen;
    const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!;
    Object.defineProperty(MessageEvent.prototype, 'data', {
      configurable: true,
      get(this: MessageEvent) {
        const v = data.get!.call(this);
        seen.push(`data:${JSON.stringify(v)?.slice(0, 300)}`);
        return v;
      },
    });
    const startsWith = String.prototype.startsWith;
    String.prototype.startsWith = function (this: string, ...a: [string, number?]) {
      seen.push(`startsWith:${a[0]}`);
      return startsWith.apply(this, a);
    };
    const exec = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      seen.push(`exec:${this.source}`);
      return exec.call(this, s);
    };
    const r = await fetch(url, { method: 'POST', body: '{}' });
    const bytes = new Uint8Array(await r.arrayBuffer());
    return { type: r.headers.get('content-type'), status: r.status, first: Array.from(bytes.slice(0, 5)), size: bytes.length, seen };
  }, `${demo.url}/agent/chat?delay=0`);
  expect(wire.seen.filter((s) => s.includes('agent/chat') || s.includes('replay') || s.includes('rules'))).toEqual([]);
  expect(wire.type).toBe('application/vnd.ag-ui.event+proto');
  expect(wire.status).toBe(200);
  expect(wire.first[0]).toBe(0); // a big-endian length, not "data:"
  expect(agent.requests).toBe(before);
  // That request sent "{}": the banner says where it differs from the recorded input, recorded beside sent.
  const diff = panel.getByTestId('replay-diff');
  await expect(diff).toContainText(/the page's input differs from the recording in \d+ places/);
  await diff.getByRole('button').click();
  await expect(diff.locator('tr', { hasText: 'threadId' })).toContainText('"thread-chat"');
  await expect(diff.locator('tr', { hasText: 'threadId' })).toContainText('(none)');
  // Every request until disarmed: disarm, and the next reaches the (stopped) agent.
  await panel.getByTestId('replay-disarm').click();
  await expect(panel.getByTestId('replay-armed')).toHaveCount(0);
  expect(await page.evaluate((url) => fetch(url, { method: 'POST', body: '{}' }).then((r) => r.status), `${demo.url}/agent/chat?delay=0`)).toBe(503);
  expect(agent.requests).toBe(before + 1);
  // Armed again, then the panel closes: nothing stays armed behind the user's back.
  const tabId = await browser.tabIdOf(page);
  await arm(panel, 'instant');
  // The badge is set beside the message that tells the panel (the two are not ordered).
  await expect.poll(() => badge(panel, tabId)).toBe('RPL');
  await panel.close();
  const later = await browser.openPanel(tabId);
  await expect.poll(() => badge(later, tabId)).toBe('');
  await expect(later.getByTestId('replay-armed')).toHaveCount(0);
  expect(await page.evaluate((url) => fetch(url, { method: 'POST', body: '{}' }).then((r) => r.status), `${demo.url}/agent/chat?delay=0`)).toBe(503);
  expect(agent.requests).toBe(before + 2);
  await page.close();
  await later.close();
});

test("a run and the thread's later runs answer the requests in order: an interrupt, then its resume", async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?delay=0`);
  const recorded = await run(page, 'interrupt');
  expect(recorded.error).toBeNull();
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(recorded.events));
  agent.down = true;
  const before = agent.requests;
  // Opened from the Runs tab, on the interrupted run: the dialog starts from that run.
  await panel.getByRole('tab', { name: 'Runs' }).click();
  const first = panel.locator('[data-run-id]').first();
  const runId = await first.getAttribute('data-run-id');
  await first.getByTestId('run-replay').click();
  const dialog = panel.getByTestId('replay-dialog');
  await expect(dialog.getByTestId('replay-run').locator('option:checked')).toContainText(`run ${runId}`);
  await dialog.getByTestId('replay-pace').selectOption('instant');
  await dialog.getByTestId('replay-queue').check();
  await dialog.getByTestId('replay-arm').click();
  await expect(panel.getByTestId('replay-armed')).toHaveCount(2);
  await expect(panel.getByTestId('replay-armed').first()).toContainText('(1 of 2)');
  await page.reload();
  const replayed = await run(page, 'interrupt');
  expect(replayed.error).toBeNull();
  expect(replayed.snapshot).toEqual(recorded.snapshot);
  expect(agent.requests).toBe(before);
  await expect(panel.getByTestId('replay-armed')).toHaveCount(0);
  await expect(panel.getByTestId('replay-status')).toHaveCount(2);
  await page.close();
  await panel.close();
});

test('in the real DevTools panel, docked 560 px wide: armed there, the reloaded page is answered; the banner fits', async () => {
  const withDevtools = await launchChromium({ args: ['--auto-open-devtools-for-tabs'] });
  try {
    const page = withDevtools.context.pages()[0] ?? (await withDevtools.context.newPage());
    await page.goto(`${demo.url}/?delay=0`);
    const recorded = await run(page, 'chat');
    const devtools = await devtoolsFor(withDevtools.context, page);
    await devtools.showPanel('AG-UI');
    await devtools.dock('undocked');
    await devtools.resize(560, 700);
    const panel = await devtools.panelFrame(withDevtools.extensionId);
    // The window has taken its size (the panel is narrower than the DevTools window).
    await expect.poll(() => panel.evaluate<number>('innerWidth')).toBeLessThanOrEqual(560);
    const text = (selector: string) => panel.evaluate<string>(`document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`);
    const events = await page.evaluate(() => window.demo.records[0]!.events.length);
    await expect.poll(() => text('[data-testid=event-count]')).toBe(eventCount(events));
    const click = (selector: string) => panel.evaluate(`document.querySelector(${JSON.stringify(selector)}).click()`);
    await click('[data-testid=replay-open]');
    await expect.poll(() => text('[data-testid=replay-dialog] h2')).toBe('Replay to page');
    await click('[data-testid=replay-arm]');
    await expect.poll(() => text('[data-testid=replay-armed]')).toContain('Replay armed');
    agent.down = true;
    const before = agent.requests;
    await page.reload();
    const replayed = await run(page, 'chat');
    expect(replayed.error).toBeNull();
    expect(replayed.snapshot).toEqual(recorded.snapshot);
    expect(agent.requests).toBe(before);
    await expect.poll(() => text('[data-testid=replay-status]')).toMatch(/^Answered POST/);
    // The replayed stream is captured like the recording was, tagged.
    await expect.poll(() => text('[data-testid=event-count]')).toBe(eventCount(events));
    expect(await text('[data-testid=replayed-tag]')).toBe('replayed');
    const right = await panel.evaluate<number>(`document.querySelector('[data-testid=replay-status]').getBoundingClientRect().right`);
    expect(right).toBeLessThanOrEqual(560);
    writeFileSync(join(artifacts, 'replay-devtools-560-light.png'), await devtools.screenshot());
  } finally {
    await withDevtools.close();
  }
});

test("an imported session (someone else's export) replays into another tab's page", async () => {
  const page = await browser.context.newPage();
  await page.goto(`${demo.url}/?delay=0`);
  const recorded = await run(page, 'chat');
  const panel = await browser.openPanel(await browser.tabIdOf(page));
  await expect(panel.getByTestId('event-count')).toHaveText(eventCount(recorded.events));
  await panel.getByTestId('export').click();
  const [download] = await Promise.all([panel.waitForEvent('download'), panel.getByTestId('export-confirm').click()]);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await page.close();
  await panel.close();

  // Another tab, a fresh page, the agent stopped: the file is imported into its panel and armed from there.
  agent.down = true;
  const before = agent.requests;
  const other = await browser.context.newPage();
  await other.goto(`${demo.url}/?delay=0&other`);
  const otherPanel = await browser.openPanel(await browser.tabIdOf(other));
  await otherPanel.getByTestId('import').setInputFiles(file);
  await expect(otherPanel.getByTestId('imported')).toContainText('.agui.json');
  await arm(otherPanel, 'instant');
  const replayed = await run(other, 'chat');
  expect(replayed.error).toBeNull();
  expect(replayed.snapshot).toEqual(recorded.snapshot);
  expect(agent.requests).toBe(before);
  await expect(otherPanel.getByTestId('replay-status')).toContainText('Answered');
  await other.close();
  await otherPanel.close();
});
