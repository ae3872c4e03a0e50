/**
 * The replay: frames in, and as of any event index out: messages, state, pending interrupts (per conversation
 * lane), the timeline of runs / steps / tool calls / reasoning / subagents / interrupts, and every problem.
 *
 * One forward pass normalizes (THINKING_*, chunks), verifies (the reference's rules per stream, the debugger's
 * per lane) and reduces. Every CHECKPOINT_EVERY input events it keeps a snapshot of each lane (structural
 * sharing: a snapshot is cheap), so `at(i)` restores the checkpoint at or before i and replays at most that many
 * events; look-ups those events made are replayed from a tape, so no index is rebuilt.
 */
import type { Interrupt, RunAgentInput } from '@ag-ui/core';
import type { Diagnostic } from '../diagnostics';
import type { Frame } from '../decode/frames';
import type { AgUiEvent } from '../events/model';
import { ChunkExpander } from '../normalize/chunks';
import { enforce } from '../normalize/enforce';
import { ThinkingMapper } from '../normalize/thinking';
import { Lane, type LaneSnapshot, type ReduceNote } from '../reduce/lane';
import type { Msg } from '../reduce/messages';
import { ReferenceVerifier } from '../verify/referenceRules';
import { type Problem, problem, specOf, stopsTheClient } from '../verify/rules';
import { type StreamEvents, transportProblems } from '../verify/transportRules';
import type { StreamRecord } from '../session/session';
import { CHANGE_RULE, type ClientChange, decodeChanges, expansionChange, mappedChange } from './changes';
import { ConversationRules } from './conversationRules';
import { ProducerClues } from './producer';
import { A2UI_ACTIVITY } from '../genui/a2ui';
import { GenUiRules } from '../genui/genuiRules';
import { MCP_APPS_ACTIVITY } from '../genui/mcpApps';
import { ConversationInterrupts } from './interrupts';
import { Timeline, type RunEntity } from './timeline';
import { runKeyAt, TimelineBuilder } from './timelineBuilder';

export const CHECKPOINT_EVERY = 256;

/** One event as the reducer saw it: an input event, or one synthesized from a chunk. */
export interface ReplayStep {
  event: AgUiEvent;
  /** The input event it came from. */
  source: number;
  synthesized: boolean;
  lane: string;
  /** Where this step's look-ups start on the tape. */
  tape: number;
  /** Messages of the captured request that seeded the conversation at this RUN_STARTED. */
  seed?: Msg[];
  /** Not applied: the page's client had stopped this stream's run at or before it (semantics 'client'). */
  skipped?: boolean;
}

/** Where the page's client stopped a stream's run: the event it refused, and why (the problem that says so). */
export interface ClientStop {
  streamId: string;
  index: number;
  ruleId: string;
  message: string;
  /** The run it stopped (its key), when one was open. */
  runKey?: number;
}

export interface ReplayOptions {
  /** The RunAgentInput a captured stream's request carried (its messages seed the conversation). */
  inputOf?: (streamId: string) => RunAgentInput | undefined;
  checkpointEvery?: number;
  /** Mints ids for THINKING_* events that had none (default: thinking-1, thinking-2, … per stream). */
  mintThinkingId?: () => string;
  /** Streams whose first events were dropped before capture reached us. */
  startDroppedOf?: (streamId: string) => boolean;
  /** A stream's record (its chunks and their times), for the transport rules checked when it ends. */
  recordOf?: (streamId: string) => StreamRecord | undefined;
  /**
   * `client` (the default): what the page's client holds, which applies nothing of a stream from the event where it
   * stopped its run (ClientStop); `events`: what the events say, every event applied (the panel's "as the events say").
   */
  semantics?: 'client' | 'events';
}

