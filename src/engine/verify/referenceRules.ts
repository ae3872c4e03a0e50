/**
 * Every rule of the reference client's `verifyEvents` (@ag-ui/client 1.0.0), with its error texts, for one
 * stream. The reference throws at the first error and the run ends; this reports it and goes on, keeping its
 * bookkeeping as close to the reference's as a run that continued can be.
 */
import type { AgUiEvent } from '../events/model';

type Owner = { subagentRunId: string | undefined | null };

export interface ReferenceError {
  ruleId: string;
  message: string;
}

type Obj = Record<string, unknown>;

export class ReferenceVerifier {
  private texts = new Set<string>();
  private tools = new Set<string>();
  private spans = new Set<string>();
  private reasoningMessages = new Set<string>();
  private owners = { message: new Map<string, Owner>(), toolCall: new Map<string, Owner>(), activity: new Map<string, Owner>(), reasoning: new Map<string, Owner>() };
  private finished = false;
  private errored = false;
  private seenFirst = false;
  private started = false;
  private steps = new Map<string | undefined, Map<string, true>>();
  private activeSubagents = new Map<string, true>();
  private doneSubagents = new Set<string>();

  /**
   * The stream's start is missing (dropped by the capture): judge it as a run already under way, and until the
   * stream starts a run of its own, take an id this stream has not mentioned as opened in what was dropped.
   */
  private prefixUnknown = false;
  private mentioned = new Set<string>();
  assumeRunning(): void {
    this.seenFirst = true;
    this.started = true;
    this.prefixUnknown = true;
  }

  /** Whether `key` may have been opened in the dropped prefix (then it is taken as open, and no error is due). */
  private openedInPrefix(key: string): boolean {
    if (!this.prefixUnknown || this.mentioned.has(key)) return false;
    this.mentioned.add(key);
    return true;
  }
  private mention(key: string): void {
    if (this.prefixUnknown) this.mentioned.add(key);
  }

  /** Whether a run is open in this stream (for "stream ended mid-run"). */
  get runOpen(): boolean {
    return this.started && !this.finished && !this.errored;
  }

  private stepsOf(owner: string | undefined): Map<string, true> {
    let m = this.steps.get(owner);
    if (!m) {
      m = new Map();
      this.steps.set(owner, m);
    }
    return m;
  }

  private reset(): void {
    this.texts.clear();
    this.tools.clear();
    this.spans.clear();
    this.reasoningMessages.clear();
    for (const m of Object.values(this.owners)) m.clear();
    this.steps.clear();
    this.activeSubagents.clear();
    this.doneSubagents.clear();
    this.finished = false;
    this.errored = false;
    this.started = true;
  }

  private registerMessages(list: unknown, overwrite: boolean): ReferenceError | undefined {
    if (!Array.isArray(list)) return undefined;
    for (const m of list as Obj[]) {
      if (!m || typeof m.id !== 'string') continue;
      if (m.subagentRunId === null) {
        return { ruleId: 'attribution/null', message: `Cannot send a message (id '${m.id}') with 'subagentRunId: null'. The field is optional — omit it entirely.` };
      }
      const map = m.role === 'reasoning' ? this.owners.reasoning : m.role === 'activity' ? this.owners.activity : this.owners.message;
      if (overwrite || !map.has(m.id)) map.set(m.id, { subagentRunId: m.subagentRunId as string | undefined });
      for (const tc of (m.toolCalls as Obj[] | undefined) ?? []) {
        if (tc && typeof tc.id === 'string' && (overwrite || !this.owners.toolCall.has(tc.id))) {
          this.owners.toolCall.set(tc.id, { subagentRunId: (m.subagentRunId as string | undefined) ?? undefined });
        }
      }
    }
    return undefined;
  }

  private mismatch(type: string, sub: unknown, owner: Owner | undefined, noun: string, id: string): ReferenceError | undefined {
    if (sub !== undefined && owner && owner.subagentRunId !== sub) {
      return {
        ruleId: 'attribution/mismatch',
        message: `Cannot send '${type}': subagentRunId '${String(sub)}' does not match the ${noun} '${id}' opener's subagent '${owner.subagentRunId ?? '(the parent agent)'}'.`,
      };
    }
    return undefined;
  }

