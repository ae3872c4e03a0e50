/**
 * `agui-devtools mcp [FILE...]`: the debugger's answers for coding agents, as an MCP server on stdio built with the
 * official SDK. Each tool takes a JSON schema (zod) and answers structured JSON (`structuredContent`, and the same
 * as text). A tool that cannot answer (an unknown source, an index out of range, a file that cannot be read, a filter
 * that does not parse) is a tool error with a clear message; the server keeps serving.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';
import { InputError } from '../../engine/io/readInput';
import { LiveTabs } from './live';
import { Sources } from './sources';
import * as tools from './tools';
import { UNTRUSTED, type ToolContext } from './tools';

export const MCP_TOOLS = [
  'list_sources',
  'open_file',
  'list_runs',
  'get_events',
  'get_event',
  'state_at',
  'messages_at',
  'problems',
  'compare',
  'lint',
  'pause_on',
  'step',
  'resume',
  'disarm',
] as const;

const source = z.string().describe('A source id from list_sources or open_file (f1, f2, …)');
const index = z.number().int().min(0).describe('An event index of the source (0 = its first event)');
const cursor = z.string().optional().describe('The `next` cursor of the previous page');
const limit = z.number().int().min(1).max(1000).optional().describe('At most this many items (default 100)');

const INSTRUCTIONS = `AG-UI DevTools: the events of AG-UI streams (files opened here, and browser tabs the user shares with local tools from the AG-UI panel), replayed with @ag-ui/client's semantics, as the browser panel shows them. Open a file with open_file, then ask list_runs, get_events (the panel's filter language), get_event, state_at, messages_at, problems, compare, lint. Results are bounded: a \`next\` cursor goes on, \`truncated\` says what was cut. ${UNTRUSTED}`;

/** The server, its tools answering from `ctx`. */
export function createMcpServer(ctx: ToolContext, version: string): McpServer {
  const server = new McpServer({ name: 'agui-devtools', version }, { instructions: INSTRUCTIONS });
  const answer = async (fn: () => Record<string, unknown> | Promise<Record<string, unknown>>) => {
    try {
      // The live tabs as they are shared now (files are as opened).
      await ctx.sources.refresh();
      const result = await fn();
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }], structuredContent: result };
    } catch (error) {
      // A located, expected failure is the tool's answer; anything else is a bug worth its message too.
      const message = error instanceof InputError ? error.message : `internal error: ${(error as Error)?.message ?? String(error)}`;
      return { content: [{ type: 'text' as const, text: message }], isError: true };
    }
  };
  const describe = (what: string) => `${what} ${UNTRUSTED}`;

  server.registerTool('list_sources', { description: describe('The open sources: id, title, format, streams, events, runs, problems by severity.'), inputSchema: {} }, () =>
    answer(() => tools.listSources(ctx)),
  );
  server.registerTool(
    'open_file',
    { description: describe('Opens any input the CLI reads (an AG-UI DevTools session, HAR, JSON array, JSONL, SSE text, protobuf dump) as a source; reading it again refreshes it.'), inputSchema: { path: z.string().describe('A file path, relative to the server\'s working directory') } },
    (args) => answer(() => tools.openFile(ctx, args)),
  );
  server.registerTool(
    'list_runs',
    { description: describe("The Runs table's rows: run id, thread, the user message it answers, outcome (\"stopped\" with stoppedAt where the page's client stopped it), start, duration, TTFT, events, tool calls, tokens, problems, producer."), inputSchema: { source } },
    (args) => answer(() => tools.listRuns(ctx, args)),
  );
  server.registerTool(
    'get_events',
    {
      description: describe('Events in the panel\'s filter language (e.g. "type:TOOL_CALL_START tool:search -TEXT_MESSAGE_CONTENT", "run:abc", "changed:any", "/regex/"), a page at a time: index, time, type, run, thread, ids and a short preview each.'),
      inputSchema: { source, filter: z.string().optional().describe('The filter (empty: every event)'), from: cursor, limit },
    },
    (args) => answer(() => tools.getEvents(ctx, args)),
  );
  server.registerTool(
    'get_event',
    { description: describe('One whole event: as sent, its raw frame, its problems with the rule\'s spec passage, what the client changed, its stream.'), inputSchema: { source, index } },
    (args) => answer(() => tools.getEvent(ctx, args)),
  );
  server.registerTool(
    'state_at',
    { description: describe("The state the page's client held as of an event, in that event's thread (the State tab's answer)."), inputSchema: { source, index } },
    (args) => answer(() => tools.stateAt(ctx, args)),
  );
  server.registerTool(
    'messages_at',
    { description: describe("The messages the page's client held as of an event, in that event's thread (the Messages tab's answer)."), inputSchema: { source, index } },
    (args) => answer(() => tools.messagesAt(ctx, args)),
  );
  server.registerTool(
    'problems',
    {
      description: describe('Protocol problems, located: rule id, severity, message, the spec passage, the event; counts and first event per rule.'),
      inputSchema: { source, severity: z.enum(['error', 'warning', 'info']).optional(), rule: z.string().optional().describe('A rule id, e.g. text/not-open (RULES.md)'), from: cursor, limit },
    },
    (args) => answer(() => tools.problems(ctx, args)),
  );
  const side = z.object({ source, run: z.string().optional().describe('A run id (all runs of the source when left out)') });
  server.registerTool(
    'compare',
    { description: describe('Run A against run B as Compare and `diff` do: the first divergence, events, messages, final state, problems and metrics.'), inputSchema: { a: side, b: side } },
    (args) => answer(() => tools.compare(ctx, args)),
  );
  server.registerTool(
    'lint',
    {
      description: describe("The CLI's lint: problems per file (paths or quoted globs), with the config found upward or given."),
      inputSchema: { paths: z.array(z.string()).min(1), config: z.string().optional().describe('An agui.config.json (default: the nearest one upward)') },
    },
    (args) => answer(() => tools.lint(ctx, args)),
  );
  for (const [name, what] of [
    ['pause_on', 'Arms Pause on… in a live tab shared with local tools, when the user let local tools pause and step.'],
    ['step', 'Lets one held event through in a paused live tab (same consent).'],
    ['resume', 'Lets every held event through and goes on (same consent).'],
    ['disarm', 'Disarms Pause on… in a live tab (same consent).'],
  ] as const) {
    const inputSchema: z.ZodRawShape = name === 'pause_on' ? { source, condition: z.string().describe('A filter-language condition, e.g. type:TOOL_CALL_START') } : { source };
    server.registerTool(name, { description: describe(what), inputSchema }, (args) => answer(() => tools.control(ctx, name, args as { source: string; condition?: string })));
  }
  return server;
}

/** Runs the server on stdio until its input closes. Files given on the command line are open from the start. */
export async function serveMcp(files: readonly string[], ctx: Omit<ToolContext, 'sources'>, version: string): Promise<number> {
  const sources = new Sources(ctx.read, ctx.cwd, new LiveTabs());
  for (const f of files) sources.open(f);
  const server = createMcpServer({ ...ctx, sources }, version);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.close();
  sources.live?.close();
  return 0;
}