/** The world as of one event index. */
export interface ReplayView {
  index: number;
  lane: string;
  messages: Msg[];
  state: unknown;
  pendingInterrupts: readonly Interrupt[];
  /**
   * What this conversation held before the capture's cut is unknown (a stream's first events were dropped):
   * the state until a STATE_SNAPSHOT, the messages until a MESSAGES_SNAPSHOT. What is shown is built from what
   * arrived after the cut.
   */
  unknown?: { state: boolean; messages: boolean; since: number };
}

interface StreamState {
  thinking: ThinkingMapper;
  chunks: ChunkExpander;
  verifier: ReferenceVerifier;
  lane: string | undefined;
  run: RunEntity | undefined;
  firstIndex: number;
  lastIndex: number;
  /** Its inbound events so far, as the transport rules need them when it ends. */
  inbound: Omit<StreamEvents, 'indexAt'>;
  seededInput: boolean;
  /** The event at which the page's client stopped this stream's run. */
  stoppedAt?: number;
}

interface LaneState {
  lane: Lane;
  dirty: boolean;
  /** The debugger's rules that need the conversation's history, and its interrupts and resumes. */
  rules: ConversationRules;
  interrupts: ConversationInterrupts;
  /** Its generative UI (A2UI surfaces, MCP apps), checked as it changes and when a run ends. */
  genui: GenUiRules;
  /**
   * Once the page's client stopped a stream of this conversation (semantics 'client'): the conversation as the events
   * say, every event applied, from the state the client held when it stopped. Only its problems are kept (what the
   * events would do is judged as it always is); nothing is read from it.
   */
  shadow?: Lane;
  /** A STATE_SNAPSHOT came: from here the state is known, and a patch that fails is an error. */
  snapshotSeen?: boolean;
  /** First event of a stream whose start was dropped, in this conversation; and where each part became known again. */
  unknownSince?: number;
  stateKnownAt?: number;
  messagesKnownAt?: number;
}

/** A debugger rule that says again what a reference rule already said about the same event. */
const SAME_CAUSE: Record<string, string[]> = {
  'text/unknown-message': ['text/not-open', 'reasoning/not-open'],
  'tool/unknown-call': ['tool/not-open'],
};

/** Rules whose verdict needs what came before: not judged while a conversation's beginning is unknown. */
const NEEDS_STATE = new Set(['state/patch-failed', 'state/patch-before-snapshot']);
const NEEDS_MESSAGES = new Set([
  'text/unknown-message',
  'tool/unknown-call',
  'tool/unknown-result',
  'activity/delta-before-snapshot',
  'activity/not-activity',
  'activity/patch-failed',
  'resume/missing',
  'resume/partial',
  'resume/unknown-id',
  'resume/without-interrupt',
  'resume/unanswered-tool-call',
  'subagent/suspended-unknown-interrupt',
]);

interface Checkpoint {
  /** The last input index included. */
  index: number;
  lanes: Map<string, LaneSnapshot>;
}

const diagnosticProblem = (d: Diagnostic, eventIndex: number): Problem => {
  const p: Problem = { ruleId: d.code, severity: d.severity, eventIndex, message: d.message, spec: specForDiagnostic(d.code) };
  if (d.path) p.path = d.path;
  return p;
};

const specForDiagnostic = (code: string): string => specOf(code) || 'Events (schema)';

export class Replay {
  readonly steps: ReplayStep[] = [];
  readonly problems: Problem[] = [];
  readonly timeline = new Timeline();
  /** Where the page's client stopped each stream's run, in order. */
  readonly stops: ClientStop[] = [];
  /** What the page's client changed in an event before the app saw it, by event index (only events it changed). */
  private readonly changes = new Map<number, ClientChange[]>();
  /** What each stream's events show of who produced it. */
  readonly producerClues = new ProducerClues();
  private readonly builder = new TimelineBuilder(this.timeline);
  /** firstStep[i]: index into steps of input event i's first step (steps of i end at firstStep[i + 1]). */
  private firstStep: number[] = [];
  /** Lane of each input index (the lane of its stream). */
  private laneOfIndex: string[] = [];
  private frames: readonly Frame[] = [];
  private readonly tape: number[] = [];
  private readonly streams = new Map<string, StreamState>();
  private readonly lanes = new Map<string, LaneState>();
  private readonly checkpoints: Checkpoint[] = [];
  private readonly every: number;
  private cache: { index: number; view: ReplayView } | undefined;

