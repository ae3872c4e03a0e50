/**
 * The timeline of the forward pass: what each normalized event makes or closes (runs, steps, messages, tool calls,
 * reasoning, activity, subagents), each under the run of the stream it came in. Rules live elsewhere
 * (conversationRules.ts, interrupts.ts); the switch is exhaustive, so a new event type is a compile error here.
 */
import type { AgUiEvent } from '../events/model';
import type { RunEntity, Timeline } from './timeline';

/** What the builder needs of a stream: its conversation and its run (set at RUN_STARTED, kept after it ends). */
export interface StreamRuns {
  lane: string | undefined;
  run: RunEntity | undefined;
}

/** The run an event at index i of a stream belongs to: the stream's run, unless that ended before i. */
export const runKeyAt = (stream: StreamRuns, i: number): number | undefined => {
  const run = stream.run;
  return run && (run.end === undefined || run.end >= i) ? run.key : undefined;
};

export class TimelineBuilder {
  constructor(private readonly t: Timeline) {}

  /** Input event `i` is done: it belongs to its stream's run (the one it started or ended included). */
  done(i: number, stream: StreamRuns): void {
    this.t.assign(i, runKeyAt(stream, i) ?? -1);
  }

  /** The run a RUN_STARTED begins (ending the stream's previous one, if it never finished). */
  startRun(ev: Extract<AgUiEvent, { type: 'RUN_STARTED' }>, i: number, stream: StreamRuns, streamId: string, input: RunEntity['input'] | undefined): RunEntity {
    if (stream.run && stream.run.end === undefined) {
      stream.run.end = i;
      stream.run.status = 'unfinished';
    }
    const run: RunEntity = {
      key: this.t.runs.length,
      streamId,
      lane: stream.lane!,
      runId: ev.runId,
      threadId: ev.threadId,
      ...(ev.parentRunId !== undefined && { parentRunId: ev.parentRunId }),
      start: i,
      status: 'running',
      ...(input !== undefined && { input }),
    };
    this.t.runs.push(run);
    stream.run = run;
    return run;
  }

  /** What event `ev` (input event `i`, in a stream's conversation) makes or closes. */
  record(ev: AgUiEvent, i: number, stream: StreamRuns): void {
    const t = this.t;
    const lane = stream.lane!;
    const sub = (ev as { subagentRunId?: string }).subagentRunId;
    const runKey = runKeyAt(stream, i);
    const of = { ...(runKey !== undefined && { runKey }), ...(sub !== undefined && { subagentRunId: sub }) };
    if (sub !== undefined) {
      const s = t.subagents.findLast((x) => x.subagentRunId === sub);
      if (s && s.eventIndices[s.eventIndices.length - 1] !== i) s.eventIndices.push(i);
    }
    switch (ev.type) {
      case 'RUN_FINISHED': {
        const run = stream.run;
        const outcome = ev.outcome as { type?: string } | undefined;
        if (run && run.end === undefined) {
          run.end = i;
          run.status = outcome?.type === 'interrupt' ? 'interrupted' : outcome?.type === 'cancelled' ? 'cancelled' : 'success';
          if (outcome !== undefined) run.outcome = outcome;
          if (ev.result !== undefined) run.result = ev.result;
          if (ev.usage !== undefined) run.usage = ev.usage;
        }
        return;
      }
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
        t.add('steps', { name: ev.stepName, ...of, start: i });
        return;
      case 'STEP_FINISHED': {
        const step = t.steps.findLast((s) => s.name === ev.stepName && s.subagentRunId === sub && s.end === undefined);
        if (step) step.end = i;
        return;
      }
      case 'TEXT_MESSAGE_START':
      case 'REASONING_MESSAGE_START':
        t.add('messages', {
          messageId: ev.messageId,
          lane,
          kind: ev.type === 'TEXT_MESSAGE_START' ? 'text' : 'reasoning',
          role: ev.type === 'TEXT_MESSAGE_START' ? (ev.role ?? 'assistant') : 'reasoning',
          ...of,
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
        if (!t.toolCalls.some((c) => c.toolCallId === ev.toolCallId && c.lane === lane && c.end === undefined)) {
          t.add('toolCalls', { toolCallId: ev.toolCallId, name: ev.toolCallName, lane, ...(ev.parentMessageId !== undefined && { parentMessageId: ev.parentMessageId }), ...of, start: i });
        }
        return;
      case 'TOOL_CALL_END': {
        const c = t.toolCalls.findLast((x) => x.toolCallId === ev.toolCallId && x.end === undefined);
        if (c) c.end = i;
        return;
      }
      case 'TOOL_CALL_RESULT': {
        const call = t.toolCalls.findLast((c) => c.toolCallId === ev.toolCallId && c.lane === lane);
        if (call && call.resultAt === undefined) {
          call.resultAt = i;
          call.resultMessageId = ev.messageId;
        }
        return;
      }
      case 'ACTIVITY_SNAPSHOT':
      case 'ACTIVITY_DELTA': {
        const existing = t.activities.findLast((a) => a.messageId === ev.messageId && a.lane === lane);
        if (existing) existing.updates.push(i);
        // A delta before any snapshot made nothing (the reference ignores it; conversationRules says so).
        else if (ev.type === 'ACTIVITY_SNAPSHOT') t.add('activities', { messageId: ev.messageId, lane, activityType: ev.activityType, ...of, start: i, updates: [] });
        return;
      }
      case 'REASONING_START':
        t.add('reasoning', { messageId: ev.messageId, lane, ...of, start: i });
        return;
      case 'REASONING_END': {
        const r = t.reasoning.findLast((x) => x.messageId === ev.messageId && x.end === undefined);
        if (r) r.end = i;
        return;
      }
      case 'REASONING_ENCRYPTED_VALUE': {
        const span = t.reasoning.findLast((x) => x.lane === lane);
        if (span) (span.encryptedAt ??= []).push(i);
        return;
      }
      case 'SUBAGENT_STARTED':
        t.add('subagents', {
          subagentRunId: ev.subagentRunId,
          name: ev.name,
          ...(ev.description !== undefined && { description: ev.description }),
          ...(ev.parentSubagentRunId !== undefined && { parentSubagentRunId: ev.parentSubagentRunId }),
          ...(ev.parentToolCallId !== undefined && { parentToolCallId: ev.parentToolCallId }),
          ...(ev.parentMessageId !== undefined && { parentMessageId: ev.parentMessageId }),
          ...(runKey !== undefined && { runKey }),
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
      // Made by startRun (the interrupts of a run need it first); content, state and custom events make nothing.
      case 'RUN_STARTED':
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_CHUNK':
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CHUNK':
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_CHUNK':
      case 'STATE_SNAPSHOT':
      case 'STATE_DELTA':
      case 'MESSAGES_SNAPSHOT':
      case 'RAW':
      case 'CUSTOM':
        return;
      default: {
        const unhandled: never = ev;
        return unhandled;
      }
    }
  }
}
