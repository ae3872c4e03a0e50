/**
 * Live tabs through the native messaging host, on the built CLI with real processes: `mcp --install` writes the
 * host's manifest and launcher; the launcher is started as a browser starts it and spoken to in the native messaging
 * protocol (what the extension sends when a tab is shared); `agui-devtools mcp`, driven by the MCP SDK's client,
 * lists the shared tab, answers about it as about a file, refuses control without the second opt-in, passes a
 * control request to the browser with it, and forgets the tab once it is no longer shared or the browser goes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { scenarios } from '../../demo/scenarios';
import { nativeFrame, nativeReader } from '../../src/cli/mcp/nativeHost';
import { CLI, runCli } from '../support/cli';
import { until } from '../support/poll';

let dir: string;
let home: string;
let host: ChildProcess;
let client: Client;
const fromHost: Record<string, unknown>[] = [];
const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

type Json = Record<string, unknown>;
const call = async (name: string, args: Json = {}): Promise<{ data: Json; error?: string }> => {
  const r = (await client.callTool({ name, arguments: args })) as { structuredContent?: Json; content: { text: string }[]; isError?: boolean };
  return r.isError ? { data: {}, error: r.content[0]!.text } : { data: r.structuredContent! };
};
const toHost = (m: unknown) => host.stdin!.write(nativeFrame(m));
const tabIds = async () => ((await call('list_sources')).data.sources as Json[]).filter((s) => s.kind === 'tab').map((s) => s.id);

/** The demo's broken run as the extension's records: the stream opened, its bytes, closed. */
async function capturedBroken(): Promise<Json[]> {
  const input = { threadId: 't-live', runId: 'r-live', state: {}, messages: [{ id: 'u1', role: 'user', content: 'What is the weather in Lisbon?' }], tools: [], context: [], forwardedProps: {} };
  const events = await scenarios.broken!.events(input as never);
  const sse = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const t = Date.now();
  const records = [
    { kind: 'open', id: 1, t, transport: 'fetch', format: 'sse', url: 'http://127.0.0.1:9/agent/broken', method: 'POST', status: 200, statusText: 'OK', requestHeaders: [], responseHeaders: [['content-type', 'text/event-stream']], requestBody: JSON.stringify(input), frameUrl: 'http://127.0.0.1:9/' },
    { kind: 'chunk', id: 1, t: t + 5, base64: Buffer.from(sse).toString('base64'), n: events.length },
    { kind: 'close', id: 1, t: t + 10 },
  ];
  const es = [0, 0, events.length];
  return records.map((record, seq) => ({ docKey: 'd1', frameId: 0, seq, e: es[seq], record }));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agui-mcp-live-'));
  home = join(dir, 'home');
  const env = { ...process.env, AGUI_DEVTOOLS_HOME: home };
  const installed = runCli(['mcp', '--install', '--browser', 'chromium', '--profile', join(dir, 'profile'), '--extension-id', EXTENSION_ID]);
  expect(installed.code, installed.stderr).toBe(0);
  const manifest = JSON.parse(readFileSync(join(dir, 'profile', 'NativeMessagingHosts', 'dev.agui_devtools.host.json'), 'utf8')) as Json;
  expect(manifest).toMatchObject({ name: 'dev.agui_devtools.host', type: 'stdio', allowed_origins: [`chrome-extension://${EXTENSION_ID}/`] });
  expect(statSync(manifest.path as string).mode & 0o111).not.toBe(0);
  // As the browser starts it: the launcher, with the extension's origin.
  host = spawn(manifest.path as string, [`chrome-extension://${EXTENSION_ID}/`], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const read = nativeReader((m) => fromHost.push(m as Json), () => undefined);
  host.stdout!.on('data', (chunk: Buffer) => read(chunk));
  await until(async () => (existsSync(join(home, 'live')) ? readdirSync(join(home, 'live')).length : 0), (n) => n === 1);
  client = new Client({ name: 'agui-devtools-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: 'node', args: [CLI, 'mcp'], cwd: dir, env: env as Record<string, string>, stderr: 'pipe' }));
}, 60_000);
afterAll(async () => {
  await client?.close();
  host?.kill();
  rmSync(dir, { recursive: true, force: true });
});

test('the socket folder and socket are the user\'s alone', () => {
  expect(statSync(join(home, 'live')).mode & 0o077).toBe(0);
  const sock = readdirSync(join(home, 'live'))[0]!;
  expect(statSync(join(home, 'live', sock)).mode & 0o077).toBe(0);
});

test('nothing is listed until a tab is shared; a shared tab is a source the tools answer about', async () => {
  expect(await tabIds()).toEqual([]);
  toHost({ kind: 'hello', browser: 'chromium', version: '0.1.0' });
  toHost({ kind: 'tab', tabId: 7, url: 'http://127.0.0.1:9/', shared: true, control: false });
  toHost({ kind: 'inbound', tabId: 7, message: { kind: 'navigated', tabId: 7, url: 'http://127.0.0.1:9/', t: Date.now(), preserved: false } });
  toHost({ kind: 'inbound', tabId: 7, message: { kind: 'captured', tabId: 7, items: await capturedBroken() } });
  expect(await until(tabIds, (ids) => ids.length === 1)).toEqual(['t1']);
  const source = ((await call('list_sources')).data.sources as Json[]).find((s) => s.id === 't1')!;
  expect(source).toMatchObject({ kind: 'tab', title: 'http://127.0.0.1:9/', tab: { browser: 'chromium', tabId: 7, control: false } });
  const runs = await until(async () => (await call('list_runs', { source: 't1' })).data.runs as Json[], (r) => r.length === 1);
  expect(runs[0]).toMatchObject({ runId: 'r-live', outcome: 'stopped', userMessage: 'What is the weather in Lisbon?' });
  expect((await call('problems', { source: 't1', severity: 'error' })).data.problems).toEqual(expect.arrayContaining([expect.objectContaining({ ruleId: 'text/not-open' })]));
});

test('control: refused without the second opt-in; with it, the request goes to the browser and its answer comes back', async () => {
  expect((await call('pause_on', { source: 't1', condition: 'type:TOOL_CALL_START' })).error).toMatch(/not allowed by the user/);
  toHost({ kind: 'tab', tabId: 7, url: 'http://127.0.0.1:9/', shared: true, control: true });
  toHost({ kind: 'inbound', tabId: 7, message: { kind: 'captured', tabId: 7, items: await capturedBroken() } });
  // Once the server has seen the second opt-in (the host passes it on as it comes).
  const controlled = async () => ((await call('list_sources')).data.sources as Json[]).filter((s) => s.kind === 'tab' && (s.tab as Json).control === true).map((s) => s.id as string);
  const id = await until(controlled, (ids) => ids.length === 1).then((ids) => ids[0]!);
  const asked = call('pause_on', { source: id, condition: 'type:TOOL_CALL_START' });
  const request = await until(async () => fromHost.find((m) => m.kind === 'control'), (m) => m !== undefined);
  expect(request).toMatchObject({ kind: 'control', tabId: 7, command: 'pause-on', condition: 'type:TOOL_CALL_START' });
  toHost({ kind: 'control-result', id: request!.id, ok: true, message: 'armed: type:TOOL_CALL_START' });
  expect((await asked).data).toMatchObject({ done: 'pause_on', message: 'armed: type:TOOL_CALL_START' });
  // A condition that does not parse never reaches the browser.
  expect((await call('pause_on', { source: id, condition: '/[/' })).error).toMatch(/the condition does not parse/);
});

test('a tab no longer shared, and a browser gone, leave the sources', async () => {
  toHost({ kind: 'tab', tabId: 7, shared: false });
  expect(await until(tabIds, (ids) => ids.length === 0)).toEqual([]);
  toHost({ kind: 'tab', tabId: 8, url: 'http://127.0.0.1:9/other', shared: true, control: false });
  expect(await until(tabIds, (ids) => ids.length === 1)).toHaveLength(1);
  host.stdin!.end();
  await until(async () => readdirSync(join(home, 'live')).length, (n) => n === 0);
  expect(await until(tabIds, (ids) => ids.length === 0)).toEqual([]);
  // --uninstall removes what --install wrote.
  const removed = runCli(['mcp', '--uninstall', '--browser', 'chromium', '--profile', join(dir, 'profile')]);
  expect(removed.stdout).toMatch(/removed:/);
  expect(existsSync(join(dir, 'profile', 'NativeMessagingHosts', 'dev.agui_devtools.host.json'))).toBe(false);
});
