/**
 * What a hostile page's data can do once it is in a file a developer runs or reads (SECURITY.md): nothing. The
 * generated vitest file runs no code of the page's; the CLI's text output holds no terminal control of the page's;
 * a tiny file that doubles its state or nests deep gets a located problem, not minutes, gigabytes or a crash.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildExport } from '../../src/engine/io/exportFormats';
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
    // The same strings in runs the page's client takes to their end (the file above makes it stop at the first one's
    // never-started message: what it holds is the first run's).
    const held = HOSTILE.flatMap((h, i) => [
      { type: 'RUN_STARTED', threadId: 't', runId: h },
      { type: 'TEXT_MESSAGE_START', messageId: `m${i}`, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: `m${i}`, delta: h },
      { type: 'TEXT_MESSAGE_END', messageId: `m${i}` },
      { type: 'RUN_FINISHED', threadId: 't', runId: h },
    ]);
    writeFileSync(heldFile(), held.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
  });
  const heldFile = () => join(dir, 'hostile-held.agui.sse');
  const ESCAPES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

  test('lint: every line is one problem or the summary, with the controls as \\u escapes', () => {
    const r = cli(['lint', file()]);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(ESCAPES);
    const lines = r.stdout.trimEnd().split('\n');
    const summary = lines.pop()!;
    expect(summary).toMatch(/^\d+ events \(sse\): [1-9]\d* errors?, \d+ warnings?, \d+ notes?(; the page's client stops a run at (#\d+(, )?)+)?; transport rules not applicable \(no capture timing\)$/);
    for (const line of lines) expect(line).toMatch(/^\S*hostile\.agui\.sse(:\d+|@\d+)? #\d+ {2}(error|warning|info) /);
    expect(r.stdout).toContain('\\u001B]0;owned\\u0007');
    expect(r.stdout).toContain('\\u202E');
  });

  test('replay and replay --summary: the page strings are escaped, line breaks too', () => {
    for (const args of [['replay', heldFile()], ['replay', heldFile(), '--summary'], ['replay', file()]]) {
      const r = cli(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, args.join(' ')).not.toMatch(ESCAPES);
      expect(r.stdout).toContain('\\u001B');
    }
    const json = cli(['replay', heldFile(), '--json']);
    expect(json.stdout).not.toMatch(ESCAPES);
    // In JSON the escape is the same value.
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b]0;owned');
  });
});

describe('no workflow command a config, a file name or a session wrote (GitHub Actions reads both streams)', () => {
  /** GitHub's runner runs a line as a command when it starts with `::` after white space, or holds `##[` anywhere. */
  const commands = (text: string) => text.split('\n').filter((line) => line.trimStart().startsWith('::') || line.includes('##['));
  const FORGED = '\n::warning file=README.md,line=1::forged\n::add-mask::secret\n::stop-commands::zzz\n##[error]old-style\n';
  const run = (sub: string, args: string[]) => {
    const folder = join(dir, sub);
    mkdirSync(folder, { recursive: true });
    return runCli(args, folder);
  };

  test('a config whose rule id or unknown key holds line breaks: one located usage error, no command', () => {
    const session = '{"type":"RUN_STARTED","threadId":"t","runId":"r"}\n{"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n';
    for (const [sub, config] of [
      ['rule-id', { rules: { [`tool/args-not-json${FORGED}`]: 'off' } }],
      ['unknown-key', { [`x${FORGED}`]: 1 }],
      ['ignore', { ignore: [`x${FORGED}`, 'y'.repeat(5000)] }],
    ] as const) {
      mkdirSync(join(dir, sub), { recursive: true });
      writeFileSync(join(dir, sub, 'agui.config.json'), JSON.stringify(config));
      writeFileSync(join(dir, sub, 's.agui.jsonl'), session);
      for (const format of ['text', 'github', 'json', 'sarif', 'junit']) {
        const r = run(sub, ['lint', 's.agui.jsonl', '--format', format]);
        expect(r.code, `${sub} ${format}: ${r.stderr}`).toBe(2);
        expect(commands(r.stderr), `${sub} ${format}`).toEqual([]);
        expect(commands(r.stdout)).toEqual([]);
        expect(r.stderr).toMatch(/^agui-devtools: .*agui\.config\.json/);
      }
    }
  });

  test('a session and a file name that hold commands: none in text, JSON, SARIF or JUnit; in --format github only the CLI’s own', () => {
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: `r${FORGED}` },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: `never${FORGED}`, delta: 'x' },
      { type: 'RUN_FINISHED', threadId: 't', runId: `r${FORGED}` },
    ];
    // (No '[' in the name: lint would take it for a glob.)
    const name = `forged${FORGED.replace(/[/[\]]/g, '_')}.agui.jsonl`;
    mkdirSync(join(dir, 'session'), { recursive: true });
    writeFileSync(join(dir, 'session', name), events.map((e) => JSON.stringify(e)).join('\n'));
    for (const format of ['text', 'json', 'sarif', 'junit']) {
      const r = run('session', ['lint', name, '--format', format]);
      expect(r.code, r.stderr).toBe(1);
      expect(commands(r.stdout), format).toEqual([]);
      expect(commands(r.stderr), format).toEqual([]);
    }
    for (const args of [['replay', name], ['replay', name, '--summary'], ['replay', name, '--json'], ['diff', name, name]]) {
      const r = run('session', args);
      expect(commands(r.stdout), args.join(' ')).toEqual([]);
      expect(commands(r.stderr), args.join(' ')).toEqual([]);
    }
    const github = run('session', ['lint', name, '--format', 'github']);
    expect(github.code).toBe(1);
    const lines = github.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^agui-devtools: 1 file: /);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^::(error|warning|notice) file=forged%0A%3A%3Awarning file=README\.md%2Cline=1%3A%3Aforged%0A/);
    // A missing file named like a command: the error line is one line, not two.
    const missing = run('session', ['lint', `nothing${FORGED}.jsonl`]);
    expect(missing.code).toBe(2);
    expect(commands(missing.stderr)).toEqual([]);
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
