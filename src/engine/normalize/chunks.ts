/**
 * TEXT_MESSAGE_CHUNK, TOOL_CALL_CHUNK and REASONING_MESSAGE_CHUNK expanded into start / content / end events
 * exactly as the reference client's `transformChunks` does: open streams tracked per agent (the parent agent, or each subagentRunId), the
 * first chunk must carry its id, and a chunk with another id or most other events close the open stream.
 * Where the reference throws and ends the run, this reports the problem and drops the chunk.
 */
import { ReasoningMessageChunkEventSchema, TextMessageChunkEventSchema, ToolCallChunkEventSchema } from '@ag-ui/core/schemas';

type Obj = Record<string, unknown>;
type Kind = 'text' | 'tool' | 'reasoning';
/** Whose stream of chunks: a subagentRunId, or undefined for the parent agent. */
type Agent = string | undefined;

interface OpenStream {
  kind: Kind;
  fields: { messageId?: string; toolCallId?: string; toolCallName?: string; parentMessageId?: string; role?: string; name?: string; subagentRunId?: string };
}

export interface ChunkOutput {
  events: { event: Obj; synthesized: boolean }[];
  /** Set when the reference would throw here (the run would end). */
  error?: { ruleId: string; message: string };
  /** Things the reference warns about. */
  notes: string[];
}

const shapeKeys = (schema: unknown): Set<string> => new Set(Object.keys((schema as { shape: object }).shape));
const TEXT_KEYS = shapeKeys(TextMessageChunkEventSchema);
const TOOL_KEYS = shapeKeys(ToolCallChunkEventSchema);
const REASONING_KEYS = shapeKeys(ReasoningMessageChunkEventSchema);

/** Fields a chunk carries that its schema does not name (after enforcement there are none). */
const extras = (e: Obj, known: Set<string>): Obj | undefined => {
  let out: Obj | undefined;
  for (const key of Object.keys(e)) if (!known.has(key)) (out ??= {})[key] = e[key];
  return out;
};

const withMeta = (e: Obj, chunk: Obj): Obj => (chunk.metadata === undefined ? e : { ...e, metadata: chunk.metadata });
const withMetaRaw = (e: Obj, chunk: Obj): Obj => {
  const m = withMeta(e, chunk);
  return chunk.rawEvent === undefined ? m : { ...m, rawEvent: chunk.rawEvent };
};

const CHUNK_TYPES = new Set<unknown>(['TEXT_MESSAGE_CHUNK', 'TOOL_CALL_CHUNK', 'REASONING_MESSAGE_CHUNK']);

const idField = (kind: Kind) => (kind === 'tool' ? 'toolCallId' : 'messageId');
const idOf = (s: OpenStream): string | undefined => (s.kind === 'tool' ? s.fields.toolCallId : s.fields.messageId);

class ChunkError extends Error {
  constructor(
    readonly ruleId: string,
    message: string,
  ) {
    super(message);
  }
}

export class ChunkExpander {
  private open = new Map<Agent, OpenStream>();

  /** Whether any chunk stream is open (for the UI). */
  get pending(): number {
    return this.open.size;
  }

  private close(agent: Agent): Obj[] {
    const s = this.open.get(agent);
    if (!s) return [];
    this.open.delete(agent);
    const sub = s.fields.subagentRunId !== undefined ? { subagentRunId: s.fields.subagentRunId } : {};
    switch (s.kind) {
      case 'text':
        return [{ type: 'TEXT_MESSAGE_END', messageId: s.fields.messageId, ...sub }];
      case 'tool':
        return [{ type: 'TOOL_CALL_END', toolCallId: s.fields.toolCallId, ...sub }];
      case 'reasoning':
        return [{ type: 'REASONING_MESSAGE_END', messageId: s.fields.messageId, ...sub }];
    }
  }

  private closeAll(): Obj[] {
    return [...this.open.keys()].flatMap((agent) => this.close(agent));
  }

