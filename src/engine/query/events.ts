/**
 * Which events a view shows: the filter language's subject of each event (its type, ids, run, thread, tools, tags),
 * the events that pass a filter, "problems only" and a scope, and the problems counted per event. The panel's
 * timeline, its Pause on… conditions, the CLI and coding agents read the same answers.
 */
import type { Frame } from '../decode/frames';
import { type Category, categoryOf } from '../events/category';
import { endTag, keyIds, typeLabel } from '../events/summary';
import type { Replay } from '../replay/replay';
import { OUTCOME } from '../replay/runRows';
import type { Session } from '../session/session';
import type { Problem } from '../verify/rules';
import { type FilterSubject, type Joined, joinWindow, matches, type Term, textJoiner } from './filter';

export type ProblemCounts = { errors: number; warnings: number; infos: number };

/** The problems, counted in all and per event. */
export function problemCounts(all: readonly Problem[]): { all: readonly Problem[]; errors: number; warnings: number; byIndex: Map<number, ProblemCounts> } {
  const byIndex = new Map<number, ProblemCounts>();
  let errors = 0;
  let warnings = 0;
  for (const p of all) {
    const e = byIndex.get(p.eventIndex) ?? { errors: 0, warnings: 0, infos: 0 };
    if (p.severity === 'error') (e.errors++, errors++);
    else if (p.severity === 'warning') (e.warnings++, warnings++);
    else e.infos++;
    byIndex.set(p.eventIndex, e);
  }
  return { all, errors, warnings, byIndex };
}

/** One conversation (its lane) or one run (its key), followed alone. */
export type Scope = { kind: 'thread'; lane: string } | { kind: 'run'; key: number } | null;

/** What the filter language reads of frame i: its type, ids, raw text, run, thread and tool names (from the engine). */
export function subjectOf(session: Session, replay: Replay, i: number, joined?: Joined): FilterSubject {
  const frame = session.frames[i]!;
  const e = frame.event as Record<string, unknown> | undefined;
  const callId = typeof e?.toolCallId === 'string' ? e.toolCallId : undefined;
  const run = replay.timeline.runAt(i);
  return {
    type: typeLabel(frame.event),
    ids: keyIds(frame.event),
    raw: frame.raw.length <= 4096 ? frame.raw : frame.raw.slice(0, 4096),
    run: run?.runId,
    outcome: outcomeWords(frame.event),
    changed: replay.changesAt(i)?.map((c) => c.kind).join(' '),
    tags: [endTag(frame.event), opensReplayedStream(session, frame) ? 'replayed' : undefined, opensResentStream(session, frame) ? 'resent' : undefined].filter((t) => t !== undefined),
    thread: replay.laneAt(i),
    tools: callId ? [callId, replay.timeline.toolCallName(callId) ?? ''] : typeof e?.toolCallName === 'string' ? [e.toolCallName] : [],
    event: e,
    joined,
  };
}

/** Whether a frame opens a stream that Replay to page answered (its row is tagged "replayed"). */
export const opensReplayedStream = (session: Session, frame: Frame): boolean => frame.streamIndex === 0 && session.streams.get(frame.streamId)?.info.replay !== undefined;

/** Whether a frame opens a stream the extension sent again (Resend): its row is tagged "resent". */
export const opensResentStream = (session: Session, frame: Frame): boolean => frame.streamIndex === 0 && session.streams.get(frame.streamId)?.info.resent !== undefined;

/** How an event ends its run, in the panel's words and the protocol's, for `outcome:` (an event's own outcome field otherwise). */
function outcomeWords(event: Frame['event']): string | undefined {
  const type = typeLabel(event);
  if (type === 'RUN_ERROR') return 'failed error';
  const outcome = (event as { outcome?: unknown } | undefined)?.outcome;
  if (type === 'RUN_FINISHED') {
    const raw = (outcome as { type?: unknown } | undefined)?.type;
    return `${endTag(event) ?? OUTCOME.success} ${typeof raw === 'string' ? raw : 'success'}`;
  }
  return outcome === undefined ? undefined : typeof outcome === 'string' ? outcome : JSON.stringify(outcome);
}

/** A view's filter: the filter language's terms, the kinds shown (none: all), "problems only", and a scope. */
export interface EventFilter {
  terms: readonly Term[];
  only: ReadonlySet<Category>;
  onlyProblems: boolean;
  scope: Scope;
}

/** Indices of the frames that pass the filter terms, the kinds, "problems only" and the scope (null: all of them). */
export function eventsWhere(
  session: Session,
  replay: Replay,
  f: EventFilter,
  byIndex: ReadonlyMap<number, ProblemCounts>,
): number[] | null {
  const within = f.scope;
  if (f.terms.length === 0 && f.only.size === 0 && !f.onlyProblems && !within) return null;
  const runKey = within?.kind === 'run' ? within.key : undefined;
  const out: number[] = [];
  const all = session.frames;
  // Words and regular expressions are also looked for across a delta and the text before it in its message or call.
  const window = joinWindow(f.terms);
  const join = window > 0 ? textJoiner(window) : undefined;
  for (let i = 0; i < all.length; i++) {
    const frame = all[i]!;
    const joined = join?.(frame.event as Record<string, unknown> | undefined);
    if (within?.kind === 'thread' && replay.laneAt(i) !== within.lane) continue;
    if (runKey !== undefined && replay.timeline.runAt(i)?.key !== runKey) continue;
    if (f.only.size && !f.only.has(categoryOf(typeLabel(frame.event)))) continue;
    if (f.onlyProblems) {
      const p = byIndex.get(i);
      if (!p || p.errors + p.warnings === 0) continue;
    }
    if (f.terms.length > 0 && !matches(f.terms, subjectOf(session, replay, i, joined))) continue;
    out.push(i);
  }
  return out;
}

/** When event i's run started (its stream's opening when it is outside a run). */
export function runStartOf(session: Session, replay: Replay, i: number): number | undefined {
  const run = replay.timeline.runAt(i);
  return run ? session.frames[run.start]?.t : session.streams.get(session.frames[i]?.streamId ?? '')?.info.openedAt;
}
