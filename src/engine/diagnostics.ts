export type Severity = 'error' | 'warning' | 'info';

/** A problem found in one frame (decoding, JSON, schema). Protocol problems across events are `Problem`s (verify/). */
export interface Diagnostic {
  /** Stable identifier, e.g. `json/invalid`, `schema/invalid-field`. */
  code: string;
  severity: Severity;
  message: string;
  /** Where inside the event, as a JSON path. */
  path?: (string | number)[];
  /** Where in the stream, as a byte offset from its first byte. */
  offset?: number;
  /** A change the reference client makes to the event before the app sees it (the field paths, as JSON pointers). */
  change?: { kind: 'dropped-null' | 'converted' | 'stripped'; fields: string[] };
}

export const formatPath = (path: readonly (string | number)[] | undefined): string =>
  !path || path.length === 0
    ? '(root)'
    : path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
