import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client';
import { Observable, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { replayValues } from '../replay/fromEvents';
import { A2UI_ACTIVITY, type ActivityLike, bindingsOf, readAt, readSurfaces, surfaceFindings, surfaceTree } from './a2ui';
import { BASIC_CATALOG_ID } from './a2uiCatalog';
import { readMcpApps } from './mcpApps';

type Obj = Record<string, unknown>;
const v9 = (op: Obj): Obj => ({ version: 'v0.9', ...op });
const create = (surfaceId = 's') => v9({ createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID } });
const components = (list: Obj[], surfaceId = 's') => v9({ updateComponents: { surfaceId, components: list } });
const data = (value: unknown, path?: string, surfaceId = 's') => v9({ updateDataModel: { surfaceId, ...(path !== undefined && { path }), value } });
const activity = (id: string, ops: Obj[]): ActivityLike => ({ id, activityType: A2UI_ACTIVITY, content: { a2ui_operations: ops } });
const WEATHER = [
  { id: 'root', component: 'Card', child: 'col' },
  { id: 'col', component: 'Column', children: ['city', 'temp'] },
  { id: 'city', component: 'Text', text: { path: '/city' } },
  { id: 'temp', component: 'Text', text: { path: '/weather/temperature' }, variant: 'h2' },
];

describe('surfaces built from A2UI operations', () => {
  it('create, components in two updates, the data model at / and at a sub-path, then delete', () => {
    const ops = [create(), components(WEATHER.slice(0, 2)), components(WEATHER.slice(2)), data({ city: 'Lisbon', weather: { temperature: '17 °C' } }), data('18 °C', '/weather/temperature')];
    const { surfaces, findings } = readSurfaces([activity('a1', ops)]);
    expect(findings).toEqual([]);
    const s = surfaces.get('s')!;
    expect([...s.components.keys()]).toEqual(['root', 'col', 'city', 'temp']);
    expect(s.dataModel).toEqual({ city: 'Lisbon', weather: { temperature: '18 °C' } });
    expect(s.ops.map((o) => o.kind)).toEqual(['createSurface', 'updateComponents', 'updateComponents', 'updateDataModel', 'updateDataModel']);
    expect(surfaceFindings(s)).toEqual([]);
    const { root, unreachable } = surfaceTree(s);
    expect(unreachable).toEqual([]);
    expect(root!.children[0]!.children.map((n) => [n.id, n.component!.type])).toEqual([
      ['city', 'Text'],
      ['temp', 'Text'],
    ]);
    expect(bindingsOf(s.components.get('temp')!.props)).toEqual([{ at: 'text', path: '/weather/temperature' }]);
    expect(readAt(s.dataModel, '/weather/temperature')).toEqual({ found: true, value: '18 °C' });
    // The operations' own values are not changed by the writes after them.
    expect((ops[3]!.updateDataModel as { value: { weather: object } }).value.weather).toEqual({ temperature: '17 °C' });
    const deleted = readSurfaces([activity('a1', [...ops, v9({ deleteSurface: { surfaceId: 's' } })]), activity('a2', [data('x', '/city')])]);
    expect(deleted.surfaces.get('s')!.deleted).toBe(true);
    expect(deleted.findings.map((f) => [f.ruleId, f.messageId])).toEqual([['a2ui/surface-not-created', 'a2']]);
  });

  it('a later message updates a surface an earlier one created; a createSurface makes it again from nothing', () => {
    const later = readSurfaces([activity('a1', [create(), components(WEATHER), data({ city: 'Lisbon' })]), activity('a2', [data({ temperature: '9 °C' }, '/weather')])]);
    expect(later.findings).toEqual([]);
    expect(later.surfaces.get('s')!.dataModel).toEqual({ city: 'Lisbon', weather: { temperature: '9 °C' } });
    const again = readSurfaces([activity('a1', [create(), components(WEATHER)]), activity('a2', [create(), components([{ id: 'root', component: 'Text', text: 'new' }])])]);
    expect([...again.surfaces.get('s')!.components.keys()]).toEqual(['root']);
  });

  it('as of any event: the surface before and after its data, through the replay', () => {
    const snapshot = (ops: Obj[]) => ({ type: 'ACTIVITY_SNAPSHOT', messageId: 'a2ui-surface-c1', activityType: A2UI_ACTIVITY, content: { a2ui_operations: ops }, replace: true });
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      snapshot([create(), components(WEATHER)]),
      snapshot([create(), components(WEATHER), data({ city: 'Lisbon', weather: { temperature: '18 °C' } })]),
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const { replay } = replayValues(events);
    const at = (i: number) => readSurfaces(replay.at(i).messages as unknown as ActivityLike[]).surfaces.get('s')!;
    expect(readAt(at(1).dataModel, '/weather/temperature').found).toBe(false);
    expect(readAt(at(2).dataModel, '/weather/temperature').value).toBe('18 °C');
    // The half-built surface at #1 is not a problem: it is judged as the run left it.
    expect(replay.problems).toEqual([]);
  });

  it('a surface the run leaves broken: its problems at the last event that changed it', () => {
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'm', activityType: A2UI_ACTIVITY, content: { a2ui_operations: [create(), components([{ id: 'root', component: 'Column', children: ['a', 'ghost'] }, { id: 'a', component: 'Text', text: { path: '/x' } }])] } },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const { replay } = replayValues(events);
    expect(replay.problems.map((p) => [p.ruleId, p.eventIndex, p.path?.join('/')])).toEqual([
      ['a2ui/missing-child', 1, 'content/a2ui_operations/1/updateComponents/components/0'],
      ['a2ui/unbound-path', 1, 'content/a2ui_operations/1/updateComponents/components/1'],
    ]);
  });
});

