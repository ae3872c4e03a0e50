/**
 * Comparing runs: hand-built pairs, each with its exact first divergence and counts, and the property that every
 * generated sequence compared with itself under fresh ids (and fresh times) is equivalent.
 */
import { describe, expect, it } from 'vitest';
import { readInput } from '../io/readInput';
import { replaySession } from '../replay/replaySession';
import { generateSequence } from '../testing/generator';
import { SWEEP, sweepSeeds } from '../testing/sweep';
import { type CompareSide, compareRuns } from './compare';
import { diffSequences } from './myers';
import { canonical, canonicalIds, IdMap, normalizeIds } from './normalize';
import { diffText } from './textDiff';

type E = Record<string, unknown>;
const enc = new TextEncoder();

const sideOf = (events: readonly E[]): CompareSide => {
  const { session } = readInput(enc.encode(JSON.stringify(events)), 'events.json');
  return { session, replay: replaySession(session) };
};
const compare = (a: readonly E[], b: readonly E[], options: Parameters<typeof compareRuns>[2] = {}) => compareRuns(sideOf(a), sideOf(b), options);

/** The same events with every protocol id renamed (a bijection per kind; an empty id, which means none, kept) and every timestamp moved. */
class FreshIds extends IdMap {
  override map(_kind: string, id: string): string {
    return id === '' ? id : `fresh-${id}`;
  }
}
const fresh = (events: readonly E[]): E[] =>
  events.map((e) => {
    const renamed = normalizeIds(e, new FreshIds(), undefined, false) as E;
    return typeof e.timestamp === 'number' ? { ...renamed, timestamp: e.timestamp + 86_400_000 } : renamed;
  });

const run = (id: string, body: E[], end: E = { type: 'RUN_FINISHED', threadId: 't1', runId: id }): E[] => [
  { type: 'RUN_STARTED', threadId: 't1', runId: id, timestamp: 1000 },
  ...body,
  { ...end, timestamp: 2000 },
];
const text = (id: string, ...deltas: string[]): E[] => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  ...deltas.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta })),
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const call = (id: string, name: string, args: string, result = 'ok'): E[] => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId: 'm1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: args },
  { type: 'TOOL_CALL_END', toolCallId: id },
  { type: 'TOOL_CALL_RESULT', messageId: `result-${id}`, toolCallId: id, content: result },
];

describe('compareRuns on hand-built pairs', () => {
  const base = run('r1', [...text('m1', 'Hello ', 'world'), { type: 'STATE_SNAPSHOT', snapshot: { count: 1, cart: { total: 3 } } }]);

  it('the same run with other ids only, or other timestamps only: equivalent', () => {
    const other = run('r-other', [...text('m-other', 'Hello ', 'world'), { type: 'STATE_SNAPSHOT', snapshot: { count: 1, cart: { total: 3 } } }]);
    const c = compare(base, other);
    expect(c.equivalent).toBe(true);
    expect(c.firstDivergence).toBeNull();
    expect(c.events).toEqual({ equal: 6, added: 0, removed: 0, changed: 0 });
    expect(compare(base, base.map((e) => ({ ...e, timestamp: 99 }))).equivalent).toBe(true);
    // With ids compared as they are, the first event differs.
    expect(compare(base, other, { ids: 'exact' }).firstDivergence).toEqual({ a: 0, b: 0 });
  });

  it('re-chunked text: no difference joined (the default), one changed delta by delta', () => {
    const rechunked = run('r1', [...text('m1', 'Hel', 'lo wor', 'ld'), { type: 'STATE_SNAPSHOT', snapshot: { count: 1, cart: { total: 3 } } }]);
    expect(compare(base, rechunked).equivalent).toBe(true);
    const byDelta = compare(base, rechunked, { text: 'deltas' });
    expect(byDelta.equivalent).toBe(false);
    expect(byDelta.firstDivergence).toEqual({ a: 2, b: 2 });
    expect(byDelta.events).toEqual({ equal: 5, added: 1, removed: 0, changed: 2 });
  });

  it('an inserted tool call: its four events added, the first divergence where it starts', () => {
    const withCall = run('r1', [...text('m1', 'Hello ', 'world'), ...call('c1', 'search', '{"q":"x"}'), { type: 'STATE_SNAPSHOT', snapshot: { count: 1, cart: { total: 3 } } }]);
    const c = compare(base, withCall);
    expect(c.equivalent).toBe(false);
    expect(c.firstDivergence).toEqual({ a: 5, b: 5 });
    expect(c.events).toEqual({ equal: 6, added: 4, removed: 0, changed: 0 });
    // The conversation: the tool result message is only in B, and A's assistant message gained a tool call.
    expect(c.messages.filter((m) => m.status === 'added').map((m) => m.role)).toEqual(['tool']);
    const assistant = c.messages.find((m) => m.role === 'assistant')!;
    expect(assistant.status).toBe('changed');
    expect(assistant.toolCalls).toEqual([{ id: 'call#1', status: 'added', nameB: 'search' }]);
  });

  it('a removed message: its events removed, the message removed', () => {
    const two = run('r1', [...text('m1', 'Hello ', 'world'), ...text('m2', 'Bye'), { type: 'STATE_SNAPSHOT', snapshot: { count: 1, cart: { total: 3 } } }]);
    const c = compare(two, base);
    expect(c.firstDivergence).toEqual({ a: 5, b: 5 });
    expect(c.events).toEqual({ equal: 6, added: 0, removed: 3, changed: 0 });
    expect(c.messages.map((m) => m.status)).toEqual(['equal', 'removed']);
  });

  it('a changed state value at event k: one changed row naming the field, the final state as a patch', () => {
    const changed = run('r1', [...text('m1', 'Hello ', 'world'), { type: 'STATE_SNAPSHOT', snapshot: { count: 2, cart: { total: 3 } } }]);
    const c = compare(base, changed);
    expect(c.firstDivergence).toEqual({ a: 5, b: 5 });
    expect(c.events).toEqual({ equal: 5, added: 0, removed: 0, changed: 1 });
    expect(c.rows.find((r) => r.op === 'changed')!.fields).toEqual(['/snapshot/count']);
    expect(c.state).toEqual([{ op: 'replace', path: '/count', value: 2 }]);
    // Ignored, it is no difference.
    expect(compare(base, changed, { ignore: ['/count'] }).equivalent).toBe(true);
  });

  it('a different outcome: RUN_ERROR against RUN_FINISHED', () => {
    const failed = run('r1', text('m1', 'Hello ', 'world'), { type: 'RUN_ERROR', message: 'boom' });
    const ok = run('r1', text('m1', 'Hello ', 'world'));
    const c = compare(ok, failed);
    expect(c.equivalent).toBe(false);
    expect(c.firstDivergence).toEqual({ a: 5, b: 5 });
    expect(c.events).toEqual({ equal: 4, added: 1, removed: 1, changed: 0 });
    expect([c.runs[0]!.a!.status, c.runs[0]!.b!.status]).toEqual(['success', 'error']);
    expect(c.problems.onlyB.map((p) => p.ruleId)).toContain('run/failed');
  });

  it('a repeated identical STATE_SNAPSHOT collapses; an event path can be ignored', () => {
    const twice = run('r1', [...text('m1', 'Hello ', 'world'), { type: 'STATE_SNAPSHOT', snapshot: { count: 1, cart: { total: 3 } } }, { type: 'STATE_SNAPSHOT', snapshot: { count: 1, cart: { total: 3 } } }]);
    expect(compare(base, twice).equivalent).toBe(true);
    const traced = base.map((e) => ({ ...e, metadata: { traceId: Math.random().toString(36) } }));
    expect(compare(base, traced).equivalent).toBe(false);
    expect(compare(base.map((e) => ({ ...e, metadata: { traceId: 'a' } })), traced, { ignore: ['event:/metadata/traceId'] }).equivalent).toBe(true);
  });

  it('a text diff by words', () => {
    expect(diffText('The weather in Lisbon is sunny', 'The weather in Porto is sunny')).toEqual([
      { op: 'equal', text: 'The weather in ' },
      { op: 'removed', text: 'Lisbon' },
      { op: 'added', text: 'Porto' },
      { op: 'equal', text: ' is sunny' },
    ]);
  });
});

