/**
 * The timeline's filter language, as in Chrome's DevTools:
 *   word            the type, an id or the content contains it (case-insensitive); a delta is read with the text of
 *                   its message or tool call before it ("Lisbon" split over two deltas is found at the second)
 *   "two words"     a phrase
 *   type:STATE_DELTA, run:…, thread:…, tool:…   the event's type, run, thread (conversation), tool name or call id
 *   outcome:failed  the events that end a run that way, in the panel's words (done, failed, interrupted, cancelled)
 *                   or the protocol's (success, error, interrupt); an event's own outcome field otherwise
 *   changed:mapped  the events the page's client changed before the app saw them, by kind (mapped, expanded,
 *                   inserted, dropped-null, converted, stripped), or changed:any for every one
 *   messageId:m1    any other field of the event
 *   -word, -type:X  excludes what matches
 *   /regex/i        a regular expression over the type, the ids and the content ("/a b/" with a space)
 *   a b             both must match (space = and); type:A|B or type:A,B = either (inside a key)
 * Pure: parsed once per change of the query, matched per row.
 */

export type Term =
  | { kind: 'text'; value: string; negate: boolean }
  | { kind: 'regex'; re: RegExp; negate: boolean }
  | { kind: 'key'; key: string; values: string[]; negate: boolean };

export interface ParsedQuery {
  terms: Term[];
  /** A part that could not be read (a bad regular expression), and why (the browser's words): said next to the filter. */
  error?: { token: string; message: string };
}

/** What a row offers to the filter. */
export interface FilterSubject {
  type: string;
  /** The event's identifying fields, as shown in the row. */
  ids: readonly (readonly [string, string])[];
  /** The raw frame text (may be cut). */
  raw: string;
  run?: string | undefined;
  thread?: string | undefined;
  /** Tool call ids and names the event is about. */
  tools: readonly string[];
  /** How the event ends its run, in the panel's and the protocol's words ("failed error", "done success"). */
  outcome?: string | undefined;
  /** The kinds of change the page's client made to the event before the app saw it ("mapped expanded"). */
  changed?: string | undefined;
  /** What the row says besides its fields ("failed", "interrupted", "replayed"): found by a plain word too. */
  tags?: readonly string[];
  /** For a delta: the end of its message's or call's text before it, and that with the delta (textJoiner). */
  joined?: Joined | undefined;
  event: Record<string, unknown> | undefined;
}

/** Splits on spaces outside double quotes; quotes group a phrase. */
function tokens(query: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  let any = false;
  for (const ch of query) {
    if (ch === '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && /\s/.test(ch)) {
      if (any) out.push(current);
      current = '';
      any = false;
    } else {
      current += ch;
      any = true;
    }
  }
  if (any) out.push(current);
  return out;
}

export function parseQuery(query: string): ParsedQuery {
  const terms: Term[] = [];
  let error: ParsedQuery['error'];
  for (let token of tokens(query.trim())) {
    let negate = false;
    if (token.length > 1 && token.startsWith('-')) {
      negate = true;
      token = token.slice(1);
    }
    const regex = /^\/(.+)\/([a-z]*)$/.exec(token);
    if (regex) {
      try {
        terms.push({ kind: 'regex', re: new RegExp(regex[1]!, regex[2]!.replace(/[gy]/g, '') || 'i'), negate });
      } catch (e) {
        error = { token, message: e instanceof Error ? e.message : String(e) };
      }
      continue;
    }
    const key = /^([A-Za-z][\w-]*):(.+)$/.exec(token);
    if (key) {
      const values = key[2]!
        .split(/[|,]/)
        .map((v) => v.trim().toLowerCase())
        .filter((v) => v !== '');
      if (values.length > 0) terms.push({ kind: 'key', key: key[1]!.toLowerCase(), values, negate });
      continue;
    }
    if (token !== '') terms.push({ kind: 'text', value: token.toLowerCase(), negate });
  }
  return error === undefined ? { terms } : { terms, error };
}

const has = (text: string | undefined, value: string) => text !== undefined && text.toLowerCase().includes(value);

function matchesKey(term: Extract<Term, { kind: 'key' }>, s: FilterSubject): boolean {
  const any = (get: (v: string) => boolean) => term.values.some(get);
  switch (term.key) {
    case 'type':
      return any((v) => has(s.type, v));
    case 'run':
      return any((v) => has(s.run, v));
    case 'thread':
      return any((v) => has(s.thread, v));
    case 'tool':
      return any((v) => s.tools.some((t) => has(t, v)));
    case 'outcome':
      return any((v) => has(s.outcome, v));
    case 'changed':
      return any((v) => s.changed !== undefined && (v === 'any' || v === 'yes' || v === 'true' || has(s.changed, v)));
    default: {
      // Any other field of the event, by its name (case-insensitive).
      if (!s.event) return false;
      const field = Object.keys(s.event).find((k) => k.toLowerCase() === term.key);
      if (field === undefined) return false;
      const value = s.event[field];
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return any((v) => has(text, v));
    }
  }
}

/** The text a plain word or a regular expression is looked for in. */
export const haystackOf = (s: FilterSubject): string => `${s.type} ${s.ids.map(([k, v]) => `${k}:${v}`).join(' ')} ${s.tags?.join(' ') ?? ''} ${s.raw}`;

export interface Joined {
  /** The end of the text before the delta. */
  before: string;
  /** `before`, then the delta. */
  text: string;
}

/**
 * The text around each delta of a message or tool call, as a forward pass over the events reaches them: call it with
 * every event in order; for a delta it returns the last `window` characters of its message's or call's text before
 * it, then the delta, so that a word split over deltas is found at the delta that completes it (and not again at
 * every later one).
 */
export function textJoiner(window: number): (event: Record<string, unknown> | undefined) => Joined | undefined {
  const tails = new Map<string, string>();
  return (e) => {
    if (typeof e?.delta !== 'string') return undefined;
    const type = typeof e.type === 'string' ? e.type : '';
    const key = /^TOOL_CALL_(ARGS|CHUNK)$/.test(type) && typeof e.toolCallId === 'string'
      ? `tool:${e.toolCallId}`
      : /^(TEXT|REASONING)_MESSAGE_(CONTENT|CHUNK)$/.test(type) && typeof e.messageId === 'string'
        ? `message:${e.messageId}`
        : undefined;
    if (key === undefined) return undefined;
    const before = tails.get(key) ?? '';
    const text = before + e.delta;
    tails.set(key, text.length > window ? text.slice(text.length - window) : text);
    return { before, text };
  };
}

/** How much text before a delta the filter's terms need to be found across it (a regular expression: 64 characters). */
export const joinWindow = (terms: readonly Term[]): number =>
  terms.reduce((w, t) => Math.max(w, t.kind === 'text' ? t.value.length - 1 : t.kind === 'regex' ? 64 : 0), 0);

export function matches(terms: readonly Term[], s: FilterSubject, haystack = haystackOf(s)): boolean {
  let lower: string | undefined;
  for (const term of terms) {
    let hit: boolean;
    // A delta also matches where the term spans it and the text before it (found once: where it is completed).
    const across = (test: (text: string) => boolean) => s.joined !== undefined && test(s.joined.text) && !test(s.joined.before);
    if (term.kind === 'text') {
      const v = term.value;
      hit = (lower ??= haystack.toLowerCase()).includes(v) || across((x) => x.toLowerCase().includes(v));
    } else if (term.kind === 'regex') {
      const re = term.re;
      hit = re.test(haystack) || across((x) => re.test(x));
    }
    else hit = matchesKey(term, s);
    if (hit === term.negate) return false;
  }
  return true;
}
