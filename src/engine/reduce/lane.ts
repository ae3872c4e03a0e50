/**
 * Messages and state of one conversation, reduced exactly as @ag-ui/client 1.0.0's `defaultApplyEvents` does
 * (its edge cases included: reused ids, tool-call parents, result placement, MESSAGES_SNAPSHOT merge rules,
 * ACTIVITY replace, failing patches leaving state unchanged), but without mutating anything a checkpoint holds.
 */
import { type Interrupt, mergeMetadata } from '@ag-ui/core';
import type { AgUiEvent } from '../events/model';
import { MessageList, type Msg, type ToolCallEntry, toolCallsOf } from './messages';
import type { PVecSnapshot } from './pvec';
import { applyPatchImmutable, type PatchFailure } from './patch';

/** Something the reducer noticed (the reference logs these with console.warn and goes on). */
export type ReduceNote =
  | { kind: 'unknown-message'; type: string; messageId: string }
  | { kind: 'unknown-tool-call'; type: string; toolCallId: string }
  | { kind: 'activity-collision'; type: string; messageId: string }
  | { kind: 'not-activity'; messageId: string }
  | { kind: 'tool-call-renamed'; toolCallId: string; from: string; to: string }
  | { kind: 'parent-not-assistant'; parentMessageId: string; role: string }
  | { kind: 'patch-failed'; target: 'state' | 'activity'; messageId?: string; failure: PatchFailure };

export interface LaneSnapshot {
  messages: PVecSnapshot<Msg>;
  state: unknown;
  workingState: unknown;
  pendingInterrupts: readonly Interrupt[];
}

const AUTHORITY_KEY = '@ag-ui/client';

/** `authoritativeActivityTypes` from a MESSAGES_SNAPSHOT's metadata, as the reference reads it. */
function authoritativeActivityTypes(event: { metadata?: Record<string, unknown> }): string[] | null | undefined {
  const metadata = event.metadata;
  if (!metadata || !Object.prototype.hasOwnProperty.call(metadata, AUTHORITY_KEY)) return undefined;
  const entry = metadata[AUTHORITY_KEY];
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return [];
  if (!Object.prototype.hasOwnProperty.call(entry, 'authoritativeActivityTypes')) return undefined;
  const types = (entry as { authoritativeActivityTypes?: unknown }).authoritativeActivityTypes;
  if (types === null) return null;
  return Array.isArray(types) && types.every((t) => typeof t === 'string') ? (types as string[]) : [];
}

const withMetadata = <T extends { metadata?: Record<string, unknown> }>(target: T, event: { metadata?: unknown }): T =>
  event.metadata === undefined
    ? target
    : { ...target, metadata: mergeMetadata(target.metadata as never, event.metadata as never) as Record<string, unknown> };

const withoutNullSubagent = <T extends { subagentRunId?: unknown }>(m: T): T => {
  if (m.subagentRunId !== null) return m;
  const { subagentRunId: _drop, ...rest } = m;
  return rest as T;
};

export class Lane {
  readonly messages: MessageList;
  /** The state as the client holds it (agent.state). */
  private current: unknown;
  /**
   * The reference's working copy. They differ only when a snapshot or patch leaves `undefined` (a STATE_SNAPSHOT
   * without `snapshot`, a root copy from a missing path): the reference keeps working on `undefined` but never
   * hands it to the agent, whose state stays as it was.
   */
  private working: unknown;
  /**
   * Containers of the working state that only this lane holds (copies its patches made since the state was last
   * seen): the next STATE_DELTA writes into them rather than copying them again. Forgotten whenever the state is read
   * or snapshotted, so what anyone holds never changes.
   */
  private owned: WeakSet<object> | undefined;
  pendingInterrupts: readonly Interrupt[];

  constructor(from?: LaneSnapshot) {
    this.messages = new MessageList(from?.messages);
    this.current = from ? from.state : {};
    this.working = from ? from.workingState : {};
    this.pendingInterrupts = from?.pendingInterrupts ?? [];
  }