describe("Myers' edit script", () => {
  /** The length of the longest common subsequence, by dynamic programming (small inputs). */
  const lcs = (a: number[], b: number[]) => {
    const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
    return dp[a.length]![b.length]!;
  };
  it('rebuilds B from A with the fewest edits (random pairs)', () => {
    let seed = 7;
    const r = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 400; n++) {
      const a = Array.from({ length: Math.floor(r() * 30) }, () => Math.floor(r() * 4));
      const b = Array.from({ length: Math.floor(r() * 30) }, () => Math.floor(r() * 4));
      const { edits, distance, capped } = diffSequences(a, b);
      expect(capped).toBe(false);
      const rebuilt: number[] = [];
      let ia = 0;
      for (const e of edits) {
        if (e.op === 'equal') {
          expect(e.a).toBe(ia);
          for (let k = 0; k < e.length; k++) {
            expect(a[e.a + k]).toBe(b[e.b + k]);
            rebuilt.push(a[e.a + k]!);
          }
          ia += e.length;
        } else if (e.op === 'removed') {
          expect(e.a).toBe(ia);
          ia += e.length;
        } else rebuilt.push(...b.slice(e.b, e.b + e.length));
      }
      expect(ia).toBe(a.length);
      expect(rebuilt).toEqual(b);
      expect(distance).toBe(a.length + b.length - 2 * lcs(a, b));
    }
  });
  it('stops at the cap on wholly different inputs, with the common head and tail kept', () => {
    const a = [9, ...Array.from({ length: 3000 }, (_, i) => i), 8];
    const b = [9, ...Array.from({ length: 3000 }, (_, i) => -i - 1), 8];
    const s = diffSequences(a, b, 100);
    expect(s.capped).toBe(true);
    expect(s.edits.map((e) => [e.op, e.length])).toEqual([
      ['equal', 1],
      ['removed', 3000],
      ['added', 3000],
      ['equal', 1],
    ]);
  });
});

describe('the keys', () => {
  it(`are, in one pass, the canonical text of the normalized event (${SWEEP.toLocaleString('en')} generated sequences)`, () => {
    for (const seed of sweepSeeds()) {
      const events = generateSequence(seed);
      const one = new IdMap();
      const two = new IdMap();
      const fast = events.map((e) => canonicalIds(e, one));
      const slow = events.map((e) => canonical(normalizeIds(e, two)));
      if (fast.join('\n') !== slow.join('\n')) expect(fast, `seed ${seed}`).toEqual(slow);
    }
  });
});

describe('compared with itself under fresh ids', () => {
  it(`each of ${SWEEP.toLocaleString('en')} generated sequences is equivalent`, () => {
    const failures: string[] = [];
    for (const seed of sweepSeeds()) {
      const events = generateSequence(seed);
      const c = compare(events, fresh(events));
      if (!c.equivalent) failures.push(`seed ${seed}: first divergence ${JSON.stringify(c.firstDivergence)}, ${JSON.stringify(c.events)}, state ${c.state.length}, messages ${c.messages.filter((m) => m.status !== 'equal').length}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  }, 180_000);
});
