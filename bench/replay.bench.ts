/**
 * Engine benchmarks (`npm run bench`). Every figure is a ratio against a reference measured in the same run,
 * so the machine's speed cancels out:
 *  - replay throughput vs @ag-ui/client's own pipeline on the same 20,000-event session (target ≥ 100x)
 *  - replay of 200,000 events vs 20,000 (target < 12x: linear)
 *  - seek to 1,000 random indices of a 200,000-event session (target: max < 16 ms, median < 1 ms)
 *  - decode throughput (SSE + JSON + validation) as a fraction of bare JSON.parse on the same bytes (≥ 0.5)
 *  - memory per event of a replayed 200,000-event session
 *  - the Runs table opened and the selection moved over 200,000 events through the query API (engine/query), against
 *    the same answers computed as the views computed them before it (target ≤ 1.05x), and the memory per event with
 *    the query's answers kept, against without (target ≤ 1.05x)
 */
import { CompatibilityBoundary, defaultApplyEvents, enforceEvents, transformChunks, verifyEvents, type AbstractAgent, type BaseEvent } from '@ag-ui/client';
import { from, lastValueFrom } from 'rxjs';
import { defaultIfEmpty, map } from 'rxjs/operators';
import { decodeEventText } from '../src/engine/decode/event';
import { SseParser } from '../src/engine/decode/sse';
import { framesFromValues } from '../src/engine/replay/fromEvents';
import { Replay } from '../src/engine/replay/replay';
import { replaySession } from '../src/engine/replay/replaySession';
import { problemsByRun, runRows, OUTCOME } from '../src/engine/replay/runRows';
import { attributedAt, openAt, runStatusAt } from '../src/engine/replay/timeline';
import { SessionQuery } from '../src/engine/query';
import { Session } from '../src/engine/session/session';
import { streamInfo } from '../src/engine/session/streamInfo';
import { generateSession, rng } from '../src/engine/testing/generator';

