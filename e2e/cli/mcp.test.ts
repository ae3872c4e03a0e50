/**
 * `agui-devtools mcp` on the built CLI, driven by the MCP SDK's own client over stdio: the tools it lists, each tool
 * on demo sessions recorded over real HTTP giving what the CLI and the engine give, bad input answered as a tool error
 * while the server keeps serving, and a 200,000-event session paged within the byte budget.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { RESULT_BUDGET } from '../../src/cli/mcp/bounded';
import { MCP_TOOLS } from '../../src/cli/mcp/server';
import { CLI, runCli } from '../support/cli';
import { recordDemo } from '../support/demoRecord';

let dir: string;
let demo: DemoServer;
let client: Client;

type Json = Record<string, unknown>;
const call = async (name: string, args: Json = {}): Promise<{ data: Json; error?: string }> => {
  const r = (await client.callTool({ name, arguments: args })) as { structuredContent?: Json; content: { text: string }[]; isError?: boolean };
  if (r.isError) return { data: {}, error: r.content[0]!.text };
  // The text is the same JSON as the structured content.
  expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent);
  return { data: r.structuredContent! };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agui-mcp-'));
  demo = await startDemoServer({ port: 0, delayMs: 0 });
  writeFileSync(join(dir, 'today.agui.json'), JSON.stringify(await recordDemo(demo.url, ['chat', 'tools', 'state', 'broken'], 'text/event-stream', 'What is the weather in Lisbon?')));
  writeFileSync(join(dir, 'yesterday.agui.json'), JSON.stringify(await recordDemo(demo.url, ['chat', 'tools', 'state'], 'text/event-stream', 'What is the weather in Lisbon?')));
  writeFileSync(join(dir, 'garbage.agui.json'), 'hello there');
  client = new Client({ name: 'agui-devtools-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: 'node', args: [CLI, 'mcp', 'today.agui.json'], cwd: dir, stderr: 'pipe' }));
}, 60_000);
afterAll(async () => {
  await client?.close();
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('agui-devtools mcp', () => {
  test('tools/list names exactly the tools, each with an object schema and a description that calls event content untrusted', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOLS].sort());
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.description, t.name).toMatch(/untrusted data/);
    }
    const events = tools.find((t) => t.name === 'get_events')!;
    expect(Object.keys(events.inputSchema.properties ?? {}).sort()).toEqual(['filter', 'from', 'limit', 'source']);
  });

  test('the file given on the command line is a source; runs, problems, state and messages are what the CLI says', async () => {
    const { data } = await call('list_sources');
    expect(data.sources).toEqual([expect.objectContaining({ id: 'f1', kind: 'file', title: 'today.agui.json', format: 'session', streams: 4 })]);
    // Runs: the CLI's summary, the broken run stopped by the page's client where the CLI says.
    const runs = (await call('list_runs', { source: 'f1' })).data.runs as Json[];
    const summary = JSON.parse(runCli(['replay', 'today.agui.json', '--summary', '--format', 'json'], dir).stdout) as Json[];
    expect(runs.map((r) => [r.runId, r.stoppedAt ?? null])).toEqual(summary.map((r) => [r.runId, r.stoppedAt ?? null]));
    expect(runs.at(-1)).toMatchObject({ runId: 'r-broken', outcome: 'stopped', userMessage: 'What is the weather in Lisbon?', producer: ['AG-UI DevTools demo agent (@ag-ui/encoder)'] });
    // Problems: lint's, at the same indices.
    const problems = (await call('problems', { source: 'f1', limit: 1000 })).data.problems as Json[];
    const linted = JSON.parse(runCli(['lint', 'today.agui.json', '--format', 'json'], dir).stdout) as Json[];
    expect(problems.map((p) => [p.ruleId, p.eventIndex])).toEqual(linted.map((p) => [p.ruleId, p.eventIndex]));
    const notOpen = (await call('problems', { source: 'f1', rule: 'text/not-open' })).data;
    expect(notOpen).toMatchObject({ total: 1, problems: [{ ruleId: 'text/not-open', severity: 'error', passage: { heading: 'TextMessageContent' } }] });
    // State and messages as of an event: replay --at's.
    const total = (data.sources as Json[])[0]!.events as number;
    for (const at of [5, Math.floor(total / 2), total - 1]) {
      const replayed = JSON.parse(runCli(['replay', 'today.agui.json', '--at', String(at), '--json'], dir).stdout) as Json;
      expect((await call('state_at', { source: 'f1', index: at })).data.state, `state at ${at}`).toEqual(replayed.state);
      expect((await call('messages_at', { source: 'f1', index: at })).data.messages, `messages at ${at}`).toEqual(replayed.messages);
    }
    // Where the client stopped, the answer says so.
    expect((await call('state_at', { source: 'f1', index: total - 1 })).data.clientStop).toMatchObject({ ruleId: 'text/not-open' });
  });

  test('get_events pages through the filter language; get_event gives the whole event with its problems and passage', async () => {
    const first = (await call('get_events', { source: 'f1', filter: 'type:TEXT_MESSAGE_CONTENT', limit: 5 })).data;
    const rows = first.events as Json[];
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.type === 'TEXT_MESSAGE_CONTENT')).toBe(true);
    const second = (await call('get_events', { source: 'f1', filter: 'type:TEXT_MESSAGE_CONTENT', limit: 5, from: first.next })).data;
    expect((second.events as Json[])[0]!.index).toBeGreaterThan(rows[4]!.index as number);
    expect(first.matching).toBe(second.matching);
    const broken = (await call('get_events', { source: 'f1', filter: 'run:r-broken type:TEXT_MESSAGE_CONTENT' })).data.events as Json[];
    const late = broken.at(-1)!;
    const event = (await call('get_event', { source: 'f1', index: late.index })).data;
    expect(event).toMatchObject({ type: 'TEXT_MESSAGE_CONTENT', event: { delta: ' And warm.' }, stream: { producer: ['AG-UI DevTools demo agent (@ag-ui/encoder)'] } });
    expect(event.problems).toEqual([expect.objectContaining({ ruleId: 'text/not-open', severity: 'error', passage: expect.objectContaining({ summary: expect.any(String) }) })]);
  });

  test('compare: the first divergence diff gives', async () => {
    expect((await call('open_file', { path: 'yesterday.agui.json' })).data.source).toMatchObject({ id: 'f2' });
    const c = (await call('compare', { a: { source: 'f2', run: 'r-state' }, b: { source: 'f1', run: 'r-broken' } })).data;
    const diff = JSON.parse(runCli(['diff', 'yesterday.agui.json', 'today.agui.json', '--run-a', 'r-state', '--run-b', 'r-broken', '--format', 'json'], dir).stdout) as Json;
    expect(c.equivalent).toBe(false);
    expect(c.firstDivergence).toEqual(diff.firstDivergence);
    expect(c.state).toEqual(diff.state);
  });

  test('lint: the CLI\'s result', async () => {
    const r = (await call('lint', { paths: ['today.agui.json', 'yesterday.agui.json'] })).data;
    expect(r.failed).toBe(true);
    const linted = JSON.parse(runCli(['lint', 'today.agui.json', 'yesterday.agui.json', '--format', 'json'], dir).stdout) as Json[];
    const errorsOf = (file: string) => linted.filter((p) => p.file === file && p.severity === 'error').length;
    expect((r.files as Json[]).map((f) => [f.file, f.errors])).toEqual([
      ['today.agui.json', errorsOf('today.agui.json')],
      ['yesterday.agui.json', 0],
    ]);
    expect(errorsOf('today.agui.json')).toBeGreaterThan(0);
    expect((r.problems as Json[]).map((p) => [p.file, p.ruleId, p.eventIndex])).toEqual(linted.map((p) => [p.file, p.ruleId, p.eventIndex]));
  });

  test('bad input is a tool error that says what is wrong, and the server goes on serving', async () => {
    expect((await call('list_runs', { source: 'f9' })).error).toMatch(/no source "f9" \(open: f1, f2\)/);
    expect((await call('state_at', { source: 'f1', index: 10_000_000 })).error).toMatch(/index 10000000 is out of range: f1 has [\d,]+ events/);
    expect((await call('open_file', { path: 'garbage.agui.json' })).error).toMatch(/^garbage\.agui\.json: Cannot tell the format/);
    expect((await call('open_file', { path: 'nowhere.json' })).error).toBe('cannot read nowhere.json: no such file');
    expect((await call('get_events', { source: 'f1', filter: '/[/' })).error).toMatch(/^the filter does not parse: \/\[\/: /);
    expect((await call('get_events', { source: 'f1', from: 'abc' })).error).toMatch(/from is a cursor/);
    expect((await call('pause_on', { source: 'f1', condition: 'type:TOOL_CALL_START' })).error).toMatch(/f1 is a file/);
    // A schema the arguments do not fit: the SDK's own error, as a tool error.
    expect((await call('state_at', { source: 'f1', index: -1 })).error).toBeDefined();
    expect(((await call('list_sources')).data.sources as Json[]).map((s) => s.id)).toEqual(['f1', 'f2']);
  });

  test('a 200,000-event session: get_events pages and state_at its last event, each within the byte budget', async () => {
    const n = 200_000;
    const lines = [
      JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: 'big' }),
      JSON.stringify({ type: 'STATE_SNAPSHOT', snapshot: { log: [] } }),
      JSON.stringify({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }),
    ];
    for (let i = 0; lines.length < n - 2; i++)
      lines.push(i % 10 === 0 ? JSON.stringify({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/log/-', value: `entry ${i} ${'x'.repeat(40)}` }] }) : JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: `word${i} ` }));
    lines.push(JSON.stringify({ type: 'TEXT_MESSAGE_END', messageId: 'm' }), JSON.stringify({ type: 'RUN_FINISHED', threadId: 't', runId: 'big' }));
    writeFileSync(join(dir, 'big.jsonl'), `${lines.join('\n')}\n`);
    const opened = (await call('open_file', { path: 'big.jsonl' })).data.source as Json;
    expect(opened.events).toBe(n);
    const id = opened.id as string;
    let from: string | undefined;
    for (let page = 0; page < 3; page++) {
      const r = await client.callTool({ name: 'get_events', arguments: { source: id, limit: 1000, ...(from && { from }) } });
      expect(JSON.stringify(r.structuredContent).length).toBeLessThanOrEqual(RESULT_BUDGET + 4096);
      from = (r.structuredContent as Json).next as string;
      expect(from).toBeDefined();
    }
    const last = await client.callTool({ name: 'state_at', arguments: { source: id, index: n - 1 } });
    const text = JSON.stringify(last.structuredContent);
    expect(text.length).toBeLessThanOrEqual(RESULT_BUDGET + 4096);
    // The state is longer than the budget: cut, and the cut said.
    expect((last.structuredContent as Json).truncated).toMatchObject({ items: expect.any(Number) });
  }, 120_000);
});
