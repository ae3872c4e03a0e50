import type { Diagnostic } from '../diagnostics';
import type { AnyEvent } from '../events/model';
import { isCoreEventType, isDeprecatedEventType, isDraftEventType } from '../events/types';
import { compatEvent, type CompatChange } from '../normalize/compat';
import { enforce } from '../normalize/enforce';

/** What one frame's payload turned out to be. */
export interface CheckedEvent {
  /** The parsed object exactly as it arrived, kept even when it breaks the schema, so it can be shown. */
  event?: AnyEvent;
  /** The event as the reducer takes it: compatibility rewrites applied, unrecognized material removed (as the reference does). */
  normalized?: Record<string, unknown>;
  /** False when the reducer cannot use it (not an object, no type, unknown type, unusable fields). */
  reducible: boolean;
  diagnostics: Diagnostic[];
}

/** Fields without which an event cannot be replayed at all (the rest of a broken event still can be). */
const REQUIRED_FOR_REPLAY: Record<string, readonly string[]> = {
  TEXT_MESSAGE_START: ['messageId'],
  TEXT_MESSAGE_CONTENT: ['messageId', 'delta'],
  TEXT_MESSAGE_END: ['messageId'],
  TOOL_CALL_START: ['toolCallId', 'toolCallName'],
  TOOL_CALL_ARGS: ['toolCallId', 'delta'],
  TOOL_CALL_END: ['toolCallId'],
  TOOL_CALL_RESULT: ['messageId', 'toolCallId', 'content'],
  STATE_DELTA: ['delta'],
  MESSAGES_SNAPSHOT: ['messages'],
  ACTIVITY_SNAPSHOT: ['messageId', 'content'],
  ACTIVITY_DELTA: ['messageId', 'patch'],
  REASONING_START: ['messageId'],
  REASONING_END: ['messageId'],
  REASONING_MESSAGE_START: ['messageId'],
  REASONING_MESSAGE_CONTENT: ['messageId', 'delta'],
  REASONING_MESSAGE_END: ['messageId'],
  REASONING_ENCRYPTED_VALUE: ['subtype', 'entityId', 'encryptedValue'],
  STEP_STARTED: ['stepName'],
  STEP_FINISHED: ['stepName'],
  SUBAGENT_STARTED: ['subagentRunId'],
  SUBAGENT_FINISHED: ['subagentRunId'],
  SUBAGENT_ERROR: ['subagentRunId'],
};

const FIELD_TYPES: Record<string, 'string' | 'array' | 'object'> = {
  messageId: 'string',
  delta: 'string',
  toolCallId: 'string',
  toolCallName: 'string',
  stepName: 'string',
  subagentRunId: 'string',
  entityId: 'string',
  encryptedValue: 'string',
  subtype: 'string',
  messages: 'array',
  patch: 'array',
};

const usable = (type: string, event: Record<string, unknown>): boolean => {
  for (const field of REQUIRED_FOR_REPLAY[type] ?? []) {
    const v = event[field];
    if (v === undefined || v === null) return false;
    const want = type === 'STATE_DELTA' && field === 'delta' ? 'array' : FIELD_TYPES[field];
    if (want === 'string' && typeof v !== 'string') return false;
    if (want === 'array' && !Array.isArray(v)) return false;
  }
  if (type === 'TOOL_CALL_RESULT' && typeof event.content !== 'string' && !Array.isArray(event.content)) return false;
  return true;
};

