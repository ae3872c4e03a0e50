/**
 * The engine's one door for everything that shows or reports a session: the panel's components and derive/, the
 * viewer, and (through the same calls) the CLI, the library and coding agents. `SessionQuery` answers the questions
 * (as of event i, which runs, which events pass a filter, how two runs compare); the rest is the engine's public
 * vocabulary (its types, and the pure helpers a view formats with). A view never compares indices, groups events or
 * maps outcomes to words itself: it asks here. (.dependency-cruiser.cjs keeps components from reaching past it.)
 */
import { type Comparison, type CompareSide, compareRuns } from '../compare/compare';
import type { CompareOptions } from '../compare/normalize';
import type { ResumeEntry } from '@ag-ui/core';
import type { Replay, ReplayView } from '../replay/replay';
import type { ClientChange } from '../replay/changes';
import { type Producer, producerOf } from '../replay/producer';
import { replaySession } from '../replay/replaySession';
import { finalStatus, type InterruptEntity, type RunEntity, type RunStatus, type ToolCallEntity } from '../replay/timeline';
import { type RunRow, runRows } from '../replay/runRows';
import type { Session, StreamInfo } from '../session/session';
import { applyLevels, type RuleLevels } from '../verify/levels';
import type { Problem } from '../verify/rules';
import { Snapshot } from './asOf';
import { eventsWhere, type EventFilter, problemCounts } from './events';

/** How many "as of" answers a query keeps (a view asks for a few indices at a time: the selection, the runs' ends). */
const KEEP = 16;

/**
 * The questions a view asks of one session as it stands now. Made afresh whenever the session changes (the panel:
 * once per repaint); each answer is computed on first use and kept for the query's life.
 */
export class SessionQuery {
  private readonly snapshots = new Map<number, Snapshot>();
  private leveled: readonly Problem[] | undefined;
  private counted: ReturnType<typeof problemCounts> | undefined;
  /** The severities the user chose (agui.config.json's `rules`, the panel's settings); none: each rule's own. */
  readonly levels: RuleLevels | undefined;

  constructor(
    readonly session: Session,
    readonly replay: Replay,
    levels: RuleLevels = {},
    /** The session replayed as the events say, kept by whoever keeps the session (a live panel: one that follows it). */
    private readonly eventsReplayOf?: () => Replay,
  ) {
    // No levels at all is each rule's own severity: the engine's caches are kept for that case.
    this.levels = Object.keys(levels).length === 0 ? undefined : levels;
  }

  /** The answers as of event `index`. */
  asOf(index: number): Snapshot {
    let s = this.snapshots.get(index);
    if (!s) {
      if (this.snapshots.size >= KEEP) this.snapshots.delete(this.snapshots.keys().next().value!);
      s = new Snapshot(this.replay, index, this.levels, this.session.frames);
      this.snapshots.set(index, s);
    }
    return s;
  }

  /** Every problem at the chosen severities. */
  problems(): readonly Problem[] {
    this.leveled ??= this.levels ? applyLevels(this.replay.problems, this.levels) : this.replay.problems;
    return this.leveled;
  }

  /** The problems counted, in all and per event. */
  problemCounts(): ReturnType<typeof problemCounts> {
    this.counted ??= problemCounts(this.problems());
    return this.counted;
  }

  /** Every run, in the order they started (a run's key is its place here). */
  get allRuns(): readonly RunEntity[] {
    return this.replay.timeline.runs;
  }

  /**
   * What the page's client changed in event `index` before the app saw it (THINKING_* mapped, a chunk expanded,
   * closing events inserted, null fields dropped, legacy parts converted, unknown fields stripped), and the events
   * it used instead: undefined where it used the event as sent.
   */
  changesOf(index: number): { changes: readonly ClientChange[]; used: readonly Record<string, unknown>[] } | undefined {
    const changes = this.replay.changesAt(index);
    if (!changes) return undefined;
    return { changes, used: this.replay.stepsOf(index).map((s) => s.event as unknown as Record<string, unknown>) };
  }

  /** Who produced a stream, where it shows (headers, the request, its events' shapes); `names` empty: unknown. */
  producerOf(streamId: string): Producer {
    let p = this.producers.get(streamId);
    if (!p) this.producers.set(streamId, (p = producerOf(this.session.streams.get(streamId)?.info, this.replay.producerClues.of(streamId))));
    return p;
  }
  private readonly producers = new Map<string, Producer>();

