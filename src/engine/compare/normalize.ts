/**
 * What two runs are compared on: each side's events, normalized so that what does not matter does not differ.
 * - ids (messageId, toolCallId, runId, threadId, parentRunId, subagentRunId, parentSubagentRunId, interrupt ids, and the ids inside
 *   message and interrupt lists) are replaced by their order of first appearance per kind (`msg#1`, `call#2`);
 * - `timestamp` and `rawEvent` are left out;
 * - text, tool-argument and reasoning deltas are joined per message or call (one item at the first delta, holding
 *   the whole text: a different chunking of the same text is no difference), unless deltas are compared one by one;
 * - a STATE_SNAPSHOT equal to the state snapshot before it, with no delta between, is collapsed into it;
 * - JSON pointers the user ignores are removed: `event:/metadata/traceId` from every event, `/cart/total` from the
 *   state (in snapshots, in delta operations on it, and in the final state).
 * Each item keeps the input indices of the events it stands for. Pure.
 */
import type { Frame } from '../decode/frames';

export type TextMode = 'joined' | 'deltas';

export interface CompareOptions {
  /** Match ids by their order of first appearance (default) or compare them as they are. */
  ids?: 'order' | 'exact';
  text?: TextMode;
  /** Collapse a repeated identical STATE_SNAPSHOT (default true). */
  collapseSnapshots?: boolean;
  /** JSON pointers: into the state (`/cart/total`) or, prefixed `event:`, into every event (`event:/metadata/traceId`). `*` matches any key. */
  ignore?: readonly string[];
}

export interface Item {
  /** The event type, or `(not an event)` for a frame that did not decode. */
  type: string;
  /** The normalized event (what is shown and compared). */
  value: unknown;
  /** Its canonical text: equal items have equal keys. */
  key: string;
  /** The input event indices it stands for, ascending (the first is where it is shown). */
  indices: number[];
}

const ID_KINDS: Record<string, string> = {
  messageId: 'msg',
  parentMessageId: 'msg',
  toolCallId: 'call',
  parentToolCallId: 'call',
  runId: 'run',
  parentRunId: 'run',
  subagentRunId: 'run',
  parentSubagentRunId: 'run',
  threadId: 'thread',
  interruptId: 'interrupt',
  interruptIds: 'interrupt',
  pendingToolCallIds: 'call',
};
/** The kind of an `id` inside a list of this name. */
const LIST_ID_KINDS: Record<string, string> = { messages: 'msg', toolCalls: 'call', interrupts: 'interrupt', pendingInterrupts: 'interrupt' };
/** Values held as they are: state, payloads, tool results, custom values (an `id` in them is the app's, not the protocol's). */
const OPAQUE = new Set(['snapshot', 'delta', 'value', 'state', 'forwardedProps', 'context', 'tools', 'result', 'payload', 'patch', 'content', 'event', 'responseSchema', 'metadata', 'arguments']);
const DROPPED = new Set(['timestamp', 'rawEvent']);

/** Ids by order of first appearance, per kind, for one side. */
export class IdMap {
  private readonly maps = new Map<string, Map<string, string>>();
  constructor(readonly exact = false) {}
  map(kind: string, id: string): string {
    if (this.exact) return id;
    let m = this.maps.get(kind);
    if (!m) this.maps.set(kind, (m = new Map()));
    let v = m.get(id);
    if (v === undefined) m.set(id, (v = `${kind}#${m.size + 1}`));
    return v;
  }
  /** The normalized id a raw id of this kind had (undefined if it never appeared). */
  known(kind: string, id: string): string | undefined {
    return this.exact ? id : this.maps.get(kind)?.get(id);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The kind of id a member holds, if it is one (REASONING_ENCRYPTED_VALUE's entityId: a message's or a tool call's, as its subtype says). */
const idKind = (obj: Record<string, unknown>, k: string, listKind: string | undefined): string | undefined =>
  ID_KINDS[k] ?? (k === 'id' ? listKind : k === 'entityId' ? (obj.subtype === 'tool-call' ? 'call' : 'msg') : undefined);

/** An event (or part of one) with its protocol ids replaced, timestamps and rawEvent left out. */
export function normalizeIds(value: unknown, ids: IdMap, listKind?: string, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => normalizeIds(v, ids, listKind, false));
  if (!isObj(value)) return value;
  const out: Record<string, unknown> = {};
  // Keys in sorted order, as canonicalIds maps them: ids are numbered the same by both.
  for (const k of sortedKeys(value)) {
    const v = value[k];
    if (top && DROPPED.has(k)) continue;
    const kind = idKind(value, k, listKind);
    if (kind && typeof v === 'string') out[k] = ids.map(kind, v);
    else if (kind && Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v.map((x) => ids.map(kind, x as string));
    else if (OPAQUE.has(k)) out[k] = v;
    else out[k] = normalizeIds(v, ids, LIST_ID_KINDS[k], false);
  }
  return out;
}

/**
 * An object's own keys in the order `Array.prototype.sort` gives strings (UTF-16 code units). An event has a handful:
 * sorted in place by insertion, as the built-in sort copies the array first (a third of a diff's garbage was that).
 */
function sortedKeys(obj: object): string[] {
  const keys = Object.keys(obj);
  const n = keys.length;
  if (n > 16) return keys.sort();
  for (let i = 1; i < n; i++) {
    const k = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > k; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = k;
  }
  return keys;
}

/** `"key":` for a member name, cached (an event's few names recur in every event). */
const quoted = new Map<string, string>();
const memberOf = (k: string): string => {
  let q = quoted.get(k);
  if (q === undefined) {
    q = `${JSON.stringify(k)}:`;
    if (quoted.size < 4096) quoted.set(k, q);
  }
  return q;
};

/** Canonical JSON: object keys sorted, so that key order is no difference (undefined members left out, as JSON does). */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let s = '[';
    for (let i = 0; i < value.length; i++) s += (i ? ',' : '') + (value[i] === undefined ? 'null' : canonical(value[i]));
    return `${s}]`;
  }
  const obj = value as Record<string, unknown>;
  const keys = sortedKeys(obj);
  let s = '{';
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined || typeof v === 'function') continue;
    s += `${s.length > 1 ? ',' : ''}${memberOf(k)}${canonical(v)}`;
  }
  return `${s}}`;
}

