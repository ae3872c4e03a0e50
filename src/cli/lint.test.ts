import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { exportSession } from '../engine/io/exportFormat';
import { readInput } from '../engine/io/readInput';
import { braces, expandPattern } from './glob';
import { lintBytes } from './lint';

const enc = (s: string) => new TextEncoder().encode(s);
const RS = '{"type":"RUN_STARTED","threadId":"t","runId":"r"}';
const BAD = '{"type":"TEXT_MESSAGE_CONTENT","messageId":"m9","delta":"x"}';
const RF = '{"type":"RUN_FINISHED","threadId":"t","runId":"r"}';

describe('each problem at the line of its event', () => {
  test('JSONL: blank lines and CRLF count as lines, not as events', () => {
    const r = lintBytes('x.jsonl', enc(`${RS}\r\n\r\n${BAD}\r\n${RF}\r\n`));
    expect(r.problems.find((p) => p.ruleId === 'text/not-open')).toMatchObject({ eventIndex: 1, line: 3 });
  });
  test('a pretty-printed JSON array: the line where the element starts', () => {
    const text = JSON.stringify([JSON.parse(RS), JSON.parse(BAD), JSON.parse(RF)], null, 2);
    const r = lintBytes('x.json', enc(text));
    // The element's "{" is the line above its "type" line: the 0-based index of that line is the 1-based "{" line.
    const line = text.split('\n').findIndex((l) => l.includes('"TEXT_MESSAGE_CONTENT"'));
    expect(r.problems.find((p) => p.ruleId === 'text/not-open')).toMatchObject({ eventIndex: 1, line });
  });
  test('SSE: the line of the frame, and its bytes', () => {
    const text = `: hello\n\ndata: ${RS}\n\nid: 2\ndata: ${BAD}\n\ndata: ${RF}\n\n`;
    const p = lintBytes('x.sse', enc(text)).problems.find((x) => x.ruleId === 'text/not-open')!;
    expect(p.line).toBe(5);
    expect(text.slice(p.byteOffset!, p.byteOffset! + p.byteLength!)).toContain(BAD);
  });
  test('a session file has no lines: problems carry only their event index', () => {
    const { session } = readInput(enc(`data: ${RS}\n\ndata: ${BAD}\n\ndata: ${RF}\n\n`), 'x.sse');
    const r = lintBytes('x.agui.json', enc(JSON.stringify(exportSession(session))));
    expect(r.error).toBeUndefined();
    expect(r.problems.find((p) => p.ruleId === 'text/not-open')).toEqual(expect.objectContaining({ eventIndex: 1 }));
    expect(r.problems.every((p) => p.line === undefined)).toBe(true);
  });
});

describe('file patterns', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agui-glob-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['a.json', 'b.jsonl', '.hidden.json', 'deep/er/c.json', 'node_modules/m/d.json', 'deep/e.txt']) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), '[]');
  }
  test('braces expand, nested too', () => {
    expect(braces('x.{a,b{c,d}}')).toEqual(['x.a', 'x.bc', 'x.bd']);
  });
  test('* stays in a folder, ** goes down (not into node_modules or dot folders), dot files need a dot', () => {
    const rel = (p: string) => expandPattern(`${dir}/${p}`).map((f) => f.slice(dir.length + 1));
    expect(rel('*.json')).toEqual(['a.json']);
    expect(rel('**/*.json')).toEqual(['a.json', 'deep/er/c.json']);
    expect(rel('**/*.{json,jsonl}')).toEqual(['a.json', 'b.jsonl', 'deep/er/c.json']);
    expect(rel('.*.json')).toEqual(['.hidden.json']);
    expect(rel('deep/**')).toEqual(['deep/e.txt', 'deep/er/c.json']);
    expect(rel('[ab].json*')).toEqual(['a.json', 'b.jsonl']);
    expect(rel('nothing/*.json')).toEqual([]);
  });
});
