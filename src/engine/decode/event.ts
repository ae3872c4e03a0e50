import { EventSchema } from '@ag-ui/core/schemas';
import type { Diagnostic } from '../diagnostics';
import { isCoreEventType, isDeprecatedEventType, isDraftEventType } from '../events/types';
import type { AnyEvent } from '../events/model';

/** What one frame's payload turned out to be. */
export interface CheckedEvent {
  /** The parsed object, kept even when it breaks the schema, so it can be shown. */
  event?: AnyEvent;
  /** False when the reducer cannot use it (not an object, no type, unknown type, unusable fields). */
  replayable: boolean;
  diagnostics: Diagnostic[];
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
}
interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: IssueLike[] } };
}

const schemaByType = new Map<string, SafeParser>();
for (const option of (EventSchema as unknown as { options: { shape: { type: { value: string } } }[] }).options) {
  schemaByType.set(option.shape.type.value, option as unknown as SafeParser);
}

/** Fields whose wrong shape the reducer cannot work around: without them the event is shown, not replayed. */
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

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown => {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
};

const describe = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `the string "${value.slice(0, 40)}…"` : `the string "${value}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
};

/** Checks a parsed JSON value as an AG-UI event: type, schema (with JSON paths), nulls where fields are optional. */
export function checkEvent(value: unknown): CheckedEvent {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      replayable: false,
      diagnostics: [
        { code: 'event/not-object', severity: 'error', message: `An event must be a JSON object; this is ${describe(value)}.` },
      ],
    };
  }
  const event = value as AnyEvent;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') {
    return {
      event,
      replayable: false,
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
  if (isDeprecatedEventType(type)) return { event, replayable: true, diagnostics: [] };
  if (isDraftEventType(type)) {
    return {
      event,
      replayable: false,
      diagnostics: [
        { code: 'event/draft', severity: 'info', message: `${type} is a draft event (in no SDK's enum): shown, not replayed.` },
      ],
    };
  }
  if (!isCoreEventType(type)) {
    return {
      event,
      replayable: false,
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
  const schema = schemaByType.get(type);
  const diagnostics: Diagnostic[] = [];
  let replayable = true;
  const result = schema?.safeParse(value);
  if (result && !result.success) {
    const required = REQUIRED_FOR_REPLAY[type] ?? [];
    for (const issue of result.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const actual = valueAt(value, path);
      if (actual === null && issue.code === 'invalid_type') {
        diagnostics.push({
          code: 'schema/null-optional',
          severity: 'error',
          message: `${path.join('.')} is null. Optional fields are omitted, never sent as null (the reference client rejects this event).`,
          path,
        });
      } else {
        diagnostics.push({
          code: 'schema/invalid',
          severity: 'error',
          message: `${path.length ? path.join('.') : 'event'}: ${issue.message}${
            actual !== undefined ? ` (got ${describe(actual)})` : ''
          }.`,
          path,
        });
      }
      if (path.length === 1 && required.includes(String(path[0]))) replayable = false;
    }
  }
  return { event, replayable, diagnostics };
}

/** Parses one frame's text as JSON and checks it as an event. Never throws. */
export function decodeEventText(text: string): CheckedEvent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      replayable: false,
      diagnostics: [
        {
          code: 'json/invalid',
          severity: 'error',
          message: text.trim() === '' ? 'The frame is empty: no JSON to read.' : `Not valid JSON: ${(error as Error).message}`,
        },
      ],
    };
  }
  return checkEvent(value);
}