  /** The agent whose open stream a chunk continues (the reference's `c`). */
  private agentFor(kind: Kind, id: string | undefined, sub: string | undefined, eventName: string, noun: string): Agent {
    if (id !== undefined) {
      for (const [agent, s] of this.open) {
        if (s.kind === kind && idOf(s) === id) {
          if (sub !== undefined && sub !== agent) {
            throw new ChunkError(
              'chunk/lane-mismatch',
              `Cannot continue ${noun} '${id}': chunk subagentRunId '${sub}' does not match the open stream's subagent '${agent ?? '(the parent agent)'}'.`,
            );
          }
          return agent;
        }
      }
      return sub;
    }
    if (sub !== undefined) return sub;
    if (this.open.get(undefined)?.kind === kind) return undefined;
    const agents = [...this.open.entries()].filter(([, s]) => s.kind === kind);
    if (agents.length === 1) return agents[0]![0];
    if (agents.length > 1) {
      throw new ChunkError(
        'chunk/ambiguous',
        `Ambiguous ${eventName}: it carries neither a ${idField(kind)} nor a subagentRunId, but ${agents.length} agents (the parent agent and subagents) have an open ${noun}. Attribute the chunk to the subagent it belongs to.`,
      );
    }
    return undefined;
  }

  /** Expands one event. Non-chunk events pass through, after closing what they close. */
  push(e: Obj): ChunkOutput {
    const notes: string[] = [];
    try {
      const events = this.expand(e, notes);
      return { events, notes };
    } catch (error) {
      if (error instanceof ChunkError) return { events: [], error: { ruleId: error.ruleId, message: error.message }, notes };
      throw error;
    }
  }

  private expand(e: Obj, notes: string[]): { event: Obj; synthesized: boolean }[] {
    // Nothing open: an event that is not a chunk passes as it is (most events; no arrays built to close nothing).
    if (this.open.size === 0 && !CHUNK_TYPES.has(e.type)) return [{ event: e, synthesized: false }];
    const synth = (list: Obj[]) => list.map((event) => ({ event, synthesized: true }));
    const sub = (e.subagentRunId ?? undefined) as string | undefined;
    switch (e.type) {
      case 'TEXT_MESSAGE_START':
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_END':
      case 'TOOL_CALL_START':
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_END':
      case 'TOOL_CALL_RESULT':
      case 'STATE_SNAPSHOT':
      case 'STATE_DELTA':
      case 'CUSTOM':
      case 'STEP_STARTED':
      case 'STEP_FINISHED':
      case 'REASONING_START':
      case 'REASONING_MESSAGE_START':
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_END':
      case 'REASONING_END':
        return [...synth(this.close(sub)), { event: e, synthesized: false }];
      case 'RUN_STARTED':
      case 'RUN_FINISHED':
      case 'RUN_ERROR':
      case 'MESSAGES_SNAPSHOT':
        return [...synth(this.closeAll()), { event: e, synthesized: false }];
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR':
        return e.subagentRunId == null
          ? [{ event: e, synthesized: false }]
          : [...synth(this.close(e.subagentRunId as string)), { event: e, synthesized: false }];
      case 'TEXT_MESSAGE_CHUNK':
        return synth(this.chunk('text', e, notes));
      case 'TOOL_CALL_CHUNK':
        return synth(this.chunk('tool', e, notes));
      case 'REASONING_MESSAGE_CHUNK':
        return synth(this.chunk('reasoning', e, notes));
      default:
        // RAW, ACTIVITY_*, REASONING_ENCRYPTED_VALUE, SUBAGENT_STARTED: they close nothing.
        return [{ event: e, synthesized: false }];
    }
  }