  /**
   * How many runs ended each way, as of the last event (the toolbar's outcome badges: a failed run, or one the page's
   * client stopped, is an outcome to show, not a problem to count).
   */
  outcomeCounts(): Readonly<Record<RunStatus, number>> {
    if (!this.outcomes) {
      const counts: Record<RunStatus, number> = { running: 0, success: 0, interrupted: 0, cancelled: 0, error: 0, unfinished: 0, stopped: 0 };
      for (const run of this.replay.timeline.runs) counts[finalStatus(run)]++;
      this.outcomes = counts;
    }
    return this.outcomes;
  }
  private outcomes: Record<RunStatus, number> | undefined;

  /**
   * Where the page's client stopped event `index`'s stream, when the event came after that (not applied by the client:
   * the timeline shows it greyed), or undefined.
   */
  stoppedBefore(index: number): number | undefined {
    this.stopOf ??= new Map(this.replay.stops.map((s) => [s.streamId, s.index]));
    const frame = this.session.frames[index];
    const at = frame ? this.stopOf.get(frame.streamId) : undefined;
    return at !== undefined && at < index ? at : undefined;
  }
  private stopOf: Map<string, number> | undefined;

  /**
   * The conversation as the events say (every event applied, as if the page's client had not stopped), for the
   * views' "as the events say" switch: a replay of its own, made on first use and kept for the query's life.
   */
  eventsSay(index: number, lane?: string): ReplayView {
    this.eventsReplay ??= this.replay.stops.length === 0 ? this.replay : (this.eventsReplayOf?.() ?? replaySession(this.session, { semantics: 'events' }));
    return this.eventsReplay.at(index, lane);
  }
  private eventsReplay: Replay | undefined;

  /** The run event `index` belongs to. */
  runAt(index: number): RunEntity | undefined {
    return this.replay.timeline.runAt(index);
  }

  /** The run a stream carried (its first), with the stream's capture info: what Replay to page and Resend send again. */
  streamOf(run: RunEntity): StreamInfo | undefined {
    return this.session.streams.get(run.streamId)?.info;
  }

  /**
   * The parts of the session a user can take alone (Export's scopes, the thread picker): each conversation (its lane)
   * with its events, when there is more than one, and each run with its events.
   */
  parts(): { threads: { lane: string; indices: number[] }[]; runs: { run: RunEntity; indices: readonly number[] }[] } {
    const lanes = new Map<string, number[]>();
    for (let i = 0; i < this.session.frames.length; i++) {
      const lane = this.replay.laneAt(i);
      let list = lanes.get(lane);
      if (!list) lanes.set(lane, (list = []));
      list.push(i);
    }
    const t = this.replay.timeline;
    return { threads: lanes.size > 1 ? [...lanes].map(([lane, indices]) => ({ lane, indices })) : [], runs: t.runs.map((run) => ({ run, indices: t.eventsOf(run.key) })) };
  }

  /** A run by its key. */
  run(key: number): RunEntity | undefined {
    return this.replay.timeline.runs[key];
  }

  /**
   * A run's interrupts as the engine judged them (interrupts.ts), each with the tool call it names as the run left it
   * and the run that answered it; the run that resumed it; and the answers of that run that named no open interrupt.
   */
  interruptsOf(runKey: number): { interrupts: { entity: InterruptEntity; toolCall?: ToolCallEntity; resumer?: RunEntity }[]; resumer?: RunEntity; unknownAnswers: ResumeEntry[] } {
    const t = this.replay.timeline;
    const run = t.runs[runKey];
    const resumerKey = t.resumersOf(runKey)[0];
    const resumer = resumerKey === undefined ? undefined : t.runs[resumerKey];
    const until = run?.end ?? Number.POSITIVE_INFINITY;
    return {
      interrupts: t.entitiesOf(runKey).interrupts.map((entity) => {
        const id = entity.interrupt.toolCallId;
        const toolCall = id ? t.toolCalls.findLast((c) => c.toolCallId === id && c.start <= until) : undefined;
        const by = entity.resumedRunKey === undefined ? undefined : t.runs[entity.resumedRunKey];
        return { entity, ...(toolCall && { toolCall }), ...(by && { resumer: by }) };
      }),
      ...(resumer && { resumer }),
      unknownAnswers: resumerKey === undefined ? [] : t.entitiesOf(resumerKey).resumes.filter((r) => r.verdict === 'unknown-id').map((r) => r.entry),
    };
  }

