/**
 * The Waterfall's rows: one row per run, grouped by thread, with what the run made (from the run model:
 * entitiesOf) as spans on a shared time axis, as of an event; or, aligned, each run's row from its own start (one
 * duration axis, to compare runs). Pure (tested in Node) and memoized on its inputs, so a repaint that changes nothing
 * builds nothing.
 */
import { type RunMetrics, runMetrics } from '../../engine/replay/metrics';
import type { Replay } from '../../engine/replay/replay';
import { OUTCOME } from '../../engine/replay/runRows';
import type { Session } from '../../engine/session/session';
import { tr } from '../../i18n/i18n';
import { outcomeLabel } from '../format';

export type Kind = 'run' | 'step' | 'text' | 'reasoning' | 'tool' | 'result' | 'activity' | 'subagent' | 'stall';

export interface Span {
  kind: Kind;
  label: string;
  /** Event indices: where it starts (clicking selects it) and ends (undefined: still open). */
  start: number;
  end?: number | undefined;
  /** Times, epoch ms. */
  from: number;
  to: number;
  status?: string;
  /** Reasoning: the message to open. */
  messageId?: string;
  /** The event a click selects, when it is not `start` (a run: its last event that had arrived). */
  select?: number;
}
export interface Row {
  key: string;
  label: string;
  depth: number;
  spans: Span[];
  header?: boolean;
  status?: string;
  /** The event a click on the label selects (a run's row). */
  select?: number;
}


export interface Waterfall {
  rows: Row[];
  /** Each shown run's metrics, by run key. */
  metrics: Map<number, RunMetrics>;
  /** The time axis: from the earliest span to the latest (or the selected event), epoch ms; aligned, ms from each run's start. */
  t0: number;
  t1: number;
  /** The selected event's time (aligned: from its run's start; undefined when it is in no run). */
  now: number | undefined;
  aligned: boolean;
}

const ms = (v: number | undefined) => (v === undefined ? '—' : v < 1000 ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : `${(v / 1000).toFixed(2)} s`);

const memo = new WeakMap<Replay, { key: string; value: Waterfall }>();

/**
 * The Waterfall as of event `index` (memoized on the replay, the index, what has arrived, the stall threshold and the
 * alignment). `align`: every run's spans from its own start.
 */
export function waterfall(session: Session, replay: Replay, index: number, stallMs: number, align = false): Waterfall {
  const key = `${index}|${replay.length}|${session.frames.length}|${stallMs}|${align}|${replay.timeline.runs.map((r) => r.end ?? '').join(',')}`;
  const known = memo.get(replay);
  if (known?.key === key) return known.value;
  const value = build(session, replay, index, stallMs, align);
  memo.set(replay, { key, value });
  return value;
}

