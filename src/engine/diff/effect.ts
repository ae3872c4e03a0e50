/**
 * What one event did: the state change as JSON Patch operations with the values before and after, the
 * messages added, changed (with the text appended) and removed. Computed on demand from the replay.
 */
import type { Msg } from '../reduce/messages';
import type { Replay } from '../replay/replay';

export interface StateChange {
  op: string;
  path: string;
  /** Where the value is after the event (an append "/list/-" lands at "/list/N"). */
  at?: string;
  from?: string;
  /** Absent when nothing was there. */
  before?: unknown;
  after?: unknown;
  hadBefore: boolean;
  hasAfter: boolean;
}

export interface MessageChange {
  kind: 'added' | 'changed' | 'removed';
  id: string;
  role: string;
  /** Text added to the end of the content. */
  appended?: string;
  /** Tool call arguments added, per tool call. */
  argsAppended?: { toolCallId: string; name: string; text: string; added: boolean }[];
  /** Other fields that changed (metadata, encryptedValue, name, …). */
  fields?: string[];
}

/** A STATE_DELTA the reducer refused: which operation failed and why; the state stays as it was. */
export interface PatchFailure {
  opIndex: number;
  reason: string;
  ops: { op: string; path: string; from?: string; status: 'rolled back' | 'failed' | 'not applied' }[];
  /** The document around the failing path, as it was: the nearest part of the path that exists. */
  context: { path: string; value: unknown };
}

export interface EventEffect {
  index: number;
  lane: string;
  state: StateChange[];
  patchFailure?: PatchFailure;
  /** State changes left out because there were too many. */
  stateTruncated: number;
  messages: MessageChange[];
}

const MAX_CHANGES = 500;

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a JSON Pointer, or `found: false`. */
export function pointerGet(doc: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === '') return { found: true, value: doc };
  let v = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = unescape(raw);
    if (Array.isArray(v)) {
      if (key === '-' || !/^\d+$/.test(key) || Number(key) >= v.length) return { found: false };
      v = v[Number(key)];
    } else if (v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, key)) {
      v = (v as Record<string, unknown>)[key];
    } else return { found: false };
  }
  return { found: true, value: v };
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A structural diff of two JSON values as add / remove / replace operations. */
export function diffJson(before: unknown, after: unknown, path = '', out: StateChange[] = [], limit = MAX_CHANGES): StateChange[] {
  if (before === after || out.length > limit) return out;
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.min(before.length, after.length);
    for (let i = 0; i < n; i++) diffJson(before[i], after[i], `${path}/${i}`, out, limit);
    for (let i = n; i < after.length; i++) out.push({ op: 'add', path: `${path}/${i}`, after: after[i], hadBefore: false, hasAfter: true });
    for (let i = before.length - 1; i >= n; i--) out.push({ op: 'remove', path: `${path}/${i}`, before: before[i], hadBefore: true, hasAfter: false });
    return out;
  }
  if (isObj(before) && isObj(after)) {
    for (const key of Object.keys(before)) {
      const p = `${path}/${escape(key)}`;
      if (!Object.prototype.hasOwnProperty.call(after, key)) out.push({ op: 'remove', path: p, before: before[key], hadBefore: true, hasAfter: false });
      else diffJson(before[key], after[key], p, out, limit);
    }
    for (const key of Object.keys(after)) {
      if (!Object.prototype.hasOwnProperty.call(before, key)) out.push({ op: 'add', path: `${path}/${escape(key)}`, after: after[key], hadBefore: false, hasAfter: true });
    }
    return out;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ op: 'replace', path: path, before, after, hadBefore: true, hasAfter: true });
  return out;
}

