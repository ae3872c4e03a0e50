import { describe, expect, it } from 'vitest';
import { type FilterSubject, matches, parseQuery } from './filterQuery';

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
    expect(parseQuery('/(unclosed/').error).toMatch(/Not a regular expression/);
  });
  it('"a phrase" is one term', () => {
    expect(shown('"hello world"')).toEqual(['TEXT_MESSAGE_CONTENT']);
    expect(shown('"world hello"')).toEqual([]);
  });
});
