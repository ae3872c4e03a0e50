/**
 * What the UI tab shows as of an event: every A2UI surface and MCP app of the session's conversations as the
 * selected event left them (built by engine/genui from `replay.at(i, lane).messages`), each with the event that set
 * each of its operations, what the selected event changed, the tool call that made it and the generative-UI problems
 * at its events. Pure (tested in Node) and memoized on (replay, its length, index).
 */
import { type A2uiLifecycle, type A2uiSurface, type ActivityLike, lifecycleOf, readSurfaces, surfaceTree, type TreeNode } from '../../engine/genui/a2ui';
import { A2UI_ACTIVITY } from '../../engine/genui/a2ui';
import { catalogFor } from '../../engine/genui/a2uiCatalog';
import { type JsonRenderSpec, jsonRenderSpecs } from '../../engine/genui/jsonRender';
import { type McpApp, MCP_APPS_ACTIVITY, readMcpApps } from '../../engine/genui/mcpApps';
import type { Replay } from '../../engine/replay/replay';
import type { ActivityEntity } from '../../engine/replay/timeline';
import type { Problem } from '../../engine/verify/rules';

export interface OpRow {
  kind: string;
  /** The input event that set this operation (the activity's last snapshot or delta by then). */
  eventIndex: number | undefined;
  detail: string;
}

export interface SurfaceChanges {
  added: string[];
  removed: string[];
  changed: string[];
  /** Data model paths written (JSON Pointers, '' for the whole model). */
  data: string[];
}

export interface SurfaceView {
  surfaceId: string;
  lane: string;
  surface: A2uiSurface;
  knownCatalog: boolean;
  root?: TreeNode;
  unreachable: string[];
  ops: OpRow[];
  changes: SurfaceChanges;
  /** The tool call whose activity drew it (the A2UI middleware names its message `a2ui-surface-<toolCallId>`). */
  toolCall?: { toolCallId: string; name: string; start: number };
  problems: Problem[];
  /** The A2UI messages that built it, as sent (for a renderer to draw it from). */
  messages: unknown[];
}

export interface LifecycleView {
  messageId: string;
  lane: string;
  lifecycle: A2uiLifecycle;
  eventIndex: number | undefined;
}

export interface AppView {
  app: McpApp;
  lane: string;
  eventIndex: number | undefined;
  problems: Problem[];
}

export interface SpecView {
  spec: JsonRenderSpec;
  lane: string;
  /** The event that carried it: the tool result, the call's start, or the message's. */
  eventIndex: number | undefined;
  toolName?: string;
}

export interface GenUiView {
  surfaces: SurfaceView[];
  /** json-render trees in tool calls, their results and assistant messages. */
  specs: SpecView[];
  /** Activities still before their surface: the middleware's building, retrying or failed states. */
  pending: LifecycleView[];
  apps: AppView[];
}

const GENUI = new Set([A2UI_ACTIVITY, MCP_APPS_ACTIVITY]);
/** The activity's last snapshot or delta by `index`. */
export const lastAt = (a: ActivityEntity, index: number): number | undefined => [a.start, ...a.updates].filter((u) => u <= index).at(-1);