  /** Checks one event and updates the bookkeeping. Returns the reference's first error for it, if any. */
  check(event: AgUiEvent): ReferenceError | undefined {
    const e = event as unknown as Obj;
    const type = event.type;
    let first: ReferenceError | undefined;
    const fail = (error: ReferenceError | undefined): boolean => {
      if (error && !first) first = error;
      return error !== undefined;
    };

    if (this.errored && type !== 'RUN_STARTED') {
      fail({ ruleId: 'run/after-error', message: `Cannot send event type '${type}': The run has already errored with 'RUN_ERROR'. No further events can be sent.` });
    } else if (this.finished && type !== 'RUN_ERROR' && type !== 'RUN_STARTED') {
      fail({ ruleId: 'run/after-finished', message: `Cannot send event type '${type}': The run has already finished with 'RUN_FINISHED'. Start a new run with 'RUN_STARTED'.` });
    }
    if (!this.seenFirst) {
      this.seenFirst = true;
      if (type !== 'RUN_STARTED' && type !== 'RUN_ERROR') fail({ ruleId: 'run/first-event', message: `First event must be 'RUN_STARTED'` });
    } else if (type === 'RUN_STARTED') {
      if (this.prefixUnknown) {
        // The run we assumed may have ended in what was dropped: from here on everything is known.
        this.reset();
        this.prefixUnknown = false;
      } else if (this.started && !this.finished && !this.errored) {
        fail({
          ruleId: 'run/already-active',
          message: `Cannot send 'RUN_STARTED' while a run is still active. The previous run must be finished with 'RUN_FINISHED' before starting a new run.`,
        });
        this.reset();
      } else if (this.finished || this.errored) this.reset();
    }
    if (e.subagentRunId === null) {
      fail({ ruleId: 'attribution/null', message: `Cannot send '${type}' with 'subagentRunId: null'. The field is optional — omit it entirely.` });
      return first;
    }
    if (type === 'SUBAGENT_STARTED' || type === 'SUBAGENT_FINISHED' || type === 'SUBAGENT_ERROR') {
      const fields =
        type === 'SUBAGENT_STARTED' ? ['description', 'parentSubagentRunId', 'parentToolCallId', 'parentMessageId'] : type === 'SUBAGENT_FINISHED' ? ['outcome'] : ['code'];
      for (const f of fields) {
        if (e[f] === null) {
          fail({ ruleId: 'subagent/null-field', message: `Cannot send '${type}' with '${f}: null'. The field is optional — omit it entirely.` });
          return first;
        }
      }
      const outcome = e.outcome as Obj | null | undefined;
      if (outcome != null && outcome.type !== 'success' && outcome.type !== 'suspended') {
        fail({
          ruleId: 'subagent/outcome',
          message: `Cannot send '${type}' with outcome type '${String(outcome.type)}'. The outcome is either { type: "success" } or { type: "suspended" }.`,
        });
        return first;
      }
      if (outcome && outcome.interruptIds === null) {
        fail({ ruleId: 'subagent/null-field', message: `Cannot send '${type}' with 'outcome.interruptIds: null'. The field is optional — omit it entirely.` });
        return first;
      }
      if (outcome && Array.isArray(outcome.interruptIds) && outcome.interruptIds.some((x) => typeof x !== 'string')) {
        fail({ ruleId: 'subagent/outcome', message: `Cannot send '${type}' with a non-string entry in 'outcome.interruptIds'. Interrupt ids are strings.` });
        return first;
      }
    }
    if (type === 'RUN_FINISHED') {
      const outcome = e.outcome as Obj | undefined;
      if (outcome?.type === 'interrupt' && Array.isArray(outcome.interrupts)) {
        for (const i of outcome.interrupts as Obj[]) {
          if (i && i.subagentRunId === null) {
            fail({
              ruleId: 'attribution/null',
              message: `Cannot send 'RUN_FINISHED' with an interrupt (id '${String(i.id)}') carrying 'subagentRunId: null'. The field is optional — omit it entirely.`,
            });
            return first;
          }
        }
      }
    }
    fail(this.transition(event, e.subagentRunId as string | undefined));
    return first;
  }