  /** The Runs table's rows as of event `asOf` (the last by default). */
  runs(asOf = this.session.frames.length - 1): RunRow[] {
    return runRows(this.session, this.replay, asOf, this.levels);
  }

  /** The indices of the events that pass a filter (null: no filter, all of them). */
  eventsWhere(filter: EventFilter): number[] | null {
    return eventsWhere(this.session, this.replay, filter, this.problemCounts().byIndex);
  }

  /** Run `a` of this session against run `b` of another (or this) session. */
  compare(a: number | null, b: { query: SessionQuery; run: number | null }, options: CompareOptions = {}): Comparison {
    const side = (q: SessionQuery, run: number | null): CompareSide => ({ session: q.session, replay: q.replay, ...(run !== null && { runs: [run] }) });
    return compareRuns(side(this, a), side(b.query, b.run), options);
  }
}

export * from './asOf';
export * from './events';
export * from './filter';
export * from '../events/category';

// ---- The engine's public vocabulary: types, and pure helpers a view formats with.
export type { Severity } from '../diagnostics';
export { formatPath } from '../diagnostics';
export type { Frame } from '../decode/frames';
export { MAX_DEPTH, textDeeperThan } from '../decode/event';
export { endTag, keyIds, preview, typeLabel } from '../events/summary';
export { parseToolArgs } from '../events/args';
export type { Msg, ToolCallEntry } from '../reduce/messages';
export { effectOf } from '../diff/effect';
export type { Comparison, CompareSide, MetricsSummary, Row } from '../compare/compare';
export { compareRuns } from '../compare/compare';
export type { CompareOptions, Item } from '../compare/normalize';
export type { TextPart } from '../compare/textDiff';
export { diffText } from '../compare/textDiff';
export type { Replay, ReplayStep, ReplayView } from '../replay/replay';
export { replaySession } from '../replay/replaySession';
export { replayValues } from '../replay/fromEvents';
export type { RunColumn, RunOutcome, RunRow } from '../replay/runRows';
export { OUTCOME, problemsByRun, runRows, sortRuns } from '../replay/runRows';
export { DEFAULT_STALL_MS, runMetrics, type RunMetrics } from '../replay/metrics';
export { finalStatus } from '../replay/timeline';
export { STACK_NAMES, type Producer, type ProducerClue, type Stack } from '../replay/producer';
export { CHANGE_KINDS, CHANGE_RULE, type ChangeKind, type ClientChange } from '../replay/changes';
export type { ActivityEntity, InterruptEntity, MessageEntity, ReasoningSpanEntity, RunEntity, RunStatus, StepEntity, SubagentEntity, Timeline, ToolCallEntity } from '../replay/timeline';
export type { Session, StreamInfo } from '../session/session';
export { Session as SessionClass } from '../session/session';
export type { ExportOptions } from '../io/exportFormat';
export { type ExportFormatId, type ExportScope, FORMATS } from '../io/exportFormats';
export { REDACTION_GROUPS, type Redaction, type RedactionGroup } from '../io/redact';
export { sessionContents } from '../io/contents';
export { readInput } from '../io/readInput';
export { CONTENT_TYPE, eventsOfStream, jsonDiff, type ReplayScript, scriptFromEvents, scriptFromStream } from '../pageReplay/script';
export { originOf, type UrlMatch } from '../pageReplay/urlMatch';
export type { RuleLevels } from '../verify/levels';
export { applyLevels } from '../verify/levels';
export type { Problem } from '../verify/rules';
export { RULES } from '../verify/rules';
export { RULE_PASSAGES, SPEC_SOURCES } from '../verify/specPassages';
export { A2UI_ACTIVITY, bindingsOf, isObj, readAt, surfaceIdsOf, type TreeNode } from '../genui/a2ui';
export { MCP_APPS_ACTIVITY } from '../genui/mcpApps';
export { bytesToBase64 } from '../util/base64';
export { INVISIBLE, unicodeEscape } from '../util/encode';