process.env.SUPPRESS_TRANSFORMATION_WARNINGS = 'true';
const gc = (globalThis as { gc?: () => void }).gc;
const now = () => performance.now();
const results: { name: string; value: string; target: string; pass: boolean }[] = [];
const report = (name: string, value: string, target: string, pass: boolean) => {
  results.push({ name, value, target, pass });
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${value}  (target ${target})`);
};

/** The reference client's pipeline on a whole session, as an HttpAgent run applies it. */
async function referenceReplay(events: readonly unknown[]): Promise<void> {
  const boundary = new CompatibilityBoundary() as unknown as { transformEvent(e: BaseEvent): BaseEvent };
  const agent = { messages: [], state: {}, pendingInterrupts: [] } as unknown as AbstractAgent;
  const input = { threadId: 't', runId: 'r', messages: [], state: {}, tools: [], context: [], forwardedProps: {} };
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    const events$ = from(events as BaseEvent[]).pipe(map((e) => boundary.transformEvent(e)), enforceEvents(), transformChunks(), verifyEvents());
    await lastValueFrom(defaultApplyEvents(input, events$, agent, []).pipe(defaultIfEmpty(null)));
  } finally {
    console.warn = warn;
  }
}

function ourReplay(events: readonly unknown[]): Replay {
  const replay = new Replay();
  replay.push(framesFromValues(events));
  replay.at(events.length - 1);
  return replay;
}

const best = async (runs: number, fn: () => unknown | Promise<unknown>): Promise<number> => {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    gc?.();
    const t = now();
    await fn();
    min = Math.min(min, now() - t);
  }
  return min;
};

async function main() {
  console.log(`Node ${process.version}; every figure is measured in this run.\n`);
  const small = generateSession(20_000, 7);
  const large = generateSession(200_000, 7);

  // 1. Throughput against the reference pipeline.
  const refMs = await best(1, () => referenceReplay(small));
  const ourMs = await best(5, () => ourReplay(small));
  const speedup = refMs / ourMs;
  console.log(`reference pipeline: ${refMs.toFixed(0)} ms for ${small.length} events (${((small.length / refMs) * 1000).toFixed(0)} events/s)`);
  console.log(`our replay:         ${ourMs.toFixed(1)} ms for ${small.length} events (${((small.length / ourMs) * 1000).toFixed(0)} events/s)`);
  report('replay throughput vs @ag-ui/client (20,000 events)', `${speedup.toFixed(0)}x faster`, '≥ 100x', speedup >= 100);

  // 2. Linear growth.
  const largeMs = await best(3, () => ourReplay(large));
  const growth = largeMs / ourMs;
  console.log(`our replay:         ${largeMs.toFixed(0)} ms for ${large.length} events`);
  report('replay time, 200,000 vs 20,000 events', `${growth.toFixed(1)}x`, '< 12x (linear)', growth < 12);

  // 3. Seek.
  const replay = ourReplay(large);
  const r = rng(99);
  const times: number[] = [];
  for (let k = 0; k < 1000; k++) {
    const index = Math.floor(r() * large.length);
    const t = now();
    const view = replay.at(index);
    void view.messages.length;
    times.push(now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[500]!;
  const max = times[999]!;
  report('seek to 1,000 random indices of 200,000 events: median', `${median.toFixed(3)} ms`, '< 1 ms', median < 1);
  report('seek to 1,000 random indices of 200,000 events: max', `${max.toFixed(2)} ms`, '< 16 ms', max < 16);

  // 4. Decode throughput against bare JSON.parse on the same bytes.
  const bytes = new TextEncoder().encode(large.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
  const bare = await best(5, () => {
    const text = new TextDecoder().decode(bytes);
    let n = 0;
    for (const block of text.split('\n\n')) if (block) n += JSON.parse(block.slice(6)) ? 1 : 0;
    return n;
  });
  const ours = await best(5, () => {
    const parser = new SseParser();
    const frames = parser.push(bytes);
    parser.end(frames);
    let n = 0;
    for (const f of frames) if (decodeEventText(f.data).reducible) n++;
    return n;
  });
  const fraction = bare / ours;
  console.log(`bare JSON.parse:    ${bare.toFixed(0)} ms for ${(bytes.length / 1e6).toFixed(1)} MB; SSE + JSON + validation: ${ours.toFixed(0)} ms`);
  report('decode throughput as a fraction of bare JSON.parse', fraction.toFixed(2), '≥ 0.5', fraction >= 0.5);

  // 5. Memory per event.
  if (gc) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = ourReplay(large);
    gc();
    const after = process.memoryUsage().heapUsed;
    const perEvent = (after - before) / large.length;
    void kept.length;
    report('memory per event (frames, replay, checkpoints; 200,000 events)', `${perEvent.toFixed(0)} bytes`, 'reported', true);
  } else console.log('(run with --expose-gc for memory figures)');

  // 6. The Runs table and the selection, through the query API against the views' own computations before it.
  await queryBench(large);

  const failed = results.filter((x) => !x.pass);
  console.log(`\n${results.length - failed.length}/${results.length} targets met.`);
  if (failed.length) process.exitCode = 1;
}

/** A live session of one stream carrying the events (as the panel holds a capture). */
function sessionOf(events: readonly unknown[]): { session: Session; replay: Replay } {
  const session = new Session();
  session.open(streamInfo('s'));
  const enc = new TextEncoder();
  for (let i = 0; i < events.length; i += 5000) session.chunk('s', 1100 + i, enc.encode(events.slice(i, i + 5000).map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')));
  const replay = replaySession(session, { live: true });
  return { session, replay };
}

/**
 * What the Runs tab and the Messages tab computed for event i before the query API, as their code did: the table's
 * rows, then per run its status, its problems (problemsByRun per run section), its steps, calls, interrupts and
 * activities as of i, the subagents and reasoning as of i, and the conversation.
 */
function viewsBefore(session: Session, replay: Replay, i: number, table: boolean): number {
  const t = replay.timeline;
  let n = table ? runRows(session, replay, i).length : 0;
  for (const r of t.runs) {
    if (r.start > i) continue;
    n += OUTCOME[runStatusAt(r, i)].length;
    n += problemsByRun(replay, i).get(r.key)?.errors ?? 0;
    const of = t.entitiesOf(r.key);
    n += of.steps.filter((s) => s.start <= i && openAt(s, i)).length;
    n += of.toolCalls.filter((c) => c.start <= i).map((c) => (c.resultAt !== undefined && c.resultAt <= i ? c.resultAt : c.end !== undefined && c.end <= i ? c.end : c.start)).length;
    n += of.interrupts.filter((e) => e.raisedAt <= i && e.resolvedAt !== undefined && e.resolvedAt <= i).length;
    n += of.activities.filter((a) => a.start <= i).length;
    n += t.lastEventOf(r.key, i) ?? 0;
  }
  n += t.subagents.filter((s) => s.start <= i).map((s) => attributedAt(s, i)).length;
  n += t.reasoning.filter((r) => r.start <= i && r.encryptedAt?.some((e) => e <= i)).length;
  return n + replay.at(i).messages.length;
}

/** The same, through the query API (as the tabs now ask it). */
function viewsNow(q: SessionQuery, i: number, table: boolean): number {
  const at = q.asOf(i);
  let n = table ? q.runs(i).length : 0;
  for (const r of at.runs) n += r.outcome.length + r.problems.errors + r.steps.filter((s) => s.open).length + r.toolCalls.map((c) => c.last).length + r.interrupts.filter((e) => e.resolved).length + r.activities.length + r.last;
  n += at.subagents.map((s) => s.attributed).length + at.reasoning.filter((r) => r.encrypted).length;
  return n + at.conversation().messages.length;
}

async function queryBench(events: readonly unknown[]): Promise<void> {
  const { session, replay } = sessionOf(events);
  const last = session.frames.length - 1;
  const r = rng(7);
  const path = Array.from({ length: 40 }, () => Math.floor(r() * session.frames.length));
  // Opening the Runs table: at the last event, the table and every run's section; then the selection moved.
  const before = await best(3, () => {
    let n = viewsBefore(session, replay, last, true);
    for (const i of path) n += viewsBefore(session, replay, i, false);
    return n;
  });
  const nowMs = await best(3, () => {
    // The panel makes a new query whenever the session changes: each round starts from one.
    const q = new SessionQuery(session, replay);
    let n = viewsNow(q, last, true);
    for (const i of path) n += viewsNow(q, i, false);
    return n;
  });
  console.log(`Runs table + ${path.length} selections over ${events.length} events (${replay.timeline.runs.length} runs): before ${before.toFixed(0)} ms, through the query API ${nowMs.toFixed(0)} ms`);
  report('Runs table opened and selection moved (200,000 events), query API vs before', `${(nowMs / before).toFixed(2)}x`, '≤ 1.05x', nowMs / before <= 1.05);
  if (!gc) return;
  gc();
  const base = process.memoryUsage().heapUsed;
  const kept = sessionOf(events);
  gc();
  const without = process.memoryUsage().heapUsed - base;
  const q = new SessionQuery(kept.session, kept.replay);
  viewsNow(q, kept.session.frames.length - 1, true);
  for (const i of path) viewsNow(q, i, false);
  gc();
  const withAnswers = process.memoryUsage().heapUsed - base;
  void q;
  console.log(`memory per event: ${(without / events.length).toFixed(0)} bytes; with the query's answers kept: ${(withAnswers / events.length).toFixed(0)} bytes`);
  report('memory per event with the query API (200,000 events), vs without', `${(withAnswers / without).toFixed(3)}x`, '≤ 1.05x', withAnswers / without <= 1.05);
}

await main();
