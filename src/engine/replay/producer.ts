/**
 * Who produced a stream, where the stream shows it: its response headers, the request the page sent (CopilotKit's
 * single-endpoint envelope), and the shapes of its events (@ag-ui/langgraph's RAW LangGraph events, @ag-ui/mastra's
 * suspended-tool interrupts, the A2UI and MCP Apps middlewares' activities). Never from the URL: a path says where
 * the page sent its request, not what answered. What nothing shows is unknown.
 */
import type { StreamInfo } from '../session/session';

export type Stack = 'copilotkit' | 'langgraph' | 'mastra' | 'a2ui' | 'mcp-apps';

/** The stacks in the order a label names them: the runtime in front, the agent, then the middlewares. */
const ORDER: readonly Stack[] = ['copilotkit', 'langgraph', 'mastra', 'a2ui', 'mcp-apps'];

export const STACK_NAMES: Record<Stack, string> = {
  copilotkit: 'CopilotKit runtime',
  langgraph: 'LangGraph (@ag-ui/langgraph)',
  mastra: 'Mastra (@ag-ui/mastra)',
  a2ui: 'A2UI middleware',
  'mcp-apps': 'MCP Apps middleware',
};

/** What kind of thing was seen (a view words it in its language from this and `detail`). */
export type ClueKind = 'header' | 'envelope' | 'raw-event' | 'raw-field' | 'mastra-interrupt' | 'mastra-custom' | 'activity';

/** One thing the stream shows about who produced it. */
export interface ProducerClue {
  stack: Stack | 'server';
  kind: ClueKind;
  /** The header (name: value), the envelope's method or the activity type it was seen in; '' where nothing more. */
  detail: string;
  /** What was seen, in a sentence (English: the CLI's and coding agents' words). */
  what: string;
  /** The event it was seen at (headers and the request: none). */
  at?: number;
  /** For `server`: the name the server gives itself. */
  name?: string;
}

