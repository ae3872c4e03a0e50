/**
 * What the page's client held, and what the session had shown, as of one event: every "as of event i" rule in one
 * place. An entity exists as of i once its first event is at or before i; it has ended (and its end, result or
 * resolution shows) only when that event is at or before i too; a run's status is "running" until then. Views,
 * the CLI, the library and coding agents read these answers, never the indices themselves.
 */
import type { ResumeEntry } from '@ag-ui/core';
import type { Frame } from '../decode/frames';
import type { Replay, ReplayView } from '../replay/replay';
import { OUTCOME, problemsByRun, type RunOutcome } from '../replay/runRows';
import {
  type ActivityEntity,
  attributedAt,
  type InterruptEntity,
  type MessageEntity,
  openAt,
  type ReasoningSpanEntity,
  type RunEntity,
  type RunStatus,
  runStatusAt,
  type StepEntity,
  type SubagentEntity,
  type Timeline,
  type ToolCallEntity,
} from '../replay/timeline';
import type { RuleLevels } from '../verify/levels';

/** Where an entity starts and, when it had ended by then, ends. */
export interface SpanAsOf {
  start: number;
  /** Absent while it is still open as of the event. */
  end?: number;
}

export interface StepAsOf extends SpanAsOf {
  entity: StepEntity;
  open: boolean;
}

export interface ToolCallAsOf extends SpanAsOf {
  entity: ToolCallEntity;
  /** Its TOOL_CALL_END had come. */
  ended: boolean;
  /** Where its result came, once it had. */
  resultAt?: number;
  /** Its last event as of now: the result when there is one, else its end, else its start. */
  last: number;
}

export interface InterruptAsOf {
  entity: InterruptEntity;
  /** Answered by a later run's resume, by then. */
  resolved: boolean;
  resolvedAt?: number;
  resolution?: ResumeEntry;
  /** The run that answered it (when resolved). */
  resumer?: RunEntity;
}

export interface ActivityAsOf {
  entity: ActivityEntity;
  /** Its last snapshot or delta as of now. */
  last: number;
}

export interface SubagentAsOf extends SpanAsOf {
  entity: SubagentEntity;
  status: SubagentEntity['status'] | 'running';
  /** How many of its attributed events had come. */
  attributed: number;
  children: SubagentAsOf[];
}

export interface ReasoningAsOf extends SpanAsOf {
  entity: ReasoningSpanEntity;
  /** An encrypted value had come in it. */
  encrypted: boolean;
}

export interface RunAsOf extends SpanAsOf {
  run: RunEntity;
  status: RunStatus;
  /** The status in the words every view uses (done, failed, interrupted…). */
  outcome: RunOutcome;
  /** Its last event that had come (its metrics are whole there). */
  last: number;
  /** How many of its events had come. */
  events: number;
  /** Its own problems as of the event, at the levels given (a failed run counts its RUN_ERROR). */
  problems: { errors: number; warnings: number };
  steps: StepAsOf[];
  toolCalls: ToolCallAsOf[];
  interrupts: InterruptAsOf[];
  activities: ActivityAsOf[];
  /** The run it resumed, when it resumed one. */
  resumes?: RunEntity;
}

// (Objects are made with every property written out, `undefined` where absent: one shape each, no spreads. A
// snapshot of a long session makes thousands of them.)
const ended = (end: number | undefined, i: number): number | undefined => (end !== undefined && end <= i ? end : undefined);

/**
 * Where the page's client stopped a run of the conversation (the event it refused, and why), as of an event at or
 * after it: from there the client applied nothing more of that stream. `sameRead`: the events before it that
 * arrived in the same read of the stream (one chunk) — the client applies asynchronously, so the error may have
 * overtaken them, and the page may hold less than is shown.
 */
export interface ClientStopAsOf {
  index: number;
  streamId: string;
  ruleId: string;
  message: string;
  runKey?: number;
  sameRead: number[];
}

/** The answers as of event `index`, each computed on first use and kept. */
export class Snapshot {
  private readonly t: Timeline;
  private memo = new Map<string, unknown>();

  constructor(
    private readonly replay: Replay,
    readonly index: number,
    private readonly levels: RuleLevels | undefined,
    /** The session's frames (their arrival times tell which events came in one read). */
    private readonly frames: readonly Frame[] = [],
  ) {
    this.t = replay.timeline;
  }

