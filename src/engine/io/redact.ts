/**
 * Redaction for sharing: chosen groups of content (message text, reasoning, tool arguments, tool results, state
 * values, request bodies) and custom JSON paths become `«redacted: N chars»`. Structure, ids, types, order, sizes (in
 * the marker) and timings survive, so a redacted session still replays and lints. Pure.
 */

export const REDACTION_GROUPS = ['messageText', 'reasoning', 'toolArgs', 'toolResults', 'state', 'requestBodies'] as const;
export type RedactionGroup = (typeof REDACTION_GROUPS)[number];
export const GROUP_LABELS: Record<RedactionGroup, string> = {
  messageText: 'message text',
  reasoning: 'reasoning',
  toolArgs: 'tool arguments',
  toolResults: 'tool results',
  state: 'state values',
  requestBodies: 'request bodies',
};

export interface Redaction {
  groups: readonly RedactionGroup[];
  /** JSON Pointers, `*` for any key or index (e.g. `/forwardedProps/apiKey`, `/messages/*\/content`), applied to each event and request body. */
  paths: readonly string[];
}

export const marker = (text: string): string => `«redacted: ${text.length} chars»`;
export const isEmptyRedaction = (r: Redaction | undefined): boolean => !r || (r.groups.length === 0 && r.paths.length === 0);

