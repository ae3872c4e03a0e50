/** Run metrics on hand-built timings: what the Waterfall and the CLI print. */
import { describe, expect, it } from 'vitest';
import { Session } from '../session/session';
import { timedStream } from '../testing/timedSession';
import { replaySession } from './replaySession';
import { percentile, runMetrics, sumUsage } from './metrics';

const stream = timedStream;
const run = (runId: string, extra: object = {}) => ({ threadId: 't', runId, ...extra });

describe('run metrics', () => {
  const session = new Session();
  stream(session, 's1', [
    [1100, [{ type: 'RUN_STARTED', ...run('r1') }]],
    [1150, [{ type: 'REASONING_START', messageId: 'r' }, { type: 'REASONING_MESSAGE_START', messageId: 'rm', role: 'reasoning' }, { type: 'REASONING_MESSAGE_CONTENT', messageId: 'rm', delta: 'think' }]],
    [1200, [{ type: 'REASONING_MESSAGE_END', messageId: 'rm' }, { type: 'REASONING_END', messageId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hello ' }]],
    [1300, [{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'world, ' }]],
    // A stall of 2.5 s.
    [3800, [{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'again.' }, { type: 'TEXT_MESSAGE_END', messageId: 'm' }]],
    [3900, [{ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/a', value: 1 }] }, { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'f' }]],
    [4000, [{ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{}' }]],
    [4400, [{ type: 'TOOL_CALL_END', toolCallId: 'c' }]],
    [
      4500,
      [
        {
          type: 'RUN_FINISHED',
          ...run('r1'),
          outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'tool_call', toolCallId: 'c' }] },
          usage: [{ provider: 'p', model: 'm', inputTokens: 10, outputTokens: 5, totalTokens: 15, reasoningTokens: 3 }],
        },
      ],
    ],
  ]);
  stream(
    session,
    's2',
    [
      [6200, [{ type: 'RUN_STARTED', ...run('r2', { input: { threadId: 't', runId: 'r2', messages: [], tools: [], context: [], state: {}, forwardedProps: {}, resume: [{ interruptId: 'i1', status: 'resolved' }] } }) }]],
      [6300, [{ type: 'TOOL_CALL_RESULT', toolCallId: 'c', messageId: 'res', content: 'ok' }]],
      [6400, [{ type: 'RUN_FINISHED', ...run('r2'), usage: [{ provider: 'p', model: 'm', inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 4 }] }]],
    ],
    { startedAt: 6000, openedAt: 6150 },
  );
  const replay = replaySession(session);
  const [r1, r2] = replay.timeline.runs;

  it('times to first event, reasoning and text, and the duration, from the request', () => {
    const m = runMetrics(session, replay, r1!);
    expect(m.timed).toBe(true);
    expect([m.firstEventMs, m.firstReasoningMs, m.firstTextMs, m.durationMs]).toEqual([100, 150, 200, 3500]);
  });

  it('text volume and speed, estimated without a token count in the run', () => {
    const m = runMetrics(session, replay, r1!);
    expect(m.text).toMatchObject({ chars: 19, deltas: 3, streamingMs: 2600 });
    expect(m.text.charsPerSecond).toBeCloseTo(19 / 2.6);
    // The run's usage counts 5 output tokens: those, not an estimate.
    expect(m.text.tokensEstimated).toBe(false);
    expect(m.text.tokensPerSecond).toBeCloseTo(5 / 2.6);
  });

  it('inter-chunk gaps and the stall over the threshold, placed after the last event before it', () => {
    const m = runMetrics(session, replay, r1!);
    expect(m.gaps.count).toBe(8);
    expect(m.gaps.max).toBe(2500);
    expect(m.gaps.p50).toBe(100);
    expect(m.gaps.stalls).toEqual([{ at: 2800, ms: 2500, afterIndex: 8 }]);
    expect(runMetrics(session, replay, r1!, { stallMs: 3000 }).gaps.stalls).toEqual([]);
  });

  it('bytes, state patches, and tool call timings (the result came after the resume)', () => {
    const m = runMetrics(session, replay, r1!);
    expect(m.chunks).toBe(9);
    expect(m.bytes).toBe(session.streams.get('s1')!.bytes);
    expect(m.statePatches.count).toBe(1);
    expect(m.toolCalls).toEqual([{ toolCallId: 'c', name: 'f', argsMs: 500, resultMs: 6300 - 4400 }]);
  });

  it('usage summed over the run and its resume; reasoning and cached tokens are parts, not additions', () => {
    const m2 = runMetrics(session, replay, r2!);
    expect(m2.chain).toEqual([0, 1]);
    expect(m2.firstEventMs).toBe(200);
    expect(m2.chainUsage).toEqual([{ provider: 'p', model: 'm', inputTokens: 30, outputTokens: 12, totalTokens: 42, reasoningTokens: 3, cachedInputTokens: 4 }]);
    expect(runMetrics(session, replay, r1!).chainUsage).toEqual(m2.chainUsage);
  });

  it('as of an event: nothing after it counts', () => {
    const m = runMetrics(session, replay, r1!, { asOf: 8 });
    expect(m.durationMs).toBeUndefined();
    expect(m.usage).toEqual([]);
    expect(m.text.deltas).toBe(2);
  });

  it('percentiles and sums', () => {
    expect(percentile([1, 2, 3, 4, 100], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 100], 95)).toBe(100);
    expect(sumUsage([{ inputTokens: 1 }, { outputTokens: 2 }])).toEqual([{ inputTokens: 1, outputTokens: 2 }]);
  });
});