describe('MCP apps', () => {
  it('reads the resource, the input, the text and structured content of the result', () => {
    const { apps, findings } = readMcpApps([
      {
        id: 'app1',
        activityType: 'mcp-apps',
        content: { resourceUri: 'ui://weather/card', serverHash: 'abc', toolInput: { city: 'Lisbon' }, result: { content: [{ type: 'text', text: '18 °C' }], structuredContent: { temperature: 18 } } },
      },
    ]);
    expect(findings).toEqual([]);
    expect(apps).toEqual([{ messageId: 'app1', resourceUri: 'ui://weather/card', serverHash: 'abc', toolInput: { city: 'Lisbon' }, result: expect.any(Object), text: '18 °C', structuredContent: { temperature: 18 } }]);
  });
});

/** A fake agent that answers with one streamed render_a2ui call, as a model would make it. */
class RenderingAgent extends AbstractAgent {
  run(input: RunAgentInput): Observable<BaseEvent> {
    const args = JSON.stringify({
      surfaceId: 'weather',
      components: WEATHER,
      data: { city: 'Lisbon', weather: { temperature: '18 °C' } },
    });
    const pieces = args.match(/.{1,40}/g)!;
    return new Observable<BaseEvent>((out) => {
      out.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent);
      out.next({ type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'render_a2ui' } as BaseEvent);
      for (const delta of pieces) out.next({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta } as BaseEvent);
      out.next({ type: EventType.TOOL_CALL_END, toolCallId: 'c1' } as BaseEvent);
      out.next({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent);
      out.complete();
    });
  }
}

it("the A2UI middleware's own output (@ag-ui/a2ui-middleware: building, then the painted surface) has no problem, and draws the card", async () => {
  const middleware = new A2UIMiddleware({ injectA2UITool: true });
  const input: RunAgentInput = { threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
  const events = await lastValueFrom(middleware.run(input, new RenderingAgent()).pipe(toArray()));
  const snapshots = events.filter((e) => e.type === EventType.ACTIVITY_SNAPSHOT);
  expect(snapshots.length).toBeGreaterThanOrEqual(2);
  const { replay } = replayValues(events);
  expect(replay.problems.map((p) => `${p.ruleId} #${p.eventIndex}: ${p.message}`)).toEqual([]);
  const s = readSurfaces(replay.at(events.length - 1).messages as unknown as ActivityLike[]).surfaces.get('weather')!;
  expect(readAt(s.dataModel, '/weather/temperature').value).toBe('18 °C');
  expect(surfaceTree(s).root!.component!.type).toBe('Card');
});

describe('json-render specs', () => {
  it('found in a tool result, a fenced assistant message and tool arguments; ids no element defines listed', async () => {
    const { jsonRenderSpecs } = await import('./jsonRender');
    const spec = { root: 'card', elements: { card: { type: 'Card', props: { title: 'Sales' }, children: ['metric', 'ghost'] }, metric: { type: 'Metric', props: { label: 'Revenue' } } } };
    const found = jsonRenderSpecs([
      { id: 't1', role: 'tool', toolCallId: 'c1', content: JSON.stringify(spec) },
      { id: 'a1', role: 'assistant', content: `Here it is:\n\`\`\`json\n${JSON.stringify({ spec })}\n\`\`\`` },
      { id: 'a2', role: 'assistant', toolCalls: [{ id: 'c2', type: 'function', function: { name: 'show', arguments: JSON.stringify(spec) } }] },
      { id: 'a3', role: 'assistant', content: 'Just text, {"root": 1}' },
    ]);
    expect(found.map((s) => [s.messageId, s.where, s.toolCallId, s.root, [...s.elements.keys()], s.missing])).toEqual([
      ['t1', 'tool-result', 'c1', 'card', ['card', 'metric'], ['ghost']],
      ['a1', 'text', undefined, 'card', ['card', 'metric'], ['ghost']],
      ['a2', 'tool-args', 'c2', 'card', ['card', 'metric'], ['ghost']],
    ]);
  });
});
