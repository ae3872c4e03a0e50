/**
 * Compares run A with run B (or two sessions, run by run in order): the events aligned by Myers' edit script over
 * the normalized events (normalize.ts), the first divergence, and what differs in messages, final state, problems,
 * outcome, metrics and the input the client sent. Every index it reports is an input event index of its side. Pure:
 * the CLI, the panel, the viewer and the vitest matcher all call it.
 */
import jsonpatch, { type Operation } from 'fast-json-patch';
import type { Msg } from '../reduce/messages';
import type { Replay } from '../replay/replay';
import { runMetrics, type RunMetrics } from '../replay/metrics';
import { finalStatus, type RunEntity } from '../replay/timeline';
import { replaySession } from '../replay/replaySession';
import type { Session } from '../session/session';
import { DEFAULT_MAX_D, diffSequences } from './myers';
import { canonical, type CompareOptions, ignoreLists, type IdMap, type Item, normalizeIds, normalizeSide, withoutPaths } from './normalize';
import { diffText, type TextPart } from './textDiff';
import { OUTCOME, type RunOutcome } from '../replay/runRows';

export interface CompareSide {
  session: Session;
  replay: Replay;
  /** The runs compared (keys), in order; all the session's runs and the events outside them when absent. */
  runs?: readonly number[];
}

export type RowOp = 'equal' | 'removed' | 'added' | 'changed';

/** One aligned row: item `a` of A and item `b` of B (for removed, `b` is where B would have it; for added, `a`). */
export interface Row {
  op: RowOp;
  a: number;
  b: number;
  /** The JSON pointers that differ (changed rows). */
  fields?: string[];
}

export interface MessageDiff {
  status: 'equal' | 'added' | 'removed' | 'changed';
  role: string;
  /** The normalized id (`msg#2`), and each side's own. */
  id: string;
  idA?: string;
  idB?: string;
  text?: TextPart[];
  toolCalls?: { id: string; status: 'equal' | 'added' | 'removed' | 'changed'; nameA?: string; nameB?: string; arguments?: TextPart[] }[];
}

export interface RunPair {
  /** `status` as the run model has it; `outcome`, the word every view uses for it (done, failed…). */
  a?: { key: number; runId: string; status: string; outcome: RunOutcome; stoppedAt?: number; metrics: MetricsSummary };
  b?: { key: number; runId: string; status: string; outcome: RunOutcome; stoppedAt?: number; metrics: MetricsSummary };
  /** The input each side's client sent, per part: a JSON Patch from A's to B's (empty: the same). */
  input: Record<InputPart, Operation[]>;
}

export type InputPart = 'messages' | 'tools' | 'context' | 'state' | 'forwardedProps' | 'resume';
const INPUT_PARTS: readonly InputPart[] = ['messages', 'tools', 'context', 'state', 'forwardedProps', 'resume'];

export interface MetricsSummary {
  firstEventMs?: number;
  ttftMs?: number;
  firstReasoningMs?: number;
  durationMs?: number;
  tokensPerSecond?: number;
  timed: boolean;
  toolLatencyMs: Record<string, number>;
  usage: RunMetrics['usage'];
  eventsByType: Record<string, number>;
}

export interface ProblemRef {
  ruleId: string;
  severity: string;
  eventIndex: number;
  message: string;
}

export interface Comparison {
  equivalent: boolean;
  /** The first row that is not equal, as input event indices of A and B (where the other side would have it). */
  firstDivergence: { a: number; b: number } | null;
  rows: Row[];
  items: { a: Item[]; b: Item[] };
  events: { equal: number; added: number; removed: number; changed: number };
  /** More differences than the alignment looks for: the events after the first divergence are not aligned. */
  capped: boolean;
  maxDifferences: number;
  /** A JSON Patch from A's final state to B's (of the last run compared on each side). */
  state: Operation[];
  finalState: { a: unknown; b: unknown };
  messages: MessageDiff[];
  problems: { onlyA: ProblemRef[]; onlyB: ProblemRef[] };
  runs: RunPair[];
  options: Required<Pick<CompareOptions, 'text' | 'ids'>> & { ignore: readonly string[] };
}

