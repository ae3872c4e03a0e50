/**
 * Sharing a tab with local tools (issue 59), in Firefox: the native messaging host installed with `mcp --install
 * --browser firefox` into a home folder of the test's own (Firefox reads user-level hosts from ~/.mozilla); the
 * optional `nativeMessaging` permission asked for when the user shares (granted here without a prompt by the
 * browser's pref for optional permissions); the demo run live. The MCP SDK's client lists the tab, gets its runs and
 * the broken run's problem, arms a pause on a tool call once control is allowed, and sees the tab go.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { CLI, runCli } from '../support/cli';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { textOf, until } from '../support/poll';

let dir: string;
let demo: DemoServer;
let firefox: FirefoxWithExtension;
let page: Page;
let panel: Page;
let client: Client;

type Json = Record<string, unknown>;
const call = async (name: string, args: Json = {}): Promise<{ data: Json; error?: string }> => {
  const r = (await client.callTool({ name, arguments: args })) as { structuredContent?: Json; content: { text: string }[]; isError?: boolean };
  return r.isError ? { data: {}, error: r.content[0]!.text } : { data: r.structuredContent! };
};
const tabs = async () => ((await call('list_sources')).data.sources as Json[]).filter((s) => s.kind === 'tab');
const click = (selector: string) => panel.evaluate((s: string) => document.querySelector<HTMLElement>(s)!.click(), selector);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agui-share-ff-'));
  const home = join(dir, 'agui');
  const installed = runCli(['mcp', '--install', '--browser', 'firefox', '--profile', join(dir, 'home')], undefined, { AGUI_DEVTOOLS_HOME: home });
  expect(installed.code, installed.stderr).toBe(0);
  demo = await startDemoServer({ delayMs: 5 });
  firefox = await launchFirefox({ prefs: { 'extensions.webextOptionalPermissionPrompts': false }, env: { HOME: join(dir, 'home') } });
  page = await firefox.browser.newPage();
  await page.goto(`${demo.url}/`);
  await page.evaluate(() => window.demo.runScenario('chat'));
  panel = await firefox.openPanel(await firefox.tabIdOf(page));
  client = new Client({ name: 'agui-devtools-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: 'node', args: [CLI, 'mcp'], env: { ...process.env, AGUI_DEVTOOLS_HOME: home } as Record<string, string>, stderr: 'pipe' }));
}, 120_000);
afterAll(async () => {
  await client?.close();
  await firefox?.close();
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('Firefox: a tab shared from the ⚙ menu is listed with its runs and problems; with control, a pause on a tool call is armed; unshared, it goes', async () => {
  expect(await tabs()).toEqual([]);
  await click('[data-testid=open-settings]');
  // A real click: the permission request needs the user's gesture.
  await (await panel.waitForSelector('[data-testid=share-tab]'))!.click();
  expect(await until(() => textOf(panel, '[data-testid=local-share-status]'), (t) => t !== '')).toBe('Reached agui-devtools on this computer.');
  expect(await until(async () => (await tabs()).length, (n) => n === 1)).toBe(1);
  const id = (await tabs())[0]!.id as string;
  expect((await tabs())[0]).toMatchObject({ kind: 'tab', tab: { browser: 'firefox', control: false } });
  await page.evaluate(() => window.demo.runScenario('broken'));
  expect(await until(async () => ((await call('list_runs', { source: id })).data.runs as Json[]).map((r) => r.outcome), (o) => o.length === 2)).toEqual(['done', 'stopped']);
  expect((await call('problems', { source: id, rule: 'text/not-open' })).data).toMatchObject({ total: 1 });
  // Control: refused, then allowed.
  expect((await call('pause_on', { source: id, condition: 'type:TOOL_CALL_START' })).error).toMatch(/not allowed by the user/);
  await click('[data-testid=share-control]');
  await until(async () => ((await tabs())[0]?.tab as Json | undefined)?.control, (c) => c === true);
  expect((await call('pause_on', { source: id, condition: 'type:TOOL_CALL_START' })).data).toMatchObject({ message: 'armed: type:TOOL_CALL_START' });
  expect(await until(() => textOf(panel, '[data-testid=pause-armed-by-tool]'), (t) => t !== '')).toContain('A local tool armed Pause on type:TOOL_CALL_START');
  expect((await call('disarm', { source: id })).data).toMatchObject({ done: 'disarm' });
  await click('[data-testid=share-tab]');
  expect(await until(async () => (await tabs()).length, (n) => n === 0)).toBe(0);
});