  private once<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  /** The runs that had started, in order, each with what it had made by then. */
  get runs(): RunAsOf[] {
    return this.once('runs', () => this.t.runs.filter((r) => r.start <= this.index).map((r) => this.runOf(r)));
  }

  /** The run event `index` belongs to (none outside a run). */
  get run(): RunAsOf | undefined {
    return this.once('run', () => {
      const r = this.t.runAt(this.index);
      return r && this.runs.find((x) => x.run === r);
    });
  }

  /** The run this event starts (its RUN_STARTED), or ends (its RUN_FINISHED or RUN_ERROR). */
  get startsRun(): RunEntity | undefined {
    const r = this.t.runAt(this.index);
    return r?.start === this.index ? r : undefined;
  }
  get endsRun(): RunEntity | undefined {
    const r = this.t.runAt(this.index);
    return r?.end === this.index ? r : undefined;
  }

  /** The run of the event, or the last that had started before it (the Waterfall's and the toolbar's). */
  get latestRun(): RunAsOf | undefined {
    return this.run ?? this.runs.at(-1);
  }

  private runOf(r: RunEntity): RunAsOf {
    const i = this.index;
    const status = runStatusAt(r, i);
    const of = this.t.entitiesOf(r.key);
    const problems = this.once('problemsByRun', () => problemsByRun(this.replay, i, this.levels)).get(r.key) ?? { errors: 0, warnings: 0 };
    const steps: StepAsOf[] = [];
    for (const s of of.steps) if (s.start <= i) steps.push({ start: s.start, end: ended(s.end, i), entity: s, open: openAt(s, i) });
    const toolCalls: ToolCallAsOf[] = [];
    for (const c of of.toolCalls) if (c.start <= i) toolCalls.push(this.toolCallOf(c));
    const interrupts: InterruptAsOf[] = [];
    for (const e of of.interrupts) if (e.raisedAt <= i) interrupts.push(this.interruptOf(e));
    const activities: ActivityAsOf[] = [];
    for (const a of of.activities) if (a.start <= i) activities.push({ entity: a, last: lastUpdate(a, i)! });
    return {
      start: r.start,
      end: ended(r.end, i),
      run: r,
      status,
      outcome: OUTCOME[status],
      last: this.t.lastEventOf(r.key, i) ?? r.start,
      events: this.t.countAsOf(r.key, i),
      problems,
      steps,
      toolCalls,
      interrupts,
      activities,
      resumes: r.resumes === undefined ? undefined : this.t.runs[r.resumes],
    };
  }

  private toolCallOf(c: ToolCallEntity): ToolCallAsOf {
    const i = this.index;
    const end = ended(c.end, i);
    const resultAt = ended(c.resultAt, i);
    return { start: c.start, end, entity: c, ended: end !== undefined, resultAt, last: resultAt ?? end ?? c.start };
  }

  private interruptOf(e: InterruptEntity): InterruptAsOf {
    const resolvedAt = ended(e.resolvedAt, this.index);
    const resolved = resolvedAt !== undefined;
    return { entity: e, resolved, resolvedAt, resolution: resolved ? e.resolution : undefined, resumer: resolved && e.resumedRunKey !== undefined ? this.t.runs[e.resumedRunKey] : undefined };
  }

  /** The latest tool call with this id that had started (an id may be used again). */
  toolCall(toolCallId: string): ToolCallAsOf | undefined {
    const c = this.t.toolCalls.findLast((x) => x.toolCallId === toolCallId && x.start <= this.index);
    return c && this.toolCallOf(c);
  }

  /** Whether a call's TOOL_CALL_END had come (a call the timeline does not know came whole, in a snapshot). */
  toolCallEnded(toolCallId: string): boolean {
    return this.toolCall(toolCallId)?.ended ?? true;
  }

  /** The latest interrupt with this id that had been raised, and whether it had been answered. */
  interrupt(interruptId: string): InterruptAsOf | undefined {
    const e = this.t.interrupts.findLast((x) => x.interrupt.id === interruptId && x.raisedAt <= this.index);
    return e && this.interruptOf(e);
  }

