/**
 * The things a run is made of (runs, steps, messages, tool calls, reasoning, activity, subagents, interrupts),
 * each with the event index where it started and where it ended. Built once in the forward pass and never
 * changed afterwards except to close what is open, so "as of event i" is a filter on indices.
 */
import type { Interrupt, ResumeEntry } from '@ag-ui/core';

export type RunStatus = 'running' | 'success' | 'interrupted' | 'cancelled' | 'error' | 'unfinished';

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
}

export interface StepEntity {
  name: string;
  subagentRunId?: string;
  runKey?: number;
  start: number;
  end?: number;
}

export interface MessageEntity {
  messageId: string;
  lane: string;
  kind: 'text' | 'reasoning';
  role: string;
  subagentRunId?: string;
  start: number;
  end?: number;
}

export interface ToolCallEntity {
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

export interface ReasoningSpanEntity {
  messageId: string;
  lane: string;
  subagentRunId?: string;
  start: number;
  end?: number;
  encryptedAt?: number[];
}

export interface ActivityEntity {
  messageId: string;
  lane: string;
  activityType: string;
  start: number;
  updates: number[];
}

export interface SubagentEntity {
  subagentRunId: string;
  name: string;
  description?: string;
  parentSubagentRunId?: string;
  parentToolCallId?: string;
  parentMessageId?: string;
  runKey?: number;
  start: number;
  end?: number;
  status: 'running' | 'success' | 'suspended' | 'error';
  result?: unknown;
  error?: { message: string; code?: string };
  interruptIds?: string[];
  /** The input events attributed to it (subagentRunId), by index, ascending. */
  eventIndices: number[];
}

export interface InterruptEntity {
  interrupt: Interrupt;
  lane: string;
  runKey: number;
  raisedAt: number;
  /** The resume entry that answered it, and where. */
  resolvedAt?: number;
  resolution?: ResumeEntry;
  resumedRunKey?: number;
}

export class Timeline {
  readonly runs: RunEntity[] = [];
  readonly steps: StepEntity[] = [];
  readonly messages: MessageEntity[] = [];
  readonly toolCalls: ToolCallEntity[] = [];
  readonly reasoning: ReasoningSpanEntity[] = [];
  readonly activities: ActivityEntity[] = [];
  readonly subagents: SubagentEntity[] = [];
  readonly interrupts: InterruptEntity[] = [];
}

/** Whether an entity is still open at event index i. */
export const openAt = (e: { start: number; end?: number }, i: number): boolean => e.start <= i && (e.end === undefined || e.end > i);

/** How many of a subagent's attributed events had arrived by event index i. */
export function attributedAt(s: SubagentEntity, i: number): number {
  let lo = 0;
  let hi = s.eventIndices.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s.eventIndices[mid]! <= i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The status of a run as of event index i. */
export const runStatusAt = (run: RunEntity, i: number): RunStatus => (run.end !== undefined && run.end <= i ? run.status : 'running');
