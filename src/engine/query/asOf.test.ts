/**
 * "As of event i" means what the session would show had it ended there: over the conformance fixtures and seeded
 * generated sequences (valid and broken), the query's answers as of i equal those of a fresh replay of the first i+1
 * events, for every field the query answers, for a sample of i.
 */
import { describe, expect, test } from 'vitest';
import { replaySession } from '../replay/replaySession';
import { Session } from '../session/session';
import { streamInfo } from '../session/streamInfo';
import { conformanceSequences } from '../testing/fixtures';
import { generateSequence } from '../testing/generator';
import { sweepSeeds } from '../testing/sweep';
import { type Snapshot, SessionQuery } from './index';

/** A live session of one open stream carrying `events` (a stream still open, as a capture is while it streams). */
function queryOf(events: readonly unknown[]): SessionQuery {
  const session = new Session();
  session.open(streamInfo('s'));
  const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  if (text) session.chunk('s', 1100, new TextEncoder().encode(text));
  return new SessionQuery(session, replaySession(session, { live: true }));
}

/** An entity by what names it (its ids, kind and where it starts), not by what a later event may add to it. */
function identity(e: unknown): unknown {
  if (!e || typeof e !== 'object') return e;
  const o = e as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ['key', 'runId', 'threadId', 'lane', 'start', 'messageId', 'toolCallId', 'subagentRunId', 'name', 'activityType', 'kind', 'raisedAt']) if (k in o) out[k] = o[k];
  if (o.interrupt) out.interrupt = (o.interrupt as { id: unknown }).id;
  return out;
}

/** A value with every entity replaced by its identity (the "as of" fields stand beside it). */
function project(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(project);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'entity' || k === 'run' || k === 'resumer' || k === 'resumes' || k === 'message' || k === 'startsRun' || k === 'endsRun' ? identity(v) : project(v);
  return out;
}

/** Every answer of a snapshot, asked for every id the events up to it name. */
function answers(q: SessionQuery, s: Snapshot, events: readonly unknown[]): unknown {
  const ids = (key: string) => [...new Set(events.slice(0, s.index + 1).map((e) => (e as Record<string, unknown> | null)?.[key]).filter((v): v is string => typeof v === 'string'))];
  const interruptIds = [...new Set(events.slice(0, s.index + 1).flatMap((e) => ((e as { outcome?: { interrupts?: { id?: unknown }[] } } | null)?.outcome?.interrupts ?? []).map((i) => i.id)).filter((v): v is string => typeof v === 'string'))];
  const lanes = [...new Set(q.allRuns.filter((r) => r.start <= s.index).map((r) => r.lane))];
  return project({
    runs: s.runs,
    run: s.run,
    latestRun: s.latestRun,
    startsRun: s.startsRun,
    endsRun: s.endsRun,
    subagents: s.subagents,
    reasoning: s.reasoning,
    toolCalls: ids('toolCallId').map((id) => [id, s.toolCall(id), s.toolCallEnded(id)]),
    interrupts: interruptIds.map((id) => [id, s.interrupt(id)]),
    reasoningMessages: ids('messageId').map((id) => [id, s.reasoningMessagesOf(id), s.reasoningBlock(id)]),
    conversation: s.conversation(),
    conversations: lanes.map((lane) => s.conversation(lane)),
    table: q.runs(s.index).map((row) => ({ ...row })),
    problems: q.problems().filter((p) => p.eventIndex <= s.index),
  });
}

/** Indices to look at: the first, the last, and up to `n` more spread between. */
const sample = (length: number, n: number): number[] => [...new Set([0, length - 1, ...Array.from({ length: n }, (_, k) => Math.floor(((k + 1) * length) / (n + 1)))])].filter((i) => i >= 0 && i < length).sort((a, b) => a - b);

function expectAsOfIsAPrefix(events: readonly unknown[], n: number): void {
  const whole = queryOf(events);
  const frames = whole.session.frames.length;
  for (const i of sample(frames, n)) {
    // The prefix is the events whose frames are the first i+1 (one frame an event here).
    const prefix = queryOf(events.slice(0, i + 1));
    expect(prefix.session.frames.length).toBe(i + 1);
    expect(answers(whole, whole.asOf(i), events), `as of #${i}`).toEqual(answers(prefix, prefix.asOf(i), events));
  }
}

describe('as of event i, the query answers what a replay of the first i+1 events answers', () => {
  test('every conformance fixture', () => {
    const fixtures = conformanceSequences();
    expect(fixtures.length).toBeGreaterThan(10);
    for (const f of fixtures) expectAsOfIsAPrefix(f.events, 6);
  });

  test('seeded generated sequences, valid and broken', () => {
    for (const seed of sweepSeeds(Math.min(200, sweepSeeds().length))) expectAsOfIsAPrefix(generateSequence(seed), 5);
  });
});
