import { describe, expect, it } from 'vitest';
import { replayValues } from '../replay/fromEvents';
import { generateSession } from '../testing/generator';
import { effectOf } from './effect';

describe('effectOf', () => {
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'TEXT_MESSAGE_START', messageId: 'a' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'Hel' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'lo' },
    { type: 'STATE_SNAPSHOT', snapshot: { todos: [], n: 1 } },
    { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/todos/-', value: 'x' }, { op: 'replace', path: '/n', value: 2 }] },
    { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'f', parentMessageId: 'a' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"q":' },
  ];
  const { replay } = replayValues(events, { checkpointEvery: 2 });

  it('shows the text a content event appended, and nothing else', () => {
    expect(effectOf(replay, 3).messages).toEqual([{ kind: 'changed', id: 'a', role: 'assistant', appended: 'lo' }]);
    expect(effectOf(replay, 3).state).toEqual([]);
  });

  it('shows a delta op by op with the values before and after', () => {
    expect(effectOf(replay, 5).state).toEqual([
      // The append lands at the end of the list: that is where the State view marks it.
      { op: 'add', path: '/todos/-', at: '/todos/0', after: 'x', hadBefore: false, hasAfter: true },
      { op: 'replace', path: '/n', before: 1, after: 2, hadBefore: true, hasAfter: true },
    ]);
  });

  it('shows a snapshot as the difference from the state before', () => {
    expect(effectOf(replay, 4).state.map((c) => [c.op, c.path])).toEqual([
      ['add', '/todos'],
      ['add', '/n'],
    ]);
  });

  it('shows tool call arguments as they stream', () => {
    expect(effectOf(replay, 6).messages[0]!.argsAppended).toEqual([{ toolCallId: 'c', name: 'f', text: '', added: true }]);
    expect(effectOf(replay, 7).messages[0]!.argsAppended).toEqual([{ toolCallId: 'c', name: 'f', text: '{"q":', added: false }]);
  });

  it('a refused delta names the failing operation, the rest not applied, and the document around its path', () => {
    const { replay: r } = replayValues([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'STATE_SNAPSHOT', snapshot: { a: { b: 1 } } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/a/b', value: 2 }, { op: 'replace', path: '/a/x/y', value: 3 }, { op: 'add', path: '/c', value: 4 }] },
    ]);
    const failure = effectOf(r, 2).patchFailure!;
    expect(failure.opIndex).toBe(1);
    expect(failure.ops.map((o) => o.status)).toEqual(['rolled back', 'failed', 'not applied']);
    expect(failure.context).toEqual({ path: '/a', value: { b: 1 } });
    expect(failure.reason).toMatch(/operation 1 failed/);
    expect(effectOf(r, 2).state).toEqual([]);
  });

  it('never reports untouched messages as changed, wherever the checkpoints fall', () => {
    const session = generateSession(3000, 5);
    const { replay: big } = replayValues(session);
    for (let i = 1; i < session.length; i += 37) {
      const effect = effectOf(big, i);
      const type = (session[i] as { type: string }).type;
      if (type === 'TEXT_MESSAGE_CONTENT') expect(effect.messages).toHaveLength(1);
      if (type === 'RUN_FINISHED' || type === 'STEP_STARTED') expect(effect.messages).toEqual([]);
    }
  });
});
