/**
 * What a hostile page's data can do once it is in a file a developer runs or reads (SECURITY.md): nothing. The
 * generated vitest file runs no code of the page's; the CLI's text output holds no terminal control of the page's;
 * a tiny file that doubles its state or nests deep gets a located problem, not minutes, gigabytes or a crash.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildExport } from '../../src/engine/session/exportFormats';
import { HOSTILE, hostileSession } from '../../src/engine/testing/hostile';
import { runCli } from '../support/cli';
import { ROOT } from '../support/paths';
import { runGeneratedTest } from '../support/sharing';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agui-security-'));
});
afterAll(() => {
  // Nothing the page sent ran here either.
  expect(readdirSync(dir).filter((f) => /PWNED/.test(f))).toEqual([]);
  rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, dir);

test('a generated test whose run id closes its comment and imports node:fs runs our code only: it passes and writes nothing', () => {
  const payload = HOSTILE[0];
  expect(payload).toContain("*/ import('node:fs')");
  // The other hostile strings ride along as ids and text; a "__proto__" key in the state must stay a key.
  const session = hostileSession(payload, Object.fromEntries([...HOSTILE.slice(1).map((h, i) => [`k${i}${h}`, h]), ['__proto__', { polluted: true }]]));
  const { text } = buildExport(session, { format: 'test', scope: { label: `run ${payload}`, indices: session.frames.map((_, i) => i) } });
  const run = runGeneratedTest(text);
  expect(run.out).toMatch(/2 passed/);
  expect(run.code).toBe(0);
  expect(existsSync(join(run.dir, 'PWNED')), 'the page wrote a file through the generated test').toBe(false);
  expect(existsSync(join(ROOT, 'PWNED'))).toBe(false);
  rmSync(run.dir, { recursive: true, force: true });
});

describe('the CLI prints no control character a page sent', () => {
  const file = () => join(dir, 'hostile.agui.sse');
  beforeAll(() => {
    // One run per hostile string, as its run id, its text, and the id of a message that was never started (lint
    // names it in a warning), and an empty delta (an error naming it).
    const events = HOSTILE.flatMap((h, i) => [
      { type: 'RUN_STARTED', threadId: 't', runId: h },
      { type: 'TEXT_MESSAGE_START', messageId: `m${i}`, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: `m${i}`, delta: h },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: `m${i}`, delta: '' },
      { type: 'TEXT_MESSAGE_END', messageId: `m${i}` },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: h, delta: 'x' },
      { type: 'RUN_FINISHED', threadId: 't', runId: h },
    ]);
    writeFileSync(file(), events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
  });
  const ESCAPES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

  test('lint: every line is one problem or the summary, with the controls as \\u escapes', () => {
    const r = cli(['lint', file()]);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(ESCAPES);
    const lines = r.stdout.trimEnd().split('\n');
    const summary = lines.pop()!;
    expect(summary).toMatch(/^\d+ events \(sse\): [1-9]\d* errors?, \d+ warnings?, \d+ notes?; transport rules not applicable \(no capture timing\)$/);
    for (const line of lines) expect(line).toMatch(/^\S*hostile\.agui\.sse(:\d+|@\d+)? #\d+ {2}(error|warning|info) /);
    expect(r.stdout).toContain('\\u001B]0;owned\\u0007');
    expect(r.stdout).toContain('\\u202E');
  });

  test('replay and replay --summary: the page strings are escaped, line breaks too', () => {
    for (const args of [['replay', file()], ['replay', file(), '--summary']]) {
      const r = cli(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, args.join(' ')).not.toMatch(ESCAPES);
      expect(r.stdout).toContain('\\u001B');
    }
    const json = cli(['replay', file(), '--json']);
    expect(json.stdout).not.toMatch(ESCAPES);
    // In JSON the escape is the same value.
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b]0;owned');
  });
});

describe('a small file cannot make the CLI take minutes, gigabytes or a crash', () => {
  test('40 STATE_DELTA copies of the root: a located problem once the state passes 64 MiB, and the rest lints', () => {
    const lines = ['{"type":"RUN_STARTED","threadId":"t","runId":"r"}', '{"type":"STATE_SNAPSHOT","snapshot":{"seed":"0123456789012345678901234567890123456789"}}'];
    for (let k = 0; k < 40; k++) lines.push(JSON.stringify({ type: 'STATE_DELTA', delta: [{ op: 'copy', from: '', path: `/c${k}` }] }));
    lines.push('{"type":"RUN_FINISHED","threadId":"t","runId":"r"}');
    const path = join(dir, 'doubling.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    expect(lines.join('\n').length).toBeLessThan(3 * 1024);
    const r = cli(['lint', path, '--format', 'json']);
    expect(r.code).toBe(1);
    const problems = JSON.parse(r.stdout) as { ruleId: string; line: number; message: string }[];
    const first = problems[0]!;
    expect(first.ruleId).toBe('state/patch-failed');
    expect(first.message).toMatch(/DOCUMENT_TOO_LARGE: copying the root to \/c\d+ would grow the document to about \d+ MiB, more than 64 MiB/);
    expect(first.line).toBeGreaterThan(15);
    expect(cli(['replay', path, '--summary']).code).toBe(0);
  });

  test('a snapshot 200,000 levels deep: json/too-deep at its line, and replay prints the rest', () => {
    const path = join(dir, 'deep.jsonl');
    writeFileSync(path, ['{"type":"RUN_STARTED","threadId":"t","runId":"r"}', `{"type":"STATE_SNAPSHOT","snapshot":{"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}}`, '{"type":"RUN_FINISHED","threadId":"t","runId":"r"}', ''].join('\n'));
    const lint = cli(['lint', path]);
    expect(lint.stdout).toMatch(/deep\.jsonl:2 #1 +error +json\/too-deep +The event nests more than 1,000 levels deep/);
    const replay = cli(['replay', path]);
    expect(replay.stderr).toBe('');
    expect(replay.code).toBe(0);
    expect(replay.stdout).not.toContain('internal error');
  });
});
