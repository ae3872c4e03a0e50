import { describe, expect, it } from 'vitest';
import { type FilterSubject, joinWindow, matches, parseQuery, textJoiner } from './filter';

const subject = (over: Partial<FilterSubject>): FilterSubject => ({ type: 'TEXT_MESSAGE_CONTENT', ids: [['messageId', 'm1']], raw: '{"delta":"Hello world"}', tools: [], event: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello world' }, run: 'run-1', thread: 't-1', ...over });
const result = subject({ type: 'TOOL_CALL_RESULT', ids: [['messageId', 'r1'], ['toolCallId', 'call-1']], raw: '{"content":"sunny"}', tools: ['call-1', 'get_weather'], event: { type: 'TOOL_CALL_RESULT', toolCallId: 'call-1', content: 'sunny' }, run: 'run-2' });
const delta = subject({ type: 'STATE_DELTA', ids: [], raw: '{"delta":[]}', event: { type: 'STATE_DELTA', delta: [] }, thread: 't-2' });
const rows = [subject({}), result, delta];
const shown = (query: string) => rows.filter((r) => matches(parseQuery(query).terms, r)).map((r) => r.type);

describe('the filter language', () => {
  it('a plain word matches the type, the ids or the content', () => {
    expect(shown('hello')).toEqual(['TEXT_MESSAGE_CONTENT']);
    expect(shown('call-1')).toEqual(['TOOL_CALL_RESULT']);
    expect(shown('state_delta')).toEqual(['STATE_DELTA']);
  });
  it('key:value for type, run, thread and tool, and any other field', () => {
    expect(shown('type:STATE_DELTA')).toEqual(['STATE_DELTA']);
    expect(shown('run:run-2')).toEqual(['TOOL_CALL_RESULT']);
    expect(shown('thread:t-2')).toEqual(['STATE_DELTA']);
    expect(shown('tool:get_weather')).toEqual(['TOOL_CALL_RESULT']);
    expect(shown('messageId:m1')).toEqual(['TEXT_MESSAGE_CONTENT']);
  });
  it('| and , are "or" inside a key; a space is "and"', () => {
    expect(shown('type:STATE_DELTA|TOOL_CALL_RESULT')).toEqual(['TOOL_CALL_RESULT', 'STATE_DELTA']);
    expect(shown('type:STATE_DELTA,TOOL_CALL_RESULT')).toEqual(['TOOL_CALL_RESULT', 'STATE_DELTA']);
    expect(shown('type:TOOL_CALL_RESULT sunny')).toEqual(['TOOL_CALL_RESULT']);
    expect(shown('type:TOOL_CALL_RESULT rain')).toEqual([]);
  });
  it('-word excludes, also for keys', () => {
    expect(shown('-hello')).toEqual(['TOOL_CALL_RESULT', 'STATE_DELTA']);
    expect(shown('-type:STATE_DELTA')).toEqual(['TEXT_MESSAGE_CONTENT', 'TOOL_CALL_RESULT']);
  });
  it('/regex/ over the type, ids and content; a bad one is said, not thrown', () => {
    expect(shown('/^TOOL_CALL_/')).toEqual(['TOOL_CALL_RESULT']);
    expect(shown('/hel+o\\sw/')).toEqual(['TEXT_MESSAGE_CONTENT']);
    expect(shown('"/hel+o w/"')).toEqual(['TEXT_MESSAGE_CONTENT']);
    expect(parseQuery('/(unclosed/').error).toMatchObject({ token: '/(unclosed/', message: expect.stringMatching(/./) });
  });
  it('"a phrase" is one term', () => {
    expect(shown('"hello world"')).toEqual(['TEXT_MESSAGE_CONTENT']);
    expect(shown('"world hello"')).toEqual([]);
  });
  it('outcome:… finds the events that end runs that way, in either vocabulary; a row\'s tag ("failed") is found as a word', () => {
    const failed = subject({ type: 'RUN_ERROR', ids: [], raw: '{"type":"RUN_ERROR","message":"boom"}', event: { type: 'RUN_ERROR', message: 'boom' }, run: 'run-3', outcome: 'failed error', tags: ['failed'] });
    const before = subject({ run: 'run-3' });
    const interrupted = subject({ type: 'RUN_FINISHED', ids: [], raw: '{}', event: { type: 'RUN_FINISHED' }, run: 'run-4', outcome: 'interrupted interrupt', tags: ['interrupted'] });
    const done = subject({ type: 'RUN_FINISHED', ids: [], raw: '{}', event: { type: 'RUN_FINISHED' }, run: 'run-5', outcome: 'done success' });
    const all = [failed, before, interrupted, done];
    const hits = (query: string) => all.filter((r) => matches(parseQuery(query).terms, r)).map((r) => `${r.type}@${r.run}`);
    expect(hits('outcome:failed')).toEqual(['RUN_ERROR@run-3']);
    expect(hits('outcome:error')).toEqual(['RUN_ERROR@run-3']);
    expect(hits('outcome:interrupt')).toEqual(['RUN_FINISHED@run-4']);
    expect(hits('outcome:done')).toEqual(['RUN_FINISHED@run-5']);
    expect(hits('outcome:failed|interrupted')).toHaveLength(2);
    expect(hits('failed')).toEqual(['RUN_ERROR@run-3']);
    expect(hits('-outcome:done')).toHaveLength(3);
  });
  it('a word split over deltas is found at the delta that completes it, and not again at every later one', () => {
    const events = [
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Weather in Lis' },
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'search' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"city":"Por' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'bon: sunny' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: 'to"}' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: ' and warm' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm' },
    ];
    const at = (query: string) => {
      const { terms } = parseQuery(query);
      const join = textJoiner(joinWindow(terms));
      return events.flatMap((e, i) => (matches(terms, subject({ type: e.type, ids: [], raw: JSON.stringify(e), event: e, joined: join(e) })) ? [i] : []));
    };
    expect(at('lisbon')).toEqual([4]);
    expect(at('porto')).toEqual([5]);
    expect(at('/Lis\\w+:/')).toEqual([4]);
    expect(at('sunny')).toEqual([4]);
    expect(joinWindow(parseQuery('type:X').terms)).toBe(0);
    expect(textJoiner(8)({ type: 'STATE_DELTA', delta: [] })).toBeUndefined();
  });
});