  /** What one event does to the bookkeeping, and the reference's error for it, by kind of event (exhaustive). */
  private transition(event: AgUiEvent, sub: string | undefined): ReferenceError | undefined {
    switch (event.type) {
      case 'TEXT_MESSAGE_START':
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_END':
        return this.text(event, sub);
      case 'TOOL_CALL_START':
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_END':
      case 'TOOL_CALL_RESULT':
        return this.tool(event, sub);
      case 'STEP_STARTED':
      case 'STEP_FINISHED':
        return this.step(event, sub);
      case 'REASONING_START':
      case 'REASONING_MESSAGE_START':
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_END':
      case 'REASONING_END':
      case 'REASONING_ENCRYPTED_VALUE':
        return this.reasoning(event, sub);
      case 'ACTIVITY_SNAPSHOT':
      case 'ACTIVITY_DELTA':
        return this.activity(event, sub);
      case 'SUBAGENT_STARTED':
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR':
        return this.subagent(event, sub);
      case 'MESSAGES_SNAPSHOT':
      case 'RUN_STARTED':
      case 'RUN_FINISHED':
      case 'RUN_ERROR':
        return this.lifecycle(event, sub);
      // Chunks are expanded before the verifier sees them; state and custom events have no lifecycle.
      case 'TEXT_MESSAGE_CHUNK':
      case 'TOOL_CALL_CHUNK':
      case 'REASONING_MESSAGE_CHUNK':
      case 'STATE_SNAPSHOT':
      case 'STATE_DELTA':
      case 'RAW':
      case 'CUSTOM':
        return undefined;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  /** Text messages: open, owned by one agent, closed once. */
  private text(event: Extract<AgUiEvent, { type: 'TEXT_MESSAGE_START' | 'TEXT_MESSAGE_CONTENT' | 'TEXT_MESSAGE_END' }>, sub: string | undefined): ReferenceError | undefined {
    const type = event.type;
    switch (event.type) {
      case 'TEXT_MESSAGE_START': {
        const id = event.messageId;
        if (this.texts.has(id)) {
          return { ruleId: 'text/already-open', message: `Cannot send 'TEXT_MESSAGE_START' event: A text message with ID '${id}' is already in progress. Complete it with 'TEXT_MESSAGE_END' first.` };
        }
        const owner = this.owners.message.get(id);
        if (owner) {
          const m = this.mismatch(type, sub, owner, 'message', id);
          if (m) return m;
        }
        this.mention(`t:${id}`);
        this.texts.add(id);
        if (!owner) this.owners.message.set(id, { subagentRunId: sub });
        return undefined;
      }
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_END': {
        const id = event.messageId;
        if (!this.texts.has(id) && this.openedInPrefix(`t:${id}`)) this.texts.add(id);
        if (!this.texts.has(id)) {
          return {
            ruleId: 'text/not-open',
            message:
              type === 'TEXT_MESSAGE_CONTENT'
                ? `Cannot send 'TEXT_MESSAGE_CONTENT' event: No active text message found with ID '${id}'. Start a text message with 'TEXT_MESSAGE_START' first.`
                : `Cannot send 'TEXT_MESSAGE_END' event: No active text message found with ID '${id}'. A 'TEXT_MESSAGE_START' event must be sent first.`,
          };
        }
        {
          const m = this.mismatch(type, sub, this.owners.message.get(id), 'message', id);
          if (m) return m;
        }
        if (type === 'TEXT_MESSAGE_END') this.texts.delete(id);
        return undefined;
      }
    }
  }

  /** Tool calls: open, owned by the message that carries them, closed once. */
  private tool(event: Extract<AgUiEvent, { type: 'TOOL_CALL_START' | 'TOOL_CALL_ARGS' | 'TOOL_CALL_END' | 'TOOL_CALL_RESULT' }>, sub: string | undefined): ReferenceError | undefined {
    const type = event.type;
    switch (event.type) {
      case 'TOOL_CALL_START': {
        const id = event.toolCallId;
        if (this.tools.has(id)) {
          return { ruleId: 'tool/already-open', message: `Cannot send 'TOOL_CALL_START' event: A tool call with ID '${id}' is already in progress. Complete it with 'TOOL_CALL_END' first.` };
        }
        const parentId = event.parentMessageId;
        let parent: Owner | undefined;
        if (parentId !== undefined) {
          const p = this.owners.message.get(parentId);
          if (p) {
            if (sub !== undefined && sub !== p.subagentRunId) {
              return {
                ruleId: 'tool/parent-owner',
                message: `Cannot send 'TOOL_CALL_START': subagentRunId '${sub}' does not match its parent message '${parentId}' owner '${p.subagentRunId ?? '(the parent agent)'}'. A tool call belongs to the message that carries it.`,
              };
            }
            parent = p;
          }
        }
        const existing = this.owners.toolCall.get(id);
        if (existing) {
          {
          const m = this.mismatch(type, sub, existing, 'tool call', id);
          if (m) return m;
        }
          if (sub === undefined && parent && parent.subagentRunId !== existing.subagentRunId) {
            return {
              ruleId: 'tool/parent-owner',
              message: `Cannot send 'TOOL_CALL_START': tool call '${id}' is owned by '${existing.subagentRunId ?? '(the parent agent)'}' but its parent message '${parentId}' is owned by '${parent.subagentRunId ?? '(the parent agent)'}'. A tool call belongs to the message that carries it.`,
            };
          }
        }
        this.mention(`c:${id}`);
        this.tools.add(id);
        if (!existing) this.owners.toolCall.set(id, sub === undefined ? (parent ?? { subagentRunId: undefined }) : { subagentRunId: sub });
        return undefined;
      }
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_END': {
        const id = event.toolCallId;
        if (!this.tools.has(id) && this.openedInPrefix(`c:${id}`)) this.tools.add(id);
        if (!this.tools.has(id)) {
          return {
            ruleId: 'tool/not-open',
            message:
              type === 'TOOL_CALL_ARGS'
                ? `Cannot send 'TOOL_CALL_ARGS' event: No active tool call found with ID '${id}'. Start a tool call with 'TOOL_CALL_START' first.`
                : `Cannot send 'TOOL_CALL_END' event: No active tool call found with ID '${id}'. A 'TOOL_CALL_START' event must be sent first.`,
          };
        }
        {
          const m = this.mismatch(type, sub, this.owners.toolCall.get(id), 'tool call', id);
          if (m) return m;
        }
        if (type === 'TOOL_CALL_END') this.tools.delete(id);
        return undefined;
      }
      case 'TOOL_CALL_RESULT':
        if (typeof event.messageId === 'string') this.owners.message.set(event.messageId, { subagentRunId: sub });
        return undefined;
    }
  }