/** An id mapped by order (`msg#1`: nothing to escape) or kept as it is (exact: as JSON). */
const idText = (ids: IdMap, kind: string, id: string): string => (ids.exact ? JSON.stringify(id) : `"${ids.map(kind, id)}"`);

/** `canonical(normalizeIds(value, ids, listKind, top))` in one pass, without building the normalized copy. */
export function canonicalIds(value: unknown, ids: IdMap, listKind?: string, top = true): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let s = '[';
    for (let i = 0; i < value.length; i++) s += (i ? ',' : '') + (value[i] === undefined ? 'null' : canonicalIds(value[i], ids, listKind, false));
    return `${s}]`;
  }
  const obj = value as Record<string, unknown>;
  const keys = sortedKeys(obj);
  let s = '{';
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined || typeof v === 'function' || (top && DROPPED.has(k))) continue;
    const kind = idKind(obj, k, listKind);
    let text: string;
    if (kind && typeof v === 'string') text = idText(ids, kind, v);
    else if (kind && Array.isArray(v) && v.every((x) => typeof x === 'string')) text = `[${v.map((x) => idText(ids, kind, x as string)).join(',')}]`;
    else if (OPAQUE.has(k)) text = canonical(v);
    else text = canonicalIds(v, ids, LIST_ID_KINDS[k], false);
    s += `${s.length > 1 ? ',' : ''}${memberOf(k)}${text}`;
  }
  return `${s}}`;
}

/** A JSON pointer's tokens (`*` any); a pointer that does not start with / has none. */
export const pointerTokens = (pointer: string): string[] | undefined =>
  pointer.startsWith('/') ? pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')) : pointer === '' ? [] : undefined;

/** A copy of value without what the pointers name. */
export function withoutPaths(value: unknown, pointers: readonly string[][]): unknown {
  if (pointers.length === 0) return value;
  if (pointers.some((p) => p.length === 0)) return undefined;
  if (Array.isArray(value) || isObj(value)) {
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    const kept: [string, unknown][] = [];
    for (const [k, v] of entries) {
      const here = pointers.filter((p) => p[0] === '*' || p[0] === k).map((p) => p.slice(1));
      if (here.some((p) => p.length === 0)) continue;
      kept.push([k, withoutPaths(v, here)]);
    }
    return Array.isArray(value) ? kept.map(([, v]) => v) : Object.fromEntries(kept);
  }
  return value;
}

/** Whether a JSON pointer string lies under one of the pointers. */
const under = (path: string, pointers: readonly string[][]): boolean => {
  const tokens = pointerTokens(path);
  return tokens !== undefined && pointers.some((p) => p.length <= tokens.length && p.every((t, i) => t === '*' || t === tokens[i]));
};

export interface IgnoreLists {
  event: string[][];
  state: string[][];
}

