/**
 * Who produced a stream, on streams of each stack written from the packages' own code (the lines each fixture
 * follows are named), on the demo's, and on streams that show nothing: those are unknown, whatever their URL says.
 */
import { describe, expect, test } from 'vitest';
import { SessionQuery } from '../query/index';
import { Session } from '../session/session';
import { streamInfo } from '../session/streamInfo';
import { replaySession } from './replaySession';

const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'client-run' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'client-run' };

function queryOf(events: readonly unknown[], info: Partial<Parameters<typeof streamInfo>[1]> = {}, url = 'http://127.0.0.1:8000/agent/chat'): SessionQuery {
  const session = new Session();
  session.open(streamInfo('s', { url, ...info }));
  session.chunk('s', 1100, new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')));
  session.close('s', 1200);
  return new SessionQuery(session, replaySession(session));
}

// @ag-ui/langgraph 0.0.43, handleStreamEvents: every LangGraph stream event is forwarded as RAW { event }, the
// events it maps carry it as rawEvent, and RUN_FINISHED names the server's run id (metadata.run_id).
const lgEvent = { event: 'on_chat_model_stream', run_id: 'srv-1', metadata: { langgraph_node: 'chat', langgraph_checkpoint_ns: 'chat:1', run_id: 'srv-1' }, data: { chunk: { id: 'ai-1', content: 'Hi' } } };
const langgraph = [
  RS,
  { type: 'STEP_STARTED', stepName: 'chat' },
  { type: 'TEXT_MESSAGE_START', messageId: 'ai-1', role: 'assistant', rawEvent: lgEvent },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'ai-1', delta: 'Hi', rawEvent: lgEvent },
  { type: 'RAW', event: lgEvent },
  { type: 'TEXT_MESSAGE_END', messageId: 'ai-1' },
  { type: 'STEP_FINISHED', stepName: 'chat' },
  { ...RF, runId: 'srv-1' },
];

// @ag-ui/mastra 1.1.2, onToolSuspended: a CUSTOM on_interrupt event, then RUN_FINISHED with an interrupt of reason
// 'mastra:tool_suspend' (emitInterruptOutcome).
const mastra = [
  RS,
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'approve' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"amount":5}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'CUSTOM', name: 'on_interrupt', value: JSON.stringify({ type: 'mastra_suspend', toolCallId: 'c1', toolName: 'approve', suspendPayload: {}, args: { amount: 5 }, runId: 'client-run' }) },
  { ...RF, outcome: { type: 'interrupt', interrupts: [{ id: 'client-run::c1', reason: 'mastra:tool_suspend', toolCallId: 'c1', metadata: { mastra: { type: 'mastra_suspend', toolName: 'approve', runId: 'client-run' } } }] } },
];

// @ag-ui/a2ui-middleware: surfaces as 'a2ui-surface' activities; the MCP Apps middleware: 'mcp-apps' ones.
const middlewares = [
  RS,
  { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'a2ui-surface', content: { operations: [] } },
  { type: 'ACTIVITY_SNAPSHOT', messageId: 'a2', activityType: 'mcp-apps', content: { resourceUri: 'ui://x' } },
  RF,
];

const plain = [RS, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' }, { type: 'TEXT_MESSAGE_END', messageId: 'm1' }, RF];

describe('who produced the stream', () => {
  test('LangGraph: from its RAW events, at the first event that shows it; its RUN_FINISHED names the server\'s run (a warning), and the run still closes', () => {
    const q = queryOf(langgraph);
    const p = q.producerOf('s');
    expect(p.names).toEqual(['LangGraph (@ag-ui/langgraph)']);
    expect(p.clues[0]).toMatchObject({ stack: 'langgraph', at: 2 });
    expect(q.runs()[0]).toMatchObject({ producer: ['LangGraph (@ag-ui/langgraph)'], outcome: 'done' });
    const finished = q.problems().filter((x) => x.ruleId === 'run/finished-other-id');
    expect(finished).toEqual([expect.objectContaining({ severity: 'warning', eventIndex: 7 })]);
    expect(finished[0]!.message).toContain("'srv-1'");
    expect(q.problems().filter((x) => x.severity === 'error')).toEqual([]);
  });

  test('Mastra: from its suspended-tool interrupt', () => {
    const p = queryOf(mastra).producerOf('s');
    expect(p.names).toEqual(['Mastra (@ag-ui/mastra)']);
    expect(p.clues[0]).toMatchObject({ stack: 'mastra', at: 4 });
  });

  test('CopilotKit: from the single-endpoint envelope the page sent; with LangGraph behind it, both', () => {
    const envelope = JSON.stringify({ method: 'agent/run', params: { agentId: 'default' }, body: { threadId: 't', runId: 'client-run', messages: [] } });
    expect(queryOf(plain, { requestBody: envelope }).producerOf('s').names).toEqual(['CopilotKit runtime']);
    expect(queryOf(langgraph, { requestBody: envelope }).producerOf('s').names).toEqual(['CopilotKit runtime', 'LangGraph (@ag-ui/langgraph)']);
    // A body that merely has a "method" is not the envelope.
    expect(queryOf(plain, { requestBody: JSON.stringify({ method: 'POST', body: {} }) }).producerOf('s').names).toEqual([]);
  });

  test('the middlewares, from their activities', () => {
    expect(queryOf(middlewares).producerOf('s').names).toEqual(['A2UI middleware', 'MCP Apps middleware']);
  });

  test('response headers: a stack named in one, or a server that says it is an agent (the demo)', () => {
    expect(queryOf(plain, { responseHeaders: [['X-Mastra-Version', '0.10.1']] }).producerOf('s').names).toEqual(['Mastra (@ag-ui/mastra)']);
    const demo = queryOf(plain, { responseHeaders: [['content-type', 'text/event-stream'], ['x-powered-by', 'AG-UI DevTools demo agent (@ag-ui/encoder)']] });
    expect(demo.producerOf('s').names).toEqual(['AG-UI DevTools demo agent (@ag-ui/encoder)']);
    // A web framework is not an AG-UI producer.
    expect(queryOf(plain, { responseHeaders: [['x-powered-by', 'Express']] }).producerOf('s').names).toEqual([]);
  });

  test('nothing shows: unknown, even where the URL names a stack', () => {
    const q = queryOf(plain, {}, 'http://127.0.0.1:8123/langgraph/mastra/copilotkit');
    expect(q.producerOf('s')).toEqual({ names: [], clues: [] });
    expect(q.runs()[0]!.producer).toEqual([]);
  });
});