  /** Stops following a live session (set by replaySession). */
  dispose: () => void = () => undefined;

  constructor(private readonly options: ReplayOptions = {}) {
    this.every = options.checkpointEvery ?? CHECKPOINT_EVERY;
  }

  /** Input events replayed so far. */
  get length(): number {
    return this.firstStep.length;
  }

  /** Replays frames[from..] (frames is the session's growing array). */
  push(frames: readonly Frame[], from = this.length): void {
    this.frames = frames;
    for (let i = from; i < frames.length; i++) this.step(frames[i]!, i);
    this.cache = undefined;
  }

  /** A stream ended: runs still open in it are unfinished, and an error is a problem. */
  endStream(streamId: string, error?: string): void {
    const s = this.streams.get(streamId);
    if (!s) return;
    const at = Math.max(0, s.lastIndex);
    const lane = s.lane === undefined ? undefined : this.lanes.get(s.lane);
    lane?.genui.settle(() => lane.lane.messages.toArray(), (ruleId, index, message, path) => this.problems.push(problem(ruleId, index, message, path)));
    if (error) this.problems.push(problem('stream/error', at, `The stream ended with an error: ${error}`));
    if (s.run && s.run.end === undefined) {
      s.run.end = at;
      s.run.status = 'unfinished';
      const how = error ? 'The stream ended' : 'The connection closed cleanly (no error)';
      this.problems.push(problem('stream/unfinished-run', at, `${how} while run '${s.run.runId}' was still running (no RUN_FINISHED or RUN_ERROR).`));
    }
    const record = this.options.recordOf?.(streamId);
    if (record && s.lastIndex >= 0) {
      const { frames } = this;
      const inbound = (i: number) => frames[i]!.streamId === streamId && frames[i]!.direction !== 'out';
      const indexAt = (t: number) => {
        let last = s.inbound.first;
        for (let i = s.inbound.first; i <= s.lastIndex; i++)
          if (inbound(i)) {
            if (frames[i]!.t >= t) return i;
            last = i;
          }
        return last;
      };
      this.problems.push(...transportProblems(record, { ...s.inbound, indexAt }));
    }
  }

  /** The steps (normalized events) input event `index` became. */
  stepsOf(index: number): ReplayStep[] {
    return this.steps.slice(this.stepsFrom(index), this.stepsTo(index));
  }

  /** Where input event `index`'s steps start in `steps` (for loops that read them without a copy). */
  stepsFrom(index: number): number {
    return this.firstStep[index] ?? this.steps.length;
  }

  /** Where input event `index`'s steps end in `steps` (exclusive). */
  stepsTo(index: number): number {
    if (this.firstStep[index] === undefined) return this.steps.length;
    return index + 1 < this.length ? this.firstStep[index + 1]! : this.steps.length;
  }

  problemsAt(index: number): Problem[] {
    return this.problems.filter((p) => p.eventIndex === index);
  }

  private streamFor(streamId: string, index: number): StreamState {
    let s = this.streams.get(streamId);
    if (!s) {
      s = {
        thinking: new ThinkingMapper(this.options.mintThinkingId),
        chunks: new ChunkExpander(),
        verifier: new ReferenceVerifier(),
        lane: undefined,
        run: undefined,
        firstIndex: index,
        lastIndex: -1,
        inbound: { count: 0, first: -1, t0: 0, together: true },
        seededInput: false,
      };
      if (this.options.startDroppedOf?.(streamId)) {
        s.verifier.assumeRunning();
        this.report('stream/start-dropped', index, "This stream's first events are not in this session (the capture buffer dropped them before the panel asked, or they were cleared); checks that need them are skipped.");
      }
      this.streams.set(streamId, s);
    }
    return s;
  }

