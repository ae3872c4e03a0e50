/**
 * Compare benchmark (`npm run bench:compare`; run `npm run build:cli` first): `agui-devtools diff` as a whole CLI
 * process on two runs that differ in 100 places (20,000 events each: target < 1 s; 200,000 each: target < 10 s,
 * with its peak memory beside the same process linting one of the files, the reference measured in this run:
 * memory linear in N+M), and on two wholly different runs of 20,000 events (capped: it says "more than N
 * differences" and neither stalls nor takes quadratic memory); and the comparison the panel computes when Compare
 * opens on two runs of 20,000 events it holds (target < 500 ms), beside the replay of one of them. The CLI's times are
 * medians of rounds that alternate with the reference, each the whole process as a user waits for it (node's start too).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareRuns } from '../src/engine/compare/compare';
import { readInput } from '../src/engine/io/readInput';
import { replaySession } from '../src/engine/replay/replaySession';

const CLI = join(import.meta.dirname, '..', 'dist', 'cli', 'agui-devtools.mjs');
const dir = mkdtempSync(join(tmpdir(), 'agui-compare-bench-'));

/** A run of n events: text messages with tool calls and state deltas; `changes` of them altered evenly (B). */
function runEvents(n: number, changes: number, variant: string): string {
  const lines: string[] = [JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: `r-${variant}` })];
  const every = changes > 0 ? Math.floor(n / changes) : Number.POSITIVE_INFINITY;
  let i = 1;
  let m = 0;
  while (i < n - 1) {
    const id = `${variant}-m${m++}`;
    const altered = Math.floor(i / every) !== Math.floor((i + 6) / every);
    lines.push(
      JSON.stringify({ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' }),
      JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: `message ${m} ` }),
      JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: altered ? 'changed' : 'same' }),
      JSON.stringify({ type: 'TEXT_MESSAGE_END', messageId: id }),
      JSON.stringify({ type: 'STATE_DELTA', delta: [{ op: 'add', path: `/k${m % 50}`, value: m }] }),
      JSON.stringify({ type: 'CUSTOM', name: 'tick', value: m }),
    );
    i += 6;
  }
  lines.push(JSON.stringify({ type: 'RUN_FINISHED', threadId: 't', runId: `r-${variant}` }));
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the CLI once: the wall time of the whole process as a user waits for it (node's start included), the part from
 * the CLI's import to its exit, and the peak resident set (KB, from the child's own report).
 */