  /** Steps: opened and finished by the same agent. */
  private step(event: Extract<AgUiEvent, { type: 'STEP_STARTED' | 'STEP_FINISHED' }>, sub: string | undefined): ReferenceError | undefined {
    switch (event.type) {
      case 'STEP_STARTED': {
        const name = event.stepName;
        if (this.stepsOf(sub).has(name)) {
          return { ruleId: 'step/already-open', message: `Step "${name}" is already active for 'STEP_STARTED'${sub === undefined ? '' : ` in subagent '${sub}'`}` };
        }
        this.mention(`p:${sub}:${name}`);
        this.stepsOf(sub).set(name, true);
        return undefined;
      }
      case 'STEP_FINISHED': {
        const name = event.stepName;
        if (!this.stepsOf(sub).has(name) && this.openedInPrefix(`p:${sub}:${name}`)) this.stepsOf(sub).set(name, true);
        if (!this.stepsOf(sub).has(name)) {
          let other: string | undefined;
          let found = false;
          for (const [owner, steps] of this.steps) {
            if (owner !== sub && steps.has(name)) {
              other = owner;
              found = true;
              break;
            }
          }
          return (
            found
              ? {
                  ruleId: 'step/wrong-owner',
                  message: `Cannot send 'STEP_FINISHED' for step "${name}" attributed to ${sub === undefined ? 'the parent agent' : `subagent '${sub}'`}: that step is open under ${
                    other === undefined ? 'the parent agent' : `subagent '${other}'`
                  }. A step must be finished by whoever started it.`,
                }
              : { ruleId: 'step/not-started', message: `Cannot send 'STEP_FINISHED' for step "${name}" that was not started` }
          );
        }
        this.stepsOf(sub).delete(name);
        return undefined;
      }
    }
  }

