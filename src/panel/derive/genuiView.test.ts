import { expect, it } from 'vitest';
import { genuiBrokenEvents, genuiEvents } from '../../../demo/genui';
import { replayValues } from '../../engine/replay/fromEvents';
import { genuiAt } from './genuiView';

const input = (runId: string) => ({ threadId: `t-${runId}`, runId, messages: [], tools: [], context: [], state: {}, forwardedProps: {} });

it("the UI tab's view as of an event: the surface with its ops' events, what the event changed, its tool call, the MCP app; the broken one's problem", async () => {
  const events = [...(await genuiEvents(input('a'))), ...(await genuiBrokenEvents(input('b')))];
  const { replay } = replayValues(events);
  const last = events.length - 1;
  const view = genuiAt(replay, last);
  expect(view.surfaces.map((s) => s.surfaceId)).toEqual(['weather', 'broken']);
  const weather = view.surfaces[0]!;
  expect(weather.toolCall).toMatchObject({ toolCallId: 'call-a2ui', name: 'render_a2ui' });
  expect(weather.ops.map((o) => o.kind)).toEqual(['createSurface', 'updateComponents', 'updateDataModel']);
  const painted = weather.ops[0]!.eventIndex!;
  expect(events[painted]!.type).toBe('ACTIVITY_SNAPSHOT');
  expect(weather.messages).toHaveLength(3);
  expect(weather.problems).toEqual([]);
  expect(view.apps.map((a) => a.app.resourceUri)).toEqual(['ui://files/list']);
  // At the snapshot that wrote the data: the data paths it changed; nothing pending any more.
  const at = genuiAt(replay, painted);
  expect(at.surfaces[0]!.changes.data.sort()).toEqual(['/city', '/temperature']);
  expect(at.pending).toEqual([]);
  // Before anything was painted: the middleware's "building" state.
  expect(genuiAt(replay, 1).pending.map((p) => p.lifecycle.status)).toEqual(['building']);
  const broken = view.surfaces[1]!;
  expect(broken.problems.map((p) => p.ruleId)).toEqual(['a2ui/missing-child']);
  expect(broken.root!.children[0]!.children.map((n) => [n.id, n.missing ?? false])).toEqual([
    ['city', false],
    ['temp', true],
  ]);
  // Memoized on (replay, length, index).
  expect(genuiAt(replay, last)).not.toBe(view);
  expect(genuiAt(replay, last)).toBe(genuiAt(replay, last));
});