function measureOnce(args: string[]): { ms: number; ownMs: number; peakMB: number; code: number | null; out: string } {
  const script = `const t=performance.now();await import(${JSON.stringify(CLI)});process.on('exit',()=>process.stderr.write('\\n@@'+(performance.now()-t)+' '+process.resourceUsage().maxRSS));`;
  const t = performance.now();
  const r = spawnSync('node', ['--input-type=module', '-e', script, 'x', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  const [ownMs, rss] = (r.stderr.match(/@@([\d.]+) (\d+)/) ?? []).slice(1).map(Number);
  return { ms, ownMs: ownMs ?? Number.NaN, peakMB: (rss ?? 0) / 1024, code: r.status, out: r.stdout || r.stderr };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/** Rounds of the two commands in turn (the machine's speed drifts; alternating shares the drift): medians, and every round's time. */
function measure(reference: string[], measured: string[], rounds: number) {
  const runs: [ReturnType<typeof measureOnce>[], ReturnType<typeof measureOnce>[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    runs[0].push(measureOnce(reference));
    runs[1].push(measureOnce(measured));
  }
  return runs.map((all) => ({
    ...all[0]!,
    ms: median(all.map((x) => x.ms)),
    ownMs: median(all.map((x) => x.ownMs)),
    peakMB: median(all.map((x) => x.peakMB)),
    rounds: all.map((x) => x.ms.toFixed(0)).join(', '),
  })) as [Measured, Measured];
}
type Measured = ReturnType<typeof measureOnce> & { rounds: string };

try {
  const checks: [boolean, string][] = [];
  for (const n of [20_000, 200_000]) {
    writeFileSync(join(dir, `a${n}.jsonl`), runEvents(n, 0, 'a'));
    writeFileSync(join(dir, `b${n}.jsonl`), runEvents(n, 100, 'b'));
    const [lint, diff] = measure(['lint', `a${n}.jsonl`, '--format', 'json'], ['diff', `a${n}.jsonl`, `b${n}.jsonl`, '--format', 'json'], n === 20_000 ? 7 : 3);
    if (!diff.out.startsWith("{")) throw new Error(`diff of ${n} failed (exit ${diff.code}): ${diff.out.slice(0, 300)}`);
    const j = JSON.parse(diff.out) as { events: Record<string, number> };
    const target = n === 20_000 ? 1000 : 10_000;
    console.log(`${n.toLocaleString('en')} events each, 100 altered messages: diff ${diff.ms.toFixed(0)} ms as a whole process (median of ${diff.rounds}; ${diff.ownMs.toFixed(0)} ms from the CLI's import to its exit), peak ${diff.peakMB.toFixed(0)} MB (exit ${diff.code}; ${JSON.stringify(j.events)})`);
    console.log(`  reference, lint of A alone: ${lint.ms.toFixed(0)} ms, peak ${lint.peakMB.toFixed(0)} MB; diff / lint: ${(diff.ms / lint.ms).toFixed(2)}x time, ${(diff.peakMB / lint.peakMB).toFixed(2)}x memory (two inputs: about 2x is linear)`);
    checks.push([diff.ms < target, `diff of ${n.toLocaleString('en')} against ${n.toLocaleString('en')} events with 100 differences: ${diff.ms.toFixed(0)} ms (target < ${target} ms)`]);
    checks.push([diff.peakMB / lint.peakMB < 3, `  its memory against linting one input: ${(diff.peakMB / lint.peakMB).toFixed(2)}x (target < 3x: linear in N+M)`]);
  }
  // Wholly different: every event of B differs from A's.
  const n = 20_000;
  writeFileSync(join(dir, 'x.jsonl'), runEvents(n, 0, 'x').replace(/"same"/g, '"other"').replace(/"tick"/g, '"tock"').replace(/message /g, 'note '));
  const [lint, wholly] = measure(['lint', `a${n}.jsonl`, '--format', 'json'], ['diff', `a${n}.jsonl`, 'x.jsonl'], 3);
  console.log(`wholly different runs of ${n.toLocaleString('en')} events: ${wholly.ms.toFixed(0)} ms, peak ${wholly.peakMB.toFixed(0)} MB; it says: ${wholly.out.split('\n')[1]}`);
  checks.push([wholly.ms < 5000 && wholly.peakMB / lint.peakMB < 4 && /more than \d+ differences/.test(wholly.out), `  capped, no stall (< 5 s) and no quadratic memory (${(wholly.peakMB / lint.peakMB).toFixed(2)}x lint's, target < 4x)`]);
  // What the panel does when Compare opens on two runs it holds (their replays exist already): the comparison itself,
  // in this process, against the replay of one of them (the reference, measured here).
  {
    const n = 20_000;
    const sideOf = (text: string) => {
      const { session } = readInput(new TextEncoder().encode(text), 'x.jsonl');
      const t = performance.now();
      const replay = replaySession(session);
      return { side: { session, replay }, replayMs: performance.now() - t };
    };
    const a = sideOf(runEvents(n, 0, 'a'));
    const b = sideOf(runEvents(n, 100, 'b'));
    compareRuns(a.side, b.side);
    const t = performance.now();
    const c = compareRuns(a.side, b.side);
    const ms = performance.now() - t;
    console.log(`Compare opening on two held runs of ${n.toLocaleString('en')} events (100 differences): ${ms.toFixed(0)} ms (${c.events.changed} changed rows); the replay of one of them took ${a.replayMs.toFixed(0)} ms`);
    checks.push([ms < 500, `  the comparison the panel computes when Compare opens: ${ms.toFixed(0)} ms (target < 500 ms)`]);
  }
  for (const [ok, text] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
  if (checks.some(([ok]) => !ok)) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
