/**
 * Pause on an event (issue 20): a condition armed in the panel stops the page's own live stream before the event
 * that matches. The page's UI shows its state as of the event before (read from the page's DOM), Step gives it one
 * event, Resume the rest; the bytes the page read equal the server's; "on the first protocol error" stops the broken
 * stream before its bad event; the page's abort during a pause ends it; a WebSocket stream that matches is said, not
 * held. Screenshots of the paused panel at 560 and 1280 px in both themes.
 */
import { join } from 'node:path';
import type { RunAgentInput } from '@ag-ui/core';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { BROKEN_SSE, testRoutes } from '../support/brokenStream';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { CREDENTIAL_CASES, credentialAgent, postRunInPage } from '../support/credentialRoutes';
import { showTabInPage } from '../support/panel';
import { ARTIFACTS } from '../support/paths';
import { readInPage, SLOW, SLOW_BYTES, slowRoute } from '../support/pauseRoutes';

/** What the agent got, per run, in order (the demo server logs every input). */
const inputs: { scenario: string; input: RunAgentInput; cookie: string }[] = [];
let demo: DemoServer;
let browser: ChromiumWithExtension;
let page: Page;
let panel: Page;
let tabId: number;

test.beforeAll(async () => {
  demo = await startDemoServer({
    delayMs: 20,
    extraRoutes: (req, res, url) => slowRoute(req, res, url) || testRoutes(req, res, url),
    onInput: (input, scenario, headers) => inputs.push({ scenario, input, cookie: String(headers.cookie ?? '') }),
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  tabId = await browser.tabIdOf(page);
  panel = await browser.openPanel(tabId);
  // What the panel said went wrong, for a failure's message (a dialog that once did not open after a click).
  panel.on('pageerror', (e) => panelErrors.push(String(e.stack ?? e)));
  panel.on('console', (m) => void (m.type() === 'error' && panelErrors.push(m.text())));
  await expect(panel.getByTestId('pause-open')).toBeVisible();
});
const panelErrors: string[] = [];
test.afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** Arms exactly these conditions (and the error switch) through the dialog, as a user would. */
async function arm(conditions: string[], onError = false, shots = false) {
  await panel.getByTestId('pause-open').click();
  const dialog = panel.getByTestId('pause-dialog');
  await expect(dialog)
    .toBeVisible()
    .catch(async (e: Error) => {
      const focus = await panel.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'none');
      throw new Error(`${e.message}\nthe panel's errors: ${panelErrors.join(' | ') || 'none'}; focus: ${focus}`);
    });
  for (const remove of await dialog.getByRole('button', { name: /^Remove / }).all()) await remove.click();
  await expect(dialog.locator('[data-condition]')).toHaveCount(0);
  for (const c of conditions) {
    await dialog.getByTestId('pause-condition-input').fill(c);
    await dialog.getByTestId('pause-condition-input').press('Enter');
  }
  await expect(dialog.locator('[data-condition]')).toHaveCount(conditions.length);
  if (shots) {
    for (const [width, theme] of [[560, 'light'], [560, 'dark'], [1280, 'light']] as const) {
      await panel.setViewportSize({ width, height: 800 });
      await panel.emulateMedia({ colorScheme: theme });
      const box = (await dialog.boundingBox())!;
      expect(box.x + box.width, 'the dialog fits the panel').toBeLessThanOrEqual(width);
      await panel.screenshot({ path: join(ARTIFACTS, `pause-dialog-${width}-${theme}.png`) });
    }
    await panel.emulateMedia({ colorScheme: 'light' });
  }
  const box = dialog.getByTestId('pause-on-error');
  if ((await box.isChecked()) !== onError) await box.click();
  await panel.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const armed = conditions.length + (onError ? 1 : 0);
  await expect(panel.getByTestId('pause-open')).toHaveAttribute('aria-pressed', armed > 0 ? 'true' : 'false');
}

const messagesText = () => page.locator('#messages').innerText();

test('a pause on type:TOOL_CALL_START stops the page before the tool call; Step gives it one event; Resume the rest', async () => {
  await arm(['type:TOOL_CALL_START'], false, true);
  // The badge on the icon says it is armed, for that tab.
  const badge = (id: number) => panel.evaluate((tab) => (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }).chrome.action.getBadgeText({ tabId: tab }), id);
  await expect.poll(() => badge(tabId)).toBe('II');
  await page.evaluate(() => void window.demo.runScenario('tools'));
  const bar = panel.getByTestId('pause-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/Paused before #\d+ TOOL_CALL_START \(get_weather\)/);
  await expect(bar).toContainText('matched type:TOOL_CALL_START');
  // The page's own UI: the text before the tool call, and no tool call, also once the agent has sent everything.
  await expect.poll(messagesText).toContain('Let me check the weather.');
  await page.waitForTimeout(800);
  expect(await messagesText()).not.toContain('get_weather');
  expect(await page.locator('#status').innerText()).toBe('running tools…');
  // The inspector shows the conversation as it stood before the paused event.
  await expect(panel.locator('[role=row].held').first()).toContainText('TOOL_CALL_START');
  for (const [width, theme] of [[560, 'light'], [560, 'dark'], [1280, 'light'], [1280, 'dark']] as const) {
    await panel.setViewportSize({ width, height: 800 });
    await panel.emulateMedia({ colorScheme: theme });
    const box = (await bar.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await panel.screenshot({ path: join(ARTIFACTS, `pause-${width}-${theme}.png`) });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  // Step: the tool call is there (no arguments yet); paused again before the next event.
  await panel.getByTestId('pause-step').click();
  await expect.poll(messagesText).toContain('→ get_weather()');
  await expect(bar).toContainText(/Paused before #\d+ TOOL_CALL_ARGS \(get_weather\) · after a step/);
  await page.waitForTimeout(300);
  expect(await messagesText()).toContain('→ get_weather()');
  // Resume: the rest, to the end.
  await panel.getByTestId('pause-resume').click();
  await expect(page.locator('#status')).toHaveText('tools: done');
  await expect.poll(messagesText).toContain('It is 21°C and clear in Lisbon.');
  await expect(bar).toHaveCount(0);
  await expect(panel.locator('[role=row].held')).toHaveCount(0);
});

test('the bytes the page read while paused and stepped equal the server’s, byte for byte, and stop where the event begins', async () => {
  await arm(['type:STATE_DELTA']);
  await page.evaluate(readInPage, '/slow');
  await expect(panel.getByTestId('pause-bar')).toContainText('STATE_DELTA');
  const before = Buffer.byteLength(SLOW.join('').slice(0, SLOW.join('').indexOf('data: {"type":"STATE_DELTA')));
  // Everything before the event (the page reads it at its own pace: a busy machine takes its time), then nothing of
  // it while it stays paused (the server has sent it all by now).
  const got = () => page.evaluate(() => (window as unknown as { got: number[] }).got.length);
  await expect.poll(got).toBe(before);
  await page.waitForTimeout(400);
  expect(await got()).toBe(before);
  await panel.getByTestId('pause-resume').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { ended: string }).ended)).toBe('done');
  const bytes = await page.evaluate(() => (window as unknown as { got: number[] }).got);
  expect(Buffer.from(bytes).equals(SLOW_BYTES)).toBe(true);
  // The response the page got says what the network's said.
  const seen = await page.evaluate(async () => {
    const r = await fetch('/slow');
    const out = { url: r.url, type: r.type, status: r.status, ok: r.ok, run: r.headers.get('x-run'), redirected: r.redirected };
    void r.body!.cancel();
    return out;
  });
  // The page cancelled it: no pause is left behind.
  await expect(panel.getByTestId('pause-released')).toContainText('The page cancelled the paused stream');
  await expect(panel.getByTestId('pause-bar')).toHaveCount(0);
  expect(seen).toEqual({ url: `${demo.url}/slow`, type: 'basic', status: 200, ok: true, run: 'slow-1', redirected: false });
});

test('"on the first protocol error" stops the broken stream before its bad event; the page’s abort during the pause ends it', async () => {
  await arm([], true);
  await page.evaluate(readInPage, '/broken');
  const bar = panel.getByTestId('pause-bar');
  await expect(bar).toContainText(/Paused before #\d+ TEXT_MESSAGE_CONTENT \(never-started\) · its protocol error/);
  const got = () => page.evaluate(() => (window as unknown as { got: number[] }).got.length);
  await expect.poll(got).toBe(Buffer.byteLength(BROKEN_SSE.slice(0, 3).join('')));
  await page.evaluate(() => (window as unknown as { abort: AbortController }).abort.abort());
  await expect.poll(() => page.evaluate(() => (window as unknown as { ended: string }).ended)).toBe('AbortError');
  await expect(bar).toHaveCount(0);
  await arm([]);
});

test('Resume to the end of the run ignores matches until RUN_FINISHED; a condition switched off does not pause', async () => {
  await arm(['type:TEXT_MESSAGE_CONTENT']);
  await page.evaluate(() => void window.demo.runScenario('chat'));
  const bar = panel.getByTestId('pause-bar');
  await expect(bar).toContainText('TEXT_MESSAGE_CONTENT');
  await panel.getByTestId('pause-resume-run').click();
  await expect(page.locator('#status')).toHaveText('chat: done');
  await expect(bar).toHaveCount(0);
  // Off: armed no more (the button says so), and the next run is not paused.
  await panel.getByTestId('pause-open').click();
  await panel.locator('[data-condition] input[type=checkbox]').uncheck();
  await panel.keyboard.press('Escape');
  await expect(panel.getByTestId('pause-open')).toHaveAttribute('aria-pressed', 'false');
  await page.evaluate(() => window.demo.runScenario('chat'));
  await expect(page.locator('#status')).toHaveText('chat: done');
  await expect(bar).toHaveCount(0);
});

test('Resend with an edited user message: the agent gets the edit, the answer is captured as "resent", the page is untouched, Compare shows the difference', async () => {
  await page.evaluate(() => (document.cookie = 'session=page-cookie'));
  await page.evaluate(() => window.demo.runScenario('chat'));
  const before = await page.evaluate(() => JSON.stringify(window.demo.snapshot()));
  const runs = inputs.length;
  await panel.setViewportSize({ width: 1280, height: 800 });
  await panel.keyboard.press('End');
  await panel.getByRole('tab', { name: 'Runs' }).click();
  await panel.getByTestId('run-resend').last().click();
  const dialog = panel.getByTestId('resend-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('resend-headers')).toContainText('content-type');
  await expect(dialog.getByTestId('resend-cookies')).toContainText('the page sees these: session');
  const text = dialog.getByTestId('resend-user-text');
  await expect(text).toHaveValue('Say hello');
  await text.fill('Say hello in Portuguese');
  await expect(dialog.getByTestId('resend-input')).toHaveValue(/Say hello in Portuguese/);
  // A broken input is refused before anything is sent, with the schema's word.
  const editor = dialog.getByTestId('resend-input');
  const edited = await editor.inputValue();
  await editor.fill(edited.replace('"messages"', '"mess"'));
  await expect(dialog.getByTestId('resend-issues')).toContainText('messages');
  await expect(dialog.getByTestId('resend-send')).toBeDisabled();
  await editor.fill(edited);
  await dialog.getByTestId('resend-send').click();
  await expect(dialog.getByTestId('resend-status')).toContainText('Done · 200 OK');
  // The agent got the edited input, with the page's cookie; the page's own agent holds what it held.
  expect(inputs.length).toBe(runs + 1);
  const last = inputs.at(-1)!;
  expect(last.scenario).toBe('chat');
  expect(last.input.messages.at(-1)).toMatchObject({ role: 'user', content: 'Say hello in Portuguese' });
  expect(last.cookie).toContain('session=page-cookie');
  expect(await page.evaluate(() => JSON.stringify(window.demo.snapshot()))).toBe(before);
  for (const [width, theme] of [[1280, 'light'], [1280, 'dark'], [560, 'light'], [560, 'dark']] as const) {
    await panel.setViewportSize({ width, height: 800 });
    await panel.emulateMedia({ colorScheme: theme });
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width, 'the dialog fits the panel').toBeLessThanOrEqual(width);
    await panel.screenshot({ path: join(ARTIFACTS, `resend-${width}-${theme}.png`) });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByTestId('resend-compare').click();
  await expect(dialog).toHaveCount(0);
  // Compare opens on the original and the resent run: their inputs differ in the user's text.
  const compare = panel.getByTestId('compare');
  await expect(compare).toBeVisible();
  await compare.getByRole('tab', { name: 'Input' }).click();
  await expect(compare.getByTestId('compare-input')).toContainText('Say hello in Portuguese');
  await compare.getByRole('button', { name: 'Close Compare' }).click();
  await expect(panel.getByTestId('resent-tag')).toHaveCount(1);
});

test('Resend sends what the page’s request would send: its credentials mode, no cookie it did not carry (same-site and cross-site); the dialog says which, and when the body is not the page’s bytes', async () => {
  const agent = credentialAgent();
  const b = await startDemoServer({ extraRoutes: agent.route });
  const port = new URL(b.url).port;
  try {
    for (const host of ['127.0.0.1', 'localhost']) {
      const setter = await browser.context.newPage();
      await setter.goto(`http://${host}:${port}/set-cookie`);
      await setter.close();
    }
    await panel.setViewportSize({ width: 1280, height: 800 });
    for (const [name, host, credentials] of CREDENTIAL_CASES) {
      const runId = `cred-${host}-${credentials ?? 'default'}`;
      await page.evaluate(postRunInPage, { url: `http://${host}:${port}/cred-agent`, runId, ...(credentials && { credentials }) });
      await expect.poll(() => agent.cookies.get(runId)?.length, name).toBe(1);
      await panel.keyboard.press('End');
      await panel.evaluate(showTabInPage, 'runs');
      await panel.locator(`[data-run-id="${runId}"]`).getByTestId('run-resend').click();
      const dialog = panel.getByTestId('resend-dialog');
      await expect(dialog.getByTestId('resend-credentials')).toContainText(`Sent with credentials '${credentials ?? 'same-origin'}' and mode 'cors'`);
      const cookies = dialog.getByTestId('resend-cookies');
      if (credentials === 'include') await expect(cookies).toContainText(`The cookies the browser keeps for http://${host}:${port} go with it`);
      else await expect(cookies).toHaveText("No cookie goes with it, as none went with the page's request.");
      // The editor shows the body re-indented: the dialog says so, and sends the page's bytes when asked to.
      await expect(dialog.getByTestId('resend-body-note')).toContainText("the same JSON as the page's body, written differently");
      await dialog.getByTestId('resend-use-page-bytes').click();
      await expect(dialog.getByTestId('resend-body-note')).toContainText("Sends the body as captured: the page's bytes");
      await dialog.getByTestId('resend-send').click();
      await expect(dialog.getByTestId('resend-status')).toContainText('Done · 200 OK');
      const [original, resent] = agent.cookies.get(runId)!;
      expect(resent, `${name}: the resend carries exactly the page's cookies`).toBe(original);
      if (!credentials) expect(original).toBe('');
      await panel.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    // Same-site with include carried the agent's cookie both times: the test can see a cookie when one goes.
    const carried = agent.cookies.get('cred-127.0.0.1-include')!;
    expect(carried).toHaveLength(2);
    for (const header of carried) expect(header).toContain('agentsession=on-the-agent');
  } finally {
    await b.close();
  }
});

test('closing the tab’s last panel disarms: a paused page gets the rest at once, and a new panel starts with nothing armed', async () => {
  await arm(['type:TOOL_CALL_START']);
  await page.evaluate(() => void window.demo.runScenario('tools'));
  await expect(panel.getByTestId('pause-bar')).toBeVisible();
  await panel.close();
  await expect(page.locator('#status')).toHaveText('tools: done');
  expect(await messagesText()).toContain('It is 21°C and clear in Lisbon.');
  panel = await browser.openPanel(tabId);
  await expect(panel.getByTestId('pause-open')).toHaveAttribute('aria-pressed', 'false');
});
