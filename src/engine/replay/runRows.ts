/**
 * The Runs table: one row per run as of an event, every figure read from the run model (timeline and metrics), so
 * the table, the Waterfall, the CLI's summary and an export of "this run" agree. Pure; memoized on its inputs.
 */
import { producerOf } from './producer';
import type { Session } from '../session/session';
import { runMetrics } from './metrics';
import type { Replay } from './replay';
import { applyLevels, type RuleLevels } from '../verify/levels';
import { type RunEntity, type RunStatus, runStatusAt } from './timeline';

/** A run's outcome in the words every view uses. */
export type RunOutcome = 'done' | 'failed' | 'interrupted' | 'cancelled' | 'running' | 'unfinished' | 'stopped';
export const OUTCOME: Record<RunStatus, RunOutcome> = {
  success: 'done',
  error: 'failed',
  interrupted: 'interrupted',
  cancelled: 'cancelled',
  running: 'running',
  unfinished: 'unfinished',
  stopped: 'stopped',
};

export interface RunRow {
  key: number;
  runId: string;
  threadId: string;
  /** What answered: the last part of the stream's URL path ("chat" for /agent/chat), or the stream id. */
  agent: string;
  /** Who produced its stream, where the stream shows it (replay/producer.ts): the stacks' names; empty when unknown. */
  producer: string[];
  /** The user message the run answers (the last one of its input), as text: how people name a run. */
  userMessage?: string;
  parentRunId?: string;
  outcome: RunOutcome;
  /** Where the page's client stopped it (outcome `stopped`). */
  stoppedAt?: number;
  /** Epoch ms of its RUN_STARTED (or the request, for a stream's first run). */
  startedAt: number;
  durationMs?: number;
  firstEventMs?: number;
  ttftMs?: number;
  firstReasoningMs?: number;
  events: number;
  toolCalls: number;
  inputTokens?: number;
  outputTokens?: number;
  errors: number;
  warnings: number;
  /** The run's last event that had arrived (where selecting the run goes). */
  lastEvent: number;
  timed: boolean;
}

/** Problems per run, counted once per length of the problem list (it only grows). */
const problemCounts = new WeakMap<Replay, { length: number; byRun: Map<number, { errors: number; warnings: number }>; atOrBefore: number; levels: RuleLevels }>();
const NO_LEVELS: RuleLevels = {};

export function problemsByRun(replay: Replay, asOf: number, levels: RuleLevels = NO_LEVELS): Map<number, { errors: number; warnings: number }> {
  const known = problemCounts.get(replay);
  if (known && known.length === replay.problems.length && known.atOrBefore === asOf && known.levels === levels) return known.byRun;
  const byRun = new Map<number, { errors: number; warnings: number }>();
  for (const p of levels === NO_LEVELS ? replay.problems : applyLevels(replay.problems, levels)) {
    if (p.eventIndex > asOf || p.severity === 'info') continue;
    const run = replay.timeline.runAt(p.eventIndex);
    if (!run) continue;
    let c = byRun.get(run.key);
    if (!c) byRun.set(run.key, (c = { errors: 0, warnings: 0 }));
    if (p.severity === 'error') c.errors++;
    else c.warnings++;
  }
  problemCounts.set(replay, { length: replay.problems.length, byRun, atOrBefore: asOf, levels });
  return byRun;
}

/** The text of the last user message of a run's input (text parts joined), if its input is known and has one. */
export function userMessageOf(run: RunEntity): string | undefined {
  const messages = run.input?.messages;
  if (!Array.isArray(messages)) return undefined;
  for (let k = messages.length - 1; k >= 0; k--) {
    const m = messages[k] as { role?: unknown; content?: unknown } | null;
    if (!m || typeof m !== 'object' || m.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    if (Array.isArray(m.content)) {
      const text = m.content.map((p) => (p && typeof p === 'object' && (p as { type?: unknown }).type === 'text' ? String((p as { text?: unknown }).text ?? '') : '')).join(' ').trim();
      if (text) return text;
    }
  }
  return undefined;
}

const agentOf = (session: Session, run: RunEntity): string => {
  const url = session.streams.get(run.streamId)?.info.url ?? '';
  try {
    const path = new URL(url).pathname.split('/').filter(Boolean);
    return path[path.length - 1] ?? run.streamId;
  } catch {
    return run.streamId;
  }
};

/** The rows of every run that had started by event `asOf`, in the order they started. */
export function runRows(session: Session, replay: Replay, asOf: number, levels: RuleLevels = NO_LEVELS): RunRow[] {
  const t = replay.timeline;
  const problems = problemsByRun(replay, asOf, levels);
  const rows: RunRow[] = [];
  for (const run of t.runs) {
    if (run.start > asOf) break;
    const m = runMetrics(session, replay, run, { asOf });
    const counts = problems.get(run.key) ?? { errors: 0, warnings: 0 };
    const sum = (key: 'inputTokens' | 'outputTokens') => (m.usage.some((u) => u[key] !== undefined) ? m.usage.reduce((n, u) => n + (u[key] ?? 0), 0) : undefined);
    const row: RunRow = {
      key: run.key,
      runId: run.runId,
      threadId: run.threadId,
      agent: agentOf(session, run),
      producer: producerOf(session.streams.get(run.streamId)?.info, replay.producerClues.of(run.streamId)).names,
      outcome: OUTCOME[runStatusAt(run, asOf)],
      ...(run.stoppedAt !== undefined && run.stoppedAt <= asOf && { stoppedAt: run.stoppedAt }),
      startedAt: m.base,
      events: t.countAsOf(run.key, asOf),
      toolCalls: m.toolCalls.length,
      errors: counts.errors,
      warnings: counts.warnings,
      lastEvent: t.lastEventOf(run.key, asOf) ?? run.start,
      timed: m.timed,
    };
    if (run.parentRunId !== undefined) row.parentRunId = run.parentRunId;
    const asked = userMessageOf(run);
    if (asked !== undefined) row.userMessage = asked;
    if (m.durationMs !== undefined) row.durationMs = m.durationMs;
    if (m.firstEventMs !== undefined) row.firstEventMs = m.firstEventMs;
    if (m.firstTextMs !== undefined) row.ttftMs = m.firstTextMs;
    if (m.firstReasoningMs !== undefined) row.firstReasoningMs = m.firstReasoningMs;
    const input = sum('inputTokens');
    const output = sum('outputTokens');
    if (input !== undefined) row.inputTokens = input;
    if (output !== undefined) row.outputTokens = output;
    rows.push(row);
  }
  return rows;
}

export type RunColumn = Exclude<keyof RunRow, 'key' | 'lastEvent' | 'timed' | 'parentRunId' | 'producer' | 'userMessage'>;

/** Rows sorted by a column (missing values last), ties by start. */
export function sortRuns(rows: readonly RunRow[], by: RunColumn, descending: boolean): RunRow[] {
  const value = (r: RunRow): number | string | undefined => r[by];
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === undefined || y === undefined) return x === y ? a.key - b.key : x === undefined ? 1 : -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return (descending ? -c : c) || a.key - b.key;
  });
}
