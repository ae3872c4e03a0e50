/**
 * Sharing a tab with local tools (issue 59), in Chromium: the native messaging host installed into the test browser's
 * profile by the CLI; the tab shared from the panel's ⚙ menu (in Chrome the permission is the extension's from its
 * install: PRIVACY.md says why); the demo run live. An MCP client (the SDK's, over stdio to the
 * built CLI) lists the tab, gets its runs and the broken run's problem; with the second opt-in it arms a pause on a
 * tool call and the panel shows who armed it; with the tab not shared, nothing of it is listed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, type Page, test } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { CLI, runCli } from '../support/cli';
import { ARTIFACTS } from '../support/paths';

let dir: string;
let demo: DemoServer;
let browser: ChromiumWithExtension;
let page: Page;
let panel: Page;
let client: Client;

type Json = Record<string, unknown>;
const call = async (name: string, args: Json = {}): Promise<{ data: Json; error?: string }> => {
  const r = (await client.callTool({ name, arguments: args })) as { structuredContent?: Json; content: { text: string }[]; isError?: boolean };
  return r.isError ? { data: {}, error: r.content[0]!.text } : { data: r.structuredContent! };
};
const tabs = async () => ((await call('list_sources')).data.sources as Json[]).filter((s) => s.kind === 'tab');

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agui-share-'));
  const home = join(dir, 'home');
  demo = await startDemoServer({ delayMs: 5 });
  browser = await launchChromium({ userDataDir: join(dir, 'profile') });
  const installed = runCli(['mcp', '--install', '--browser', 'chromium', '--profile', join(dir, 'profile'), '--extension-id', browser.extensionId], undefined, { AGUI_DEVTOOLS_HOME: home });
  expect(installed.code, installed.stderr).toBe(0);
  page = await browser.context.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runScenario('chat'));
  panel = await browser.openPanel(await browser.tabIdOf(page));
  client = new Client({ name: 'agui-devtools-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: 'node', args: [CLI, 'mcp'], env: { ...process.env, AGUI_DEVTOOLS_HOME: home } as Record<string, string>, stderr: 'pipe' }));
});
test.afterAll(async () => {
  await client?.close();
  await browser?.close();
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a tab not shared is not listed; shared from the ⚙ menu, its runs and problems are the MCP client\'s', async () => {
  expect(await tabs()).toEqual([]);
  await panel.getByTestId('open-settings').click();
  const settings = panel.getByTestId('settings');
  await expect(settings.getByTestId('share-control')).toBeDisabled();
  await settings.getByTestId('share-tab').click();
  await expect(settings.getByTestId('local-share-status')).toHaveText('Reached agui-devtools on this computer.');
  await expect(panel.getByTestId('local-share-badge')).toHaveText('Shared with local tools');
  for (const theme of ['light', 'dark'] as const)
    for (const width of [560, 1280]) {
      await panel.setViewportSize({ width, height: 800 });
      await panel.emulateMedia({ colorScheme: theme });
      await panel.screenshot({ path: join(ARTIFACTS, `local-share-${width}-${theme}.png`) });
    }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 1280, height: 800 });
  // The tab, with what it had captured before it was shared.
  await expect.poll(async () => (await tabs()).length).toBe(1);
  const [tab] = await tabs();
  expect(tab).toMatchObject({ id: 't1', kind: 'tab', tab: { browser: 'chromium', control: false } });
  await expect.poll(async () => ((await call('list_runs', { source: 't1' })).data.runs as Json[]).map((r) => r.outcome)).toEqual(['done']);
  // Live: the broken run, as the panel sees it.
  await page.evaluate(() => window.demo.runScenario('broken'));
  await expect.poll(async () => ((await call('list_runs', { source: 't1' })).data.runs as Json[]).map((r) => r.outcome)).toEqual(['done', 'stopped']);
  const problems = (await call('problems', { source: 't1', rule: 'text/not-open' })).data;
  expect(problems).toMatchObject({ total: 1, problems: [{ ruleId: 'text/not-open', severity: 'error' }] });
});

test('with the second opt-in a local tool arms a pause on a tool call; the panel says who armed it and pauses there', async () => {
  expect((await call('pause_on', { source: 't1', condition: 'type:TOOL_CALL_START' })).error).toMatch(/not allowed by the user/);
  await panel.getByTestId('settings').getByTestId('share-control').check();
  await expect(panel.getByTestId('local-share-badge')).toHaveText('Shared with local tools · control');
  await panel.keyboard.press('Escape');
  await expect.poll(async () => ((await tabs())[0]?.tab as Json | undefined)?.control).toBe(true);
  const armed = await call('pause_on', { source: 't1', condition: 'type:TOOL_CALL_START' });
  expect(armed.data).toMatchObject({ done: 'pause_on', message: 'armed: type:TOOL_CALL_START' });
  await expect(panel.getByTestId('pause-armed-by-tool')).toContainText('A local tool armed Pause on type:TOOL_CALL_START');
  await panel.screenshot({ path: join(ARTIFACTS, 'local-share-armed.png') });
  // The page's next tool call pauses in the panel; the tool resumes it.
  void page.evaluate(() => window.demo.runScenario('tools'));
  await expect(panel.getByTestId('pause-bar')).toContainText('TOOL_CALL_START');
  expect((await call('resume', { source: 't1' })).data).toMatchObject({ done: 'resume' });
  expect((await call('disarm', { source: 't1' })).data).toMatchObject({ done: 'disarm' });
  await expect(panel.getByTestId('pause-armed-by-tool')).toHaveCount(0);
});

test('no longer shared: the tab leaves the MCP server\'s sources', async () => {
  await panel.getByTestId('open-settings').click();
  await panel.getByTestId('settings').getByTestId('share-tab').uncheck();
  await expect(panel.getByTestId('local-share-badge')).toHaveCount(0);
  await expect.poll(async () => (await tabs()).length).toBe(0);
});
