/**
 * MCP benchmark (`npm run bench:mcp`): on a 200,000-event session, the latency of `state_at` (its last event) and of
 * `get_events` (a page of 100 of a filter, and the next page) asked through the MCP SDK's client and server (linked
 * in memory: the protocol's own cost, not a pipe's), against the same tool function called in process, measured in
 * this run. The ratio is what the protocol adds. Target: ≤ 3x for a page of events, ≤ 3x for state_at.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../src/cli/mcp/server';
import { Sources } from '../src/cli/mcp/sources';
import * as tools from '../src/cli/mcp/tools';

const N = 200_000;
const ROUNDS = 30;

const dir = mkdtempSync(join(tmpdir(), 'agui-mcp-bench-'));
const lines = [
  JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: 'big' }),
  JSON.stringify({ type: 'STATE_SNAPSHOT', snapshot: { log: [] } }),
  JSON.stringify({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }),
];
for (let i = 0; lines.length < N - 2; i++)
  lines.push(i % 10 === 0 ? JSON.stringify({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/log/-', value: `entry ${i}` }] }) : JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: `word${i} ` }));
lines.push(JSON.stringify({ type: 'TEXT_MESSAGE_END', messageId: 'm' }), JSON.stringify({ type: 'RUN_FINISHED', threadId: 't', runId: 'big' }));
writeFileSync(join(dir, 'big.jsonl'), `${lines.join('\n')}\n`);

const read = (f: string) => new Uint8Array(readFileSync(f));
const ctx = { sources: new Sources(read, dir), read, exists: () => false, cwd: dir };
const opened = ctx.sources.open('big.jsonl');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(fn: () => unknown | Promise<unknown>): Promise<number> {
  await fn(); // warm
  const xs: number[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return median(xs);
}

const report = (what: string, value: string, target: string, ok: boolean) => console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}: ${value} (target ${target})`);

try {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(ctx, 'bench');
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(clientSide);
  const source = opened.id;
  const last = N - 1;
  const filter = 'type:TEXT_MESSAGE_CONTENT -word1';
  const first = tools.getEvents(ctx, { source, filter, limit: 100 });
  const next = first.next as string;

  const stateIn = await timed(() => tools.stateAt(ctx, { source, index: last }));
  const stateMcp = await timed(() => client.callTool({ name: 'state_at', arguments: { source, index: last } }));
  const pageIn = await timed(() => tools.getEvents(ctx, { source, filter, limit: 100, from: next }));
  const pageMcp = await timed(() => client.callTool({ name: 'get_events', arguments: { source, filter, limit: 100, from: next } }));
  console.log(`${N.toLocaleString('en')} events; medians of ${ROUNDS} calls`);
  console.log(`state_at (last event): in process ${stateIn.toFixed(2)} ms, through MCP ${stateMcp.toFixed(2)} ms`);
  console.log(`get_events (a page of 100 of a filter): in process ${pageIn.toFixed(2)} ms, through MCP ${pageMcp.toFixed(2)} ms`);
  report('state_at through MCP vs in process', `${(stateMcp / stateIn).toFixed(2)}x`, '≤ 3x', stateMcp / stateIn <= 3);
  report('get_events through MCP vs in process', `${(pageMcp / pageIn).toFixed(2)}x`, '≤ 3x', pageMcp / pageIn <= 3);
  await client.close();
  await server.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
