/**
 * The debugger's own rules that look at an event before one conversation applies it, with what that conversation
 * has seen (the tool calls and activity messages it knows). The reference's rules are verify/referenceRules.ts;
 * interrupts and resumes are interrupts.ts. Exhaustive over event types.
 */
import type { AgUiEvent } from '../events/model';
import type { Msg } from '../reduce/messages';

export type Report = (ruleId: string, message: string, path?: (string | number)[]) => void;

/** Tool arguments longer than this are not checked as JSON (held in memory until the call ends). */
const ARGS_MAX = 1024 * 1024;
const clipped = (text: string): string => JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);

/**
 * Why a tool call's arguments are not JSON, or undefined when they are. No arguments at all is no problem (a call
 * without parameters), nor are arguments an export redacted.
 */
function argsProblem(text: string): string | undefined {
  if (text.trim() === '' || text.includes('«redacted')) return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message);
    return at ? `it breaks at character ${Number(at[1]) + 1}` : 'it ends before the JSON does';
  }
}

export class ConversationRules {
  /** Tool call ids the conversation knows: started by events, or carried by snapshot and input messages. */
  private readonly toolCallIds = new Set<string>();
  private readonly activityIds = new Set<string>();
  /** The arguments of the tool calls still open, as they grew (checked as JSON when the call ends). */
  private readonly args = new Map<string, string>();
  /** Text and reasoning messages that ended, with the index of their END event. */
  private readonly ended = new Map<string, number>();

  /** Checks event `ev` before it is applied (`synthesized`: made from a chunk, whose delta may be empty). */
  before(ev: AgUiEvent, synthesized: boolean, report: Report): void {
    switch (ev.type) {
      case 'TEXT_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CONTENT':
        if (!synthesized && ev.delta === '') {
          report(
            ev.type === 'TEXT_MESSAGE_CONTENT' ? 'text/empty-delta' : 'reasoning/empty-delta',
            `${ev.type}.delta is empty; the spec requires a non-empty delta. @ag-ui/client (JS) accepts it; the Python, Rust and Java SDKs reject the event ("Delta must not be an empty string").`,
            ['delta'],
          );
        }
        return;
      case 'TOOL_CALL_RESULT':
        if (!this.toolCallIds.has(ev.toolCallId)) {
          report('tool/unknown-result', `TOOL_CALL_RESULT answers tool call '${ev.toolCallId}', which no TOOL_CALL_START opened in this conversation.`, ['toolCallId']);
        }
        return;
      case 'ACTIVITY_DELTA':
        if (!this.activityIds.has(ev.messageId)) {
          report('activity/delta-before-snapshot', `ACTIVITY_DELTA for '${ev.messageId}' before any ACTIVITY_SNAPSHOT created it; the reference ignores it.`, ['messageId']);
        }
        return;
      case 'STATE_DELTA':
        if (Array.isArray(ev.delta) && ev.delta.length === 0) report('state/empty-delta', 'STATE_DELTA with no operations: it changes nothing.', ['delta']);
        return;
      case 'TOOL_CALL_END': {
        const text = this.args.get(ev.toolCallId);
        const problem = text === undefined ? undefined : argsProblem(text);
        if (problem) report('tool/args-not-json', `Tool call '${ev.toolCallId}' ended with arguments that are not JSON (${problem}): ${clipped(text!)}. @ag-ui/client keeps the text; a UI that parses it gets an error or, with a lenient parser, something else than the model meant.`);
        return;
      }
      case 'TEXT_MESSAGE_START':
      case 'REASONING_MESSAGE_START': {
        const at = this.ended.get(ev.messageId);
        if (at !== undefined) {
          report(
            'text/reused-id',
            `${ev.type} reuses the id '${ev.messageId}' of a message that already ended (#${at}): @ag-ui/client appends this text to that message with no separator, so the UI shows two answers glued together.`,
            ['messageId'],
          );
        }
        return;
      }
      case 'ACTIVITY_SNAPSHOT':
      case 'TEXT_MESSAGE_END':
      case 'TEXT_MESSAGE_CHUNK':
      case 'REASONING_START':
      case 'REASONING_END':
      case 'REASONING_MESSAGE_END':
      case 'REASONING_MESSAGE_CHUNK':
      case 'REASONING_ENCRYPTED_VALUE':
      case 'TOOL_CALL_START':
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_CHUNK':
      case 'STATE_SNAPSHOT':
      case 'MESSAGES_SNAPSHOT':
      case 'RUN_STARTED':
      case 'RUN_FINISHED':
      case 'RUN_ERROR':
      case 'STEP_STARTED':
      case 'STEP_FINISHED':
      case 'SUBAGENT_STARTED':
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR':
      case 'RAW':
      case 'CUSTOM':
        return;
      default: {
        const unhandled: never = ev;
        return unhandled;
      }
    }
  }

  /** What the conversation learns from an applied event at `at` (and from the captured request's messages it was seeded with). */
  learn(ev: AgUiEvent, seed: Msg[] | undefined, at: number): void {
    // A repeated TOOL_CALL_START for an id goes on with its arguments, as @ag-ui/client holds them.
    if (ev.type === 'TOOL_CALL_START') {
      if (!this.args.has(ev.toolCallId)) this.args.set(ev.toolCallId, '');
    }
    else if (ev.type === 'TOOL_CALL_ARGS') {
      const text = this.args.get(ev.toolCallId);
      // Past the limit the check would cost more than it tells: the call is not checked.
      if (text !== undefined) text.length + ev.delta.length > ARGS_MAX ? this.args.delete(ev.toolCallId) : this.args.set(ev.toolCallId, text + ev.delta);
    }
    else if (ev.type === 'TEXT_MESSAGE_END' || ev.type === 'REASONING_MESSAGE_END') this.ended.set(ev.messageId, at);
    else if (ev.type === 'TEXT_MESSAGE_START' || ev.type === 'REASONING_MESSAGE_START') this.ended.delete(ev.messageId);
    const add = (messages: unknown) => {
      if (!Array.isArray(messages)) return;
      for (const m of messages as { toolCalls?: { id?: unknown }[] }[]) {
        for (const tc of m?.toolCalls ?? []) if (typeof tc?.id === 'string') this.toolCallIds.add(tc.id);
      }
    };
    if (ev.type === 'TOOL_CALL_START') this.toolCallIds.add(ev.toolCallId);
    else if (ev.type === 'MESSAGES_SNAPSHOT') add(ev.messages);
    else if (ev.type === 'RUN_STARTED') add((ev.input as { messages?: unknown } | undefined)?.messages);
    else if (ev.type === 'ACTIVITY_SNAPSHOT') this.activityIds.add(ev.messageId);
    if (seed) add(seed);
  }
}
