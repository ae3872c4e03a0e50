/**
 * The demo's generative UI, made the way a real agent stack makes it: a model's streamed `render_a2ui` call (and,
 * for the broken surface, a tool result carrying an `a2ui_operations` container) run through the real
 * @ag-ui/a2ui-middleware, which turns them into `a2ui-surface` activity snapshots; and an `mcp-apps` snapshot of the
 * shape the MCP Apps middleware emits (its UI resource lives on an MCP server the demo does not run); a json-render
 * spec as a tool's result.
 */
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client';
import { Observable, lastValueFrom, toArray } from 'rxjs';

const BASIC = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

/** The weather card: a Card around a Column of two Texts bound to the data model. */
export const WEATHER_COMPONENTS = [
  { id: 'root', component: 'Card', child: 'col' },
  { id: 'col', component: 'Column', children: ['city', 'temp'] },
  { id: 'city', component: 'Text', text: { path: '/city' }, variant: 'h3' },
  { id: 'temp', component: 'Text', text: { path: '/temperature' } },
];

/** What the model streams, as the middleware passes it on with its surfaces. */
function throughMiddleware(input: RunAgentInput, model: (input: RunAgentInput) => BaseEvent[]): Promise<BaseEvent[]> {
  class Model extends AbstractAgent {
    run(i: RunAgentInput): Observable<BaseEvent> {
      return new Observable<BaseEvent>((out) => {
        for (const e of model(i)) out.next(e);
        out.complete();
      });
    }
  }
  return lastValueFrom(new A2UIMiddleware({ injectA2UITool: true }).run(input, new Model()).pipe(toArray()));
}

const run = (input: RunAgentInput) => ({ threadId: input.threadId, runId: input.runId });
const text = (messageId: string, words: string): BaseEvent[] => [
  { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent,
  ...(words.match(/\S+\s*/g) ?? []).map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta }) as BaseEvent),
  { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent,
];
const args = (toolCallId: string, value: object): BaseEvent[] =>
  (JSON.stringify(value).match(/[\s\S]{1,24}/g) ?? []).map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta }) as BaseEvent);

export function genuiEvents(input: RunAgentInput): Promise<BaseEvent[]> {
  return throughMiddleware(input, (i) => [
    { type: EventType.RUN_STARTED, ...run(i) } as BaseEvent,
    { type: EventType.TOOL_CALL_START, toolCallId: 'call-a2ui', toolCallName: 'render_a2ui' } as BaseEvent,
    ...args('call-a2ui', { surfaceId: 'weather', components: WEATHER_COMPONENTS, data: { city: 'Lisbon', temperature: '18 °C' } }),
    { type: EventType.TOOL_CALL_END, toolCallId: 'call-a2ui' } as BaseEvent,
    {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: 'mcp-app-files',
      activityType: 'mcp-apps',
      content: {
        resourceUri: 'ui://files/list',
        serverHash: '5d41402abc4b2a76b9719d911017c592',
        toolInput: { folder: '/reports' },
        result: { content: [{ type: 'text', text: '3 files in /reports' }], structuredContent: { files: ['q1.pdf', 'q2.pdf', 'q3.pdf'] } },
      },
      replace: true,
    } as BaseEvent,
    // A json-render spec (Vercel's JSON UI tree) as a tool's result: the app's own components draw it.
    { type: EventType.TOOL_CALL_START, toolCallId: 'call-sales', toolCallName: 'show_sales' } as BaseEvent,
    ...args('call-sales', { quarter: 'Q3' }),
    { type: EventType.TOOL_CALL_END, toolCallId: 'call-sales' } as BaseEvent,
    {
      type: EventType.TOOL_CALL_RESULT,
      messageId: 'tool-sales',
      toolCallId: 'call-sales',
      content: JSON.stringify({
        root: 'sales-card',
        elements: {
          'sales-card': { type: 'Card', props: { title: 'Q3 sales' }, children: ['revenue', 'growth'] },
          revenue: { type: 'Metric', props: { label: 'Revenue', value: '€1.2M' } },
          growth: { type: 'Metric', props: { label: 'Growth', value: '+8%' } },
        },
      }),
    } as BaseEvent,
    ...text('genui-reply', 'It is 18 °C in Lisbon.'),
    { type: EventType.RUN_FINISHED, ...run(i), outcome: { type: 'success' } } as BaseEvent,
  ]);
}

/** A surface the agent got wrong: its Column names a child ('temp') that no component defines. */
export function genuiBrokenEvents(input: RunAgentInput): Promise<BaseEvent[]> {
  const ops = [
    { version: 'v0.9', createSurface: { surfaceId: 'broken', catalogId: BASIC } },
    { version: 'v0.9', updateComponents: { surfaceId: 'broken', components: WEATHER_COMPONENTS.slice(0, 3) } },
    { version: 'v0.9', updateDataModel: { surfaceId: 'broken', path: '/', value: { city: 'Porto' } } },
  ];
  return throughMiddleware(input, (i) => [
    { type: EventType.RUN_STARTED, ...run(i) } as BaseEvent,
    { type: EventType.TOOL_CALL_START, toolCallId: 'call-weather', toolCallName: 'get_weather_ui' } as BaseEvent,
    ...args('call-weather', { city: 'Porto' }),
    { type: EventType.TOOL_CALL_END, toolCallId: 'call-weather' } as BaseEvent,
    { type: EventType.TOOL_CALL_RESULT, messageId: 'tool-weather', toolCallId: 'call-weather', content: JSON.stringify({ a2ui_operations: ops }) } as BaseEvent,
    ...text('genui-broken-reply', 'Here is the weather in Porto.'),
    { type: EventType.RUN_FINISHED, ...run(i), outcome: { type: 'success' } } as BaseEvent,
  ]);
}