  /** Reasoning spans and messages, and encrypted values: open, owned, closed once. */
  private reasoning(event: Extract<AgUiEvent, { type: 'REASONING_START' | 'REASONING_MESSAGE_START' | 'REASONING_MESSAGE_CONTENT' | 'REASONING_MESSAGE_END' | 'REASONING_END' | 'REASONING_ENCRYPTED_VALUE' }>, sub: string | undefined): ReferenceError | undefined {
    const type = event.type;
    switch (event.type) {
      case 'REASONING_START':
      case 'REASONING_MESSAGE_START': {
        const id = event.messageId;
        const span = type === 'REASONING_START';
        const open = span ? this.spans : this.reasoningMessages;
        if (open.has(id)) {
          return {
            ruleId: 'reasoning/already-open',
            message: span
              ? `Cannot send 'REASONING_START' event: A reasoning span with ID '${id}' is already in progress. Complete it with 'REASONING_END' first.`
              : `Cannot send 'REASONING_MESSAGE_START' event: A reasoning message with ID '${id}' is already in progress. Complete it with 'REASONING_MESSAGE_END' first.`,
          };
        }
        const owner = this.owners.reasoning.get(id);
        if (owner) {
          const m = this.mismatch(type, sub, owner, 'reasoning message', id);
          if (m) return m;
        }
        this.mention(`${span ? 's' : 'r'}:${id}`);
        open.add(id);
        if (!owner) this.owners.reasoning.set(id, { subagentRunId: sub });
        return undefined;
      }
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_END':
      case 'REASONING_END': {
        const id = event.messageId;
        const span = type === 'REASONING_END';
        const open = span ? this.spans : this.reasoningMessages;
        if (!open.has(id) && this.openedInPrefix(`${span ? 's' : 'r'}:${id}`)) open.add(id);
        if (!open.has(id)) {
          return {
            ruleId: 'reasoning/not-open',
            message: span
              ? `Cannot send 'REASONING_END' event: No active reasoning span found with ID '${id}'. A 'REASONING_START' event must be sent first.`
              : `Cannot send '${type}' event: No active reasoning message found with ID '${id}'. Start a reasoning message with 'REASONING_MESSAGE_START' first.`,
          };
        }
        {
          const m = this.mismatch(type, sub, this.owners.reasoning.get(id), 'reasoning message', id);
          if (m) return m;
        }
        if (type !== 'REASONING_MESSAGE_CONTENT') open.delete(id);
        return undefined;
      }
      case 'REASONING_ENCRYPTED_VALUE': {
        const id = event.entityId;
        const owner =
          event.subtype === 'tool-call'
            ? this.owners.toolCall.get(id)
            : event.subtype === 'message'
              ? (this.owners.message.get(id) ?? this.owners.reasoning.get(id))
              : this.owners.reasoning.get(id);
        const noun = event.subtype === 'tool-call' ? 'tool call' : event.subtype === 'message' ? 'message' : 'reasoning message';
        return this.mismatch(type, sub, owner, noun, id);
      }
    }
  }

  /** Activity messages: owned by the agent that made them. */
  private activity(event: Extract<AgUiEvent, { type: 'ACTIVITY_SNAPSHOT' | 'ACTIVITY_DELTA' }>, sub: string | undefined): ReferenceError | undefined {
    const type = event.type;
    switch (event.type) {
      case 'ACTIVITY_SNAPSHOT': {
        const id = event.messageId;
        if (!this.owners.activity.has(id) || event.replace !== false) this.owners.activity.set(id, { subagentRunId: sub });
        return undefined;
      }
      case 'ACTIVITY_DELTA':
        return this.mismatch(type, sub, this.owners.activity.get(event.messageId), 'activity', event.messageId);
    }
  }