const describe = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `the string "${value.slice(0, 40)}…"` : `the string "${value}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
};

const compatDiagnostics = (changes: CompatChange[]): Diagnostic[] =>
  changes.map((c) => ({
    code: 'compat/deprecated-shape',
    severity: 'warning',
    message: c.message,
    path: c.path,
    change: { kind: c.kind, fields: [`/${c.path.join('/')}`] },
  }));

/**
 * How deep an event may nest. Every tool that reads JSON recursively (JSON.stringify among them) overflows its
 * stack somewhere past a few thousand levels; no real event comes near this.
 */
export const MAX_DEPTH = 1000;

const tooDeep = (): CheckedEvent => ({
  reducible: false,
  diagnostics: [
    {
      code: 'json/too-deep',
      severity: 'error',
      message: `The event nests more than ${MAX_DEPTH.toLocaleString('en')} levels deep: it is kept as it came, and not checked or replayed.`,
    },
  ],
});

/** Whether a JSON text nests deeper than `max` (brackets outside strings; a text shorter than that cannot). */
export function textDeeperThan(text: string, max: number): boolean {
  if (text.length <= max || !moreOpeningsThan(text, max)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether the text has more than `max` of `{` and `[` together: indexOf is far faster than a scan by character. */
function moreOpeningsThan(text: string, max: number): boolean {
  let n = 0;
  for (const open of ['{', '[']) {
    for (let i = text.indexOf(open); i !== -1; i = text.indexOf(open, i + 1)) if (++n > max) return true;
  }
  return false;
}

/** Whether a value nests deeper than `max` (without recursion). */
export function valueDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= max) return true;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return false;
}

/**
 * Checks a parsed JSON value as an AG-UI event: type, compatibility, schema (with JSON paths). Never throws.
 * `depthChecked`: its text was already found shallow enough (otherwise the value is measured).
 */
export function checkEvent(value: unknown, depthChecked = false): CheckedEvent {
  if (!depthChecked && valueDeeperThan(value, MAX_DEPTH)) return tooDeep();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      reducible: false,
      diagnostics: [
        { code: 'event/not-object', severity: 'error', message: `An event must be a JSON object; this is ${describe(value)}.` },
      ],
    };
  }
  const event = value as AnyEvent;
  const record = value as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string') {
    return {
      event,
      reducible: false,
      diagnostics: [
        {
          code: 'event/no-type',
          severity: 'error',
          message: type === undefined ? 'The event has no "type" field.' : `"type" must be a string; it is ${describe(type)}.`,
          path: ['type'],
        },
      ],
    };
  }
  if (isDeprecatedEventType(type)) {
    const changes: CompatChange[] = [];
    const replay = compatEvent(record, changes);
    return { event, normalized: replay, reducible: true, diagnostics: compatDiagnostics(changes) };
  }
  if (isDraftEventType(type)) {
    return {
      event,
      reducible: false,
      diagnostics: [
        { code: 'event/draft', severity: 'info', message: `${type} is a draft event (in no SDK's enum): shown, not replayed.` },
      ],
    };
  }
  if (!isCoreEventType(type)) {
    return {
      event,
      reducible: false,
      diagnostics: [
        {
          code: 'event/unknown-type',
          severity: 'warning',
          message: `Unknown event type "${type}": not part of AG-UI 1.0. The reference client drops it; it is shown and not replayed.`,
          path: ['type'],
        },
      ],
    };
  }
  const changes: CompatChange[] = [];
  const compat = compatEvent(record, changes);
  const enforced = enforce(compat);
  // The fast check already saw every required field, of the right type.
  const reducible = enforced.fast === true || usable(type, enforced.event);
  return {
    event,
    normalized: enforced.event,
    reducible,
    diagnostics: changes.length === 0 ? enforced.diagnostics : [...compatDiagnostics(changes), ...enforced.diagnostics],
  };
}

/** Parses one frame's text as JSON and checks it as an event. Never throws. */
export function decodeEventText(text: string): CheckedEvent {
  if (textDeeperThan(text, MAX_DEPTH)) return tooDeep();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      reducible: false,
      diagnostics: [
        {
          code: 'json/invalid',
          severity: 'error',
          message: text.trim() === '' ? 'The frame is empty: no JSON to read.' : `Not valid JSON: ${(error as Error).message}`,
        },
      ],
    };
  }
  return checkEvent(value, true);
}
