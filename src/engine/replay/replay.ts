/**
 * The replay: frames in, and as of any event index out: messages, state, pending interrupts (per conversation
 * lane), the timeline of runs / steps / tool calls / reasoning / subagents / interrupts, and every problem.
 *
 * One forward pass normalizes (THINKING_*, chunks), verifies (the reference's rules per stream, the debugger's
 * per lane) and reduces. Every CHECKPOINT_EVERY input events it keeps a snapshot of each lane (structural
 * sharing: a snapshot is cheap), so `at(i)` restores the checkpoint at or before i and replays at most that many
 * events; look-ups those events made are replayed from a tape, so no index is rebuilt.
 */
import type { Interrupt, ResumeEntry, RunAgentInput, RunFinishedEvent, RunStartedEvent } from '@ag-ui/core';
import type { Diagnostic } from '../diagnostics';
import type { Frame } from '../decode/frames';
import type { AgUiEvent } from '../events/model';
import { ChunkExpander } from '../normalize/chunks';
import { enforce } from '../normalize/enforce';
import { ThinkingMapper } from '../normalize/thinking';
import { Lane, type LaneSnapshot, type ReduceNote } from '../reduce/lane';
import type { Msg } from '../reduce/messages';
import { validateJsonSchema } from '../verify/jsonSchema';
import { ReferenceVerifier } from '../verify/referenceRules';
import { type Problem, problem, specOf } from '../verify/rules';
import { Timeline, type RunEntity } from './timeline';

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
}

export interface ReplayOptions {
  /** The RunAgentInput a captured stream's request carried (its messages seed the conversation). */
  inputOf?: (streamId: string) => RunAgentInput | undefined;
  checkpointEvery?: number;
  /** Mints ids for THINKING_* events that had none (default: thinking-1, thinking-2, … per stream). */
  mintThinkingId?: () => string;
  /** Streams whose first events were dropped before capture reached us. */
  startDroppedOf?: (streamId: string) => boolean;
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
  lastIndex: number;
  seededInput: boolean;
}

