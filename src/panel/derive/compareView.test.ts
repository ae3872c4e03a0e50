import { describe, expect, it } from 'vitest';
import type { Row } from '../../engine/compare/compare';
import { readInput } from '../../engine/io/readInput';
import { replaySession } from '../../engine/replay/replaySession';
import { comparisonOf, defaultPair, differenceStarts, itemText, runChoices, stepDifference } from './compareView';

const source = (events: object[]) => {
  const { session } = readInput(new TextEncoder().encode(JSON.stringify(events)), 'e.json');
  return { label: 'e.json', session, replay: replaySession(session) };
};
const run = (id: string, text: string) => [
  { type: 'RUN_STARTED', threadId: 't', runId: id },
  { type: 'TEXT_MESSAGE_START', messageId: `m-${id}`, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${id}`, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId: `m-${id}` },
  { type: 'RUN_FINISHED', threadId: 't', runId: id },
];

describe('the Compare view', () => {
  it('compares the last two runs by default, and offers every run and the whole source', () => {
    const s = source([...run('a', 'one'), ...run('b', 'two'), ...run('c', 'three')]);
    expect(defaultPair(s)).toEqual({ a: 1, b: 2 });
    expect(runChoices(s).map((c) => c.label)).toEqual(['run 1 · a · done', 'run 2 · b · done', 'run 3 · c · done', 'all of e.json (3 runs)']);
    expect(defaultPair(source(run('only', 'x')))).toEqual({ a: 0, b: 0 });
  });

  it('steps through differences, one per run of rows that are not equal, wrapping around', () => {
    const ops: Row['op'][] = ['equal', 'changed', 'added', 'equal', 'removed', 'equal', 'changed'];
    const starts = differenceStarts(ops.map((op, i) => ({ op, a: i, b: i })));
    expect(starts).toEqual([1, 4, 6]);
    expect(stepDifference(starts, 0, 1)).toBe(1);
    expect(stepDifference(starts, 1, 1)).toBe(4);
    expect(stepDifference(starts, 6, 1)).toBe(1);
    expect(stepDifference(starts, 1, -1)).toBe(6);
    expect(stepDifference([], 0, 1)).toBeUndefined();
  });

  it('says each item by its text first, and computes a comparison once for the same inputs', () => {
    const s = source([...run('a', 'Lisbon'), ...run('b', 'Porto')]);
    const c = comparisonOf({ source: s, runKey: 0 }, { source: s, runKey: 1 }, {});
    expect(comparisonOf({ source: s, runKey: 0 }, { source: s, runKey: 1 }, {})).toBe(c);
    expect(c.firstDivergence).toEqual({ a: 2, b: 7 });
    expect(itemText(c.items.a[2])).toBe('delta: "Lisbon" · msg#1');
  });
});