  private laneFor(key: string): LaneState {
    let l = this.lanes.get(key);
    if (!l) {
      l = { lane: new Lane(), dirty: true, rules: new ConversationRules(), interrupts: new ConversationInterrupts(this.timeline), genui: new GenUiRules() };
      l.lane.messages.tape.record = this.tape;
      this.lanes.set(key, l);
    }
    return l;
  }

  /** The conversation event i belongs to, while it is being replayed (for rules that need its history). */
  private current: LaneState | undefined;

  private report(ruleId: string, index: number, message: string, path?: (string | number)[]): void {
    // One cause, one problem: the reducer's "no such message / tool call" after the reference's "not open".
    const sameCause = SAME_CAUSE[ruleId];
    if (sameCause) {
      for (let k = this.problems.length - 1; k >= 0 && this.problems[k]!.eventIndex === index; k--) if (sameCause.includes(this.problems[k]!.ruleId)) return;
    }
    const lane = this.current;
    if (lane?.unknownSince !== undefined) {
      if (NEEDS_STATE.has(ruleId) && lane.stateKnownAt === undefined) return;
      if (NEEDS_MESSAGES.has(ruleId) && lane.messagesKnownAt === undefined) return;
    }
    this.problems.push(problem(ruleId, index, message, path));
  }

  /**
   * The page's client stops the stream's run at event i when a problem reported for i since `from` says it would
   * (its first such event): noted on the stream, the run and `stops`.
   */
  private checkStop(stream: StreamState, streamId: string, i: number, from: number): void {
    if (stream.stoppedAt !== undefined) return;
    for (let k = from; k < this.problems.length; k++) {
      const p = this.problems[k]!;
      if (p.eventIndex !== i || p.severity !== 'error' || !stopsTheClient(p)) continue;
      stream.stoppedAt = i;
      // The stream's run (a finished one too: a refused event after RUN_FINISHED fails the client's request).
      const run = stream.run;
      if (run) run.stoppedAt = i;
      this.stops.push({ streamId, index: i, ruleId: p.ruleId, message: p.message, ...(run && { runKey: run.key }) });
      return;
    }
  }

  /** Keeps what the client changed in event i, and notes each change under its kind's rule (stripped fields already are). */
  private noteChanges(i: number, changes: ClientChange[]): void {
    this.changes.set(i, changes);
    for (const c of changes) if (c.kind !== 'stripped') this.report(CHANGE_RULE[c.kind], i, c.text);
  }

  /** What the page's client changed in event `index` before the app saw it (none: undefined). */
  changesAt(index: number): readonly ClientChange[] | undefined {
    return this.changes.get(index);
  }

  /** Every event the client changed, with its changes, in order. */
  get changedEvents(): ReadonlyMap<number, readonly ClientChange[]> {
    return this.changes;
  }

  /** Whether event i is past its stream's client stop (and the semantics are the client's): it is not applied. */
  private skipped(stream: StreamState): boolean {
    return stream.stoppedAt !== undefined && this.options.semantics !== 'events';
  }

