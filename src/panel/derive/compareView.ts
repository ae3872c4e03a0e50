/**
 * What the Compare view needs beside the engine's comparison, pure and memoized (tested in Node): the runs a side
 * can choose, the pair compared by default, the differences to step through, and one line of text per item.
 */
import { type Comparison, type CompareSide, compareRuns, type Row } from '../../engine/compare/compare';
import type { CompareOptions, Item } from '../../engine/compare/normalize';
import type { Replay } from '../../engine/replay/replay';
import { OUTCOME } from '../../engine/replay/runRows';
import { finalStatus } from '../../engine/replay/timeline';
import { outcomeLabel } from '../format';
import type { Session } from '../../engine/session/session';

/** A source of runs: this session, or a file opened for the comparison. */
export interface CompareSource {
  label: string;
  session: Session;
  replay: Replay;
}

/** What one side compares: a run of its source (by key), or all of it (null). */
export interface SideChoice {
  source: CompareSource;
  runKey: number | null;
}

export interface RunChoice {
  value: string;
  label: string;
}

/** The choices of a side: every run (thread, run id, outcome), and the whole source. */
export function runChoices(source: CompareSource): RunChoice[] {
  const runs = source.replay.timeline.runs;
  const threads = new Set(runs.map((r) => r.threadId)).size;
  return [
    ...runs.map((r, i) => ({ value: String(r.key), label: `run ${i + 1} · ${r.runId}${threads > 1 ? ` (thread ${r.threadId})` : ''} · ${outcomeLabel(OUTCOME[finalStatus(r)], r.stoppedAt)}` })),
    { value: 'all', label: `all of ${source.label} (${runs.length} run${runs.length === 1 ? '' : 's'})` },
  ];
}

/** By default: the last two runs (the one before against the latest); with one run, it against itself. */
export function defaultPair(source: CompareSource): { a: number | null; b: number | null } {
  const runs = source.replay.timeline.runs;
  if (runs.length === 0) return { a: null, b: null };
  return { a: runs[Math.max(0, runs.length - 2)]!.key, b: runs[runs.length - 1]!.key };
}

const sideOf = (c: SideChoice): CompareSide => ({ session: c.source.session, replay: c.source.replay, ...(c.runKey !== null && { runs: [c.runKey] }) });

let last: { key: string; a: SideChoice; b: SideChoice; result: Comparison } | undefined;

/** The comparison of two choices, computed once per inputs (the sources' lengths count: a live run grows). */
export function comparisonOf(a: SideChoice, b: SideChoice, options: CompareOptions): Comparison {
  const key = JSON.stringify([a.runKey, a.source.session.frames.length, b.runKey, b.source.session.frames.length, options]);
  if (last && last.key === key && last.a.source === a.source && last.b.source === b.source) return last.result;
  const result = compareRuns(sideOf(a), sideOf(b), options);
  last = { key, a, b, result };
  return result;
}

/** The differences to step through: the first row of each run of rows that are not equal. */
export function differenceStarts(rows: readonly Row[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) if (rows[i]!.op !== 'equal' && (i === 0 || rows[i - 1]!.op === 'equal')) out.push(i);
  return out;
}

/** The next (or previous) difference from row `at`: wraps around; undefined when there is none. */
export function stepDifference(starts: readonly number[], at: number, direction: 1 | -1): number | undefined {
  if (starts.length === 0) return undefined;
  if (direction === 1) return starts.find((s) => s > at) ?? starts[0];
  return [...starts].reverse().find((s) => s < at) ?? starts[starts.length - 1];
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** One line for an item: its most telling field (text, name, value), as compared (ids normalized). */
export function itemText(item: Item | undefined, max = 120): string {
  if (!item) return '';
  const v = item.value as Record<string, unknown>;
  if (item.type === '(not an event)') return clip(String(v.raw ?? ''), max);
  const { type: _type, ...rest } = v;
  const first = ['delta', 'toolCallName', 'name', 'message', 'role', 'snapshot', 'outcome', 'content', 'activityType'].find((k) => k in rest);
  const lead = first ? `${first}: ${typeof rest[first] === 'string' ? JSON.stringify(rest[first]) : JSON.stringify(rest[first])}` : '';
  const ids = ['messageId', 'toolCallId', 'runId'].filter((k) => typeof rest[k] === 'string').map((k) => rest[k] as string);
  // What differs most often (the text, the name, the value) first; the ids it belongs to after.
  return clip([lead, ids.join(' ')].filter(Boolean).join(' · '), max);
}