  private chunk(kind: Kind, t: Obj, notes: string[]): Obj[] {
    const name = kind === 'text' ? 'TEXT_MESSAGE_CHUNK' : kind === 'tool' ? 'TOOL_CALL_CHUNK' : 'REASONING_MESSAGE_CHUNK';
    const noun = kind === 'text' ? 'text message' : kind === 'tool' ? 'tool call' : 'reasoning message';
    const extra = extras(t, kind === 'text' ? TEXT_KEYS : kind === 'tool' ? TOOL_KEYS : REASONING_KEYS);
    const id = t[idField(kind)] as string | undefined;
    const agent = this.agentFor(kind, id, (t.subagentRunId ?? undefined) as string | undefined, name, noun);
    const current = this.open.get(agent);
    const out: Obj[] = [];
    let fields: OpenStream['fields'];
    let emittedContent = false;
    if (current?.kind === kind && (id === undefined || id === idOf(current))) {
      fields = current.fields;
      const mustMatch = (field: 'role' | 'name' | 'toolCallName' | 'parentMessageId') => {
        const given = t[field] as string | undefined;
        const have = fields[field];
        if (given !== undefined && given !== have) {
          throw new ChunkError(
            'chunk/field-mismatch',
            `Cannot continue ${noun} '${idOf(current)}': chunk ${field} '${given}' does not match the open stream's ${field} ${
              have === undefined ? '(absent)' : `'${have}'`
            }.`,
          );
        }
      };
      if (kind === 'text') {
        mustMatch('role');
        mustMatch('name');
      } else if (kind === 'tool') {
        mustMatch('toolCallName');
        mustMatch('parentMessageId');
      }
    } else {
      out.push(...this.close(agent));
      if (id === undefined) throw new ChunkError('chunk/first-without-id', `First ${name} must have a ${idField(kind)}`);
      const sub = t.subagentRunId as string | undefined;
      if (kind === 'tool') {
        if (t.toolCallName === undefined) throw new ChunkError('chunk/first-without-name', `First ${name} must have a toolCallName`);
        fields = { toolCallId: id, toolCallName: t.toolCallName as string, parentMessageId: t.parentMessageId as string | undefined, subagentRunId: sub };
        out.push(
          withMeta(
            {
              type: 'TOOL_CALL_START',
              toolCallId: id,
              toolCallName: t.toolCallName,
              ...(t.parentMessageId !== undefined && { parentMessageId: t.parentMessageId }),
              ...(sub !== undefined && { subagentRunId: sub }),
            },
            t,
          ),
        );
      } else if (kind === 'text') {
        fields = { messageId: id, role: t.role === undefined ? 'assistant' : (t.role as string), name: t.name as string | undefined, subagentRunId: sub };
        out.push(
          withMeta(
            {
              type: 'TEXT_MESSAGE_START',
              messageId: id,
              role: fields.role,
              ...(t.name !== undefined && { name: t.name }),
              ...(sub !== undefined && { subagentRunId: sub }),
            },
            t,
          ),
        );
      } else {
        fields = { messageId: id, subagentRunId: sub };
        out.push(
          withMeta({ type: 'REASONING_MESSAGE_START', messageId: id, role: 'reasoning', ...(sub !== undefined && { subagentRunId: sub }) }, t),
        );
      }
      this.open.set(agent, { kind, fields });
    }
    const contentType = kind === 'text' ? 'TEXT_MESSAGE_CONTENT' : kind === 'tool' ? 'TOOL_CALL_ARGS' : 'REASONING_MESSAGE_CONTENT';
    const key = kind === 'tool' ? { toolCallId: fields.toolCallId } : { messageId: fields.messageId };
    const agentSub = t.subagentRunId === undefined ? fields.subagentRunId : t.subagentRunId;
    if (t.delta !== undefined || t.rawEvent !== undefined) {
      out.push(
        withMetaRaw(
          { ...extra, type: contentType, ...key, delta: t.delta === undefined ? '' : t.delta, ...(agentSub !== undefined && { subagentRunId: agentSub }) },
          t,
        ),
      );
      emittedContent = true;
    }
    if (out.length === 0 && (t.metadata !== undefined || t.rawEvent !== undefined || t.subagentRunId === null || extra !== undefined)) {
      out.push({
        ...extra,
        type: contentType,
        ...key,
        delta: '',
        ...(t.metadata !== undefined && { metadata: t.metadata }),
        ...(t.rawEvent !== undefined && { rawEvent: t.rawEvent }),
        ...(agentSub !== undefined && { subagentRunId: agentSub }),
      });
      emittedContent = true;
    }
    if (extra !== undefined && !emittedContent && out.length > 0) {
      const last = out[out.length - 1]!;
      const clash = Object.keys(extra).filter((k) => Object.prototype.hasOwnProperty.call(last, k));
      if (clash.length > 0) notes.push(`A ${name} carried ${clash.map((k) => `'${k}'`).join(', ')}, which the synthesized ${String(last.type)} already describes; the chunk's values are dropped.`);
      out[out.length - 1] = { ...extra, ...last };
    }
    return out;
  }
}