  /** Subagents: started once, with a known parent, finished once. */
  private subagent(event: Extract<AgUiEvent, { type: 'SUBAGENT_STARTED' | 'SUBAGENT_FINISHED' | 'SUBAGENT_ERROR' }>, sub: string | undefined): ReferenceError | undefined {
    const type = event.type;
    const e = event as unknown as Obj;
    switch (event.type) {
      case 'SUBAGENT_STARTED': {
        if (typeof e.subagentRunId !== 'string') {
          return { ruleId: 'subagent/missing-field', message: `Cannot send 'SUBAGENT_STARTED' without a 'subagentRunId'.` };
        }
        if (typeof e.name !== 'string') {
          return { ruleId: 'subagent/missing-field', message: `Cannot send 'SUBAGENT_STARTED' without a 'name'.` };
        }
        const id = e.subagentRunId;
        const parent = e.parentSubagentRunId as string | undefined;
        if (this.activeSubagents.has(id)) {
          return { ruleId: 'subagent/already-active', message: `Cannot send 'SUBAGENT_STARTED': subagent '${id}' is already active. Finish it with 'SUBAGENT_FINISHED' first.` };
        }
        if (this.doneSubagents.has(id)) {
          return {
            ruleId: 'subagent/reused',
            message: `Cannot send 'SUBAGENT_STARTED': subagent '${id}' has already finished in this run. Subagent IDs are per-invocation and cannot be reused.`,
          };
        }
        this.mention(`a:${id}`);
        if (parent !== undefined && !this.activeSubagents.has(parent) && !this.doneSubagents.has(parent) && !this.openedInPrefix(`a:${parent}`)) {
          return { ruleId: 'subagent/unknown-parent', message: `Cannot send 'SUBAGENT_STARTED': parentSubagentRunId '${parent}' has not been started in this run.` };
        }
        this.activeSubagents.set(id, true);
        return undefined;
      }
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR': {
        if (typeof e.subagentRunId !== 'string') {
          return { ruleId: 'subagent/missing-field', message: `Cannot send '${type}' without a 'subagentRunId'.` };
        }
        if (type === 'SUBAGENT_ERROR' && typeof e.message !== 'string') {
          return { ruleId: 'subagent/missing-field', message: `Cannot send 'SUBAGENT_ERROR' without a 'message'.` };
        }
        const id = e.subagentRunId;
        if (!this.activeSubagents.has(id) && this.openedInPrefix(`a:${id}`)) this.activeSubagents.set(id, true);
        if (!this.activeSubagents.has(id)) {
          return { ruleId: 'subagent/not-active', message: `Cannot send '${type}': no active subagent found with ID '${id}'. A 'SUBAGENT_STARTED' event must be sent first.` };
        }
        this.activeSubagents.delete(id);
        this.doneSubagents.add(id);
        return undefined;
      }
    }
  }

  /** The run itself, and the messages a snapshot or an input brings. */
  private lifecycle(event: Extract<AgUiEvent, { type: 'MESSAGES_SNAPSHOT' | 'RUN_STARTED' | 'RUN_FINISHED' | 'RUN_ERROR' }>, sub: string | undefined): ReferenceError | undefined {
    switch (event.type) {
      case 'MESSAGES_SNAPSHOT':
        return this.registerMessages(event.messages, true);
      case 'RUN_STARTED':
        this.started = true;
        return this.registerMessages((event.input as Obj | undefined)?.messages, false);
      case 'RUN_FINISHED': {
        const open: [string, string[]][] = [];
        const steps: string[] = [];
        for (const [owner, names] of this.steps) for (const name of names.keys()) steps.push(owner === undefined ? name : `${name} (subagent '${owner}')`);
        if (steps.length) open.push(['steps', steps]);
        if (this.texts.size) open.push(['text messages', [...this.texts]]);
        if (this.reasoningMessages.size) open.push(['reasoning messages', [...this.reasoningMessages]]);
        if (this.spans.size) open.push(['reasoning spans', [...this.spans]]);
        if (this.tools.size) open.push(['tool calls', [...this.tools]]);
        if (this.activeSubagents.size) open.push(['subagents', [...this.activeSubagents.keys()]]);
        this.finished = true;
        if (open.length === 0) return undefined;
        const [what, ids] = open[0]!;
        // The reference stops here; a replay that goes on treats the run as finished.
        return { ruleId: 'run/finished-while-open', message: `Cannot send 'RUN_FINISHED' while ${what} are still active: ${ids.join(', ')}` };
      }
      case 'RUN_ERROR':
        this.errored = true;
        return undefined;

    }
  }
}