  private step(frame: Frame, i: number): void {
    this.firstStep[i] = this.steps.length;
    const problemsFrom = this.problems.length;
    // Indexed loops here: this runs for every event, much of it before the JIT has warmed up (a for-of then
    // allocates an iterator and its results).
    const diagnostics = frame.diagnostics;
    for (let d = 0; d < diagnostics.length; d++) this.problems.push(diagnosticProblem(diagnostics[d]!, i));
    const stream = this.streamFor(frame.streamId, i);
    stream.lastIndex = i;
    const sent = frame.event;
    if (typeof sent === 'object' && sent !== null && !Array.isArray(sent)) this.producerClues.see(frame.streamId, sent as Record<string, unknown>, i);
    if (frame.direction !== 'out') {
      const inbound = stream.inbound;
      if (inbound.count++ === 0) {
        inbound.first = i;
        inbound.t0 = frame.t;
      } else if (frame.t !== inbound.t0) inbound.together = false;
    }
    if (!frame.reducible || !frame.normalized) {
      this.checkStop(stream, frame.streamId, i, problemsFrom);
      this.laneOfIndex[i] = stream.lane ?? this.defaultLane(frame.streamId);
      this.builder.done(i, stream);
      this.maybeCheckpoint(i);
      return;
    }
    // What the client changes before the app sees it: what decoding found, then the mapping and the expansion.
    let changes = diagnostics.length === 0 ? undefined : decodeChanges(diagnostics);
    // THINKING_* to REASONING_*; the mapped event is enforced like any other.
    let event = frame.normalized;
    const mapped = stream.thinking.map(event);
    if (mapped.event !== event) {
      for (const note of mapped.notes) this.report('event/deprecated', i, note);
      const enforced = enforce(mapped.event);
      for (const d of enforced.diagnostics) this.problems.push(diagnosticProblem(d, i));
      (changes ??= []).push(mappedChange(event, enforced.event), ...decodeChanges(enforced.diagnostics));
      event = enforced.event;
    }
    if (stream.lane === undefined) {
      const input = this.options.inputOf?.(frame.streamId);
      const threadId = input?.threadId ?? (event.type === 'RUN_STARTED' ? (event.threadId as string | undefined) : undefined);
      stream.lane = threadId ?? this.defaultLane(frame.streamId);
    }
    const laneKey = stream.lane;
    this.laneOfIndex[i] = laneKey;
    const laneState = this.laneFor(laneKey);
    this.current = laneState;
    if (this.options.startDroppedOf?.(frame.streamId) && laneState.unknownSince === undefined) laneState.unknownSince = i;
    const expanded = stream.chunks.push(event);
    if (expanded.error) {
      this.report(expanded.error.ruleId, i, expanded.error.message);
      // A chunk the client cannot expand stops it, whether or not it became an event.
      this.checkStop(stream, frame.streamId, i, problemsFrom);
    }
    for (let n = 0; n < expanded.notes.length; n++) this.report('event/compat', i, expanded.notes[n]!);
    const events = expanded.events;
    if (!expanded.error && (events.length !== 1 || events[0]!.event !== event)) {
      const expansion = expansionChange(event, events);
      if (expansion) (changes ??= []).push(expansion);
    }
    if (changes && changes.length > 0) this.noteChanges(i, changes);
    for (let x = 0; x < events.length; x++) {
      const { event: e, synthesized } = events[x]!;
      const ev = e as unknown as AgUiEvent;
      const refError = stream.verifier.check(ev);
      if (refError) this.report(refError.ruleId, i, refError.message);
      if (ev.type === 'RUN_ERROR') this.report('run/failed', i, runFailed(ev, stream.run));
      // Before the run model takes it: a RUN_STARTED the client refuses stops the run that was open.
      this.checkStop(stream, frame.streamId, i, problemsFrom);
      this.beforeApply(ev, i, synthesized, stream, laneState, frame);
      const tapeStart = this.tape.length;
      if (this.skipped(stream)) {
        // The client stopped this stream's run here or before: the event is in the timeline, not in what it holds;
        // what it does to the conversation as the events say is judged as always.
        laneState.shadow ??= new Lane(laneState.lane.snapshot());
        if (ev.type === 'STATE_SNAPSHOT') laneState.snapshotSeen = true;
        const shadowNotes = laneState.shadow.apply(ev);
        for (let n = 0; n < shadowNotes.length; n++) this.reportNote(shadowNotes[n]!, i);
        this.steps.push({ event: ev, source: i, synthesized, lane: laneKey, tape: tapeStart, skipped: true });
        continue;
      }
      laneState.shadow?.apply(ev);
      const notes = laneState.lane.apply(ev);
      const step: ReplayStep = { event: ev, source: i, synthesized, lane: laneKey, tape: tapeStart };
      if (ev.type === 'RUN_STARTED' && !stream.seededInput) {
        stream.seededInput = true;
        const input = this.options.inputOf?.(frame.streamId);
        if (!(ev as { input?: unknown }).input && input?.messages) {
          step.seed = input.messages as Msg[];
          laneState.lane.seedInput(step.seed);
          laneState.shadow?.seedInput(step.seed);
        }
      }
      laneState.rules.learn(ev, step.seed, i);
      if (ev.type === 'STATE_SNAPSHOT') laneState.snapshotSeen = true;
      this.afterApply(ev, i, laneState);
      laneState.dirty = true;
      for (let n = 0; n < notes.length; n++) this.reportNote(notes[n]!, i);
      if (laneState.unknownSince !== undefined) {
        if (ev.type === 'STATE_SNAPSHOT' && laneState.stateKnownAt === undefined) laneState.stateKnownAt = i;
        if (ev.type === 'MESSAGES_SNAPSHOT' && laneState.messagesKnownAt === undefined) laneState.messagesKnownAt = i;
      }
      this.steps.push(step);
    }
    this.current = undefined;
    this.builder.done(i, stream);
    this.maybeCheckpoint(i);
  }