/** The data model paths whose values differ, as JSON Pointers (shallow past 6 levels). */
function changedPaths(before: unknown, after: unknown, at = '', depth = 0, out: string[] = []): string[] {
  if (Object.is(before, after)) return out;
  const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (depth < 6 && obj(before) && obj(after) && Array.isArray(before) === Array.isArray(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) changedPaths(before[k], after[k], `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1, out);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) out.push(at);
  return out;
}

function changesOf(before: A2uiSurface | undefined, after: A2uiSurface): SurfaceChanges {
  const was = before?.components ?? new Map();
  const added = [...after.components.keys()].filter((id) => !was.has(id));
  const removed = [...was.keys()].filter((id) => !after.components.has(id));
  const changed = [...after.components.values()].filter((c) => was.has(c.id) && JSON.stringify([was.get(c.id)!.type, was.get(c.id)!.props]) !== JSON.stringify([c.type, c.props])).map((c) => c.id);
  return { added, removed, changed, data: before ? changedPaths(before.dataModel, after.dataModel) : [] };
}

const memo = new WeakMap<Replay, { length: number; index: number; view: GenUiView }>();

export function genuiAt(replay: Replay, index: number): GenUiView {
  const known = memo.get(replay);
  if (known && known.length === replay.length && known.index === index) return known.view;
  const t = replay.timeline;
  const activities = t.activities.filter((a) => GENUI.has(a.activityType) && a.start <= index);
  const view: GenUiView = { surfaces: [], specs: [], pending: [], apps: [] };
  // json-render travels in ordinary messages: every conversation that has any, as of this event.
  for (const lane of new Set([...t.toolCalls.filter((c) => c.start <= index).map((c) => c.lane), ...t.messages.filter((m) => m.start <= index).map((m) => m.lane)])) {
    const messages = replay.at(index, lane).messages as unknown as Parameters<typeof jsonRenderSpecs>[0];
    for (const spec of jsonRenderSpecs(messages)) {
      const call = spec.toolCallId === undefined ? undefined : t.toolCalls.findLast((c) => c.toolCallId === spec.toolCallId && c.start <= index);
      const eventIndex = spec.where === 'tool-result' ? call?.resultAt : spec.where === 'tool-args' ? call?.start : t.messages.findLast((m) => m.messageId === spec.messageId && m.start <= index)?.start;
      view.specs.push({ spec, lane, eventIndex, ...(call && { toolName: call.name }) });
    }
  }
  const lanes = [...new Set(activities.map((a) => a.lane))];
  for (const lane of lanes) {
    const messages = replay.at(index, lane).messages as unknown as ActivityLike[];
    const previous = index > 0 ? (replay.at(index - 1, lane).messages as unknown as ActivityLike[]) : [];
    const entity = (messageId: string) => activities.findLast((a) => a.lane === lane && a.messageId === messageId);
    const eventOf = (messageId: string) => {
      const a = entity(messageId);
      return a && lastAt(a, index);
    };
    const problemsOf = (messageIds: Iterable<string>, prefix: string) => {
      const at = new Set<number>();
      for (const id of messageIds) {
        const a = entity(id);
        if (a) for (const u of [a.start, ...a.updates]) if (u <= index) at.add(u);
      }
      return replay.problems.filter((p) => at.has(p.eventIndex) && p.ruleId.startsWith(prefix));
    };
    const byId = new Map(messages.map((m) => [m.id, m]));
    const rawOp = (messageId: string, op: number): unknown => {
      const ops = (byId.get(messageId)?.content as { a2ui_operations?: unknown[] } | undefined)?.a2ui_operations;
      return Array.isArray(ops) ? ops[op] : undefined;
    };
    const now = readSurfaces(messages).surfaces;
    const before = readSurfaces(previous).surfaces;
    for (const s of now.values()) {
      if (s.deleted) continue;
      const { root, unreachable } = surfaceTree(s);
      const messageIds = new Set(s.ops.map((o) => o.source.messageId));
      const ops: OpRow[] = s.ops.map((o) => ({
        kind: o.kind,
        eventIndex: eventOf(o.source.messageId),
        detail: o.kind === 'updateComponents' ? (o.ids ?? []).join(', ') : o.kind === 'updateDataModel' ? (o.path ?? '/') : o.kind === 'createSurface' ? (s.catalogId ?? '') : '',
      }));
      const made = /^a2ui-surface-(.+)$/.exec(s.ops[0]!.source.messageId)?.[1];
      const call = made === undefined ? undefined : t.toolCalls.findLast((c) => c.toolCallId === made && c.start <= index);
      view.surfaces.push({
        surfaceId: s.surfaceId,
        lane,
        surface: s,
        knownCatalog: catalogFor(s.catalogId) !== undefined,
        ...(root && { root }),
        unreachable,
        ops,
        changes: changesOf(before.get(s.surfaceId), s),
        ...(call && { toolCall: { toolCallId: call.toolCallId, name: call.name, start: call.start } }),
        problems: problemsOf(messageIds, 'a2ui/'),
        messages: s.ops.map((o) => rawOp(o.source.messageId, o.source.op)).filter((m) => m !== undefined),
      });
    }
    for (const m of messages) {
      if (m.activityType !== A2UI_ACTIVITY) continue;
      const lifecycle = lifecycleOf(m.content);
      if (lifecycle) view.pending.push({ messageId: m.id, lane, lifecycle, eventIndex: eventOf(m.id) });
    }
    for (const app of readMcpApps(messages).apps) view.apps.push({ app, lane, eventIndex: eventOf(app.messageId), problems: problemsOf([app.messageId], 'mcp-apps/') });
  }
  memo.set(replay, { length: replay.length, index, view });
  return view;
}
