import type { Message } from '@ag-ui/core';
import { PVec, type PVecSnapshot } from './pvec';

/** A message as the reducer holds it: never mutated, replaced on change (so old checkpoints stay true). */
export type Msg = Message & Record<string, unknown>;
export interface ToolCallEntry {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  encryptedValue?: string;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

export const toolCallsOf = (m: Msg | undefined): ToolCallEntry[] | undefined =>
  (m as { toolCalls?: ToolCallEntry[] } | undefined)?.toolCalls;

/**
 * Where look-ups were answered in the forward pass, so replaying from a checkpoint needs no index:
 * the replay is deterministic, so the k-th look-up of a step has the same answer again.
 */
export interface LookupTape {
  /** Forward pass: answers are appended here. */
  record?: number[];
  /** Replay from a checkpoint: answers are read from here. */
  play?: { tape: ArrayLike<number>; pos: number };
}

/**
 * The message list of one conversation. The reference finds messages by linear search for the first match
 * (`messages.find(m => m.id === id)`); here indexes answer that in the forward pass, and recorded answers
 * (a LookupTape) when a checkpoint is replayed forward.
 */
export class MessageList {
  private vec: PVec<Msg>;
  private byId: Map<string, number> | null = null;
  private byToolCall: Map<string, number> | null = null;
  tape: LookupTape = {};

  constructor(from?: PVecSnapshot<Msg>) {
    this.vec = from ? PVec.from(from) : new PVec<Msg>();
    if (!from) {
      this.byId = new Map();
      this.byToolCall = new Map();
    }
  }

  get length(): number {
    return this.vec.length;
  }

  snapshot(): PVecSnapshot<Msg> {
    return this.vec.snapshot();
  }

  toArray(): Msg[] {
    return this.vec.toArray();
  }

  at(i: number): Msg | undefined {
    return this.vec.get(i);
  }

  private index(): void {
    if (this.byId) return;
    this.byId = new Map();
    this.byToolCall = new Map();
    let i = 0;
    for (const m of this.vec) this.note(m, i++);
  }

  private answer(compute: () => number): number {
    const play = this.tape.play;
    if (play && play.pos < play.tape.length) return play.tape[play.pos++]!;
    const result = compute();
    this.tape.record?.push(result);
    return result;
  }

  /** Index of the first message with this id, or -1. */
  indexOf(id: string): number {
    return this.answer(() => {
      this.index();
      return this.byId!.get(id) ?? -1;
    });
  }

  /** Index of the first message (any role) that holds this tool call, or -1. */
  indexOfToolCall(toolCallId: string): number {
    return this.answer(() => {
      this.index();
      return this.byToolCall!.get(toolCallId) ?? -1;
    });
  }

  /** Index of the first assistant message that holds this tool call, or -1. */
  indexOfAssistantWithToolCall(toolCallId: string): number {
    return this.answer(() => {
      this.index();
      const first = this.byToolCall!.get(toolCallId) ?? -1;
      if (first === -1 || this.vec.get(first)?.role === 'assistant') return first;
      for (let i = first + 1; i < this.vec.length; i++) {
        const m = this.vec.get(i)!;
        if (m.role === 'assistant' && toolCallsOf(m)?.some((t) => t.id === toolCallId)) return i;
      }
      return -1;
    });
  }

  push(m: Msg): void {
    const i = this.vec.length;
    this.vec.push(m);
    this.note(m, i);
  }

  /** Replaces message i by a new object with the same id. */
  set(i: number, m: Msg): void {
    const before = this.vec.get(i);
    this.vec.set(i, m);
    const lost = toolCallsOf(before)?.some((tc) => !toolCallsOf(m)?.some((n) => n.id === tc.id));
    if (this.byId && (lost || before?.id !== m.id)) {
      // A message replaced by another kind (ACTIVITY_SNAPSHOT over a tool-call message): look-ups start over.
      this.byId = null;
      this.byToolCall = null;
      this.index();
      return;
    }
    this.note(m, i);
  }

  insert(i: number, m: Msg): void {
    if (i >= this.vec.length) {
      this.push(m);
      return;
    }
    if (this.byId) {
      // Entries at or after i move one place up.
      for (let j = this.vec.length - 1; j >= i; j--) {
        const moved = this.vec.get(j)!;
        if (this.byId.get(moved.id) === j) this.byId.set(moved.id, j + 1);
        for (const tc of toolCallsOf(moved) ?? []) if (this.byToolCall!.get(tc.id) === j) this.byToolCall!.set(tc.id, j + 1);
      }
    }
    this.vec.insert(i, m);
    this.note(m, i);
  }

  /** Replaces the whole list (MESSAGES_SNAPSHOT). */
  replaceAll(messages: Msg[]): void {
    this.vec = PVec.of(messages);
    const indexed = this.byId !== null;
    this.byId = null;
    this.byToolCall = null;
    if (indexed) this.index();
  }

  private note(m: Msg, i: number): void {
    if (!this.byId) return;
    const seen = this.byId.get(m.id);
    if (seen === undefined || seen > i) this.byId.set(m.id, i);
    for (const tc of toolCallsOf(m) ?? []) {
      if (typeof tc?.id !== 'string') continue;
      const at = this.byToolCall!.get(tc.id);
      if (at === undefined || at > i) this.byToolCall!.set(tc.id, i);
    }
  }
}
