/**
 * The published engine API of `agui-devtools` (package.json "exports"): what a generated `.agui.test.ts` and a
 * project's own tests use to replay and lint recorded AG-UI sessions with the debugger's semantics.
 */
import { SessionQuery } from '../engine/query';
import type { RunRow } from '../engine/replay/runRows';
import { applyLevels, CONFIG_LEVELS, closestRuleId, presetLevels } from '../engine/verify/levels';
import { type Problem, RULES } from '../engine/verify/rules';
import { finalLanes } from '../engine/io/exportFormats';
import { importSession } from '../engine/io/exportFormat';
import { InputError, readInput } from '../engine/io/readInput';
import { replaySession } from '../engine/replay/replaySession';
import { Session } from '../engine/session/session';
import { type Comparison, compareRuns, type CompareSide, sessionSide } from '../engine/compare/compare';
import type { CompareOptions } from '../engine/compare/normalize';

export type { Problem } from '../engine/verify/rules';
export { buildExport, deriveSession, finalLanes } from '../engine/io/exportFormats';
export { exportSession, importSession, SESSION_FORMAT, SESSION_VERSION } from '../engine/io/exportFormat';
export { InputError, readInput } from '../engine/io/readInput';
export { replaySession } from '../engine/replay/replaySession';
export { Session } from '../engine/session/session';
export { RULES } from '../engine/verify/rules';
export { runMetrics } from '../engine/replay/metrics';
export type { RunRow } from '../engine/replay/runRows';

export interface ReplayResult {
  /** Every problem found, in event order. */
  problems: Problem[];
  /** Per conversation (thread): the final messages and state, as @ag-ui/client holds them. */
  lanes: Record<string, { messages: unknown[]; state: unknown }>;
  /**
   * Every run, as the panel's Runs table has it: its outcome in the panel's words ("stopped", with `stoppedAt`, where
   * the page's client stopped it at a refused event), who produced its stream, its timings and counts.
   */
  runs: RunRow[];
  session: Session;
}

const replayed = (session: Session): ReplayResult => {
  const replay = replaySession(session);
  const runs = new SessionQuery(session, replay).runs();
  return { problems: [...replay.problems].sort((a, b) => a.eventIndex - b.eventIndex), lanes: finalLanes(session), runs, session };
};

/** Replays a session file (the parsed object, or its JSON text). */
export function replaySessionFile(file: unknown): ReplayResult {
  return replayed(importSession(typeof file === 'string' ? JSON.parse(file) : file));
}

/** Replays any input the CLI reads (session file, JSON array, JSONL, SSE text, protobuf dump). */
export function replayInput(input: Uint8Array | string, name = 'input'): ReplayResult {
  return replayed(readInput(typeof input === 'string' ? new TextEncoder().encode(input) : input, name).session);
}

/** The problems of any input, in event order. */
export function lint(input: Uint8Array | string, name = 'input'): Problem[] {
  return replayInput(input, name).problems;
}

export { compareRuns } from '../engine/compare/compare';
export type { Comparison, CompareSide, MessageDiff, Row } from '../engine/compare/compare';
export type { CompareOptions } from '../engine/compare/normalize';

/** What the comparison and the matchers take: a Session, a session file (object or text), events, or any input the CLI reads. */
export type AguiInput = Session | Uint8Array | string | readonly object[] | { format: string };

const sessionOf = (input: AguiInput, name: string): Session => {
  if (input instanceof Session) return input;
  if (input instanceof Uint8Array || typeof input === 'string') return readInput(typeof input === 'string' ? new TextEncoder().encode(input) : input, name).session;
  if (Array.isArray(input)) return readInput(new TextEncoder().encode(JSON.stringify(input)), name).session;
  return importSession(input);
};

/** A side of a comparison: the session, replayed, with the run of that id (all runs without one). */
function sideOf(input: AguiInput, name: string, runId?: string): CompareSide {
  const side = sessionSide(sessionOf(input, name), runId);
  if (side.runs?.length === 0) throw new InputError(`${name}: no run with id ${runId}`);
  return side;
}

/** A against B under the normalization (ids by order, timestamps ignored, text joined per message, by default). */
export function compareSessions(a: AguiInput, b: AguiInput, options: CompareOptions & { runA?: string; runB?: string } = {}): Comparison {
  return compareRuns(sideOf(a, 'A', options.runA), sideOf(b, 'B', options.runB), options);
}

type MatcherResult = { pass: boolean; message: () => string };

