/** The library's answers about runs: the same vocabulary as the panel's Runs table, a client's stop included. */
import { expect, test } from 'vitest';
import { replayInput } from './index';

test('replayInput lists each run with its outcome: "stopped" at the event the page\'s client refused', () => {
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'ok' },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'ok' },
    { type: 'RUN_STARTED', threadId: 't', runId: 'broken' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nope', delta: 'x' },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'broken' },
  ];
  const { runs } = replayInput(JSON.stringify(events));
  expect(runs.map((r) => ({ runId: r.runId, outcome: r.outcome, stoppedAt: r.stoppedAt, producer: r.producer }))).toEqual([
    { runId: 'ok', outcome: 'done', stoppedAt: undefined, producer: [] },
    { runId: 'broken', outcome: 'stopped', stoppedAt: 3, producer: [] },
  ]);
});
