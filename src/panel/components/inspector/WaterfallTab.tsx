import { useSignal } from '@preact/signals';
import type { TokenUsage } from '@ag-ui/core';
import { DEFAULT_STALL_MS, type RunMetrics, runMetrics } from '../../../engine/replay/metrics';
import type { RunEntity } from '../../../engine/replay/timeline';
import type { SessionStore } from '../../store/sessionStore';
import { visibleText } from '../Visible';

type Kind = 'run' | 'step' | 'text' | 'reasoning' | 'tool' | 'result' | 'activity' | 'subagent' | 'stall';

interface Span {
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
}
interface Row {
  key: string;
  label: string;
  depth: number;
  spans: Span[];
  header?: boolean;
  status?: string;
}

const ms = (v: number | undefined) => (v === undefined ? '—' : v < 1000 ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : `${(v / 1000).toFixed(2)} s`);
const STATUS_LABEL: Record<string, string> = { success: 'done', error: 'failed', interrupted: 'interrupted', cancelled: 'cancelled', running: 'running', unfinished: 'unfinished' };
const usageText = (u: readonly TokenUsage[]) =>
  u.length === 0
    ? '—'
    : u
        .map(
          (e) =>
            `${e.model ?? e.provider ?? 'usage'}: ${e.inputTokens ?? '?'} in (${e.cachedInputTokens ?? 0} cached) · ${e.outputTokens ?? '?'} out (${e.reasoningTokens ?? 0} reasoning) · ${e.totalTokens ?? '?'} total`,
        )
        .join('; ');

/**
 * The shape of the runs in one look: one lane per run, grouped by thread, with the spans inside it (steps, text
 * messages, reasoning blocks, tool calls from start through their result, activity, subagents as nested lanes) on a
 * shared time axis; zoomable and scrollable; a marker at the selected event; the selected run's metrics below.
 * Everything as of the selected event: nothing after it is drawn.
 */
