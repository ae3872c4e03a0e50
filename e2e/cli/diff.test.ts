/**
 * `agui-devtools diff` on the built CLI, as CI runs it (exit codes, the JSON fields the README documents, indices
 * of the input files), and the library's vitest matchers in a scratch project that depends on agui-devtools.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../support/cli';
import { runGeneratedTest } from '../support/sharing';
import { ROOT } from '../support/paths';

let dir: string;
const cli = (args: string[]) => runCli(args, dir);
const file = (name: string, events: object[]) => {
  writeFileSync(join(dir, name), JSON.stringify(events));
  return name;
};

type E = Record<string, unknown>;
const run = (thread: string, id: string, msg: string, deltas: string[], state: object, end: E = { type: 'RUN_FINISHED' }): E[] => [
  { type: 'RUN_STARTED', threadId: thread, runId: id, timestamp: 1 },
  { type: 'TEXT_MESSAGE_START', messageId: msg, role: 'assistant' },
  ...deltas.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: msg, delta })),
  { type: 'TEXT_MESSAGE_END', messageId: msg },
  { type: 'STATE_SNAPSHOT', snapshot: state },
  { ...end, threadId: thread, runId: id, timestamp: 2 },
];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agui-diff-'));
  file('golden.json', run('t', 'r1', 'm1', ['The weather in ', 'Lisbon is sunny'], { city: 'Lisbon', temp: 18 }));
  // The same run: other ids, other timestamps, the text in other chunks.
  file('same.json', run('t-9', 'r-9', 'm-9', ['The weather', ' in Lisbon is sunny'], { city: 'Lisbon', temp: 18 }).map((e) => ({ ...e, timestamp: 99 })));
  file('other.json', run('t', 'r1', 'm1', ['The weather in ', 'Porto is sunny'], { city: 'Porto', temp: 18 }));
  // Two runs; the second is the golden run again with another city.
  file('two.json', [...run('t', 'first', 'm0', ['Hi'], {}), ...run('t', 'second', 'm1', ['The weather in ', 'Porto is sunny'], { city: 'Porto', temp: 18 })]);
  writeFileSync(join(dir, 'broken.json'), '{"type":');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('agui-devtools diff', () => {
  test('equivalent under the normalization (ids by order, timestamps ignored, text joined): exit 0', () => {
    const r = cli(['diff', 'golden.json', 'same.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('golden.json ⟷ same.json: equivalent');
    // Delta by delta, the other chunking is a difference.
    expect(cli(['diff', 'golden.json', 'same.json', '--text', 'deltas']).code).toBe(1);
    // Ids compared as they are, the first event differs.
    expect(JSON.parse(cli(['diff', 'golden.json', 'same.json', '--ids', 'exact', '--format', 'json']).stdout).firstDivergence).toEqual({ a: 0, b: 0 });
  });

  test('different: exit 1, the first divergence in context, the message text diff and the state patch', () => {
    const r = cli(['diff', 'golden.json', 'other.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('first divergence: A #2 · B #2');
    expect(r.stdout).toContain('The weather in [-Lisbon-]{+Porto+} is sunny');
    expect(r.stdout).toContain('replace /city = "Porto"');
    const j = JSON.parse(cli(['diff', 'golden.json', 'other.json', '--format', 'json']).stdout) as Record<string, unknown>;
    expect(j.equivalent).toBe(false);
    expect(j.firstDivergence).toEqual({ a: 2, b: 2 });
    expect(j.events).toEqual({ equal: 4, added: 0, removed: 0, changed: 2 });
    expect(j.state).toEqual([{ op: 'replace', path: '/city', value: 'Porto' }]);
    expect((j.messages as { status: string; role: string; id: string }[]).map((m) => [m.status, m.role, m.id])).toEqual([['changed', 'assistant', 'msg#1']]);
    expect((j.metrics as { a: unknown[]; b: unknown[] }).a).toHaveLength(1);
  });

  test('--ignore: a state pointer, or an event pointer, is no difference', () => {
    expect(cli(['diff', 'golden.json', 'other.json', '--ignore', '/city']).code).toBe(1);
    file('traced-a.json', run('t', 'r1', 'm1', ['x'], {}).map((e) => ({ ...e, metadata: { traceId: 'aaa' } })));
    file('traced-b.json', run('t', 'r1', 'm1', ['x'], {}).map((e) => ({ ...e, metadata: { traceId: 'bbb' } })));
    expect(cli(['diff', 'traced-a.json', 'traced-b.json']).code).toBe(1);
    expect(cli(['diff', 'traced-a.json', 'traced-b.json', '--ignore', 'event:/metadata/traceId']).code).toBe(0);
    file('state-a.json', run('t', 'r1', 'm1', ['x'], { cart: { total: 3 }, n: 1 }));
    file('state-b.json', run('t', 'r1', 'm1', ['x'], { cart: { total: 4 }, n: 1 }));
    expect(cli(['diff', 'state-a.json', 'state-b.json']).code).toBe(1);
    expect(cli(['diff', 'state-a.json', 'state-b.json', '--ignore=/cart/total']).code).toBe(0);
    const bad = cli(['diff', 'golden.json', 'other.json', '--ignore', 'city']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"city" is not a JSON pointer');
  });

  test('--run-a / --run-b compare one run of each; indices stay those of the input files', () => {
    const j = JSON.parse(cli(['diff', 'golden.json', 'two.json', '--run-b', 'second', '--format', 'json']).stdout) as { firstDivergence: unknown; events: unknown };
    // The second run of two.json starts at its event 6: the divergent delta is its #8.
    expect(j.firstDivergence).toEqual({ a: 2, b: 8 });
    expect(j.events).toEqual({ equal: 4, added: 0, removed: 0, changed: 2 });
    const missing = cli(['diff', 'golden.json', 'two.json', '--run-b', 'third']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('two.json: --run-b third: no run with that id (its runs: first, second)');
  });

  test('unreadable input: exit 2 with where and why', () => {
    const r = cli(['diff', 'golden.json', 'broken.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('broken.json: no AG-UI event could be read (#0: Not valid JSON');
    const none = cli(['diff', 'golden.json', 'nothing.json']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('cannot read nothing.json: no such file');
    expect(cli(['diff', 'golden.json']).code).toBe(2);
  });
});

test('the vitest matchers: toMatchAguiSession and toBeValidAgui pass and fail as they should in a project', () => {
  const golden = run('t', 'r1', 'm1', ['The weather in ', 'Lisbon is sunny'], { city: 'Lisbon' });
  const same = run('t2', 'r2', 'm2', ['The weather in Lisbon', ' is sunny'], { city: 'Lisbon' });
  const other = run('t', 'r1', 'm1', ['The weather in ', 'Porto is sunny'], { city: 'Porto' });
  const orphan = [...golden.slice(0, -1), { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nobody', delta: 'x' }, golden[golden.length - 1]!];
  const unfinished = golden.slice(0, -1); // the run never finishes: a warning
  const source = `import { expect, it } from 'vitest';
import { aguiMatchers } from 'agui-devtools';
expect.extend(aguiMatchers);
const golden = ${JSON.stringify(golden)};
it('same run, other ids and chunks', () => { expect(${JSON.stringify(same)}).toMatchAguiSession(golden); });
it('other city', () => { expect(${JSON.stringify(other)}).toMatchAguiSession(golden); });
it('valid', () => { expect(golden).toBeValidAgui(); });
it('orphan delta', () => { expect(${JSON.stringify(orphan)}).toBeValidAgui(); });
it('orphan delta, its rule off', () => { expect(${JSON.stringify(orphan)}).toBeValidAgui({ rules: { 'text/not-open': 'off' } }); });
it('a warning, failOn warning', () => { expect(${JSON.stringify(unfinished)}).toBeValidAgui({ failOn: 'warning' }); });
it('a warning, the strict preset', () => { expect(${JSON.stringify(unfinished)}).toBeValidAgui({ preset: 'strict' }); });
it('a warning, recommended', () => { expect(${JSON.stringify(unfinished)}).toBeValidAgui(); });
it('an unknown rule id', () => { expect(golden).toBeValidAgui({ rules: { 'text/not-opne': 'off' } }); });
`;
  const r = runGeneratedTest(source);
  expect(r.code).toBe(1);
  expect(r.out).toContain('5 failed');
  expect(r.out).toContain('4 passed');
  expect(r.out).toMatch(/a warning, failOn warning[\s\S]*found 1 problem:\n\s+#\d+ stream\/unfinished-run \(warning\)/);
  expect(r.out).toMatch(/a warning, the strict preset[\s\S]*found 1 error:\n\s+#\d+ stream\/unfinished-run \(error\)/);
  expect(r.out).toMatch(/unknown rule "text\/not-opne"; did you mean "text\/not-open"\?/);
  expect(r.out).toMatch(/other city[\s\S]*first divergence at A #2 · B #2/);
  expect(r.out).toMatch(/orphan delta[\s\S]*expected no protocol error, found 1:\n\s+#6 text\/not-open|orphan delta[\s\S]*expected no protocol error, found 1/);
  rmSync(r.dir, { recursive: true, force: true });
});

test('node:test: assertValidAgui and assertMatchesAguiSession fail as assertions do, with the problems', () => {
  const golden = run('t', 'r1', 'm1', ['The weather in ', 'Lisbon is sunny'], { city: 'Lisbon' });
  const other = run('t', 'r1', 'm1', ['The weather in ', 'Porto is sunny'], { city: 'Porto' });
  const orphan = [...golden.slice(0, -1), { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nobody', delta: 'x' }, golden[golden.length - 1]!];
  const project = mkdtempSync(join(tmpdir(), 'agui-node-test-'));
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules', 'agui-devtools'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  writeFileSync(
    join(project, 'agent.test.mjs'),
    `import { test } from 'node:test';
import { assertMatchesAguiSession, assertValidAgui } from 'agui-devtools';
const golden = ${JSON.stringify(golden)};
test('valid', () => assertValidAgui(golden));
test('orphan delta', () => assertValidAgui(${JSON.stringify(orphan)}));
test('matches', () => assertMatchesAguiSession(golden, golden));
test('other city', () => assertMatchesAguiSession(${JSON.stringify(other)}, golden));
`,
  );
  const r = spawnSync('node', ['--test', '--test-reporter=tap', 'agent.test.mjs'], { cwd: project, encoding: 'utf8' });
  try {
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^# pass 2$/m);
    expect(r.stdout).toMatch(/^# fail 2$/m);
    expect(r.stdout).toMatch(/not ok \d+ - orphan delta[\s\S]*The session is not valid AG-UI: found 1 error:\s+#\d+ text\/not-open \(error\)[\s\S]*name: 'AssertionError'/);
    expect(r.stdout).toMatch(/not ok \d+ - other city[\s\S]*first divergence at A #2 · B #2/);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
