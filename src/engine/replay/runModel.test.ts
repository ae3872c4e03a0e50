/**
 * The run as the engine's unit, as a property of every conformance fixture and 2,000 generated sequences, alone and
 * as two overlapping streams of one thread: the runs' events partition the events that belong to a run; every
 * entity is under the run whose events hold its first event; every interrupt verdict is a resume problem and back.
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from '../decode/frames';
import { StreamDecoder } from '../decode/frames';
import { conformanceSequences } from '../testing/fixtures';
import { generateSequence, rng } from '../testing/generator';
import { SWEEP, sweepSeeds } from '../testing/sweep';
import { Replay } from './replay';
import type { RunEntities } from './timeline';

type E = Record<string, unknown>;

/** Two event lists as two streams of one session, interleaved at random (seeded), each frame a time of its own. */
function twoStreams(a: readonly E[], b: readonly E[], seed: number): Frame[] {
  const r = rng(seed);
  const da = new StreamDecoder('a', 'json');
  const db = new StreamDecoder('b', 'json');
  const frames: Frame[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const t = frames.length;
    if (j >= b.length || (i < a.length && r() < 0.5)) frames.push(da.pushValue(a[i++], t));
    else frames.push(db.pushValue(b[j++], t));
  }
  return frames;
}

const replayOf = (frames: Frame[]): Replay => {
  const replay = new Replay();
  replay.push(frames);
  for (const id of new Set(frames.map((f) => f.streamId))) replay.endStream(id);
  return replay;
};

/** Every property, for one replay; returns what is wrong (empty: all holds). */
function check(frames: readonly Frame[], replay: Replay): string[] {
  const t = replay.timeline;
  const wrong: string[] = [];
  // The runs' events partition the events that belong to a run, each in its run's stream and span.
  const owner = new Map<number, number>();
  for (const run of t.runs) {
    let previous = -1;
    for (const i of t.eventsOf(run.key)) {
      if (owner.has(i)) wrong.push(`event ${i} is in run ${owner.get(i)} and run ${run.key}`);
      owner.set(i, run.key);
      if (i <= previous) wrong.push(`run ${run.key}: events out of order at ${i}`);
      previous = i;
      if (frames[i]!.streamId !== run.streamId) wrong.push(`run ${run.key} (stream ${run.streamId}) holds event ${i} of stream ${frames[i]!.streamId}`);
      if (i < run.start || (run.end !== undefined && i > run.end)) wrong.push(`run ${run.key} holds event ${i} outside ${run.start}..${run.end}`);
    }
    if (t.eventsOf(run.key)[0] !== run.start) wrong.push(`run ${run.key} does not begin with its RUN_STARTED`);
  }
  for (let i = 0; i < frames.length; i++) {
    const run = t.runAt(i);
    if ((run?.key ?? -1) !== (owner.get(i) ?? -1)) wrong.push(`runAt(${i}) is ${run?.key} but eventsOf puts it in ${owner.get(i)}`);
  }
  // Every entity is under the run whose events hold its first event, in that run's list and nowhere else.
  const kinds = ['steps', 'messages', 'toolCalls', 'reasoning', 'activities', 'subagents', 'interrupts'] as const;
  for (const kind of kinds) {
    const all = t[kind] as { start?: number; raisedAt?: number; runKey?: number }[];
    for (const e of all) {
      const first = e.start ?? e.raisedAt!;
      const expected = t.runAt(first)?.key;
      if (e.runKey !== expected && !(kind === 'interrupts' && e.runKey === -1 && expected === undefined)) wrong.push(`${kind} at ${first}: run ${e.runKey}, its first event is in run ${expected}`);
    }
    const listed = t.runs.reduce((n, run) => n + (t.entitiesOf(run.key)[kind] as unknown[]).length, 0);
    const inRuns = all.filter((e) => e.runKey !== undefined && e.runKey >= 0).length;
    if (listed !== inRuns) wrong.push(`${kind}: ${inRuns} belong to runs, the runs list ${listed}`);
  }
  for (const run of t.runs) {
    const of: RunEntities = t.entitiesOf(run.key) as RunEntities;
    for (const kind of kinds) for (const e of of[kind] as { runKey?: number }[]) if (e.runKey !== run.key) wrong.push(`run ${run.key} lists a ${kind} of run ${e.runKey}`);
  }
  // The verdicts are the resume problems, one for one.
  const count = (ruleId: string) => replay.problems.filter((p) => p.ruleId === ruleId).length;
  const verdicts = t.interrupts.map((e) => e.verdict);
  const pairs: [string, number][] = [
    ['resume/expired', verdicts.filter((v) => v.expired).length],
    ['resume/payload-schema', verdicts.filter((v) => v.payload?.fits === false).length],
    ['resume/cancel-payload', verdicts.filter((v) => v.cancelPayload).length],
    ['resume/unknown-id', t.resumes.filter((r) => r.verdict === 'unknown-id').length],
  ];
  for (const [ruleId, n] of pairs) if (count(ruleId) !== n) wrong.push(`${ruleId}: ${count(ruleId)} problems, ${n} verdicts`);
  const missingRuns = new Set(verdicts.filter((v) => v.state === 'missing').map((v) => v.missingIn));
  if (count('resume/missing') + count('resume/partial') !== missingRuns.size) wrong.push(`resume/missing + partial: ${count('resume/missing') + count('resume/partial')} problems, ${missingRuns.size} runs with missing answers`);
  for (const e of t.interrupts) {
    if (e.resolution && e.verdict.state !== (e.resolution.status === 'cancelled' ? 'cancelled' : 'resolved')) wrong.push(`interrupt ${e.interrupt.id}: answered ${e.resolution.status}, verdict ${e.verdict.state}`);
  }
  return wrong;
}

describe('the run model', () => {
  it('holds for every conformance fixture', () => {
    for (const { name, events } of conformanceSequences()) {
      const frames = new StreamDecoder('input', 'json');
      const all = events.map((e, i) => frames.pushValue(e, i));
      expect(check(all, replayOf(all)), name).toEqual([]);
    }
  });

  it(`holds for ${SWEEP.toLocaleString('en')} generated sequences, and for a quarter of them paired as two overlapping streams of one thread`, () => {
    const COUNT = SWEEP;
    const failures: string[] = [];
    let interrupts = 0;
    let runs = 0;
    for (const seed of sweepSeeds()) {
      if (failures.length >= 5) break;
      const events = generateSequence(seed) as E[];
      const decoder = new StreamDecoder('input', 'json');
      const alone = events.map((e, i) => decoder.pushValue(e, i));
      const replay = replayOf(alone);
      interrupts += replay.timeline.interrupts.length;
      runs += replay.timeline.runs.length;
      const wrong = check(alone, replay);
      // The same thread in two streams at once (a second request of the thread overlapping the first), for a quarter.
      if (seed % 4 === 0) {
        const pair = twoStreams(events, generateSequence(seed + COUNT) as E[], seed);
        wrong.push(...check(pair, replayOf(pair)).map((w) => `two streams: ${w}`));
      }
      if (wrong.length) failures.push(`seed ${seed}: ${wrong.slice(0, 4).join('; ')}`);
    }
    expect(failures).toEqual([]);
    // The sequences exercise what the properties are about.
    expect(runs).toBeGreaterThan(COUNT);
    expect(interrupts).toBeGreaterThan(COUNT / 20);
  }, 120_000);
});