  /** After an event is applied: the generative-UI checks (an activity that draws UI changed; a run ended). */
  private afterApply(ev: AgUiEvent, i: number, laneState: LaneState): void {
    const reportAt = (ruleId: string, index: number, message: string, path?: (string | number)[]) => this.report(ruleId, index, message, path);
    if (ev.type === 'ACTIVITY_SNAPSHOT' || ev.type === 'ACTIVITY_DELTA') {
      if (ev.activityType === A2UI_ACTIVITY || ev.activityType === MCP_APPS_ACTIVITY) {
        laneState.genui.changed(ev.messageId, i, ev.type === 'ACTIVITY_SNAPSHOT', laneState.lane.messages.toArray(), reportAt);
      }
    } else if (ev.type === 'RUN_FINISHED' || ev.type === 'RUN_ERROR') laneState.genui.settle(() => laneState.lane.messages.toArray(), reportAt);
  }

  private defaultLane(streamId: string): string {
    const input = this.options.inputOf?.(streamId);
    return input?.threadId ?? 'default';
  }

  private maybeCheckpoint(i: number): void {
    if ((i + 1) % this.every !== 0) return;
    const previous = this.checkpoints[this.checkpoints.length - 1];
    const lanes = new Map<string, LaneSnapshot>();
    for (const [key, l] of this.lanes) {
      const old = previous?.lanes.get(key);
      if (!l.dirty && old) lanes.set(key, old);
      else {
        lanes.set(key, l.lane.snapshot());
        l.dirty = false;
      }
    }
    this.checkpoints.push({ index: i, lanes });
  }