/** The ignore list split into event and state pointers; a bad pointer is an error that says which. */
export function ignoreLists(ignore: readonly string[] = []): IgnoreLists {
  const out: IgnoreLists = { event: [], state: [] };
  for (const raw of ignore) {
    const isEvent = raw.startsWith('event:');
    const tokens = pointerTokens(isEvent ? raw.slice(6) : raw);
    if (!tokens) throw new Error(`"${raw}" is not a JSON pointer (it starts with /, or event:/ for a path in every event)`);
    (isEvent ? out.event : out.state).push(tokens);
  }
  return out;
}

const DELTA_TYPES: Record<string, string> = { TEXT_MESSAGE_CONTENT: 'messageId', TOOL_CALL_ARGS: 'toolCallId', REASONING_MESSAGE_CONTENT: 'messageId' };

/** The compared items of one side: the events at `indices` (input indices, in the order compared). */
export function normalizeSide(frames: readonly Frame[], indices: readonly number[], options: CompareOptions = {}): { items: Item[]; ids: IdMap } {
  const ids = new IdMap(options.ids === 'exact');
  const ignore = ignoreLists(options.ignore);
  const joined = (options.text ?? 'joined') === 'joined';
  // The whole text of each message or call, and the events it came in.
  const texts = new Map<string, { text: string; indices: number[] }>();
  // Indexed loops: a diff runs these once per event, mostly before the JIT has warmed up.
  if (joined)
    for (let n = 0; n < indices.length; n++) {
      const i = indices[n]!;
      const e = frames[i]?.event as Record<string, unknown> | undefined;
      const field = e && DELTA_TYPES[e.type as string];
      if (!field || typeof e[field] !== 'string' || typeof e.delta !== 'string') continue;
      const k = `${e.type as string}\u0000${e[field] as string}`;
      const t = texts.get(k) ?? { text: '', indices: [] };
      t.text += e.delta;
      t.indices.push(i);
      texts.set(k, t);
    }
  const items: Item[] = [];
  let lastSnapshot: Item | undefined;
  for (let n = 0; n < indices.length; n++) {
    const i = indices[n]!;
    const frame = frames[i];
    if (!frame) continue;
    const e = frame.event as Record<string, unknown> | undefined;
    if (!e || typeof e.type !== 'string') {
      const value = { raw: frame.raw };
      items.push({ type: '(not an event)', value, key: `!${frame.raw}`, indices: [i] });
      continue;
    }
    const field = joined ? DELTA_TYPES[e.type] : undefined;
    let source: Record<string, unknown> = e;
    let covered = [i];
    if (field && typeof e[field] === 'string' && typeof e.delta === 'string') {
      const t = texts.get(`${e.type}\u0000${e[field] as string}`)!;
      if (t.indices[0] !== i) continue;
      source = { ...e, delta: t.text };
      covered = t.indices;
    }
    let item: Item;
    if (ignore.event.length || ignore.state.length) {
      let value = normalizeIds(source, ids) as Record<string, unknown>;
      if (ignore.event.length) value = (withoutPaths(value, ignore.event) ?? {}) as Record<string, unknown>;
      if (ignore.state.length) value = withoutStatePaths(value, ignore.state);
      item = { type: e.type, value, key: canonical(value), indices: covered };
    } else item = new LazyItem(e.type, canonicalIds(source, ids), covered, source, ids);
    const key = item.key;
    if (e.type === 'STATE_SNAPSHOT') {
      if ((options.collapseSnapshots ?? true) && key === lastSnapshot?.key) {
        lastSnapshot.indices.push(i);
        continue;
      }
    } else if (e.type === 'STATE_DELTA' || e.type === 'RUN_STARTED') lastSnapshot = undefined;
    if (e.type === 'STATE_SNAPSHOT') lastSnapshot = item;
    items.push(item);
  }
  return { items, ids };
}

/** An item whose normalized value is built when it is first read (most are only compared by key); its ids are all mapped by then. */
class LazyItem implements Item {
  private built: unknown;
  constructor(
    readonly type: string,
    readonly key: string,
    readonly indices: number[],
    private readonly source: Record<string, unknown>,
    private readonly ids: IdMap,
  ) {}
  get value(): unknown {
    return (this.built ??= normalizeIds(this.source, this.ids));
  }
}

/** A state event without the ignored state paths (a snapshot's values; a delta's operations on them). */
function withoutStatePaths(value: Record<string, unknown>, pointers: readonly string[][]): Record<string, unknown> {
  if (value.type === 'STATE_SNAPSHOT' && 'snapshot' in value) return { ...value, snapshot: withoutPaths(value.snapshot, pointers) };
  if (value.type === 'STATE_DELTA' && Array.isArray(value.delta))
    return { ...value, delta: value.delta.filter((op) => !(isObj(op) && typeof op.path === 'string' && under(op.path, pointers))) };
  return value;
}