function messageChanges(before: readonly Msg[], after: readonly Msg[]): MessageChange[] {
  const was = new Map<string, Msg>();
  for (const m of before) if (!was.has(m.id)) was.set(m.id, m);
  const now = new Set<string>();
  const out: MessageChange[] = [];
  for (const m of after) {
    if (now.has(m.id)) continue;
    now.add(m.id);
    const old = was.get(m.id);
    if (!old) {
      out.push({ kind: 'added', id: m.id, role: m.role, ...(typeof m.content === 'string' && m.content !== '' && { appended: m.content }) });
      continue;
    }
    if (old === m) continue;
    const change: MessageChange = { kind: 'changed', id: m.id, role: m.role };
    const a = typeof old.content === 'string' ? old.content : undefined;
    const b = typeof m.content === 'string' ? m.content : undefined;
    if (a !== undefined && b !== undefined && b.startsWith(a) && b !== a) change.appended = b.slice(a.length);
    const oldCalls = (old as { toolCalls?: { id: string; function: { name: string; arguments: string } }[] }).toolCalls ?? [];
    const newCalls = (m as { toolCalls?: { id: string; function: { name: string; arguments: string } }[] }).toolCalls ?? [];
    for (const call of newCalls) {
      const prev = oldCalls.find((c) => c.id === call.id);
      if (!prev) (change.argsAppended ??= []).push({ toolCallId: call.id, name: call.function.name, text: call.function.arguments, added: true });
      else if (prev.function.arguments !== call.function.arguments && call.function.arguments.startsWith(prev.function.arguments)) {
        (change.argsAppended ??= []).push({ toolCallId: call.id, name: call.function.name, text: call.function.arguments.slice(prev.function.arguments.length), added: false });
      }
    }
    const fields = [...new Set([...Object.keys(old), ...Object.keys(m)])].filter(
      (k) => k !== 'content' && k !== 'toolCalls' && JSON.stringify((old as Record<string, unknown>)[k]) !== JSON.stringify((m as Record<string, unknown>)[k]),
    );
    if (fields.length) change.fields = fields;
    if (a !== b && change.appended === undefined && b !== undefined) (change.fields ??= []).push('content');
    out.push(change);
  }
  for (const m of before) if (!now.has(m.id)) out.push({ kind: 'removed', id: m.id, role: m.role });
  return out;
}

/** The effect of input event `index` on its conversation. */
export function effectOf(replay: Replay, index: number): EventEffect {
  const lane = replay.laneAt(index);
  const { before, after } = replay.around(index, lane);
  const messages = messageChanges(before.messages, after.messages);
  let state: StateChange[] = [];
  let stateTruncated = 0;
  if (before.state !== after.state) {
    const steps = replay.stepsOf(index).filter((s) => s.lane === lane);
    const delta = steps.find((s) => s.event.type === 'STATE_DELTA')?.event as { delta?: { op: string; path: string; from?: string }[] } | undefined;
    if (delta?.delta && steps.length === 1) {
      state = delta.delta.map((op) => {
        const b = pointerGet(before.state, op.path);
        // "/list/-" names the end of the list: after an add, that is its last element.
        let afterPath = op.path;
        if (op.path.endsWith('/-')) {
          const list = pointerGet(after.state, op.path.slice(0, -2));
          if (Array.isArray(list.value)) afterPath = `${op.path.slice(0, -2)}/${list.value.length - 1}`;
        }
        const a = pointerGet(after.state, afterPath);
        return {
          op: op.op,
          path: op.path,
          ...(afterPath !== op.path && { at: afterPath }),
          ...(op.from !== undefined && { from: op.from }),
          ...(b.found && { before: b.value }),
          ...(a.found && { after: a.value }),
          hadBefore: b.found,
          hasAfter: a.found,
        };
      });
    } else {
      state = diffJson(before.state, after.state);
      if (state.length > MAX_CHANGES) {
        stateTruncated = state.length - MAX_CHANGES;
        state = state.slice(0, MAX_CHANGES);
      }
    }
  }
  const effect: EventEffect = { index, lane, state, stateTruncated, messages };
  const failure = patchFailureOf(replay, index, before.state);
  if (failure) effect.patchFailure = failure;
  return effect;
}

/** The nearest existing ancestor of a pointer in a document. */
function around(doc: unknown, pointer: string): { path: string; value: unknown } {
  let path = pointer;
  for (;;) {
    const got = pointerGet(doc, path);
    if (got.found) return { path, value: got.value };
    if (path === '') return { path: '', value: doc };
    path = path.slice(0, path.lastIndexOf('/'));
  }
}

function patchFailureOf(replay: Replay, index: number, before: unknown): PatchFailure | undefined {
  const problem = replay.problemsAt(index).find((p) => p.ruleId === 'state/patch-failed');
  if (!problem) return undefined;
  const delta = replay.stepsOf(index).find((s) => s.event.type === 'STATE_DELTA')?.event as { delta?: { op: string; path: string; from?: string }[] } | undefined;
  const ops = Array.isArray(delta?.delta) ? delta.delta : [];
  const opIndex = typeof problem.path?.[1] === 'number' ? problem.path[1] : 0;
  const failing = ops[opIndex];
  return {
    opIndex,
    reason: problem.message,
    ops: ops.map((op, k) => ({
      op: String(op.op),
      path: String(op.path),
      ...(op.from !== undefined && { from: String(op.from) }),
      status: k < opIndex ? 'rolled back' : k === opIndex ? 'failed' : 'not applied',
    })),
    context: around(before, typeof failing?.path === 'string' ? failing.path : ''),
  };
}
