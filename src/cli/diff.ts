/**
 * `agui-devtools diff A B`: two sessions (or a run of each) compared under the normalization of
 * engine/compare, as a readable summary with the first divergence in context, or as one JSON object.
 * Exit 0 when equivalent, 1 when they differ (2 for input that cannot be read, thrown to the caller).
 */
import { type Comparison, compareRuns, type CompareSide, sessionSide } from '../engine/compare/compare';
import { type CompareOptions, ignoreLists } from '../engine/compare/normalize';
import { InputError, readInput } from '../engine/io/readInput';
import type { TextPart } from '../engine/compare/textDiff';
import { terminalText } from '../engine/util/encode';
import { UsageError } from './errors';
import { clip } from './summary';

export interface DiffFlags {
  runA?: string;
  runB?: string;
  ignore: string[];
  text?: string;
  ids?: string;
  format?: string;
}

/** A side read from its bytes, with the run chosen by its id (all runs without one). */
function sideOf(file: string, bytes: Uint8Array, runId: string | undefined, flag: string): CompareSide {
  let session;
  try {
    ({ session } = readInput(bytes, file));
  } catch (error) {
    if (error instanceof InputError && !error.message.startsWith(file)) throw new InputError(`${file}: ${error.message}`);
    throw error;
  }
  if (session.frames.length === 0) throw new InputError(`${file}: the input holds no events`);
  // Nothing in it is an event: it cannot be compared (as lint, say where and why).
  if (session.frames.every((f) => !f.event)) {
    const d = session.frames[0]!.diagnostics[0];
    throw new InputError(`${file}: no AG-UI event could be read${d ? ` (#0: ${d.message})` : ''}`);
  }
  const side = sessionSide(session, runId);
  if (side.runs?.length === 0) {
    const ids = [...new Set(side.replay.timeline.runs.map((r) => r.runId))];
    throw new InputError(`${file}: ${flag} ${runId}: no run with that id (its runs: ${ids.slice(0, 10).join(', ') || 'none'}${ids.length > 10 ? ', …' : ''})`);
  }
  return side;
}

export function diffCommand(files: [string, string], read: (file: string) => Uint8Array, flags: DiffFlags): { exitCode: number; output: string } {
  const text = flags.text ?? 'joined';
  if (text !== 'joined' && text !== 'deltas') throw new UsageError('--text is joined or deltas');
  const ids = flags.ids ?? 'order';
  if (ids !== 'order' && ids !== 'exact') throw new UsageError('--ids is order or exact');
  const format = flags.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError('--format is text or json');
  try {
    ignoreLists(flags.ignore);
  } catch (error) {
    throw new UsageError(`--ignore: ${(error as Error).message}`);
  }
  const options: CompareOptions = { text, ids, ignore: flags.ignore };
  const a = sideOf(files[0], read(files[0]), flags.runA, '--run-a');
  const b = sideOf(files[1], read(files[1]), flags.runB, '--run-b');
  const c = compareRuns(a, b, options);
  const output = format === 'json' ? `${JSON.stringify(jsonOf(c), null, 2)}\n` : textOf(c, files);
  return { exitCode: c.equivalent ? 0 : 1, output };
}

/** The JSON form: the fields the README documents, indices those of the input files. */
export function jsonOf(c: Comparison) {
  return {
    equivalent: c.equivalent,
    firstDivergence: c.firstDivergence,
    events: c.events,
    capped: c.capped,
    state: c.state,
    messages: c.messages,
    problems: c.problems,
    runs: c.runs.map((r) => ({ a: r.a ?? null, b: r.b ?? null, input: Object.fromEntries(Object.entries(r.input).filter(([, ops]) => ops.length > 0)) })),
    metrics: { a: c.runs.map((r) => r.a?.metrics ?? null), b: c.runs.map((r) => r.b?.metrics ?? null) },
    options: c.options,
  };
}

/** A word diff in one line of text: removed parts as [-…-], added as {+…+} (as git diff --word-diff). */
const marked = (parts: readonly TextPart[]) => parts.map((p) => (p.op === 'equal' ? p.text : p.op === 'removed' ? `[-${p.text}-]` : `{+${p.text}+}`)).join('');
const ms = (v: number | undefined) => (v === undefined ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`);

function textOf(c: Comparison, files: [string, string]): string {
  const lines: string[] = [];
  const e = c.events;
  lines.push(`${terminalText(files[0])} ⟷ ${terminalText(files[1])}: ${c.equivalent ? 'equivalent' : 'different'} (ids by ${c.options.ids === 'order' ? 'order of appearance' : 'value'}, text ${c.options.text === 'joined' ? 'joined per message' : 'delta by delta'}${c.options.ignore.length ? `, ignoring ${c.options.ignore.join(', ')}` : ''})`);
  lines.push(`events: ${e.equal} equal, ${e.changed} changed, ${e.removed} only in A, ${e.added} only in B${c.capped ? ` (more than ${c.maxDifferences} differences: not aligned after the first divergence)` : ''}`);
  if (c.firstDivergence) {
    lines.push(`first divergence: A #${c.firstDivergence.a} · B #${c.firstDivergence.b}`);
    const at = c.rows.findIndex((r) => r.op !== 'equal');
    for (const r of c.rows.slice(Math.max(0, at - 2), at + 3)) {
      const mark = r.op === 'equal' ? ' ' : r.op === 'removed' ? '-' : r.op === 'added' ? '+' : '~';
      const item = r.op === 'added' ? c.items.b[r.b] : c.items.a[r.a];
      const where = r.op === 'added' ? `B #${item?.indices[0]}` : `A #${item?.indices[0]}`;
      lines.push(`  ${mark} ${where.padEnd(9)} ${clip(item?.key ?? '', 110)}`);
      if (r.op === 'changed') lines.push(`      B #${c.items.b[r.b]?.indices[0]}: ${clip(c.items.b[r.b]?.key ?? '', 110)}  (${(r.fields ?? []).slice(0, 5).join(', ')})`);
    }
  }
  const changedMessages = c.messages.filter((m) => m.status !== 'equal');
  if (changedMessages.length) {
    lines.push('messages:');
    for (const m of changedMessages.slice(0, 20)) {
      lines.push(`  ${m.status.padEnd(8)} ${clip(m.role, 20)} ${clip(m.id, 60)}`);
      if (m.text) lines.push(`      ${clip(marked(m.text), 200)}`);
      for (const t of m.toolCalls ?? [])
        lines.push(`      tool call ${clip(t.id, 60)} ${t.status}: ${clip(t.nameA ?? '', 60)}${t.nameB && t.nameB !== t.nameA ? ` → ${clip(t.nameB, 60)}` : ''}${t.arguments ? ` ${clip(marked(t.arguments), 120)}` : ''}`);
    }
  }
  if (c.state.length) {
    lines.push(`state (A → B, ${c.state.length} operation${c.state.length === 1 ? '' : 's'}):`);
    for (const op of c.state.slice(0, 20)) lines.push(`  ${op.op} ${clip(op.path, 100)}${'value' in op ? ` = ${clip(JSON.stringify(op.value), 80)}` : ''}`);
  }
  for (const [side, list] of [['A', c.problems.onlyA], ['B', c.problems.onlyB]] as const)
    for (const p of list.slice(0, 10)) lines.push(`problem only in ${side}: ${p.severity} ${p.ruleId} at #${p.eventIndex}: ${clip(p.message)}`);
  c.runs.forEach((r, i) => {
    const ra = r.a;
    const rb = r.b;
    lines.push(`run ${i + 1}: A ${ra ? `${clip(ra.runId, 30)} ${ra.status}` : '—'} · B ${rb ? `${clip(rb.runId, 30)} ${rb.status}` : '—'}`);
    if (ra && rb) lines.push(`  duration ${ms(ra.metrics.durationMs)} → ${ms(rb.metrics.durationMs)}, TTFT ${ms(ra.metrics.ttftMs)} → ${ms(rb.metrics.ttftMs)}, first event ${ms(ra.metrics.firstEventMs)} → ${ms(rb.metrics.firstEventMs)}`);
    const parts = Object.entries(r.input).filter(([, ops]) => ops.length > 0);
    if (parts.length) lines.push(`  the input differs: ${parts.map(([k, ops]) => `${k} (${ops.length})`).join(', ')}`);
  });
  return `${lines.join('\n')}\n`;
}
