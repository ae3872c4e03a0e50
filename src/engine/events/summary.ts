import type { AnyEvent } from './model';

/** The ids that tie an event to others, in the order a reader looks for them. */
const KEY_FIELDS = [
  'runId',
  'threadId',
  'parentRunId',
  'messageId',
  'toolCallId',
  'toolCallName',
  'parentMessageId',
  'stepName',
  'activityType',
  'subagentRunId',
  'parentSubagentRunId',
  'entityId',
  'name',
  'metaType',
] as const;

export type KeyId = readonly [field: string, value: string];

/** The identifying fields of an event, for one-line display. */
export function keyIds(event: AnyEvent | undefined): KeyId[] {
  if (!event || typeof event !== 'object') return [];
  const out: KeyId[] = [];
  const record = event as Record<string, unknown>;
  for (const field of KEY_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value !== '') {
      if (field === 'threadId' && typeof record.runId === 'string') continue;
      out.push([field, value]);
    }
  }
  return out;
}

/** The event's type for display, whatever the frame held. */
export function typeLabel(event: AnyEvent | undefined): string {
  if (!event) return '(no event)';
  const type = (event as { type?: unknown }).type;
  return typeof type === 'string' ? type : '(no type)';
}

/** A short preview of what the event carries (text deltas, tool args, errors). */
export function preview(event: AnyEvent | undefined, max = 80): string {
  if (!event || typeof event !== 'object') return '';
  const e = event as Record<string, unknown>;
  let text: string | undefined;
  // Cut before quoting: a delta can be megabytes, and a row shows a line.
  const quote = (s: string) => JSON.stringify(s.length > max ? s.slice(0, max) : s);
  if (typeof e.delta === 'string') text = quote(e.delta);
  else if (Array.isArray(e.delta)) text = `${e.delta.length} op${e.delta.length === 1 ? '' : 's'}`;
  else if (typeof e.message === 'string') text = e.message.slice(0, max + 1);
  else if (typeof e.content === 'string') text = quote(e.content);
  else if (e.outcome && typeof e.outcome === 'object') text = `outcome: ${String((e.outcome as { type?: unknown }).type)}`;
  if (text === undefined) return '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * What an event that ends a run says of it, in the words every view uses (runRows' OUTCOME): 'failed' for a
 * RUN_ERROR, 'interrupted' or 'cancelled' for a RUN_FINISHED with that outcome; undefined otherwise.
 */
export function endTag(event: AnyEvent | undefined): 'failed' | 'interrupted' | 'cancelled' | undefined {
  const type = typeLabel(event);
  if (type === 'RUN_ERROR') return 'failed';
  if (type !== 'RUN_FINISHED') return undefined;
  const outcome = (event as { outcome?: { type?: unknown } }).outcome?.type;
  return outcome === 'interrupt' ? 'interrupted' : outcome === 'cancelled' ? 'cancelled' : undefined;
}