/** The first divergence in words: the two items there, as the CLI's diff shows them. */
function divergenceText(c: Comparison): string {
  if (!c.firstDivergence) {
    const parts = [c.state.length ? `the final state differs (${c.state.map((o) => `${o.op} ${o.path}`).slice(0, 5).join(', ')})` : '', c.messages.some((m) => m.status !== 'equal') ? 'the messages differ' : ''];
    return parts.filter(Boolean).join('; ') || 'the outcomes differ';
  }
  const row = c.rows.find((r) => r.op !== 'equal')!;
  const a = row.op === 'added' ? '(nothing)' : c.items.a[row.a]?.key;
  const b = row.op === 'removed' ? '(nothing)' : c.items.b[row.b]?.key;
  return `first divergence at A #${c.firstDivergence.a} · B #${c.firstDivergence.b} (${row.op}${row.fields?.length ? `: ${row.fields.slice(0, 5).join(', ')}` : ''})\n  received: ${a}\n  golden:   ${b}\n(${c.events.changed} changed, ${c.events.removed} only received, ${c.events.added} only golden)`;
}

/**
 * vitest (or Jest) matchers: `expect.extend(aguiMatchers)`, then
 * `expect(actual).toMatchAguiSession(golden, options)` (fails with the first divergence) and
 * `expect(events).toBeValidAgui()` (fails with the located problems).
 */
export const aguiMatchers = {
  toMatchAguiSession(received: AguiInput, golden: AguiInput, options: CompareOptions & { runA?: string; runB?: string } = {}): MatcherResult {
    const c = compareSessions(received, golden, options);
    return { pass: c.equivalent, message: () => (c.equivalent ? 'expected the sessions to differ, but they are equivalent' : `expected the session to match the golden one: ${divergenceText(c)}`) };
  },
  toBeValidAgui(received: AguiInput, options: ValidityOptions = {}): MatcherResult {
    const failing = failingProblems(received, options);
    return {
      pass: failing.length === 0,
      message: () => (failing.length === 0 ? 'expected protocol errors, but there are none' : `expected no protocol error, ${problemsText(failing, options)}`),
    };
  },
};

/** How strict a validity check is, as agui.config.json says it for the CLI. */
export interface ValidityOptions {
  /** `recommended` (each rule at its own severity, the default) or `strict` (warnings are errors). */
  preset?: 'recommended' | 'strict';
  /** A rule's level: off, info, warn or error. An unknown id throws, naming the closest. */
  rules?: Record<string, 'off' | 'info' | 'warn' | 'error'>;
  /** What fails: errors (the default), or warnings too. */
  failOn?: 'error' | 'warning';
}

/** The problems that fail a validity check under these options. */
function failingProblems(received: AguiInput, options: ValidityOptions): Problem[] {
  const levels = presetLevels(options.preset ?? 'recommended');
  for (const [id, level] of Object.entries(options.rules ?? {})) {
    if (!(id in RULES)) throw new Error(`unknown rule "${id}"; did you mean "${closestRuleId(id)}"? (every rule: RULES.md)`);
    if (!(level in CONFIG_LEVELS)) throw new Error(`rule "${id}": the level is off, info, warn or error (got "${String(level)}")`);
    levels[id] = CONFIG_LEVELS[level];
  }
  const failing = new Set(options.failOn === 'warning' ? ['error', 'warning'] : ['error']);
  return applyLevels(replaySession(sessionOf(received, 'received')).problems, levels).filter((p) => failing.has(p.severity));
}

const problemsText = (problems: readonly Problem[], options: ValidityOptions) =>
  `found ${problems.length} ${options.failOn === 'warning' ? 'problem' : 'error'}${problems.length === 1 ? '' : 's'}:\n${problems
    .slice(0, 20)
    .map((p) => `  #${p.eventIndex} ${p.ruleId} (${p.severity}): ${p.message}`)
    .join('\n')}${problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''}`;

/** What node:test (or any runner) reports when an assertion fails: an Error named AssertionError, with the problems. */
export class AguiAssertionError extends Error {
  override name = 'AssertionError';
  constructor(
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
  }
}

/**
 * For `node:test` or any runner without matchers: throws an AguiAssertionError listing the located problems when
 * the session breaks the protocol (under `options`), and returns nothing when it does not.
 *
 *   import { test } from 'node:test';
 *   import { assertValidAgui } from 'agui-devtools';
 *   test('the agent speaks AG-UI', async () => assertValidAgui(await runMyAgent()));
 */
export function assertValidAgui(received: AguiInput, options: ValidityOptions = {}): void {
  const failing = failingProblems(received, options);
  if (failing.length > 0) throw new AguiAssertionError(`The session is not valid AG-UI: ${problemsText(failing, options)}`, failing);
}

/** For `node:test`: throws an AguiAssertionError with the first divergence when `received` does not match `golden`. */
export function assertMatchesAguiSession(received: AguiInput, golden: AguiInput, options: CompareOptions & { runA?: string; runB?: string } = {}): void {
  const c = compareSessions(received, golden, options);
  if (!c.equivalent) throw new AguiAssertionError(`The session does not match the golden one: ${divergenceText(c)}`);
}
