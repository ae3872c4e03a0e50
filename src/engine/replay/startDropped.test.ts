/** A stream whose start the capture dropped: no error that depends on what was dropped, and "unknown", not empty. */
import { describe, expect, it } from 'vitest';
import { replayValues } from './fromEvents';

const content = (i: number) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: `x${i}` });

describe('a stream that lost its start', () => {
  const tail = [
    ...Array.from({ length: 50 }, (_, i) => content(i)),
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'r1', content: 'ok' },
    { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 2 }] },
    { type: 'STEP_FINISHED', stepName: 'plan' },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
  ];

  it('reports only that checks were skipped, once', () => {
    const { replay } = replayValues(tail, { startDroppedOf: () => true });
    expect(replay.problems.map((p) => [p.ruleId, p.severity])).toEqual([['stream/start-dropped', 'info']]);
  });

  it('the same events with their start known are errors: the tolerance is only for what was dropped', () => {
    // (As the events say: the page's client would stop at the first of them, and apply nothing after.)
    const { replay } = replayValues([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, ...tail], { semantics: 'events' });
    expect(replay.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(['text/not-open', 'tool/not-open', 'step/not-started']),
    );
    // No STATE_SNAPSHOT came, so the failing patch is said, not judged.
    expect(replay.problems.map((p) => p.ruleId)).toContain('state/patch-before-snapshot');
  });

  it('an id the kept part ended, used again, is still an error', () => {
    const { replay } = replayValues([...tail.slice(0, 51), content(99)], { startDroppedOf: () => true });
    expect(replay.problems.map((p) => p.ruleId)).toContain('text/not-open');
  });

  it('a new run after the cut is judged in full', () => {
    const { replay } = replayValues(
      [
        content(1),
        { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
        { type: 'RUN_STARTED', threadId: 't', runId: 'r2' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'y' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r2' },
      ],
      { startDroppedOf: () => true },
    );
    expect(replay.problems.map((p) => p.ruleId)).toEqual(['stream/start-dropped', 'text/not-open']);
  });

  it('state and messages are unknown until snapshots make them whole again', () => {
    const { replay } = replayValues([content(1), { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } }, content(2)], { startDroppedOf: () => true });
    expect(replay.at(0).unknown).toEqual({ state: true, messages: true, since: 0 });
    expect(replay.at(1).unknown).toEqual({ state: false, messages: true, since: 0 });
    const { replay: known } = replayValues([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }]);
    expect(known.at(0).unknown).toBeUndefined();
  });
});