export function WaterfallTab({ store, index }: { store: SessionStore; index: number }) {
  void store.version.value;
  const zoom = useSignal(1);
  const stallMs = useSignal(DEFAULT_STALL_MS);
  const session = store.session.value;
  const replay = store.replay.value;
  const frames = session.frames;
  const t = replay.timeline;
  const runs = t.runs.filter((r) => r.start <= index);
  const metrics = new Map<number, RunMetrics>(runs.map((r) => [r.key, runMetrics(session, replay, r, { asOf: index, stallMs: stallMs.value })]));
  const now = frames[index]?.t ?? 0;
  const timeOf = (i: number | undefined) => (i === undefined || i > index ? now : (frames[i]?.t ?? now));
  const closed = (end: number | undefined) => (end !== undefined && end <= index ? end : undefined);

  const rows: Row[] = [];
  const lanes = [...new Set(runs.map((r) => r.lane))];
  for (const lane of lanes) {
    rows.push({ key: `lane:${lane}`, label: `thread ${lane}`, depth: 0, spans: [], header: true });
    for (const run of runs.filter((r) => r.lane === lane)) {
      const m = metrics.get(run.key)!;
      const status = closed(run.end) !== undefined ? run.status : 'running';
      const within = (i: number) => i >= run.start && (run.end === undefined || i <= run.end) && i <= index && frames[i]?.streamId === run.streamId;
      const runSpan: Span = { kind: 'run', label: `${STATUS_LABEL[status] ?? status} · ${ms(m.durationMs ?? now - m.base)}`, start: run.start, end: closed(run.end), from: m.base, to: timeOf(closed(run.end) ?? index), status };
      const stalls: Span[] = m.gaps.stalls.map((s) => ({ kind: 'stall', label: `stall ${ms(s.ms)}`, start: s.afterIndex, end: s.afterIndex, from: m.base + s.at - s.ms, to: m.base + s.at }));
      rows.push({ key: `run:${run.key}`, label: `run ${run.runId}`, depth: 1, spans: [runSpan, ...stalls], status });
      const inner: Row[] = [];
      const sub = (subagentRunId: string | undefined) => (subagentRunId === undefined ? 2 : 3);
      for (const s of t.steps.filter((s) => s.runKey === run.key && s.start <= index)) {
        inner.push({ key: `step:${run.key}:${s.start}`, label: `step ${s.name}`, depth: sub(s.subagentRunId), spans: [{ kind: 'step', label: s.name, start: s.start, end: closed(s.end), from: timeOf(s.start), to: timeOf(closed(s.end) ?? index) }] });
      }
      for (const msg of t.messages.filter((x) => x.kind === 'text' && within(x.start))) {
        inner.push({ key: `text:${msg.messageId}:${msg.start}`, label: `text ${msg.messageId}`, depth: sub(msg.subagentRunId), spans: [{ kind: 'text', label: msg.messageId, start: msg.start, end: closed(msg.end), from: timeOf(msg.start), to: timeOf(closed(msg.end) ?? index) }] });
      }
      for (const r of t.reasoning.filter((x) => within(x.start))) {
        const firstMessage = t.messages.find((x) => x.kind === 'reasoning' && x.lane === r.lane && x.start >= r.start && (r.end === undefined || x.start <= r.end));
        inner.push({
          key: `reasoning:${r.messageId}:${r.start}`,
          label: `reasoning ${r.messageId}`,
          depth: sub(r.subagentRunId),
          spans: [{ kind: 'reasoning', label: r.messageId, start: r.start, end: closed(r.end), from: timeOf(r.start), to: timeOf(closed(r.end) ?? index), ...(firstMessage && { messageId: firstMessage.messageId }) }],
        });
      }
      for (const c of t.toolCalls.filter((x) => within(x.start))) {
        const end = closed(c.end);
        const spans: Span[] = [{ kind: 'tool', label: `${c.name} arguments`, start: c.start, end, from: timeOf(c.start), to: timeOf(end ?? index) }];
        if (end !== undefined) {
          const result = c.resultAt !== undefined && c.resultAt <= index ? c.resultAt : undefined;
          spans.push({ kind: 'result', label: result === undefined ? `${c.name}: waiting for the result` : `${c.name}: result`, start: end, end: result, from: timeOf(end), to: timeOf(result ?? index) });
        }
        inner.push({ key: `tool:${c.toolCallId}:${c.start}`, label: `tool ${c.name}`, depth: sub(c.subagentRunId), spans });
      }
      for (const a of t.activities.filter((x) => within(x.start))) {
        const last = [a.start, ...a.updates].filter((u) => u <= index).at(-1)!;
        inner.push({ key: `activity:${a.messageId}`, label: `activity ${a.activityType}`, depth: 2, spans: [{ kind: 'activity', label: a.activityType, start: a.start, end: last, from: timeOf(a.start), to: Math.max(timeOf(last), timeOf(a.start) + 1) }] });
      }
      for (const s of t.subagents.filter((x) => x.runKey === run.key && x.start <= index)) {
        const status = closed(s.end) !== undefined ? s.status : 'running';
        inner.push({
          key: `subagent:${s.subagentRunId}`,
          label: `subagent ${s.name}`,
          depth: 2,
          status,
          spans: [{ kind: 'subagent', label: `${s.name} · ${status}`, start: s.start, end: closed(s.end), from: timeOf(s.start), to: timeOf(closed(s.end) ?? index), status }],
        });
      }
      inner.sort((a, b) => a.spans[0]!.from - b.spans[0]!.from);
      rows.push(...inner);
    }
  }

  const spans = rows.flatMap((r) => r.spans);
  const t0 = spans.length ? Math.min(...spans.map((s) => s.from)) : now;
  const t1 = spans.length ? Math.max(now, ...spans.map((s) => s.to)) : now;
  const total = Math.max(1, t1 - t0);
  /** Width of the time area at zoom 1: the view's; the axis is in percent of that, times the zoom. */
  const width = `${Math.round(zoom.value * 100)}%`;
  const x = (time: number) => `${((time - t0) / total) * 100}%`;
  const w = (from: number, to: number) => `max(2px, ${((to - from) / total) * 100}%)`;
  const current = runs.findLast((r) => r.start <= index && frames[index]?.streamId === r.streamId) ?? runs.at(-1);
  const cm = current ? metrics.get(current.key) : undefined;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const select = (s: Span) => {
    if (s.kind === 'reasoning' && s.messageId) {
      // The block as it ended (or as it stands): its text is there to read.
      store.openReasoning.value = new Set([...store.openReasoning.value, s.messageId]);
      store.select(s.end ?? index, 'event');
    } else store.select(s.start);
  };

  return (
    <div class="tab-body waterfall-tab" data-testid="waterfall-tab">
      <div class="waterfall-tools">
        <h3>Runs over time, as of event #{index}</h3>
        <span class="spacer" />
        <button type="button" class="button" aria-label="Zoom out" onClick={() => (zoom.value = Math.max(1, zoom.value / 2))} disabled={zoom.value <= 1}>
          −
        </button>
        <button type="button" class="button" aria-label="Zoom in" onClick={() => (zoom.value = Math.min(256, zoom.value * 2))}>
          +
        </button>
        <button type="button" class="button" onClick={() => (zoom.value = 1)}>
          Fit
        </button>
        <label class="check" title="Gaps between chunks longer than this are marked as stalls">
          stalls over{' '}
          <input
            type="number"
            class="stall-input"
            min={1}
            step={100}
            value={stallMs.value}
            aria-label="Stall threshold in milliseconds"
            onChange={(e) => {
              const v = Number((e.currentTarget as HTMLInputElement).value);
              if (v > 0) stallMs.value = v;
            }}
          />{' '}
          ms
        </label>
      </div>
      {runs.length === 0 ? (
        <p class="muted">No run has started yet.</p>
      ) : (
        <div
          class="waterfall"
          role="figure"
          aria-label="Waterfall"
          onWheel={(e) => {
            if (!e.ctrlKey && !e.metaKey) return;
            e.preventDefault();
            zoom.value = Math.min(256, Math.max(1, zoom.value * (e.deltaY < 0 ? 1.25 : 0.8)));
          }}
        >
          <div class="wf-grid" style={{ width: `calc(160px + ${width})` }}>
            <div class="wf-row wf-axis">
              <span class="wf-label muted">time</span>
              <span class="wf-track">
                {ticks.map((f) => (
                  <span key={f} class="wf-tick" style={{ left: `${f * 100}%` }}>
                    {ms(f * total)}
                  </span>
                ))}
              </span>
            </div>
            {rows.map((row) => (
              <div key={row.key} class={`wf-row ${row.header ? 'wf-header' : ''}`} data-row={row.key} data-status={row.status}>
                <span class="wf-label" style={{ paddingLeft: `${row.depth * 10}px` }} title={visibleText(row.label)}>
                  {visibleText(row.label)}
                </span>
                <span class="wf-track">
                  {row.spans.map((s, k) => (
                    <button
                      type="button"
                      key={k}
                      class={`wf-span wf-${s.kind} ${s.status ? `wf-status-${s.status}` : ''} ${s.end === undefined && s.kind !== 'stall' ? 'wf-open' : ''}`}
                      style={{ left: x(s.from), width: w(s.from, s.to) }}
                      title={`${visibleText(s.label)}\nstart +${ms(s.from - t0)} · ${s.end === undefined ? 'still open' : `duration ${ms(s.to - s.from)}`}\nevents #${s.start}–${s.end ?? '…'}`}
                      aria-label={`${s.kind} ${visibleText(s.label)}, events ${s.start} to ${s.end ?? 'now'}`}
                      onClick={() => select(s)}
                    >
                      {s.kind === 'run' ? s.label : ''}
                    </button>
                  ))}
                </span>
              </div>
            ))}
            <div class="wf-marker" style={{ left: `calc(160px + (100% - 160px) * ${(now - t0) / total})` }} title={`event #${index}`} />
          </div>
        </div>
      )}
      {cm && current && <RunMetricsView metrics={cm} run={current} status={closed(current.end) !== undefined ? current.status : 'running'} />}
      <p class="muted small">
        Times are the capture's: when the chunk that completed each event reached the page (its performance clock, to 0.1 ms); "time to first …" counts
        from the request.
        {cm && !cm.timed && ' This file carries no capture times: the durations are not real.'}
      </p>
    </div>
  );
}

