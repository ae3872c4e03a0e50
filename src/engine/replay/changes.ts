/**
 * What the page's client changes in an event before the app sees it (@ag-ui/client 1.0: THINKING_* mapped to
 * REASONING_*, chunks expanded, closing events inserted, null fields dropped, legacy parts converted, fields its
 * schema does not name stripped). Each change is named, with the fields or types it is about; the replay keeps them
 * per event and reports each as a note under the rule of its kind.
 */
import type { Diagnostic } from '../diagnostics';

export type ChangeKind = 'mapped' | 'expanded' | 'inserted' | 'dropped-null' | 'converted' | 'stripped';

export const CHANGE_KINDS: readonly ChangeKind[] = ['mapped', 'expanded', 'inserted', 'dropped-null', 'converted', 'stripped'];

/** The rule each kind of change is counted under (fields stripped: the schema rule that already says so). */
export const CHANGE_RULE: Record<ChangeKind, string> = {
  mapped: 'client/mapped',
  expanded: 'client/expanded',
  inserted: 'client/inserted',
  'dropped-null': 'client/dropped-null',
  converted: 'client/converted',
  stripped: 'schema/unrecognized',
};

export interface ClientChange {
  kind: ChangeKind;
  /** What changed, in a sentence. */
  text: string;
  /** The fields it is about (JSON pointers into the event as sent), for dropped and stripped fields. */
  fields?: string[];
  /** The type as sent, and the types the client used instead (mapped, expanded, inserted). */
  from?: string;
  into?: string[];
}

type Obj = Record<string, unknown>;

const pointers = (fields: readonly string[]): string => {
  const shown = fields.slice(0, 8).join(', ');
  return fields.length > 8 ? `${shown} and ${fields.length - 8} more` : shown;
};

/** The changes a frame's own checks found (dropped nulls, converted parts, stripped fields). */
export function decodeChanges(diagnostics: readonly Diagnostic[]): ClientChange[] {
  const out: ClientChange[] = [];
  const byKind = new Map<ChangeKind, string[]>();
  for (const d of diagnostics) {
    if (!d.change) continue;
    const list = byKind.get(d.change.kind) ?? [];
    list.push(...d.change.fields);
    byKind.set(d.change.kind, list);
  }
  for (const [kind, fields] of byKind) {
    const text =
      kind === 'dropped-null'
        ? `Fields sent as null are dropped (treated as absent): ${pointers(fields)}.`
        : kind === 'converted'
          ? `Legacy binary content parts are converted to media parts: ${pointers(fields)}.`
          : `Fields the event type's schema does not name are removed: ${pointers(fields)}.`;
    out.push({ kind, text, fields });
  }
  return out;
}

const typeOf = (e: Obj): string => String(e.type);
const idOf = (e: Obj): string | undefined =>
  typeof e.messageId === 'string' ? e.messageId : typeof e.toolCallId === 'string' ? e.toolCallId : undefined;
const named = (e: Obj): string => {
  const id = idOf(e);
  return id === undefined ? typeOf(e) : `${typeOf(e)} (${id})`;
};

/** A THINKING_* event the client used as a REASONING_* one. */
export const mappedChange = (from: Obj, to: Obj): ClientChange => ({
  kind: 'mapped',
  from: typeOf(from),
  into: [typeOf(to)],
  text: `${typeOf(from)} is mapped to ${named(to)}.`,
});

const CHUNKS = new Set(['TEXT_MESSAGE_CHUNK', 'TOOL_CALL_CHUNK', 'REASONING_MESSAGE_CHUNK']);

/**
 * What the chunk expander made of one event: a chunk expanded into the events it stands for, or closing events the
 * client inserted before an event (a run's end closes the chunks still open). Nothing when the event passed as it was.
 */
export function expansionChange(sent: Obj, used: readonly { event: Obj; synthesized: boolean }[]): ClientChange | undefined {
  if (CHUNKS.has(typeOf(sent))) {
    const into = used.map((u) => typeOf(u.event));
    return {
      kind: 'expanded',
      from: typeOf(sent),
      into,
      text: into.length === 0 ? `${typeOf(sent)} is expanded into nothing.` : `${typeOf(sent)} is expanded into ${used.map((u) => named(u.event)).join(', ')}.`,
    };
  }
  const inserted = used.filter((u) => u.synthesized);
  if (inserted.length === 0) return undefined;
  return {
    kind: 'inserted',
    from: typeOf(sent),
    into: inserted.map((u) => typeOf(u.event)),
    text: `Before ${typeOf(sent)}, the client closes what chunks left open: ${inserted.map((u) => named(u.event)).join(', ')}.`,
  };
}
