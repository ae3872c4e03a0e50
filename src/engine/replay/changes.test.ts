/**
 * What the page's client changed before the app saw it: on crafted events of each kind, the changes are named with
 * their fields or types, the events "as used" are the ones @ag-ui/client 1.0's pipeline hands the app for that input
 * event, `changed:` finds exactly the changed events, and each change is a note under its kind's rule.
 */
import { describe, expect, test } from 'vitest';
import { parseQuery } from '../query/filter';
import { type ChangeKind, SessionQuery } from '../query/index';
import { Session } from '../session/session';
import { streamInfo } from '../session/streamInfo';
import { runReference } from '../testing/reference';
import { replaySession } from './replaySession';

const RS = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };

function queryOf(events: readonly unknown[]): SessionQuery {
  const session = new Session();
  session.open(streamInfo('s'));
  session.chunk('s', 1100, new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')));
  session.close('s', 1200);
  return new SessionQuery(session, replaySession(session));
}

/** Ids the reference mints at random (THINKING_* carried none) and ours deterministically: compared as one placeholder. */
const minted = (e: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(e).replace(/"messageId":"(thinking-\d+|[0-9a-f]{8}-[0-9a-f-]{27})"/g, '"messageId":"<minted>"')) as Record<string, unknown>;

const cases: { name: string; events: unknown[]; changes: Record<number, ChangeKind[]>; fields?: Record<number, string[]> }[] = [
  {
    name: 'THINKING_* mapped to REASONING_*',
    events: [RS, { type: 'THINKING_START' }, { type: 'THINKING_TEXT_MESSAGE_START' }, { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Hmm' }, { type: 'THINKING_TEXT_MESSAGE_END' }, { type: 'THINKING_END' }, RF],
    changes: { 1: ['mapped'], 2: ['mapped'], 3: ['mapped'], 4: ['mapped'], 5: ['mapped'] },
  },
  {
    name: 'chunks expanded, and the message they left open closed before the run ends',
    events: [RS, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Hel' }, { type: 'TEXT_MESSAGE_CHUNK', delta: 'lo' }, { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'search', delta: '{}' }, RF],
    changes: { 1: ['expanded'], 2: ['expanded'], 3: ['expanded'], 4: ['inserted'] },
  },
  {
    name: 'a field sent as null dropped',
    events: [RS, { ...RF, result: null }],
    changes: { 1: ['dropped-null'] },
    fields: { 1: ['/result'] },
  },
  {
    name: 'a legacy binary part converted',
    events: [RS, { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u1', role: 'user', content: [{ type: 'binary', mimeType: 'image/png', data: 'iVBORw0KGgo=' }] }] }, RF],
    changes: { 1: ['converted'] },
    fields: { 1: ['/messages/0/content'] },
  },
  {
    name: 'fields the schema does not name stripped',
    events: [RS, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant', agent: 'planner', extra: 1 }, { type: 'TEXT_MESSAGE_END', messageId: 'm1' }, RF],
    changes: { 1: ['stripped'] },
    fields: { 1: ['/agent', '/extra'] },
  },
];

describe('what the page\'s client changed', () => {
  for (const c of cases) {
    test(c.name, async () => {
      const q = queryOf(c.events);
      const reference = await runReference(c.events);
      expect(reference.stoppedAt).toBeUndefined();
      for (let i = 0; i < c.events.length; i++) {
        const changed = q.changesOf(i);
        expect(changed?.changes.map((x) => x.kind) ?? [], `event ${i}`).toEqual(c.changes[i] ?? []);
        if (c.fields?.[i]) expect(changed!.changes[0]!.fields).toEqual(c.fields[i]);
        // As used: what the reference hands the app for this input event.
        const used = reference.used.filter((u) => u.index === i).map((u) => minted(u.event));
        if (changed) expect(changed.used.map(minted), `event ${i}`).toEqual(used);
        else expect(used.map((u) => u.type)).toEqual([(c.events[i] as { type: string }).type]);
      }
      // changed: finds them, by kind or any.
      const where = (text: string) => q.eventsWhere({ terms: parseQuery(text).terms, only: new Set(), onlyProblems: false, scope: null });
      const indices = Object.keys(c.changes).map(Number);
      expect(where('changed:any')).toEqual(indices);
      const kind = c.changes[indices[0]!]![0]!;
      expect(where(`changed:${kind}`)).toEqual(indices.filter((i) => c.changes[i]!.includes(kind)));
      expect(where('-changed:any')).toEqual(c.events.map((_, i) => i).filter((i) => !indices.includes(i)));
      // A note each, under its kind's rule (fields stripped: the schema's own rule).
      const notes = q.problems().filter((p) => p.ruleId.startsWith('client/') || p.ruleId === 'schema/unrecognized');
      expect(notes.every((p) => p.severity === 'info')).toBe(true);
      expect(notes.map((p) => p.eventIndex).sort((a, b) => a - b)).toEqual(indices.flatMap((i) => c.changes[i]!.map(() => i)));
    });
  }

  test('an event used as sent has no changes, and the filter finds none', () => {
    const q = queryOf([RS, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' }, { type: 'TEXT_MESSAGE_END', messageId: 'm1' }, RF]);
    expect([0, 1, 2, 3, 4].map((i) => q.changesOf(i))).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(q.eventsWhere({ terms: parseQuery('changed:any').terms, only: new Set(), onlyProblems: false, scope: null })).toEqual([]);
  });
});
