import { describe, expect, it } from 'vitest';
import { replayValues } from '../session/fromEvents';
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
      { op: 'add', path: '/todos/-', after: 'x', hadBefore: false, hasAfter: true },
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