/** The input indices compared on a side, each run's events together, in the order the runs started. */
export function sideIndices(side: CompareSide): number[] {
  const t = side.replay.timeline;
  if (side.runs) return side.runs.flatMap((k) => [...t.eventsOf(k)]);
  const out: number[] = [];
  const emitted = new Set<number>();
  for (let i = 0; i < side.session.frames.length; i++) {
    const run = t.runAt(i);
    if (!run) out.push(i);
    else if (!emitted.has(run.key)) {
      emitted.add(run.key);
      const events = t.eventsOf(run.key);
      for (let n = 0; n < events.length; n++) out.push(events[n]!);
    }
  }
  return out;
}

/** A session as a side: replayed, with the runs of that id (the whole session without one; no run when none has it). */
export function sessionSide(session: Session, runId?: string): CompareSide {
  const replay = replaySession(session);
  return runId === undefined ? { session, replay } : { session, replay, runs: replay.timeline.runs.filter((r) => r.runId === runId).map((r) => r.key) };
}

const sideRuns = (side: CompareSide): RunEntity[] => (side.runs ? side.runs.map((k) => side.replay.timeline.runs[k]!) : side.replay.timeline.runs);

export function compareRuns(a: CompareSide, b: CompareSide, options: CompareOptions & { maxDifferences?: number } = {}): Comparison {
  const maxD = options.maxDifferences ?? DEFAULT_MAX_D;
  const indicesA = sideIndices(a);
  const indicesB = sideIndices(b);
  const na = normalizeSide(a.session.frames, indicesA, options);
  const nb = normalizeSide(b.session.frames, indicesB, options);
  const rows = alignItems(na.items, nb.items, maxD);
  const events = { equal: 0, added: 0, removed: 0, changed: 0 };
  for (const r of rows.rows) events[r.op]++;
  const first = rows.rows.find((r) => r.op !== 'equal');
  const inputAt = (items: Item[], pos: number, frames: number) => (pos < items.length ? items[pos]!.indices[0]! : items.length ? items[items.length - 1]!.indices.reduce((x, y) => Math.max(x, y), 0) + 1 : frames);
  const ignore = ignoreLists(options.ignore);
  const finalA = finalWorld(a, indicesA);
  const finalB = finalWorld(b, indicesB);
  const stateA = withoutPaths(finalA.state, ignore.state);
  const stateB = withoutPaths(finalB.state, ignore.state);
  const state = jsonpatch.compare(toDoc(stateA), toDoc(stateB));
  const messages = diffMessages(finalA.messages, finalB.messages, na.ids, nb.ids, ignore.event);
  const problems = diffProblems(a, b, na.items, nb.items);
  const runs = pairRuns(a, b, na.ids, nb.ids);
  const equivalent = !first && state.length === 0 && messages.every((m) => m.status === 'equal') && runs.every((r) => r.a && r.b && r.a.status === r.b.status);
  return {
    equivalent,
    firstDivergence: first ? { a: inputAt(na.items, first.a, a.session.frames.length), b: inputAt(nb.items, first.b, b.session.frames.length) } : null,
    rows: rows.rows,
    items: { a: na.items, b: nb.items },
    events,
    capped: rows.capped,
    maxDifferences: maxD,
    state,
    finalState: { a: stateA, b: stateB },
    messages,
    problems,
    runs,
    options: { text: options.text ?? 'joined', ids: options.ids ?? 'order', ignore: options.ignore ?? [] },
  };
}

/** jsonpatch.compare takes objects and arrays: a scalar or missing state is wrapped. */
const toDoc = (v: unknown): object => (v !== null && typeof v === 'object' ? (v as object) : { value: v ?? null });

