/** Exports for sharing: scopes, formats and redaction (what a shared bug report may and may not hold). */
import { describe, expect, it } from 'vitest';
import { replaySession } from '../replay/replaySession';
import { buildExport, deriveSession, finalLanes } from './exportFormats';
import { importSession } from './exportFormat';
import { readInput } from './readInput';
import { REDACTION_GROUPS } from './redact';
import { Session } from '../session/session';
import { HOSTILE, hostileSession } from '../testing/hostile';

const enc = new TextEncoder();
const sse = (events: object[]) => enc.encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));

/** A session with every kind of content a redaction group covers, each carrying a secret word. */
function sample(): Session {
  const s = new Session();
  s.navigate('http://app.test:3000/chat', 900);
  s.open({
    id: 'a',
    transport: 'fetch',
    format: 'sse',
    url: 'http://app.test:3000/agent',
    method: 'POST',
    status: 200,
    statusText: 'OK',
    frameUrl: 'http://app.test:3000/chat',
    requestHeaders: [],
    responseHeaders: [],
    requestBody: JSON.stringify({ threadId: 't1', runId: 'r1', messages: [{ id: 'u', role: 'user', content: 'SECRET-PROMPT' }], state: { note: 'SECRET-INPUT-STATE' }, tools: [], context: [], forwardedProps: {} }),
    openedAt: 1000,
    page: 0,
  });
  s.chunk(
    'a',
    1100,
    sse([
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'STATE_SNAPSHOT', snapshot: { user: { email: 'SECRET-EMAIL' }, count: 1 } },
      { type: 'REASONING_START', messageId: 'r' },
      { type: 'REASONING_MESSAGE_START', messageId: 'rm', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'rm', delta: 'SECRET-THOUGHT' },
      { type: 'REASONING_MESSAGE_END', messageId: 'rm' },
      { type: 'REASONING_END', messageId: 'r' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'SECRET-ANSWER' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm' },
    ]),
  );
  s.chunk(
    'a',
    1200,
    sse([
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'lookup', parentMessageId: 'm' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"q":"SECRET-ARGS"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c' },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'c', messageId: 'res', content: 'SECRET-RESULT' },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/user/email', value: 'SECRET-DELTA' }] },
      { type: 'CUSTOM', name: 'extra', value: { token: 'SECRET-CUSTOM-PATH' } },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
    ]),
  );
  s.close('a', 1300);
  return s;
}
const SECRETS = {
  messageText: ['SECRET-PROMPT', 'SECRET-ANSWER'],
  reasoning: ['SECRET-THOUGHT'],
  toolArgs: ['SECRET-ARGS'],
  toolResults: ['SECRET-RESULT'],
  state: ['SECRET-EMAIL', 'SECRET-DELTA', 'SECRET-INPUT-STATE'],
  requestBodies: ['SECRET-PROMPT', 'SECRET-INPUT-STATE'],
} as const;
const now = new Date(2026, 10, 30, 11, 7, 44);