function RunMetricsView({ metrics: m, run, status }: { metrics: RunMetrics; run: RunEntity; status: string }) {
  const rows: [string, string][] = [
    ['time to first event', ms(m.firstEventMs)],
    ['time to first text token (TTFT)', ms(m.firstTextMs)],
    ['time to first reasoning token', ms(m.firstReasoningMs)],
    ['run duration', ms(m.durationMs)],
    [
      'text',
      m.text.deltas === 0
        ? '—'
        : `${m.text.chars} characters in ${m.text.deltas} deltas over ${ms(m.text.streamingMs)}${m.text.tokensPerSecond !== undefined ? ` · ${m.text.tokensEstimated ? '≈' : ''}${m.text.tokensPerSecond.toFixed(1)} tokens/s` : ''}`,
    ],
    ['gaps between chunks', m.gaps.count === 0 ? '—' : `p50 ${ms(m.gaps.p50)} · p95 ${ms(m.gaps.p95)} · max ${ms(m.gaps.max)} · ${m.gaps.stalls.length} stall${m.gaps.stalls.length === 1 ? '' : 's'}`],
    ['on the wire', `${m.bytes.toLocaleString('en')} bytes in ${m.chunks} chunks`],
    ['state patches', `${m.statePatches.count} (${m.statePatches.bytes.toLocaleString('en')} bytes)`],
    ...m.toolCalls.map((c): [string, string] => [`tool ${c.name}`, `arguments ${ms(c.argsMs)} · result after ${ms(c.resultMs)}`]),
    ['usage (this run)', usageText(m.usage)],
    ...(m.chain.length > 1 ? [[`usage (this run and its resumes: ${m.chain.length} runs)`, usageText(m.chainUsage)] as [string, string]] : []),
  ];
  return (
    <section class="run-metrics" data-testid="run-metrics">
      <h4>
        run {run.runId} <span class={`status status-${status}`}>{STATUS_LABEL[status] ?? status}</span>
      </h4>
      <dl class="kv">
        {rows.map(([k, v]) => (
          <>
            <dt key={`k:${k}`}>{k}</dt>
            <dd key={`v:${k}`} data-metric={k}>
              {v}
            </dd>
          </>
        ))}
      </dl>
    </section>
  );
}