export interface Producer {
  /** The stacks seen, in ORDER, by name; a server's own name when no stack shows. Empty: unknown. */
  names: string[];
  clues: ProducerClue[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const hasLangGraphKey = (v: unknown): boolean => isObj(v) && Object.keys(v).some((k) => k.startsWith('langgraph_'));

/** A LangGraph stream event as @ag-ui/langgraph forwards it: its metadata (or a messages-tuple's) names LangGraph's node. */
function isLangGraphEvent(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 2 && hasLangGraphKey(v[1]);
  return isObj(v) && hasLangGraphKey(v.metadata);
}

/** The clues in one event of a stream (cheap: most types are passed by at once). */
export function eventClue(event: Obj, at: number): ProducerClue | undefined {
  switch (event.type) {
    case 'RAW':
      if (isLangGraphEvent(event.event)) return { stack: 'langgraph', kind: 'raw-event', detail: '', what: 'RAW events carry LangGraph stream events (metadata langgraph_node)', at };
      return undefined;
    case 'RUN_FINISHED': {
      const outcome = event.outcome;
      const interrupts = isObj(outcome) && Array.isArray(outcome.interrupts) ? outcome.interrupts : [];
      if (interrupts.some((x) => isObj(x) && (x.reason === 'mastra:tool_suspend' || (isObj(x.metadata) && isObj(x.metadata.mastra)))))
        return { stack: 'mastra', kind: 'mastra-interrupt', detail: '', what: "an interrupt of reason 'mastra:tool_suspend' (a suspended Mastra tool)", at };
      return undefined;
    }
    case 'CUSTOM':
      if (event.name === 'on_interrupt' && typeof event.value === 'string' && event.value.includes('"mastra_suspend"'))
        return { stack: 'mastra', kind: 'mastra-custom', detail: '', what: "a CUSTOM on_interrupt event for a suspended Mastra tool ('mastra_suspend')", at };
      if (isLangGraphEvent(event.rawEvent)) return { stack: 'langgraph', kind: 'raw-field', detail: '', what: 'rawEvent holds a LangGraph stream event', at };
      return undefined;
    case 'ACTIVITY_SNAPSHOT':
    case 'ACTIVITY_DELTA':
      if (event.activityType === 'a2ui-surface') return { stack: 'a2ui', kind: 'activity', detail: 'a2ui-surface', what: "an 'a2ui-surface' activity", at };
      if (event.activityType === 'mcp-apps') return { stack: 'mcp-apps', kind: 'activity', detail: 'mcp-apps', what: "an 'mcp-apps' activity", at };
      return undefined;
    case 'TEXT_MESSAGE_START':
    case 'TOOL_CALL_START':
    case 'STATE_SNAPSHOT':
      if (event.rawEvent !== undefined && isLangGraphEvent(event.rawEvent)) return { stack: 'langgraph', kind: 'raw-field', detail: '', what: 'rawEvent holds a LangGraph stream event', at };
      return undefined;
    default:
      return undefined;
  }
}

/** Per stream, the first clue of each stack its events show: kept as the replay goes, one look per event. */
export class ProducerClues {
  private readonly byStream = new Map<string, ProducerClue[]>();

  see(streamId: string, event: Obj, at: number): void {
    const clue = eventClue(event, at);
    if (!clue) return;
    const list = this.byStream.get(streamId);
    if (!list) this.byStream.set(streamId, [clue]);
    else if (!list.some((c) => c.stack === clue.stack)) list.push(clue);
  }

  of(streamId: string): readonly ProducerClue[] {
    return this.byStream.get(streamId) ?? [];
  }
}

const STACK_WORDS: [RegExp, Stack][] = [
  [/copilotkit/i, 'copilotkit'],
  [/langgraph|langsmith/i, 'langgraph'],
  [/mastra/i, 'mastra'],
];

/** CopilotKit's single-endpoint envelope: `{ method: 'agent/run', params, body }` (@copilotkit/runtime's single-route handler). */
const COPILOTKIT_METHODS = new Set(['agent/run', 'agent/connect', 'agent/stop']);

/** A stream's request and response do not change once it opened: read once each. */
const transportCache = new WeakMap<StreamInfo, ProducerClue[]>();

/** What the stream's request and response say (headers, the request's envelope). */
export function transportClues(info: StreamInfo): ProducerClue[] {
  let cached = transportCache.get(info);
  if (!cached) transportCache.set(info, (cached = readTransport(info)));
  return cached;
}

function readTransport(info: StreamInfo): ProducerClue[] {
  const out: ProducerClue[] = [];
  const add = (clue: ProducerClue) => {
    if (!out.some((c) => c.stack === clue.stack)) out.push(clue);
  };
  for (const [name, value] of info.responseHeaders ?? []) {
    const lower = name.toLowerCase();
    if (lower !== 'server' && lower !== 'x-powered-by' && !lower.startsWith('x-')) continue;
    const hit = STACK_WORDS.find(([re]) => re.test(lower) || re.test(value));
    const detail = `${name}: ${value.slice(0, 80)}`;
    if (hit) add({ stack: hit[1], kind: 'header', detail, what: `the response header ${detail}` });
    else if ((lower === 'server' || lower === 'x-powered-by') && /ag-?ui|agent/i.test(value))
      add({ stack: 'server', kind: 'header', detail, name: value.slice(0, 80), what: `the response header ${detail}` });
  }
  const body = info.requestBody;
  if (body !== undefined && body.length < 1_000_000 && body.trimStart().startsWith('{') && body.includes('"method"')) {
    try {
      const envelope = JSON.parse(body) as unknown;
      if (isObj(envelope) && typeof envelope.method === 'string' && COPILOTKIT_METHODS.has(envelope.method) && isObj(envelope.body))
        add({ stack: 'copilotkit', kind: 'envelope', detail: envelope.method, what: `the request is CopilotKit's single-endpoint envelope (method '${envelope.method}')` });
    } catch {
      // Not JSON: not the envelope.
    }
  }
  return out;
}

/** Who produced a stream: its transport's clues and its events'. */
export function producerOf(info: StreamInfo | undefined, events: readonly ProducerClue[]): Producer {
  const clues = [...(info ? transportClues(info) : []), ...events];
  const stacks = ORDER.filter((s) => clues.some((c) => c.stack === s));
  const names = stacks.map((s) => STACK_NAMES[s]);
  const server = clues.find((c) => c.stack === 'server');
  // A server's own name only where no agent stack shows (a middleware alone does not say which agent answered).
  if (server?.name && !stacks.some((s) => s === 'copilotkit' || s === 'langgraph' || s === 'mastra')) names.unshift(server.name);
  return { names, clues };
}