  private reportNote(note: ReduceNote, i: number): void {
    switch (note.kind) {
      case 'unknown-message':
        this.report('text/unknown-message', i, `${note.type}: no message with id '${note.messageId}'; the event changes nothing.`);
        return;
      case 'unknown-tool-call':
        this.report('tool/unknown-call', i, `${note.type}: no tool call with id '${note.toolCallId}'; the event changes nothing.`);
        return;
      case 'activity-collision':
        this.report(
          'id/activity-collision',
          i,
          `${note.type}: '${note.messageId}' is an activity message's id. Message ids are one space; the activity message is left as it is.`,
        );
        return;
      case 'not-activity':
        this.report('activity/not-activity', i, `ACTIVITY_DELTA: message '${note.messageId}' is not an activity message; nothing changes.`);
        return;
      case 'tool-call-renamed':
        this.report('tool/renamed', i, `TOOL_CALL_START: tool call '${note.toolCallId}' already exists as '${note.from}'; it is renamed to '${note.to}'.`);
        return;
      case 'parent-not-assistant':
        this.report(
          'tool/parent-not-assistant',
          i,
          `TOOL_CALL_START: parentMessageId '${note.parentMessageId}' is a ${note.role} message, not an assistant message; the tool call gets a new assistant message.`,
        );
        return;
      case 'patch-failed': {
        const op = note.failure.opIndex;
        const where = note.target === 'state' ? 'delta' : 'patch';
        // Before any STATE_SNAPSHOT of the conversation, the state the client started from is not known here.
        const unjudged = note.target === 'state' && !this.current?.snapshotSeen;
        this.report(
          note.target === 'state' ? (unjudged ? 'state/patch-before-snapshot' : 'state/patch-failed') : 'activity/patch-failed',
          i,
          `${note.target === 'state' ? 'STATE_DELTA' : `ACTIVITY_DELTA for '${note.messageId}'`}: operation ${op} failed (${note.failure.code}: ${note.failure.message})${
            unjudged ? ' against the state the events built; no STATE_SNAPSHOT came before it in this conversation, so the state the client started from is unknown and the patch cannot be judged' : ''
          }. ${note.target === 'state' ? 'The state is unchanged' : 'The activity content is unchanged'}; the run goes on.`,
          op >= 0 ? [where, op] : [where],
        );
        return;
      }
      default: {
        const unhandled: never = note;
        return unhandled;
      }
    }
  }

  /** Before an event is applied: the debugger's rules, its interrupts and resumes, and the timeline. */
  private beforeApply(ev: AgUiEvent, i: number, synthesized: boolean, stream: StreamState, laneState: LaneState, frame: Frame): void {
    const report = (ruleId: string, message: string, path?: (string | number)[]) => this.report(ruleId, i, message, path);
    laneState.rules.before(ev, synthesized, report);
    if (ev.type === 'RUN_STARTED') {
      const input = (ev.input as RunEntity['input']) ?? (this.options.inputOf?.(frame.streamId) as RunEntity['input'] | undefined);
      const run = this.builder.startRun(ev, i, stream, frame.streamId, input);
      laneState.interrupts.runStarted(ev, i, frame.t, run, report);
    }
    this.builder.record(ev, i, stream);
    if (ev.type === 'TOOL_CALL_RESULT') laneState.interrupts.toolCallResult(ev.toolCallId);
    else if (ev.type === 'RUN_FINISHED') {
      const key = runKeyAt(stream, i);
      const open = key === undefined ? undefined : this.timeline.runs[key];
      if (open && ev.runId !== open.runId) {
        report('run/finished-other-id', `RUN_FINISHED names run '${ev.runId}', but the run open in this stream is '${open.runId}' (its RUN_STARTED). The page's client closes the open run all the same.`, ['runId']);
      }
      laneState.interrupts.runFinished(ev, i, frame.t, key === undefined ? undefined : this.timeline.runs[key], stream.lane!, report);
    }
  }

  // ---------------------------------------------------------------- time travel

  /** The lane of input event i. */
  laneAt(index: number): string {
    return this.laneOfIndex[index] ?? 'default';
  }

  /** Messages, state and pending interrupts of event i's conversation, after event i. index -1: before anything. */
  at(index: number, laneKey = index >= 0 ? this.laneAt(index) : (this.laneOfIndex[0] ?? 'default')): ReplayView {
    const last = Math.min(index, this.length - 1);
    if (this.cache && this.cache.index === last && this.cache.view.lane === laneKey) return this.cache.view;
    // As of the latest event, the world is the forward pass's own: nothing to replay.
    const view = last === this.length - 1 && last >= 0 ? (this.latestView(last, laneKey) ?? this.seek(last, laneKey)) : this.seek(last, laneKey);
    this.cache = { index: last, view };
    return view;
  }