interface LaneState {
  lane: Lane;
  dirty: boolean;
  /** Interrupts raised and not yet answered, with the run that raised them. */
  openInterrupts: { interrupt: Interrupt; entity: number }[];
  lastRun?: RunEntity;
  /** Tool calls a resumed tool_call interrupt expects a TOOL_CALL_RESULT for, per run key. */
  awaitingResults: Map<number, Set<string>>;
  activityIds: Set<string>;
  toolCallIds: Set<string>;
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
const NEEDS_STATE = new Set(['state/patch-failed']);
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

const CORE_REASONS = new Set(['tool_call', 'input_required', 'confirmation']);

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
    if (error) this.problems.push(problem('stream/error', at, `The stream ended with an error: ${error}`));
    if (s.run && s.run.end === undefined) {
      s.run.end = at;
      s.run.status = 'unfinished';
      this.problems.push(problem('stream/unfinished-run', at, `The stream ended while run '${s.run.runId}' was still running (no RUN_FINISHED or RUN_ERROR).`));
    }
  }

  /** The steps (normalized events) input event `index` became. */
  stepsOf(index: number): ReplayStep[] {
    const from = this.firstStep[index];
    if (from === undefined) return [];
    const to = index + 1 < this.length ? this.firstStep[index + 1]! : this.steps.length;
    return this.steps.slice(from, to);
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
        lastIndex: -1,
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
      l = { lane: new Lane(), dirty: true, openInterrupts: [], awaitingResults: new Map(), activityIds: new Set(), toolCallIds: new Set() };
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

  private step(frame: Frame, i: number): void {
    this.firstStep[i] = this.steps.length;
    for (const d of frame.diagnostics) this.problems.push(diagnosticProblem(d, i));
    const stream = this.streamFor(frame.streamId, i);
    stream.lastIndex = i;
    if (!frame.replayable || !frame.replay) {
      this.laneOfIndex[i] = stream.lane ?? this.defaultLane(frame.streamId);
      this.maybeCheckpoint(i);
      return;
    }
    // THINKING_* to REASONING_*; the mapped event is enforced like any other.
    let event = frame.replay;
    const mapped = stream.thinking.map(event);
    if (mapped.event !== event) {
      for (const note of mapped.notes) this.report('event/deprecated', i, note);
      const enforced = enforce(mapped.event);
      for (const d of enforced.diagnostics) this.problems.push(diagnosticProblem(d, i));
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
    if (expanded.error) this.report(expanded.error.ruleId, i, expanded.error.message);
    for (const note of expanded.notes) this.report('event/compat', i, note);
    for (const { event: e, synthesized } of expanded.events) {
      const ev = e as unknown as AgUiEvent;
      const refError = stream.verifier.check(ev);
      if (refError) this.report(refError.ruleId, i, refError.message);
      this.beforeApply(ev, i, synthesized, stream, laneState, frame);
      const tapeStart = this.tape.length;
      const notes = laneState.lane.apply(ev);
      const step: ReplayStep = { event: ev, source: i, synthesized, lane: laneKey, tape: tapeStart };
      if (ev.type === 'RUN_STARTED' && !stream.seededInput) {
        stream.seededInput = true;
        const input = this.options.inputOf?.(frame.streamId);
        if (!(ev as { input?: unknown }).input && input?.messages) {
          step.seed = input.messages as Msg[];
          laneState.lane.seedInput(step.seed);
        }
      }
      this.noteToolCalls(ev, laneState, step.seed);
      laneState.dirty = true;
      for (const note of notes) this.reportNote(note, i);
      if (laneState.unknownSince !== undefined) {
        if (ev.type === 'STATE_SNAPSHOT' && laneState.stateKnownAt === undefined) laneState.stateKnownAt = i;
        if (ev.type === 'MESSAGES_SNAPSHOT' && laneState.messagesKnownAt === undefined) laneState.messagesKnownAt = i;
      }
      this.steps.push(step);
    }
    this.current = undefined;
    this.maybeCheckpoint(i);
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
        this.report(
          note.target === 'state' ? 'state/patch-failed' : 'activity/patch-failed',
          i,
          `${note.target === 'state' ? 'STATE_DELTA' : `ACTIVITY_DELTA for '${note.messageId}'`}: operation ${op} failed (${note.failure.code}: ${note.failure.message}). ${
            note.target === 'state' ? 'The state is unchanged' : 'The activity content is unchanged'
          }; the run goes on.`,
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

  /** The debugger's own rules that look at an event before it is applied, and the timeline. */
  private beforeApply(ev: AgUiEvent, i: number, synthesized: boolean, stream: StreamState, laneState: LaneState, frame: Frame): void {
    const e = ev as unknown as Record<string, unknown>;
    const t = this.timeline;
    const sub = e.subagentRunId as string | undefined;
    if (sub !== undefined) {
      const s = t.subagents.findLast((x) => x.subagentRunId === sub);
      if (s && s.eventIndices[s.eventIndices.length - 1] !== i) s.eventIndices.push(i);
    }
    switch (ev.type) {
      case 'TEXT_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CONTENT':
        if (!synthesized && ev.delta === '') {
          this.report(ev.type === 'TEXT_MESSAGE_CONTENT' ? 'text/empty-delta' : 'reasoning/empty-delta', i, `${ev.type}.delta is empty; the spec requires a non-empty delta. @ag-ui/client (JS) accepts it; the Python, Rust and Java SDKs reject the event ("Delta must not be an empty string").`, ['delta']);
        }
        return;
      case 'TOOL_CALL_RESULT': {
        if (!laneState.toolCallIds.has(ev.toolCallId)) {
          this.report('tool/unknown-result', i, `TOOL_CALL_RESULT answers tool call '${ev.toolCallId}', which no TOOL_CALL_START opened in this conversation.`, ['toolCallId']);
        }
        const call = t.toolCalls.findLast((c) => c.toolCallId === ev.toolCallId && c.lane === stream.lane);
        if (call && call.resultAt === undefined) {
          call.resultAt = i;
          call.resultMessageId = ev.messageId;
        }
        for (const set of laneState.awaitingResults.values()) set.delete(ev.toolCallId);
        return;
      }
      case 'ACTIVITY_DELTA':
        if (!laneState.activityIds.has(ev.messageId)) {
          this.report('activity/delta-before-snapshot', i, `ACTIVITY_DELTA for '${ev.messageId}' before any ACTIVITY_SNAPSHOT created it; the reference ignores it.`, ['messageId']);
        } else {
          t.activities.findLast((a) => a.messageId === ev.messageId && a.lane === stream.lane)?.updates.push(i);
        }
        return;
      case 'ACTIVITY_SNAPSHOT': {
        const existing = t.activities.findLast((a) => a.messageId === ev.messageId && a.lane === stream.lane);
        if (existing) existing.updates.push(i);
        else t.activities.push({ messageId: ev.messageId, lane: stream.lane!, activityType: ev.activityType, start: i, updates: [] });
        laneState.activityIds.add(ev.messageId);
        return;
      }
      case 'STATE_DELTA':
        if (Array.isArray(ev.delta) && ev.delta.length === 0) this.report('state/empty-delta', i, 'STATE_DELTA with no operations: it changes nothing.', ['delta']);
        return;
      case 'RUN_STARTED':
        this.startRun(ev, i, stream, laneState, frame);
        return;
      case 'RUN_FINISHED':
        this.finishRun(ev, i, stream, laneState);
        return;
      case 'RUN_ERROR': {
        const run = stream.run;
        if (run && run.end === undefined) {
          run.end = i;
          run.status = 'error';
          run.error = { message: ev.message, ...(ev.code !== undefined && { code: ev.code }) };
          if (ev.usage !== undefined) run.usage = ev.usage;
        }
        for (const s of t.subagents) if (s.end === undefined && s.runKey === run?.key) s.end = i;
        return;
      }
      case 'STEP_STARTED':
        t.steps.push({ name: ev.stepName, ...(sub !== undefined && { subagentRunId: sub }), ...(stream.run && { runKey: stream.run.key }), start: i });
        return;
      case 'STEP_FINISHED': {
        const step = t.steps.findLast((s) => s.name === ev.stepName && s.subagentRunId === sub && s.end === undefined);
        if (step) step.end = i;
        return;
      }
      case 'TEXT_MESSAGE_START':
      case 'REASONING_MESSAGE_START':
        t.messages.push({
          messageId: ev.messageId,
          lane: stream.lane!,
          kind: ev.type === 'TEXT_MESSAGE_START' ? 'text' : 'reasoning',
          role: ev.type === 'TEXT_MESSAGE_START' ? (ev.role ?? 'assistant') : 'reasoning',
          ...(sub !== undefined && { subagentRunId: sub }),
          start: i,
        });
        return;
      case 'TEXT_MESSAGE_END':
      case 'REASONING_MESSAGE_END': {
        const m = t.messages.findLast((x) => x.messageId === ev.messageId && x.end === undefined);
        if (m) m.end = i;
        return;
      }
      case 'TOOL_CALL_START':
        if (!t.toolCalls.some((c) => c.toolCallId === ev.toolCallId && c.lane === stream.lane && c.end === undefined)) {
          t.toolCalls.push({
            toolCallId: ev.toolCallId,
            name: ev.toolCallName,
            lane: stream.lane!,
            ...(ev.parentMessageId !== undefined && { parentMessageId: ev.parentMessageId }),
            ...(sub !== undefined && { subagentRunId: sub }),
            start: i,
          });
        }
        return;
      case 'TOOL_CALL_END': {
        const c = t.toolCalls.findLast((x) => x.toolCallId === ev.toolCallId && x.end === undefined);
        if (c) c.end = i;
        return;
      }
      case 'REASONING_START':
        t.reasoning.push({ messageId: ev.messageId, lane: stream.lane!, ...(sub !== undefined && { subagentRunId: sub }), start: i });
        return;
      case 'REASONING_END': {
        const r = t.reasoning.findLast((x) => x.messageId === ev.messageId && x.end === undefined);
        if (r) r.end = i;
        return;
      }
      case 'REASONING_ENCRYPTED_VALUE': {
        const span = t.reasoning.findLast((x) => x.lane === stream.lane);
        if (span) (span.encryptedAt ??= []).push(i);
        return;
      }
      case 'SUBAGENT_STARTED':
        t.subagents.push({
          subagentRunId: ev.subagentRunId,
          name: ev.name,
          ...(ev.description !== undefined && { description: ev.description }),
          ...(ev.parentSubagentRunId !== undefined && { parentSubagentRunId: ev.parentSubagentRunId }),
          ...(ev.parentToolCallId !== undefined && { parentToolCallId: ev.parentToolCallId }),
          ...(ev.parentMessageId !== undefined && { parentMessageId: ev.parentMessageId }),
          ...(stream.run && { runKey: stream.run.key }),
          start: i,
          status: 'running',
          eventIndices: [],
        });
        return;
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR': {
        const s = t.subagents.findLast((x) => x.subagentRunId === ev.subagentRunId && x.end === undefined);
        if (!s) return;
        s.end = i;
        if (ev.type === 'SUBAGENT_ERROR') {
          s.status = 'error';
          s.error = { message: ev.message, ...(ev.code !== undefined && { code: ev.code }) };
        } else {
          const outcome = ev.outcome as { type?: string; interruptIds?: string[] } | undefined;
          s.status = outcome?.type === 'suspended' ? 'suspended' : 'success';
          if (outcome?.interruptIds) s.interruptIds = outcome.interruptIds;
          if (ev.result !== undefined) s.result = ev.result;
        }
        return;
      }
      default:
        return;
    }
  }

  /** Tool call ids a conversation knows: started by events, or carried by snapshot and input messages. */
  private noteToolCalls(ev: AgUiEvent, laneState: LaneState, seed: Msg[] | undefined): void {
    const add = (messages: unknown) => {
      if (!Array.isArray(messages)) return;
      for (const m of messages as { toolCalls?: { id?: unknown }[] }[]) {
        for (const tc of m?.toolCalls ?? []) if (typeof tc?.id === 'string') laneState.toolCallIds.add(tc.id);
      }
    };
    if (ev.type === 'TOOL_CALL_START') laneState.toolCallIds.add(ev.toolCallId);
    else if (ev.type === 'MESSAGES_SNAPSHOT') add(ev.messages);
    else if (ev.type === 'RUN_STARTED') add((ev.input as { messages?: unknown } | undefined)?.messages);
    if (seed) add(seed);
  }

  private startRun(ev: RunStartedEvent, i: number, stream: StreamState, laneState: LaneState, frame: Frame): void {
    const t = this.timeline;
    if (stream.run && stream.run.end === undefined) {
      stream.run.end = i;
      stream.run.status = 'unfinished';
    }
    const requestInput = this.options.inputOf?.(frame.streamId);
    const input = (ev.input as RunEntity['input']) ?? (requestInput as RunEntity['input'] | undefined);
    const run: RunEntity = {
      key: t.runs.length,
      streamId: frame.streamId,
      lane: stream.lane!,
      runId: ev.runId,
      threadId: ev.threadId,
      ...(ev.parentRunId !== undefined && { parentRunId: ev.parentRunId }),
      start: i,
      status: 'running',
      ...(input !== undefined && { input }),
    };
    t.runs.push(run);
    stream.run = run;
    // Interrupts: the run after an interrupted one must resume every open interrupt, and nothing else.
    const open = laneState.openInterrupts;
    const resume: ResumeEntry[] = Array.isArray(input?.resume) ? (input!.resume as ResumeEntry[]) : [];
    const now = typeof ev.timestamp === 'number' ? ev.timestamp : frame.t;
    if (open.length > 0) {
      const prior = t.runs[t.interrupts[open[0]!.entity]!.runKey];
      if (prior) run.resumes = prior.key;
      if (resume.length === 0) {
        this.report(
          'resume/missing',
          i,
          `Run '${ev.runId}' starts without resume, but ${open.length} interrupt(s) of the previous run are open: ${open.map((o) => o.interrupt.id).join(', ')}. Every open interrupt must be answered.`,
        );
      } else {
        const answered = new Set(resume.map((r) => r.interruptId));
        const missing = open.filter((o) => !answered.has(o.interrupt.id));
        if (missing.length > 0) {
          this.report('resume/partial', i, `The resume answers ${resume.length} interrupt(s) but leaves ${missing.map((m) => `'${m.interrupt.id}'`).join(', ')} open: a resume must cover every open interrupt.`, ['input', 'resume']);
        }
      }
    } else if (resume.length > 0) {
      this.report('resume/without-interrupt', i, `Run '${ev.runId}' carries a resume, but no interrupt is open in this conversation.`, ['input', 'resume']);
    }
    resume.forEach((entry, k) => {
      const found = open.find((o) => o.interrupt.id === entry.interruptId);
      if (!found) {
        if (open.length > 0) this.report('resume/unknown-id', i, `The resume names interrupt '${entry.interruptId}', which is not open.`, ['input', 'resume', k, 'interruptId']);
        return;
      }
      const entity = t.interrupts[found.entity]!;
      entity.resolvedAt = i;
      entity.resolution = entry;
      entity.resumedRunKey = run.key;
      if (entry.status === 'cancelled' && entry.payload !== undefined) {
        this.report('resume/cancel-payload', i, `Interrupt '${entry.interruptId}' is cancelled with a payload; a cancelled resume carries none.`, ['input', 'resume', k, 'payload']);
      }
      const expires = found.interrupt.expiresAt;
      if (expires && entry.status === 'resolved' && Date.parse(expires) < now) {
        this.report('resume/expired', i, `Interrupt '${entry.interruptId}' expired at ${expires}; it can only be cancelled, not resolved.`, ['input', 'resume', k]);
      }
      if (entry.status === 'resolved' && found.interrupt.responseSchema !== undefined) {
        const err = validateJsonSchema(entry.payload, found.interrupt.responseSchema);
        if (err) this.report('resume/payload-schema', i, `The payload for interrupt '${entry.interruptId}' does not fit its responseSchema: ${err}.`, ['input', 'resume', k, 'payload']);
      }
      if (entry.status === 'resolved' && found.interrupt.reason === 'tool_call' && found.interrupt.toolCallId) {
        let set = laneState.awaitingResults.get(run.key);
        if (!set) laneState.awaitingResults.set(run.key, (set = new Set()));
        set.add(found.interrupt.toolCallId);
      }
    });
    laneState.openInterrupts = [];
    laneState.lastRun = run;
  }

  private finishRun(ev: RunFinishedEvent, i: number, stream: StreamState, laneState: LaneState): void {
    const t = this.timeline;
    const run = stream.run;
    const outcome = ev.outcome as { type?: string; interrupts?: Interrupt[] } | undefined;
    if (run && run.end === undefined) {
      run.end = i;
      run.status = outcome?.type === 'interrupt' ? 'interrupted' : outcome?.type === 'cancelled' ? 'cancelled' : 'success';
      if (outcome !== undefined) run.outcome = outcome;
      if (ev.result !== undefined) run.result = ev.result;
      if (ev.usage !== undefined) run.usage = ev.usage;
    }
    const awaiting = run ? laneState.awaitingResults.get(run.key) : undefined;
    if (awaiting && awaiting.size > 0) {
      this.report(
        'resume/unanswered-tool-call',
        i,
        `Run '${ev.runId}' resumed tool_call interrupt(s) but sent no TOOL_CALL_RESULT for ${[...awaiting].map((id) => `'${id}'`).join(', ')}.`,
      );
    }
    if (run) laneState.awaitingResults.delete(run.key);
    if (outcome?.type === 'interrupt') {
      const interrupts = Array.isArray(outcome.interrupts) ? outcome.interrupts : [];
      if (interrupts.length === 0) this.report('interrupt/empty', i, 'RUN_FINISHED with outcome "interrupt" must list at least one interrupt.', ['outcome', 'interrupts']);
      const seen = new Set<string>();
      interrupts.forEach((interrupt, k) => {
        const path = ['outcome', 'interrupts', k];
        if (seen.has(interrupt.id)) this.report('interrupt/duplicate-id', i, `Interrupt id '${interrupt.id}' appears twice in one outcome.`, [...path, 'id']);
        seen.add(interrupt.id);
        if (interrupt.reason === 'tool_call' && !interrupt.toolCallId) {
          this.report('interrupt/tool-call-id', i, `Interrupt '${interrupt.id}' has reason "tool_call" but no toolCallId.`, [...path, 'toolCallId']);
        }
        if (typeof interrupt.reason === 'string' && !CORE_REASONS.has(interrupt.reason)) {
          if (interrupt.reason.startsWith('core:')) {
            this.report('interrupt/reason', i, `Interrupt reason "${interrupt.reason}": the "core:" namespace is reserved.`, [...path, 'reason']);
          } else if (!/^[^:\s]+:[^:\s]+/.test(interrupt.reason)) {
            this.report(
              'interrupt/reason',
              i,
              `Interrupt reason "${interrupt.reason}" is neither a core reason (tool_call, input_required, confirmation) nor namespaced as "framework:name".`,
              [...path, 'reason'],
            );
          }
        }
        const entity = t.interrupts.length;
        t.interrupts.push({ interrupt, lane: stream.lane!, runKey: run?.key ?? -1, raisedAt: i });
        laneState.openInterrupts.push({ interrupt, entity });
      });
      if (run) run.interrupts = interrupts;
      // A suspended subagent names run-level interrupts that answer it.
      for (const s of t.subagents) {
        if (s.runKey !== run?.key || s.status !== 'suspended') continue;
        for (const id of s.interruptIds ?? []) {
          if (!seen.has(id)) this.report('subagent/suspended-unknown-interrupt', i, `Subagent '${s.subagentRunId}' is suspended on interrupt '${id}', which this RUN_FINISHED does not raise.`);
        }
      }
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
    const view = this.seek(last, laneKey);
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
    const unknownAt = (index: number): ReplayView['unknown'] => {
      const since = known?.unknownSince;
      if (since === undefined || index < since) return undefined;
      const state = known!.stateKnownAt === undefined || known!.stateKnownAt > index;
      const messages = known!.messagesKnownAt === undefined || known!.messagesKnownAt > index;
      return state || messages ? { state, messages, since } : undefined;
    };
    const view = (index: number): ReplayView => {
      const v: ReplayView = { index, lane: laneKey, messages: lane.messages.toArray(), state: lane.state, pendingInterrupts: lane.pendingInterrupts };
      const unknown = unknownAt(index);
      if (unknown) v.unknown = unknown;
      return v;
    };
    const pauseStep = pauseAt === undefined ? -1 : (this.firstStep[pauseAt] ?? this.steps.length);
    for (let s = from; s < to; s++) {
      if (s === pauseStep) onPause?.(view(pauseAt! - 1));
      const step = this.steps[s]!;
      if (step.lane !== laneKey) continue;
      play.pos = step.tape;
      lane.apply(step.event);
      // The seeding's look-ups follow the event's on the tape.
      if (step.seed) lane.seedInput(step.seed);
    }
    if (pauseAt !== undefined && pauseStep >= to) onPause?.(view(pauseAt - 1));
    return view(last);
  }

}
