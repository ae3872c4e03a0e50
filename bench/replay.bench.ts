/**
 * Engine benchmarks (`npm run bench`). Every figure is a ratio against a reference measured in the same run,
 * so the machine's speed cancels out:
 *  - replay throughput vs @ag-ui/client's own pipeline on the same 20,000-event session (target ≥ 100x)
 *  - replay of 200,000 events vs 20,000 (target < 12x: linear)
 *  - seek to 1,000 random indices of a 200,000-event session (target: max < 16 ms, median < 1 ms)
 *  - decode throughput (SSE + JSON + validation) as a fraction of bare JSON.parse on the same bytes (≥ 0.5)
 *  - memory per event of a replayed 200,000-event session
 */
import { CompatibilityBoundary, defaultApplyEvents, enforceEvents, transformChunks, verifyEvents, type AbstractAgent, type BaseEvent } from '@ag-ui/client';
import { from, lastValueFrom } from 'rxjs';
import { defaultIfEmpty, map } from 'rxjs/operators';
import { decodeEventText } from '../src/engine/decode/event';
import { SseParser } from '../src/engine/decode/sse';
import { framesFromValues } from '../src/engine/session/fromEvents';
import { Replay } from '../src/engine/replay/replay';
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

  const failed = results.filter((x) => !x.pass);
  console.log(`\n${results.length - failed.length}/${results.length} targets met.`);
  if (failed.length) process.exitCode = 1;
}

await main();