/** The rows of the edit script, a removed item and an added item of the same type next to each other paired as changed. */
export function alignItems(a: readonly Item[], b: readonly Item[], maxD = DEFAULT_MAX_D): { rows: Row[]; capped: boolean } {
  const intern = new Map<string, number>();
  const code = (items: readonly Item[]) => {
    const out = new Int32Array(items.length);
    for (let i = 0; i < items.length; i++) {
      const key = items[i]!.key;
      let n = intern.get(key);
      if (n === undefined) intern.set(key, (n = intern.size));
      out[i] = n;
    }
    return out;
  };
  const script = diffSequences(code(a), code(b), maxD);
  const rows: Row[] = [];
  const edits = script.edits;
  for (let e = 0; e < edits.length; e++) {
    const edit = edits[e]!;
    if (edit.op === 'equal') {
      for (let i = 0; i < edit.length; i++) rows.push({ op: 'equal', a: edit.a + i, b: edit.b + i });
      continue;
    }
    // A block of removals and additions between two equal runs.
    let removed: number[] = [];
    let added: number[] = [];
    let f = e;
    for (; f < edits.length && edits[f]!.op !== 'equal'; f++) {
      const x = edits[f]!;
      for (let i = 0; i < x.length; i++) (x.op === 'removed' ? removed : added).push((x.op === 'removed' ? x.a : x.b) + i);
    }
    e = f - 1;
    rows.push(...pairBlock(a, b, removed, added, edit.a, edit.b));
    removed = [];
    added = [];
  }
  return { rows, capped: script.capped };
}

/** Within one block, each removed item is paired with the next added item of its type (order kept); the rest stay apart. */
function pairBlock(a: readonly Item[], b: readonly Item[], removed: number[], added: number[], a0: number, b0: number): Row[] {
  const rows: Row[] = [];
  let j = 0;
  let posA = a0;
  let posB = b0;
  for (const i of removed) {
    const k = added.findIndex((x, n) => n >= j && b[x]!.type === a[i]!.type);
    if (k < 0 || k - j > 64) {
      rows.push({ op: 'removed', a: i, b: posB });
      posA = i + 1;
      continue;
    }
    for (; j < k; j++) rows.push({ op: 'added', a: posA, b: added[j]! });
    const bi = added[j++]!;
    rows.push({ op: 'changed', a: i, b: bi, fields: jsonpatch.compare(toDoc(a[i]!.value), toDoc(b[bi]!.value)).map((o) => o.path) });
    posA = i + 1;
    posB = bi + 1;
  }
  for (; j < added.length; j++) rows.push({ op: 'added', a: posA, b: added[j]! });
  return rows;
}

/**
 * Messages and state at the end of the last run compared (its conversation). For chosen runs, the conversation
 * is theirs: the messages made or changed since the first of them started (a thread's earlier turns are not
 * this run's).
 */
function finalWorld(side: CompareSide, indices: readonly number[]): { messages: Msg[]; state: unknown } {
  const last = indices[indices.length - 1];
  if (last === undefined) return { messages: [], state: undefined };
  const view = side.replay.at(last);
  const first = side.runs?.length ? side.replay.timeline.runs[side.runs[0]!] : undefined;
  if (!first || first.start <= 0) return { messages: view.messages, state: view.state };
  const before = new Map(side.replay.at(first.start - 1, view.lane).messages.map((m) => [m.id, canonical(m)]));
  return { messages: view.messages.filter((m) => before.get(m.id) !== canonical(m)), state: view.state };
}

const textOf = (m: Msg): string => (typeof m.content === 'string' ? m.content : m.content === undefined ? '' : canonical(m.content));

/**
 * The two conversations aligned by Myers' edit script over their messages (each normalized, without its own id:
 * ids the engine minted differ from run to run); a removed and an added message of one role next to each other are
 * one changed message, with its text diff and its tool calls compared.
 */
