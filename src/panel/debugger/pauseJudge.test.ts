import { expect, test } from 'vitest';
import { replaySession } from '../../engine/replay/replaySession';
import { Session, type StreamInfo } from '../../engine/session/session';
import { streamInfo } from '../../engine/testing/timedSession';
import { PauseJudge } from './pauseJudge';

const info = (id: string, held?: number, transport: StreamInfo['transport'] = 'fetch'): StreamInfo => streamInfo(id, { transport, ...(held !== undefined && { held }) });
const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const RUN = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Let me look.' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' },
];

function setup(query: string[], onError = false) {
  const session = new Session();
  const replay = replaySession(session, { live: true });
  const released: [string, number | null][] = [];
  const judge = new PauseJudge({ release: (id, upTo) => released.push([id, upTo]) });
  judge.setSettings({ conditions: query.map((q, i) => ({ id: `c${i}`, query: q, on: true })), onError });
  const feed = (id: string, text: string) => {
    session.chunk(id, 1, new TextEncoder().encode(text));
    judge.update(session, replay);
  };
  const upTo = (id: string) => released.filter(([s]) => s === id).at(-1)?.[1];
  return { session, replay, judge, feed, released, upTo };
}

test('a held stream goes event by event until a match; the page is let up to the start of the matching event', () => {
  const { session, replay, judge, feed, upTo } = setup(['tool:search']);
  session.open(info('d:1', 1));
  const text = sse(RUN);
  feed('d:1', text);
  // tool:search matches TOOL_CALL_START (its name) first: paused before #3.
  expect(judge.paused()).toEqual([{ streamId: 'd:1', index: 3, type: 'TOOL_CALL_START', detail: 'search', reason: 'tool:search' }]);
  expect(upTo('d:1')).toBe(text.indexOf('data: {"type":"TOOL_CALL_START"'));
  // Step: one event; paused before the ARGS (which also is of tool search, but a step pauses anyway).
  judge.step('d:1');
  expect(judge.paused()[0]).toMatchObject({ index: 4, type: 'TOOL_CALL_ARGS', reason: 'step' });
  // Resume: the ARGS goes; the END is of tool search too (by its call's name), so it pauses again.
  judge.resume('d:1');
  expect(judge.paused()[0]).toMatchObject({ index: 5, type: 'TOOL_CALL_END', reason: 'tool:search' });
  judge.resumeToEndOfRun('d:1');
  expect(judge.paused()).toEqual([]);
  expect(upTo('d:1')).toBe(text.length);
  // Ended while running: everything goes (what follows the last event, too).
  session.close('d:1', 2);
  judge.update(session, replay);
  expect(upTo('d:1')).toBe(null);
});

test('on the first protocol error of a stream only; streams not held are said, not held; nothing armed lets all go', () => {
  const { session, judge, feed, released, upTo } = setup(['type:STATE_SNAPSHOT'], true);
  session.open(info('d:1', 1));
  feed('d:1', sse([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nope', delta: 'x' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nope', delta: 'y' }]));
  expect(judge.paused()[0]).toMatchObject({ index: 1, reason: 'a protocol error' });
  judge.resume('d:1');
  // The second orphan is an error too, but only the first of the stream pauses.
  expect(judge.paused()).toEqual([]);
  session.open(info('d:2', undefined, 'websocket'));
  feed('d:2', sse([{ type: 'STATE_SNAPSHOT', snapshot: {} }]));
  expect(judge.unheldMatches()).toEqual([{ streamId: 'd:2', index: 3, transport: 'websocket', reason: 'type:STATE_SNAPSHOT' }]);
  expect(released.some(([id]) => id === 'd:2')).toBe(false);
  session.open(info('d:3', 3));
  feed('d:3', sse([{ type: 'STATE_SNAPSHOT', snapshot: {} }]));
  expect(judge.paused()[0]).toMatchObject({ streamId: 'd:3', index: 4 });
  judge.setSettings({ conditions: [], onError: false });
  expect(judge.paused()).toEqual([]);
  expect(upTo('d:3')).toBe(null);
});

test('another session (a navigation, a Clear) lets whatever the old one held go on, and starts afresh', () => {
  const { session, replay, judge, feed, upTo } = setup(['type:TEXT_MESSAGE_START']);
  session.open(info('d:1', 1));
  feed('d:1', sse(RUN));
  expect(judge.paused()).toHaveLength(1);
  const next = new Session();
  judge.update(next, replay);
  expect(judge.paused()).toEqual([]);
  expect(upTo('d:1')).toBe(null);
});

test('a held stream that opened before this panel judged is another panel’s: not paused, not released', () => {
  const session = new Session();
  const replay = replaySession(session, { live: true });
  const released: [string, number | null][] = [];
  const judge = new PauseJudge({ release: (id, upTo) => released.push([id, upTo]) }, 1_000);
  judge.setSettings({ conditions: [{ id: 'c', query: 'type:RUN_STARTED', on: true }], onError: false });
  session.open({ ...info('d:1', 1), openedAt: 999 });
  session.open({ ...info('d:2', 2), openedAt: 1_001 });
  session.chunk('d:1', 1, new TextEncoder().encode(sse(RUN)));
  session.chunk('d:2', 1, new TextEncoder().encode(sse(RUN)));
  judge.update(session, replay);
  expect(judge.paused().map((p) => p.streamId)).toEqual(['d:2']);
  expect(released.filter(([id]) => id === 'd:1')).toEqual([]);
});

test('a stream the page cancelled is let go, whether its notice comes before or after its events', () => {
  const { session, replay, judge, released } = setup(['type:STATE_SNAPSHOT']);
  session.open(info('d:1', 1));
  session.notice({ t: 1, code: 'pause-released', message: 'The page cancelled the paused stream', streamId: 'd:1' });
  session.chunk('d:1', 1, new TextEncoder().encode(sse([RUN[0]!, { type: 'STATE_SNAPSHOT', snapshot: {} }])));
  judge.update(session, replay);
  expect(judge.paused()).toEqual([]);
  expect(released).toEqual([]);
});
