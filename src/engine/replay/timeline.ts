/**
 * The things a run is made of (runs, steps, messages, tool calls, reasoning, activity, subagents, interrupts),
 * each with the event index where it started and where it ended, and the key of its run. Built once in the forward
 * pass (timelineBuilder.ts) and never changed afterwards except to close what is open, so "as of event i" is a
 * filter on indices.
 *
 * The run is the unit every view reads: `runAt(i)` is the run of event i, `eventsOf(run)` its events, and
 * `entitiesOf(run)` what it made. Which run an entity belongs to is the run whose events hold its first event.
 */
import type { Interrupt, ResumeEntry } from '@ag-ui/core';

/** `stopped`: the page's client stopped the run at an event it refuses (RunEntity.stoppedAt); its later events are not applied. */
export type RunStatus = 'running' | 'success' | 'interrupted' | 'cancelled' | 'error' | 'unfinished' | 'stopped';

export interface RunEntity {
  key: number;
  streamId: string;
  lane: string;
  runId: string;
  threadId: string;
  parentRunId?: string;
  start: number;
  end?: number;
  status: RunStatus;
  outcome?: unknown;
  result?: unknown;
  usage?: unknown;
  error?: { message: string; code?: string };
  /** What the client sent for this run (RUN_STARTED.input or the captured request). */
  input?: { resume?: ResumeEntry[]; [key: string]: unknown };
  /** Interrupts this run ended with. */
  interrupts?: Interrupt[];
  /** The run this one resumed (same lane, ended with interrupts). */
  resumes?: number;
  /**
   * The event at which the page's client stopped the run (its verifier, parser or schema refused it): for the client
   * the run ends there, whatever the events say after it (`end` and `status` are what the events say).
   */
  stoppedAt?: number;
}

/** Entities that belong to a run: the key of the run whose events hold their first event (absent: outside any run). */
interface OfRun {
  runKey?: number;
}

export interface StepEntity extends OfRun {
  name: string;
  subagentRunId?: string;
  start: number;
  end?: number;
}

export interface MessageEntity extends OfRun {
  messageId: string;
  lane: string;
  kind: 'text' | 'reasoning';
  role: string;
  subagentRunId?: string;
  start: number;
  end?: number;
}

export interface ToolCallEntity extends OfRun {
  toolCallId: string;
  name: string;
  lane: string;
  parentMessageId?: string;
  subagentRunId?: string;
  start: number;
  end?: number;
  resultAt?: number;
  resultMessageId?: string;
}

export interface ReasoningSpanEntity extends OfRun {
  messageId: string;
  lane: string;
  subagentRunId?: string;
  start: number;
  end?: number;
  encryptedAt?: number[];
}

export interface ActivityEntity extends OfRun {
  messageId: string;
  lane: string;
  activityType: string;
  start: number;
  updates: number[];
}

export interface SubagentEntity extends OfRun {
  subagentRunId: string;
  name: string;
  description?: string;
  parentSubagentRunId?: string;
  parentToolCallId?: string;
  parentMessageId?: string;
  start: number;
  end?: number;
  status: 'running' | 'success' | 'suspended' | 'error';
  result?: unknown;
  error?: { message: string; code?: string };
  interruptIds?: string[];
  /** The input events attributed to it (subagentRunId), by index, ascending. */
  eventIndices: number[];
}

/**
 * How an interrupt was answered, judged once by the engine (interrupts.ts), with the clock the protocol rules use:
 * an event's `timestamp` when it has one, its arrival otherwise. The card and the Problems tab both read it.
 */
export interface InterruptVerdict {
  /** open: no run has resumed yet; missing: the run that resumed the conversation did not answer it. */
  state: 'open' | 'resolved' | 'cancelled' | 'missing';
  /** `expiresAt` minus the time of the RUN_FINISHED that raised it (negative: it had expired already). */
  leftAtRaiseMs?: number;
  /** Resolved after `expiresAt` (the resuming RUN_STARTED's time): resume/expired. */
  expired?: boolean;
  /** A resolved answer's payload against `responseSchema` (absent without a schema): resume/payload-schema. */
  payload?: { fits: true } | { fits: false; reason: string };
  /** Cancelled with a payload: resume/cancel-payload. */
  cancelPayload?: boolean;
  /** The run that resumed the conversation without answering it (state "missing"). */
  missingIn?: number;
}

export interface InterruptEntity extends OfRun {
  interrupt: Interrupt;
  lane: string;
  runKey: number;
  raisedAt: number;
  /** The resume entry that answered it, and where. */
  resolvedAt?: number;
  resolution?: ResumeEntry;
  resumedRunKey?: number;
  verdict: InterruptVerdict;
}

/** One entry of a run's `resume`: the interrupt it answers (by entity index), or none (resume/unknown-id). */
export interface ResumeEntity extends OfRun {
  runKey: number;
  at: number;
  /** Its place in the resume array. */
  position: number;
  entry: ResumeEntry;
  interrupt?: number;
  /** answers: an open interrupt; unknown-id: none of the open ones (resume/unknown-id); nothing-open: no interrupt was open. */
  verdict: 'answers' | 'unknown-id' | 'nothing-open';
}