function diffMessages(a: readonly Msg[], b: readonly Msg[], idsA: IdMap, idsB: IdMap, dropped: readonly string[][]): MessageDiff[] {
  const itemOf = (m: Msg, ids: IdMap): Item => {
    const value = withoutPaths(normalizeIds({ ...m, id: undefined }, ids, 'msg', false), dropped);
    return { type: m.role, value, key: canonical(value), indices: [] };
  };
  const ia = a.map((m) => itemOf(m, idsA));
  const ib = b.map((m) => itemOf(m, idsB));
  const { rows } = alignItems(ia, ib);
  const idOf = (m: Msg, ids: IdMap, pos: number) => ids.known('msg', m.id) ?? `message ${pos + 1}`;
  return rows.map((r): MessageDiff => {
    const x = a[r.a];
    const y = b[r.b];
    if (r.op === 'removed') return { status: 'removed', role: x!.role, id: idOf(x!, idsA, r.a), idA: x!.id };
    if (r.op === 'added') return { status: 'added', role: y!.role, id: idOf(y!, idsB, r.b), idB: y!.id };
    const d: MessageDiff = { status: r.op === 'equal' ? 'equal' : 'changed', role: x!.role, id: idOf(x!, idsA, r.a), idA: x!.id, idB: y!.id };
    if (r.op === 'changed') {
      if (textOf(x!) !== textOf(y!)) d.text = diffText(textOf(x!), textOf(y!));
      const calls = diffToolCalls(x!, y!, idsA, idsB);
      if (calls.length) d.toolCalls = calls;
    }
    return d;
  });
}

type Call = { id: string; function: { name: string; arguments: string } };
function diffToolCalls(a: Msg, b: Msg, idsA: IdMap, idsB: IdMap): NonNullable<MessageDiff['toolCalls']> {
  const callsOf = (m: Msg) => ((m as { toolCalls?: Call[] }).toolCalls ?? []).filter((c) => c && typeof c.id === 'string');
  const ca = callsOf(a);
  const cb = new Map(callsOf(b).map((c) => [idsB.map('call', c.id), c]));
  const out: NonNullable<MessageDiff['toolCalls']> = [];
  const seen = new Set<string>();
  for (const c of ca) {
    const id = idsA.map('call', c.id);
    seen.add(id);
    const o = cb.get(id);
    if (!o) out.push({ id, status: 'removed', nameA: c.function?.name });
    else {
      const same = c.function?.name === o.function?.name && c.function?.arguments === o.function?.arguments;
      out.push({
        id,
        status: same ? 'equal' : 'changed',
        nameA: c.function?.name,
        nameB: o.function?.name,
        ...(!same && c.function?.arguments !== o.function?.arguments && { arguments: diffText(c.function?.arguments ?? '', o.function?.arguments ?? '') }),
      });
    }
  }
  for (const [id, c] of cb) if (!seen.has(id)) out.push({ id, status: 'added', nameB: c.function?.name });
  return out.filter((c) => c.status !== 'equal');
}