  /** The state as the client holds it (agent.state). */
  get state(): unknown {
    this.owned = undefined;
    return this.current;
  }

  snapshot(): LaneSnapshot {
    this.owned = undefined;
    return { messages: this.messages.snapshot(), state: this.current, workingState: this.working, pendingInterrupts: this.pendingInterrupts };
  }

  /** `fresh`: the containers of `next` only this lane holds (none for a document from an event). */
  private setState(next: unknown, fresh?: WeakSet<object>): void {
    this.working = next;
    if (next !== undefined) this.current = next;
    this.owned = fresh;
  }

  /** Applies one (normalized) event; returns what the reference would have warned about. */
  apply(event: AgUiEvent, notes: ReduceNote[] = []): ReduceNote[] {
    const list = this.messages;
    const e = event as AgUiEvent & Record<string, unknown>;
    switch (event.type) {
      case 'TEXT_MESSAGE_START':
      case 'REASONING_MESSAGE_START': {
        const { messageId } = event;
        const i = list.indexOf(messageId);
        const existing = list.at(i);
        if (existing?.role === 'activity') {
          notes.push({ kind: 'activity-collision', type: event.type, messageId });
          return notes;
        }
        if (!existing) {
          const sub = e.subagentRunId;
          const created =
            event.type === 'TEXT_MESSAGE_START'
              ? ({
                  id: messageId,
                  role: event.role ?? 'assistant',
                  content: '',
                  ...(event.name !== undefined && { name: event.name }),
                  ...(sub != null && { subagentRunId: sub }),
                } as Msg)
              : ({ id: messageId, role: 'reasoning', content: '', ...(sub != null && { subagentRunId: sub }) } as Msg);
          list.push(withMetadata(created, event));
        } else if (event.metadata !== undefined) {
          list.set(i, withMetadata(existing, event));
        }
        return notes;
      }
      case 'TEXT_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_END':
      case 'REASONING_MESSAGE_END': {
        // The message the event continues: unknown ids and activity messages are left alone (and noted).
        const i = list.indexOf(event.messageId);
        const m = list.at(i);
        if (!m || m.role === 'activity') {
          notes.push({ kind: m ? 'activity-collision' : 'unknown-message', type: event.type, messageId: event.messageId });
          return notes;
        }
        if (event.type === 'TEXT_MESSAGE_CONTENT' || event.type === 'REASONING_MESSAGE_CONTENT') {
          const content = typeof m.content === 'string' ? m.content : '';
          list.set(i, withMetadata({ ...m, content: `${content}${event.delta}` } as Msg, event));
        } else if (event.metadata !== undefined) list.set(i, withMetadata(m, event));
        return notes;
      }
      case 'TOOL_CALL_START': {
        const { toolCallId, toolCallName, parentMessageId } = event;
        const owner = list.indexOfToolCall(toolCallId);
        if (owner !== -1) {
          const m = list.at(owner)!;
          const calls = toolCallsOf(m)!;
          const k = calls.findIndex((t) => t.id === toolCallId);
          const call = calls[k]!;
          const renamed = call.function.name !== toolCallName;
          if (renamed) notes.push({ kind: 'tool-call-renamed', toolCallId, from: call.function.name, to: toolCallName });
          if (renamed || event.metadata !== undefined) {
            let next: ToolCallEntry = renamed ? { ...call, function: { ...call.function, name: toolCallName } } : call;
            next = withMetadata(next, event);
            const nextCalls = calls.slice();
            nextCalls[k] = next;
            list.set(owner, { ...m, toolCalls: nextCalls } as Msg);
          }
          return notes;
        }
        // The parent, as the reference picks it (`xe`): an assistant parentMessageId, else a new assistant message.
        let parentIndex: number;
        let parent: Msg;
        const sub = e.subagentRunId;
        const isNew = (id: string) => list.indexOf(id) === -1;
        if (parentMessageId) {
          const found = list.indexOf(parentMessageId);
          const candidate = list.at(found);
          if (candidate?.role === 'assistant') {
            parentIndex = found;
            parent = candidate;
          } else {
            if (candidate) notes.push({ kind: 'parent-not-assistant', parentMessageId, role: candidate.role });
            const id = candidate ? toolCallId : parentMessageId;
            const fresh = isNew(id);
            parent = { id, role: 'assistant', toolCalls: [] } as unknown as Msg;
            if (fresh && sub != null) parent = { ...parent, subagentRunId: sub } as Msg;
            parentIndex = list.length;
            list.push(parent);
          }
        } else {
          const fresh = isNew(toolCallId);
          parent = { id: toolCallId, role: 'assistant', toolCalls: [] } as unknown as Msg;
          if (fresh && sub != null) parent = { ...parent, subagentRunId: sub } as Msg;
          parentIndex = list.length;
          list.push(parent);
        }
        const call = withMetadata(
          { id: toolCallId, type: 'function', function: { name: toolCallName, arguments: '' } } as ToolCallEntry,
          event,
        );
        list.set(parentIndex, { ...parent, toolCalls: [...(toolCallsOf(parent) ?? []), call] } as Msg);
        return notes;
      }
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_END': {
        const owner = list.indexOfToolCall(event.toolCallId);
        if (owner === -1) {
          notes.push({ kind: 'unknown-tool-call', type: event.type, toolCallId: event.toolCallId });
          return notes;
        }
        const m = list.at(owner)!;
        const calls = toolCallsOf(m)!;
        const k = calls.findIndex((t) => t.id === event.toolCallId);
        const call = calls[k]!;
        let next = call;
        if (event.type === 'TOOL_CALL_ARGS') {
          next = { ...call, function: { ...call.function, arguments: call.function.arguments + event.delta } };
        }
        next = withMetadata(next, event);
        if (next !== call) {
          const nextCalls = calls.slice();
          nextCalls[k] = next;
          list.set(owner, { ...m, toolCalls: nextCalls } as Msg);
        }
        return notes;
      }
      case 'TOOL_CALL_RESULT': {
        const { messageId, toolCallId, content, role } = event;
        const sub = e.subagentRunId;
        const result = withMetadata(
          { id: messageId, toolCallId, role: role || 'tool', content, ...(sub != null && { subagentRunId: sub }) } as unknown as Msg,
          event,
        );
        const owner = list.indexOfAssistantWithToolCall(toolCallId);
        if (owner === -1) list.push(result);
        else {
          let at = owner + 1;
          while (at < list.length && list.at(at)!.role === 'tool') at++;
          list.insert(at, result);
        }
        return notes;
      }
      case 'STATE_SNAPSHOT':
        this.setState(event.snapshot);
        return notes;
      case 'STATE_DELTA': {
        // The reference deep-clones the working copy through JSON first, which turns `undefined` into null.
        const result = applyPatchImmutable(this.working === undefined ? null : this.working, event.delta, this.owned);
        if (result.ok) this.setState(result.doc, result.fresh);
        else notes.push({ kind: 'patch-failed', target: 'state', failure: result.failure });
        return notes;
      }
      case 'MESSAGES_SNAPSHOT': {
        const incoming = (event.messages as Msg[]).map(withoutNullSubagent);
        const byId = new Map(incoming.map((m) => [m.id, m]));
        const authority = authoritativeActivityTypes(event as { metadata?: Record<string, unknown> });
        const hasActivity = incoming.some((m) => m.role === 'activity');
        const hasReasoning = incoming.some((m) => m.role === 'reasoning');
        const keepLocal = (m: Msg): boolean =>
          (m.role === 'activity' &&
            (authority ? !authority.includes((m as { activityType?: string }).activityType as string) : authority !== null && !hasActivity)) ||
          (m.role === 'reasoning' && !hasReasoning);
        const next = list
          .toArray()
          .filter((m) => byId.has(m.id) || keepLocal(m))
          .map((m) => byId.get(m.id) ?? m);
        const present = new Set(next.map((m) => m.id));
        for (const m of incoming) if (!present.has(m.id)) next.push(m);
        list.replaceAll(next);
        return notes;
      }
      case 'ACTIVITY_SNAPSHOT': {
        const { messageId, activityType, content } = event;
        const replace = event.replace ?? true;
        const i = list.indexOf(messageId);
        const existing = list.at(i);
        const sub = e.subagentRunId;
        const created = {
          id: messageId,
          role: 'activity',
          activityType,
          content,
          ...(sub != null && { subagentRunId: sub }),
        } as unknown as Msg;
        if (i === -1) list.push(withMetadata(created, event));
        else if (existing!.role === 'activity') {
          let next: Msg = existing!;
          if (replace) {
            next = { ...existing!, activityType, content, subagentRunId: sub } as unknown as Msg;
            if (sub == null) delete (next as { subagentRunId?: unknown }).subagentRunId;
          }
          list.set(i, withMetadata(next, event));
        } else if (replace) {
          list.set(i, withMetadata(created, event));
        } else {
          // The reference merges metadata into nothing here (its target is undefined): no change.
        }
        return notes;
      }
      case 'ACTIVITY_DELTA': {
        const { messageId } = event;
        const i = list.indexOf(messageId);
        if (i === -1) return notes;
        const m = list.at(i)!;
        if (m.role !== 'activity') {
          notes.push({ kind: 'not-activity', messageId });
          return notes;
        }
        // The reference merges metadata before it tries the patch, so metadata sticks even when the patch fails.
        const merged = withMetadata(m, event);
        const content = (m as { content?: unknown }).content ?? {};
        const result = applyPatchImmutable(content, event.patch ?? []);
        if (result.ok) list.set(i, { ...merged, content: result.doc, activityType: event.activityType } as Msg);
        else {
          if (merged !== m) list.set(i, merged);
          notes.push({ kind: 'patch-failed', target: 'activity', messageId, failure: result.failure });
        }
        return notes;
      }
      case 'REASONING_ENCRYPTED_VALUE': {
        const { subtype, entityId, encryptedValue } = event;
        if (subtype === 'tool-call') {
          const i = list.indexOfAssistantWithToolCall(entityId);
          const m = list.at(i);
          const calls = toolCallsOf(m);
          const k = calls?.findIndex((t) => t.id === entityId) ?? -1;
          if (m && calls && k !== -1) {
            const nextCalls = calls.slice();
            nextCalls[k] = { ...calls[k]!, encryptedValue };
            list.set(i, { ...m, toolCalls: nextCalls } as Msg);
          }
        } else {
          const i = list.indexOf(entityId);
          const m = list.at(i);
          if (m && m.role !== 'activity') list.set(i, { ...m, encryptedValue } as Msg);
        }
        return notes;
      }
      case 'RUN_STARTED': {
        const input = event.input as { messages?: Msg[] } | undefined;
        if (input?.messages) {
          for (const raw of input.messages) {
            const m = withoutNullSubagent(raw);
            if (list.indexOf(m.id) === -1) list.push(m);
          }
        }
        return notes;
      }
      case 'RUN_FINISHED': {
        const outcome = event.outcome as { type?: string; interrupts?: Interrupt[] } | undefined;
        this.pendingInterrupts = outcome?.type === 'interrupt' ? (outcome.interrupts ?? []).map(withoutNullSubagent) : [];
        return notes;
      }
      case 'RUN_ERROR':
      case 'STEP_STARTED':
      case 'STEP_FINISHED':
      case 'RAW':
      case 'CUSTOM':
      case 'REASONING_START':
      case 'REASONING_END':
      case 'SUBAGENT_STARTED':
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR':
        return notes;
      case 'TEXT_MESSAGE_CHUNK':
      case 'TOOL_CALL_CHUNK':
      case 'REASONING_MESSAGE_CHUNK':
        // Expanded by normalize/chunks.ts before they get here.
        return notes;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  /** Seeds messages from a request's RunAgentInput (what the client held when it started the run). */
  seedInput(messages: readonly Msg[]): void {
    for (const raw of messages) {
      const m = withoutNullSubagent(raw);
      if (this.messages.indexOf(m.id) === -1) this.messages.push(m);
    }
  }
}