describe('export formats', () => {
  it('names files <host>-<date>.agui.<ext>', () => {
    expect(buildExport(sample(), { format: 'session', now }).name).toBe('app.test_3000-2026-11-30-110744.agui.json');
    expect(buildExport(sample(), { format: 'jsonl', now }).name).toMatch(/\.agui\.jsonl$/);
    expect(buildExport(sample(), { format: 'sse', now }).name).toMatch(/\.agui\.sse$/);
    expect(buildExport(sample(), { format: 'test', now }).name).toMatch(/\.agui\.test\.ts$/);
  });

  it('each format reads back as the same events', () => {
    const session = sample();
    const types = session.frames.map((f) => (f.event as { type: string }).type);
    for (const format of ['session', 'jsonl', 'sse'] as const) {
      const { text } = buildExport(session, { format, now });
      expect(readInput(enc.encode(text), `x.${format}`).session.frames.map((f) => (f.event as { type: string }).type), format).toEqual(types);
    }
  });

  it('a scope holds only its events, with their own bytes and times', () => {
    const session = sample();
    const derived = deriveSession(session, { label: 'the tool call', indices: [10, 11, 12, 13] });
    expect(derived.frames.map((f) => [(f.event as { type: string }).type, f.t])).toEqual([
      ['TOOL_CALL_START', 1200],
      ['TOOL_CALL_ARGS', 1200],
      ['TOOL_CALL_END', 1200],
      ['TOOL_CALL_RESULT', 1200],
    ]);
    const file = JSON.parse(buildExport(session, { format: 'session', scope: { label: 'the tool call', indices: [10, 11, 12, 13] } }).text);
    expect(file.scope).toBe('the tool call');
  });

  for (const group of REDACTION_GROUPS) {
    it(`redacting ${group}: none of its strings remain, and the file still replays and lints the same`, () => {
      const session = sample();
      const before = replaySession(session).problems.map((p) => p.ruleId);
      for (const format of ['session', 'jsonl', 'sse', 'test'] as const) {
        const { text } = buildExport(session, { format, redaction: { groups: [group], paths: [] } });
        // JSONL and SSE hold the events only; the request bodies are in the session file (and the test).
        const holds = group !== 'requestBodies' || format === 'session' || format === 'test';
        if (!holds) continue;
        for (const secret of SECRETS[group]) expect(text, `${format} ${secret}`).not.toContain(secret);
        expect(text).toContain('«redacted: ');
      }
      const file = JSON.parse(buildExport(session, { format: 'session', redaction: { groups: [group], paths: [] } }).text);
      expect(file.redacted.groups).toEqual([group]);
      const again = importSession(file);
      expect(replaySession(again).problems.map((p) => p.ruleId)).toEqual(before);
      expect(again.frames.length).toBe(session.frames.length);
    });
  }

  it('a custom JSON path is redacted wherever it matches; ids and structure stay', () => {
    const { text } = buildExport(sample(), { format: 'session', redaction: { groups: [], paths: ['/value/token', '/messages/*/content'] } });
    expect(text).not.toContain('SECRET-CUSTOM-PATH');
    expect(text).not.toContain('SECRET-PROMPT');
    const lanes = finalLanes(importSession(JSON.parse(text)));
    expect(Object.keys(lanes)).toEqual(['t1']);
  });

  it('the test file carries the session and its final messages and state', () => {
    const { text } = buildExport(sample(), { format: 'test', now });
    expect(text).toContain("import { aguiMatchers, replaySessionFile } from 'agui-devtools';");
    expect(text).toContain('expect.extend(aguiMatchers);');
    expect(text).toContain('"SECRET-ANSWER"');
    expect(text).toMatch(/const recorded = \{\n {2}"t1": \{/);
  });
});

describe('exports of hostile ids and text', () => {
  const events = (session: Session) => session.frames.map((f) => f.event);
  for (const h of HOSTILE) {
    const label = JSON.stringify(h).slice(0, 40);
    it(`${label}: SSE and JSONL read back as exactly the exported events, with no extra line`, () => {
      const session = hostileSession(h);
      const scope = { label: `run ${h}`, indices: session.frames.map((_, i) => i) };
      for (const format of ['sse', 'jsonl', 'session'] as const) {
        for (const redaction of [undefined, { groups: ['messageText' as const], paths: [] }]) {
          const { text } = buildExport(session, { format, scope, ...(redaction && { redaction }), now });
          const back = readInput(enc.encode(text), `x.${format}`).session;
          const expected = redaction ? deriveSession(session, scope, redaction) : session;
          expect(events(back), `${format} ${redaction ? 'redacted' : ''}`).toEqual(events(expected));
          expect(text).not.toMatch(/[\u2028\u2029]/);
        }
      }
      // The SSE header is one comment line: the next line is empty, the one after the first event's data.
      const { text } = buildExport(session, { format: 'sse', scope, now });
      const lines = text.split(/\r\n|\r|\n/);
      expect(lines[0]).toMatch(/^: AG-UI DevTools export of run /);
      expect(lines[1]).toBe('');
      expect(lines[2]).toMatch(/^data: \{"type":"RUN_STARTED"/);
      expect(lines.filter((l) => l.startsWith('data: ')).length).toBe(session.frames.length);
    });

    it(`${label}: the generated test holds the page's strings only inside values`, () => {
      const session = hostileSession(h);
      const { text } = buildExport(session, { format: 'test', scope: { label: `run ${h}`, indices: session.frames.map((_, i) => i) }, now });
      // The header comment is ours alone; it ends before the first import.
      const comment = text.slice(0, text.indexOf('*/') + 2);
      expect(comment).not.toContain(h.slice(0, 8));
      expect(text.indexOf('*/')).toBeLessThan(text.indexOf('import {'));
      // Each value line is one JSON text that reads back as the value written.
      const exported = /^const exported = (.*);$/m.exec(text)![1]!;
      expect(JSON.parse(exported).scope).toBe(`run ${h}`);
      const file = JSON.parse(/^const session = (.*);$/m.exec(text)![1]!);
      expect(file.scope).toBe(`run ${h}`);
      expect(text).not.toMatch(/[\u2028\u2029]/);
    });
  }

  it('a "__proto__" key in the state is written so that it stays a key', () => {
    const s = new Session();
    s.open({ id: 'a', transport: 'fetch', format: 'sse', url: 'http://app.test/agent', method: 'POST', status: 200, statusText: 'OK', frameUrl: '', requestHeaders: [], responseHeaders: [], openedAt: 1, page: 0 });
    s.chunk('a', 2, enc.encode('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\ndata: {"type":"STATE_SNAPSHOT","snapshot":{"__proto__":{"polluted":true}}}\n\ndata: {"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n'));
    const { text } = buildExport(s, { format: 'test', now });
    const recorded = /^const recorded = (JSON\.parse\(.*\));$/m.exec(text);
    expect(recorded, text.slice(-600)).not.toBeNull();
    // biome-ignore lint/security/noGlobalEval: evaluating the generated expression is the test
    const value = (0, eval)(`(${recorded![1]})`) as { t: { state: object } };
    expect(Object.keys(value.t.state)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value.t.state)).toBe(Object.prototype);
  });
});