/** Problems one side has and the other has not: counted per rule and event type, the extra ones listed. */
function diffProblems(a: CompareSide, b: CompareSide, itemsA: readonly Item[], itemsB: readonly Item[]): Comparison['problems'] {
  const within = (side: CompareSide, items: readonly Item[]) => {
    const compared = new Uint8Array(side.session.frames.length);
    for (let n = 0; n < items.length; n++) {
      const indices = items[n]!.indices;
      for (let k = 0; k < indices.length; k++) compared[indices[k]!] = 1;
    }
    return side.replay.problems.filter((p) => compared[p.eventIndex] === 1);
  };
  const keyOf = (side: CompareSide, p: { ruleId: string; eventIndex: number }) => `${p.ruleId}\u0000${(side.session.frames[p.eventIndex]?.event as { type?: string } | undefined)?.type ?? ''}`;
  const pa = within(a, itemsA);
  const pb = within(b, itemsB);
  const count = (side: CompareSide, ps: typeof pa) => {
    const m = new Map<string, number>();
    for (const p of ps) m.set(keyOf(side, p), (m.get(keyOf(side, p)) ?? 0) + 1);
    return m;
  };
  const ca = count(a, pa);
  const cb = count(b, pb);
  const extra = (side: CompareSide, ps: typeof pa, mine: Map<string, number>, theirs: Map<string, number>) => {
    const left = new Map([...mine].map(([k, n]) => [k, n - (theirs.get(k) ?? 0)]));
    const out: ProblemRef[] = [];
    for (const p of ps) {
      const k = keyOf(side, p);
      const n = left.get(k) ?? 0;
      if (n <= 0) continue;
      left.set(k, n - 1);
      out.push({ ruleId: p.ruleId, severity: p.severity, eventIndex: p.eventIndex, message: p.message });
    }
    return out;
  };
  return { onlyA: extra(a, pa, ca, cb), onlyB: extra(b, pb, cb, ca) };
}

function summarize(side: CompareSide, run: RunEntity): MetricsSummary {
  const m = runMetrics(side.session, side.replay, run);
  const eventsByType: Record<string, number> = {};
  const events = side.replay.timeline.eventsOf(run.key);
  for (let n = 0; n < events.length; n++) {
    const i = events[n]!;
    const type = (side.session.frames[i]?.event as { type?: string } | undefined)?.type ?? '(not an event)';
    eventsByType[type] = (eventsByType[type] ?? 0) + 1;
  }
  const toolLatencyMs: Record<string, number> = {};
  for (const c of m.toolCalls) if (c.resultMs !== undefined) toolLatencyMs[c.name] = c.resultMs;
  const s: MetricsSummary = { timed: m.timed, toolLatencyMs, usage: m.usage, eventsByType };
  if (m.firstEventMs !== undefined) s.firstEventMs = m.firstEventMs;
  if (m.firstTextMs !== undefined) s.ttftMs = m.firstTextMs;
  if (m.firstReasoningMs !== undefined) s.firstReasoningMs = m.firstReasoningMs;
  if (m.durationMs !== undefined) s.durationMs = m.durationMs;
  if (m.text.tokensPerSecond !== undefined) s.tokensPerSecond = m.text.tokensPerSecond;
  return s;
}

/** Runs paired in order; each pair's metrics and the input its client sent, compared part by part. */
function pairRuns(a: CompareSide, b: CompareSide, idsA: IdMap, idsB: IdMap): RunPair[] {
  const ra = sideRuns(a);
  const rb = sideRuns(b);
  const out: RunPair[] = [];
  for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
    const x = ra[i];
    const y = rb[i];
    const input = {} as Record<InputPart, Operation[]>;
    for (const part of INPUT_PARTS) {
      const va = normalizeIds({ [part]: x?.input?.[part] ?? null }, idsA, undefined, false) as Record<string, unknown>;
      const vb = normalizeIds({ [part]: y?.input?.[part] ?? null }, idsB, undefined, false) as Record<string, unknown>;
      input[part] = jsonpatch.compare(JSON.parse(canonical(va)) as object, JSON.parse(canonical(vb)) as object);
    }
    out.push({
      ...(x && { a: { key: x.key, runId: x.runId, status: finalStatus(x), outcome: OUTCOME[finalStatus(x)], ...(x.stoppedAt !== undefined && { stoppedAt: x.stoppedAt }), metrics: summarize(a, x) } }),
      ...(y && { b: { key: y.key, runId: y.runId, status: finalStatus(y), outcome: OUTCOME[finalStatus(y)], ...(y.stoppedAt !== undefined && { stoppedAt: y.stoppedAt }), metrics: summarize(b, y) } }),
      input,
    });
  }
  return out;
}