type Json = unknown;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every string under a value replaced (objects and arrays keep their shape). */
function redactStrings(v: Json, keep: ReadonlySet<string> = new Set(), depth = 0): Json {
  if (depth > 200) return v;
  if (typeof v === 'string') return marker(v);
  if (Array.isArray(v)) return v.map((x) => redactStrings(x, keep, depth + 1));
  if (isObj(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: keep.has(k) ? x : redactStrings(x, keep, depth + 1), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

/** Content that is a string or content parts: the text (and text parts) replaced. */
function redactContent(c: Json): Json {
  if (typeof c === 'string') return marker(c);
  if (Array.isArray(c)) return c.map((p) => (isObj(p) && typeof p.text === 'string' ? { ...p, text: marker(p.text) } : p));
  return c;
}

/** Keys that say what and which, never what was said: kept in request bodies. */
const ID_KEYS = new Set(['id', 'threadId', 'runId', 'parentRunId', 'messageId', 'toolCallId', 'role', 'type', 'name', 'interruptId', 'status', 'activityType', 'subagentRunId', 'protocolVersion']);

/** A list of messages (a snapshot, a RunAgentInput) with the chosen groups redacted. */
function redactMessages(messages: Json, groups: ReadonlySet<RedactionGroup>): Json {
  if (!Array.isArray(messages)) return messages;
  return messages.map((m) => {
    if (!isObj(m)) return m;
    const out: Record<string, unknown> = { ...m };
    const role = m.role;
    if (role === 'reasoning' ? groups.has('reasoning') : role === 'tool' ? groups.has('toolResults') : role === 'activity' ? groups.has('state') : groups.has('messageText')) {
      if ('content' in m) out.content = role === 'activity' ? redactStrings(m.content) : redactContent(m.content);
    }
    if (groups.has('reasoning') && typeof m.encryptedValue === 'string') out.encryptedValue = marker(m.encryptedValue);
    if (Array.isArray(m.toolCalls)) {
      out.toolCalls = m.toolCalls.map((c) => {
        if (!isObj(c)) return c;
        const call: Record<string, unknown> = { ...c };
        if (groups.has('toolArgs') && isObj(c.function) && typeof c.function.arguments === 'string') call.function = { ...c.function, arguments: marker(c.function.arguments) };
        if (groups.has('reasoning') && typeof c.encryptedValue === 'string') call.encryptedValue = marker(c.encryptedValue);
        return call;
      });
    }
    return out;
  });
}

/** A RunAgentInput (RUN_STARTED.input, or a request body) with the chosen groups redacted. */
function redactInput(input: Json, groups: ReadonlySet<RedactionGroup>): Json {
  if (!isObj(input)) return input;
  const out: Record<string, unknown> = { ...input };
  if ('messages' in input) out.messages = redactMessages(input.messages, groups);
  if (groups.has('state') && 'state' in input) out.state = redactStrings(input.state);
  return out;
}

/** Values matching a JSON Pointer pattern (with `*`), replaced. */
function redactPath(root: Json, tokens: readonly string[], depth = 0): Json {
  if (depth === tokens.length) return typeof root === 'string' ? marker(root) : root === undefined ? root : isObj(root) || Array.isArray(root) ? redactStrings(root) : marker(JSON.stringify(root));
  const token = tokens[depth]!;
  if (Array.isArray(root)) return root.map((x, i) => (token === '*' || token === String(i) ? redactPath(x, tokens, depth + 1) : x));
  if (isObj(root)) {
    const out: Record<string, unknown> = { ...root };
    for (const k of Object.keys(root)) if (token === '*' || token === k) out[k] = redactPath(root[k], tokens, depth + 1);
    return out;
  }
  return root;
}
const pointerTokens = (path: string): string[] =>
  path
    .replace(/^\//, '')
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

const applyPaths = (v: Json, paths: readonly string[]): Json => paths.reduce((acc, p) => (p.trim() ? redactPath(acc, pointerTokens(p.trim())) : acc), v);

/** One event with the redaction applied (a new object; the original is untouched). */
export function redactEvent(event: Json, r: Redaction): Json {
  if (!isObj(event)) return event;
  const groups = new Set(r.groups);
  const e: Record<string, unknown> = { ...event };
  const type = String(event.type);
  const delta = (group: RedactionGroup) => {
    if (groups.has(group) && typeof e.delta === 'string') e.delta = marker(e.delta);
  };
  switch (type) {
    case 'TEXT_MESSAGE_CONTENT':
    case 'TEXT_MESSAGE_CHUNK':
      delta('messageText');
      break;
    case 'REASONING_MESSAGE_CONTENT':
    case 'REASONING_MESSAGE_CHUNK':
    case 'THINKING_TEXT_MESSAGE_CONTENT':
      delta('reasoning');
      break;
    case 'REASONING_ENCRYPTED_VALUE':
      if (groups.has('reasoning') && typeof e.encryptedValue === 'string') e.encryptedValue = marker(e.encryptedValue);
      break;
    case 'TOOL_CALL_ARGS':
    case 'TOOL_CALL_CHUNK':
      delta('toolArgs');
      break;
    case 'TOOL_CALL_RESULT':
      if (groups.has('toolResults')) e.content = redactContent(e.content);
      break;
    case 'MESSAGES_SNAPSHOT':
      e.messages = redactMessages(e.messages, groups);
      break;
    case 'RUN_STARTED':
      if ('input' in e) e.input = redactInput(e.input, groups);
      break;
    case 'STATE_SNAPSHOT':
      if (groups.has('state')) e.snapshot = redactStrings(e.snapshot);
      break;
    case 'STATE_DELTA':
      if (groups.has('state') && Array.isArray(e.delta)) e.delta = e.delta.map((op) => (isObj(op) && 'value' in op ? { ...op, value: redactStrings(op.value) } : op));
      break;
    case 'ACTIVITY_SNAPSHOT':
      if (groups.has('state')) e.content = redactStrings(e.content);
      break;
    case 'ACTIVITY_DELTA':
      if (groups.has('state') && Array.isArray(e.patch)) e.patch = e.patch.map((op) => (isObj(op) && 'value' in op ? { ...op, value: redactStrings(op.value) } : op));
      break;
    default:
      break;
  }
  return applyPaths(e, r.paths);
}

/** A request body with the redaction applied: JSON keeps its shape and ids; other text is replaced whole. */
export function redactRequestBody(body: string, r: Redaction): string {
  const groups = new Set(r.groups);
  let value: Json;
  try {
    value = JSON.parse(body);
  } catch {
    return groups.has('requestBodies') || groups.has('messageText') ? marker(body) : body;
  }
  let out = groups.has('requestBodies') ? redactStrings(value, ID_KEYS) : redactInput(value, groups);
  out = applyPaths(out, r.paths);
  return JSON.stringify(out);
}