  /** The subagents that had started, as trees (a child under its parent when the parent had started too). */
  get subagents(): SubagentAsOf[] {
    return this.once('subagents', () => {
      const i = this.index;
      const started = this.t.subagents.filter((s) => s.start <= i);
      const of = (s: SubagentEntity): SubagentAsOf => {
        const end = ended(s.end, i);
        return {
          start: s.start,
          end,
          entity: s,
          status: end !== undefined ? s.status : 'running',
          attributed: attributedAt(s, i),
          children: started.filter((c) => c !== s && c.parentSubagentRunId === s.subagentRunId).map(of),
        };
      };
      return started.filter((s) => !s.parentSubagentRunId || !started.some((p) => p.subagentRunId === s.parentSubagentRunId)).map(of);
    });
  }

  /** The reasoning spans that had started. */
  get reasoning(): ReasoningAsOf[] {
    return this.once('reasoning', () =>
      this.t.reasoning.filter((r) => r.start <= this.index).map((r) => ({ start: r.start, end: ended(r.end, this.index), entity: r, encrypted: r.encryptedAt?.some((e) => e <= this.index) ?? false })),
    );
  }

  /**
   * The reasoning messages a span holds as of the event, found from one of its messages' ids: those of its run (or,
   * outside a run, of its conversation) that started inside it. Just the id when no span had started with it.
   */
  reasoningMessagesOf(messageId: string): string[] {
    const i = this.index;
    const s = this.t.reasoning.findLast((r) => r.messageId === messageId && r.start <= i);
    if (!s) return [messageId];
    const messages = s.runKey !== undefined ? this.t.entitiesOf(s.runKey).messages : this.t.messages.filter((m) => m.runKey === undefined && m.lane === s.lane);
    return messages.filter((m) => m.kind === 'reasoning' && m.start >= s.start && m.start <= (s.end ?? i) && m.start <= i).map((m) => m.messageId);
  }

  /** A reasoning message's block as of the event: where its span (or, without one, the message itself) starts and, once it had, ends. */
  reasoningBlock(messageId: string): { start: number; end?: number; message: MessageEntity } | undefined {
    const i = this.index;
    const m = this.t.messages.findLast((x) => x.kind === 'reasoning' && x.messageId === messageId && x.start <= i);
    if (!m) return undefined;
    const s = this.t.reasoning.findLast((r) => r.lane === m.lane && r.start <= m.start && (r.end === undefined || r.end >= m.start));
    // A block with a span ends with it (a message inside it ends sooner); one without, with its message.
    return { start: s?.start ?? m.start, end: ended(s ? s.end : m.end, i), message: m };
  }

  /** The last place the page's client stopped a run of this conversation (the event's own by default), as of the event. */
  clientStop(lane = this.replay.laneAt(this.index)): ClientStopAsOf | undefined {
    const stop = this.replay.stops.findLast((s) => s.index <= this.index && this.replay.laneAt(s.index) === lane);
    if (!stop) return undefined;
    const frames = this.frames;
    const sameRead: number[] = [];
    const t = frames[stop.index]?.t;
    for (let k = stop.index - 1; k >= 0 && t !== undefined; k--) {
      const f = frames[k]!;
      if (f.streamId !== stop.streamId) continue;
      if (f.t !== t) break;
      sameRead.unshift(k);
    }
    return { index: stop.index, streamId: stop.streamId, ruleId: stop.ruleId, message: stop.message, ...(stop.runKey !== undefined && { runKey: stop.runKey }), sameRead };
  }

  /** The messages and state of a conversation (its lane; the event's own by default), as the client held them. */
  conversation(lane?: string): ReplayView {
    return this.replay.at(this.index, lane);
  }
}

/** Whether event i ends its run, as the engine closed it (a RUN_FINISHED the client refuses ends nothing). */
export const endsRunAt = (replay: Replay, i: number): boolean => replay.timeline.runAt(i)?.end === i;

/** An activity's last snapshot or delta as of event i. */
export const lastUpdate = (a: ActivityEntity, i: number): number | undefined => {
  let last: number | undefined = a.start <= i ? a.start : undefined;
  for (const u of a.updates) if (u <= i) last = u;
  return last;
};