  /**
   * The world just before and just after event i, from one replay, so what the event did not touch is the
   * very same object in both (the diff compares by identity).
   */
  around(index: number, laneKey = this.laneAt(index)): { before: ReplayView; after: ReplayView } {
    let before: ReplayView | undefined;
    const after = this.seek(Math.min(index, this.length - 1), laneKey, index, (v) => (before = v));
    return { before: before ?? after, after };
  }

  /** The view after the latest event from the forward pass's lane (undefined when the pass holds no such lane). */
  private latestView(last: number, laneKey: string): ReplayView | undefined {
    const known = this.lanes.get(laneKey);
    if (!known) return undefined;
    const v: ReplayView = { index: last, lane: laneKey, messages: known.lane.messages.toArray(), state: known.lane.state, pendingInterrupts: known.lane.pendingInterrupts };
    const unknown = unknownAt(known, last);
    if (unknown) v.unknown = unknown;
    return v;
  }

  private seek(last: number, laneKey: string, pauseAt?: number, onPause?: (view: ReplayView) => void): ReplayView {
    // Start from the checkpoint at or before the earliest state asked for.
    const limit = pauseAt !== undefined ? Math.min(pauseAt - 1, last) : last;
    const cpNumber = Math.floor((limit + 1) / this.every) - 1;
    const checkpoint = cpNumber >= 0 ? this.checkpoints[cpNumber] : undefined;
    const lane = new Lane(checkpoint?.lanes.get(laneKey));
    const from = checkpoint ? (this.firstStep[checkpoint.index + 1] ?? this.steps.length) : 0;
    const to = last + 1 < this.length ? this.firstStep[last + 1]! : this.steps.length;
    const play = { tape: this.tape, pos: 0 };
    lane.messages.tape = { play };
    const known = this.lanes.get(laneKey);
    const view = (index: number): ReplayView => {
      const v: ReplayView = { index, lane: laneKey, messages: lane.messages.toArray(), state: lane.state, pendingInterrupts: lane.pendingInterrupts };
      const unknown = unknownAt(known, index);
      if (unknown) v.unknown = unknown;
      return v;
    };
    const pauseStep = pauseAt === undefined ? -1 : (this.firstStep[pauseAt] ?? this.steps.length);
    for (let s = from; s < to; s++) {
      if (s === pauseStep) onPause?.(view(pauseAt! - 1));
      const step = this.steps[s]!;
      if (step.lane !== laneKey || step.skipped) continue;
      play.pos = step.tape;
      lane.apply(step.event);
      // The seeding's look-ups follow the event's on the tape.
      if (step.seed) lane.seedInput(step.seed);
    }
    if (pauseAt !== undefined && pauseStep >= to) onPause?.(view(pauseAt - 1));
    return view(last);
  }

}

/** What a conversation whose beginning was cut did not know yet as of event `index` (undefined: nothing unknown). */
function unknownAt(known: LaneState | undefined, index: number): ReplayView['unknown'] {
  const since = known?.unknownSince;
  if (since === undefined || index < since) return undefined;
  const state = known!.stateKnownAt === undefined || known!.stateKnownAt > index;
  const messages = known!.messagesKnownAt === undefined || known!.messagesKnownAt > index;
  return state || messages ? { state, messages, since } : undefined;
}

/** What a RUN_ERROR says, as a problem: the run failed, with the agent's message and code. */
function runFailed(event: Extract<AgUiEvent, { type: 'RUN_ERROR' }>, run: RunEntity | undefined): string {
  const said = typeof event.message === 'string' && event.message !== '' ? `: ${event.message}` : ' (no message)';
  const code = typeof event.code === 'string' && event.code !== '' ? ` (code ${event.code})` : '';
  return `${run && run.end === undefined ? `Run '${run.runId}' failed` : 'The agent reported an error'}${said}${code}.`;
}