/** What one run made, in the order it was made. */
export interface RunEntities {
  steps: StepEntity[];
  messages: MessageEntity[];
  toolCalls: ToolCallEntity[];
  reasoning: ReasoningSpanEntity[];
  activities: ActivityEntity[];
  subagents: SubagentEntity[];
  interrupts: InterruptEntity[];
  resumes: ResumeEntity[];
}

const noEntities = (): RunEntities => ({ steps: [], messages: [], toolCalls: [], reasoning: [], activities: [], subagents: [], interrupts: [], resumes: [] });
const EMPTY: Readonly<RunEntities> = Object.freeze(noEntities());
const NO_EVENTS: readonly number[] = Object.freeze([]);

export class Timeline {
  readonly runs: RunEntity[] = [];
  readonly steps: StepEntity[] = [];
  readonly messages: MessageEntity[] = [];
  readonly toolCalls: ToolCallEntity[] = [];
  readonly reasoning: ReasoningSpanEntity[] = [];
  readonly activities: ActivityEntity[] = [];
  readonly subagents: SubagentEntity[] = [];
  readonly interrupts: InterruptEntity[] = [];
  readonly resumes: ResumeEntity[] = [];
  /** The run key of each input event, -1 outside any run. */
  private readonly runOfEvent: number[] = [];
  /** Each run's events, ascending. */
  private readonly eventsByRun: number[][] = [];
  private readonly entitiesByRun: RunEntities[] = [];
  private readonly resumedBy: number[][] = [];
  private readonly toolCallNames = new Map<string, string>();

  /** The run input event `index` belongs to (its stream's run, from RUN_STARTED to RUN_FINISHED or RUN_ERROR). */
  runAt(index: number): RunEntity | undefined {
    const key = this.runOfEvent[index];
    return key === undefined || key < 0 ? undefined : this.runs[key];
  }

  /** The input events of a run, ascending (a run's stream only: another stream of the thread has runs of its own). */
  eventsOf(runKey: number): readonly number[] {
    return this.eventsByRun[runKey] ?? NO_EVENTS;
  }

  /** The events of a run that had arrived by event `asOf`. */
  eventsAsOf(runKey: number, asOf: number): readonly number[] {
    const all = this.eventsOf(runKey);
    if (all.length === 0 || all[all.length - 1]! <= asOf) return all;
    return all.slice(0, upperBound(all, asOf));
  }

  /** How many of a run's events had arrived by event `asOf`. */
  countAsOf(runKey: number, asOf: number): number {
    return upperBound(this.eventsOf(runKey), asOf);
  }

  /** The last event of a run that had arrived by event `asOf` (its start if none after it). */
  lastEventOf(runKey: number, asOf = Number.POSITIVE_INFINITY): number | undefined {
    const all = this.eventsOf(runKey);
    const n = upperBound(all, asOf);
    return n === 0 ? undefined : all[n - 1];
  }

  /** The runs that resume run `runKey` (after its interrupts), in order. */
  resumersOf(runKey: number): readonly number[] {
    return this.resumedBy[runKey] ?? NO_EVENTS;
  }

  /** The name a tool call id was started with (the latest, when an id is reused). */
  toolCallName(toolCallId: string): string | undefined {
    return this.toolCallNames.get(toolCallId);
  }

  /** What a run made: its steps, messages, tool calls, reasoning, activity, subagents, interrupts and resume entries. */
  entitiesOf(runKey: number): Readonly<RunEntities> {
    return this.entitiesByRun[runKey] ?? EMPTY;
  }

  // ---- Building (timelineBuilder.ts and interrupts.ts only).

  /** Event `index` is done: it belongs to run `runKey` (or to none, -1). */
  assign(index: number, runKey: number): void {
    this.runOfEvent[index] = runKey;
    if (runKey >= 0) (this.eventsByRun[runKey] ??= []).push(index);
  }

  /** Run `run` resumes run `prior`. */
  linkResume(run: RunEntity, prior: RunEntity): void {
    run.resumes = prior.key;
    (this.resumedBy[prior.key] ??= []).push(run.key);
  }

  /** An entity is made: kept in its list, and under its run. */
  add<K extends keyof RunEntities>(kind: K, entity: RunEntities[K][number]): void {
    (this[kind] as RunEntities[K][number][]).push(entity);
    if (kind === 'toolCalls') {
      const call = entity as ToolCallEntity;
      this.toolCallNames.set(call.toolCallId, call.name);
    }
    const key = entity.runKey;
    if (key !== undefined && key >= 0) ((this.entitiesByRun[key] ??= noEntities())[kind] as RunEntities[K][number][]).push(entity);
  }
}

/** The number of sorted values <= x. */
function upperBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether an entity is still open at event index i. */
export const openAt = (e: { start: number; end?: number }, i: number): boolean => e.start <= i && (e.end === undefined || e.end > i);

/** How many of a subagent's attributed events had arrived by event index i. */
export const attributedAt = (s: SubagentEntity, i: number): number => upperBound(s.eventIndices, i);

/** A run's status as the page's client has it now (as of its last event and beyond). */
export const finalStatus = (run: RunEntity): RunStatus => runStatusAt(run, Number.POSITIVE_INFINITY);

/** The status of a run as of event index i, as the page's client has it (stopped from the event it refused). */
export const runStatusAt = (run: RunEntity, i: number): RunStatus => (run.stoppedAt !== undefined && run.stoppedAt <= i ? 'stopped' : run.end !== undefined && run.end <= i ? run.status : 'running');