function build(session: Session, replay: Replay, index: number, stallMs: number, align: boolean): Waterfall {
  const frames = session.frames;
  const t = replay.timeline;
  const runs = t.runs.filter((r) => r.start <= index);
  const metrics = new Map<number, RunMetrics>(runs.map((r) => [r.key, runMetrics(session, replay, r, { asOf: index, stallMs })]));
  const now = frames[index]?.t ?? 0;
  const timeOf = (i: number | undefined) => (i === undefined || i > index ? now : (frames[i]?.t ?? now));
  const closed = (end: number | undefined) => (end !== undefined && end <= index ? end : undefined);
  const rows: Row[] = [];
  for (const lane of new Set(runs.map((r) => r.lane))) {
    rows.push({ key: `lane:${lane}`, label: tr('toolbar.thread', { lane }), depth: 0, spans: [], header: true });
    for (const run of runs.filter((r) => r.lane === lane)) {
      const m = metrics.get(run.key)!;
      const status = closed(run.end) !== undefined ? run.status : 'running';
      const of = t.entitiesOf(run.key);
      // The run's bar and label go to its last event that had arrived: its metrics are whole there.
      const last = t.lastEventOf(run.key, index) ?? run.start;
      const runSpan: Span = { kind: 'run', label: `${outcomeLabel(OUTCOME[status], run.stoppedAt)} · ${ms(m.durationMs ?? now - m.base)}`, start: run.start, end: closed(run.end), from: m.base, to: timeOf(closed(run.end) ?? index), status, select: last };
      const stalls: Span[] = m.gaps.stalls.map((s) => ({ kind: 'stall', label: tr('waterfall.stall', { ms: ms(s.ms) }), start: s.afterIndex, end: s.afterIndex, from: m.base + s.at - s.ms, to: m.base + s.at }));
      rows.push({ key: `run:${run.key}`, label: tr('common.run', { runId: run.runId }), depth: 1, spans: [runSpan, ...stalls], status, select: last });
      const inner: Row[] = [];
      const depth = (subagentRunId: string | undefined) => (subagentRunId === undefined ? 2 : 3);
      const span = (kind: Kind, label: string, start: number, end: number | undefined, extra: Partial<Span> = {}): Span => ({ kind, label, start, end: closed(end), from: timeOf(start), to: timeOf(closed(end) ?? index), ...extra });
      for (const s of of.steps) if (s.start <= index) inner.push({ key: `step:${run.key}:${s.start}`, label: tr('waterfall.step', { name: s.name }), depth: depth(s.subagentRunId), spans: [span('step', s.name, s.start, s.end)] });
      for (const msg of of.messages) {
        if (msg.kind === 'text' && msg.start <= index) inner.push({ key: `text:${msg.messageId}:${msg.start}`, label: tr('waterfall.text', { id: msg.messageId }), depth: depth(msg.subagentRunId), spans: [span('text', msg.messageId, msg.start, msg.end)] });
      }
      for (const r of of.reasoning) {
        if (r.start > index) continue;
        const firstMessage = of.messages.find((x) => x.kind === 'reasoning' && x.start >= r.start && (r.end === undefined || x.start <= r.end));
        inner.push({ key: `reasoning:${r.messageId}:${r.start}`, label: tr('waterfall.reasoning', { id: r.messageId }), depth: depth(r.subagentRunId), spans: [span('reasoning', r.messageId, r.start, r.end, firstMessage ? { messageId: firstMessage.messageId } : {})] });
      }
      for (const c of of.toolCalls) {
        if (c.start > index) continue;
        const end = closed(c.end);
        const spans: Span[] = [span('tool', `${c.name} arguments`, c.start, c.end)];
        if (end !== undefined) {
          const result = c.resultAt !== undefined && c.resultAt <= index ? c.resultAt : undefined;
          spans.push(span('result', result === undefined ? `${c.name}: waiting for the result` : `${c.name}: result`, end, result));
        }
        inner.push({ key: `tool:${c.toolCallId}:${c.start}`, label: tr('metrics.tool', { name: c.name }), depth: depth(c.subagentRunId), spans });
      }
      for (const a of of.activities) {
        if (a.start > index) continue;
        const lastUpdate = [a.start, ...a.updates].filter((u) => u <= index).at(-1)!;
        inner.push({ key: `activity:${a.messageId}`, label: tr('waterfall.activity', { type: a.activityType }), depth: 2, spans: [{ kind: 'activity', label: a.activityType, start: a.start, end: lastUpdate, from: timeOf(a.start), to: Math.max(timeOf(lastUpdate), timeOf(a.start) + 1) }] });
      }
      for (const s of of.subagents) {
        if (s.start > index) continue;
        const st = closed(s.end) !== undefined ? s.status : 'running';
        inner.push({ key: `subagent:${s.subagentRunId}`, label: tr('waterfall.subagent', { name: s.name }), depth: 2, status: st, spans: [span('subagent', `${s.name} · ${st}`, s.start, s.end, { status: st })] });
      }
      inner.sort((a, b) => a.spans[0]!.from - b.spans[0]!.from);
      rows.push(...inner);
      // Aligned, a run's rows start at its start and end with it (a call still waiting for its result when the run
      // ended is drawn to the run's end: the wait goes on in the clock view).
      if (align) {
        const end = runSpan.to;
        for (const r of rows.slice(rows.length - inner.length - 1)) for (const sp of r.spans) (sp.from -= m.base), (sp.to = Math.min(sp.to, end) - m.base);
      }
    }
  }
  const at = t.runAt(index);
  const marker = !align ? now : at && metrics.has(at.key) ? now - metrics.get(at.key)!.base : undefined;
  let t0 = marker ?? 0;
  let t1 = marker ?? 0;
  for (const r of rows) {
    for (const s of r.spans) {
      if (s.from < t0) t0 = s.from;
      if (s.to > t1) t1 = s.to;
    }
  }
  return { rows, metrics, t0, t1, now: marker, aligned: align };
}
