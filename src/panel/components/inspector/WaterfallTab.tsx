import { signal, useSignal } from '@preact/signals';
import type { TokenUsage } from '@ag-ui/core';
import { type Span, waterfall } from '../../derive/waterfall';
import type { SessionStore } from '../../store/sessionStore';
import { visibleText } from '../Visible';
import { counted, num, outcomeLabel } from '../../format';
import { tr, trn } from '../../../i18n/i18n';
import { DEFAULT_STALL_MS, OUTCOME, type RunEntity, type RunMetrics } from '../../../engine/query';

/** "Align runs", remembered in this browser. */
const ALIGN_KEY = 'agui.waterfall.align';
const alignRuns = signal(readAlign());
function readAlign(): boolean {
  try {
    return localStorage.getItem(ALIGN_KEY) === '1';
  } catch {
    return false;
  }
}
function setAlignRuns(on: boolean) {
  alignRuns.value = on;
  try {
    localStorage.setItem(ALIGN_KEY, on ? '1' : '0');
  } catch {
    // Not remembered (storage unavailable); the switch still works.
  }
}

const ms = (v: number | undefined) => (v === undefined ? '—' : v < 1000 ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : `${(v / 1000).toFixed(2)} s`);
const usageText = (u: readonly TokenUsage[]) =>
  u.length === 0
    ? '—'
    : u
        .map(
          (e) =>
            tr('metrics.usageValue', { model: e.model ?? e.provider ?? tr('metrics.usageModel'), input: e.inputTokens ?? '?', cached: e.cachedInputTokens ?? 0, output: e.outputTokens ?? '?', reasoning: e.reasoningTokens ?? 0, total: e.totalTokens ?? '?' }),
        )
        .join('; ');

/**
 * The shape of the runs in one look: one row per run, grouped by thread, with the spans inside it (steps, text
 * messages, reasoning blocks, tool calls from start through their result, activity, subagents as nested rows) on a
 * shared time axis; zoomable and scrollable; a marker at the selected event; the selected run's metrics below.
 * Everything as of the selected event: nothing after it is drawn.
 */
export function WaterfallTab({ store, index }: { store: SessionStore; index: number }) {
  void store.version.value;
  const zoom = useSignal(1);
  const stallMs = useSignal(DEFAULT_STALL_MS);
  const align = alignRuns.value;
  const session = store.session.value;
  const replay = store.replay.value;
  const { rows, metrics, t0, t1, now } = waterfall(session, replay, index, stallMs.value, align);
  const total = Math.max(1, t1 - t0);
  const x = (time: number) => `${((time - t0) / total) * 100}%`;
  const w = (from: number, to: number) => `max(2px, ${((to - from) / total) * 100}%)`;
  // The run of the event, or the last one that had started: its metrics under the chart.
  const current = store.query.value.asOf(index).latestRun;
  const cm = current ? metrics.get(current.run.key) : undefined;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const select = (s: Span) => {
    if (s.kind === 'reasoning' && s.messageId) {
      // The block as it ended (or as it stands): its text is there to read.
      store.openReasoning.value = new Set([...store.openReasoning.value, s.messageId]);
      store.select(s.end ?? index, 'event');
    } else store.select(s.select ?? s.start);
  };

  return (
    <div class="tab-body waterfall-tab" data-testid="waterfall-tab">
      <div class="waterfall-tools">
        <h3>{tr('waterfallTab.runsOverTimeAsOf', { index })}</h3>
        <span class="spacer" />
        <button type="button" class="button" aria-label={tr('waterfallTab.zoomOut')} onClick={() => (zoom.value = Math.max(1, zoom.value / 2))} disabled={zoom.value <= 1}>
          −
        </button>
        <button type="button" class="button" aria-label={tr('waterfallTab.zoomIn')} onClick={() => (zoom.value = Math.min(256, zoom.value * 2))}>
          +
        </button>
        <button type="button" class="button" onClick={() => (zoom.value = 1)}>
          {tr('waterfallTab.fit')}
        </button>
        <button
          type="button"
          class={`button ${align ? 'on' : ''}`}
          aria-pressed={align}
          title={align ? tr('waterfallTab.eachRunFromItsOwn') : tr('waterfallTab.wallClockTimeAcrossThe')}
          onClick={() => setAlignRuns(!align)}
          data-testid="align-runs"
        >
          {tr('waterfallTab.alignRuns')}
        </button>
        <label class="check" title={tr('waterfallTab.gapsBetweenChunksLongerThan')}>
          {tr('waterfallTab.stallsOver')}{' '}
          <input
            type="number"
            class="stall-input"
            min={1}
            step={100}
            value={stallMs.value}
            aria-label={tr('waterfallTab.stallThresholdInMilliseconds')}
            onChange={(e) => {
              const v = Number((e.currentTarget as HTMLInputElement).value);
              if (v > 0) stallMs.value = v;
            }}
          />{' '}
          {tr('waterfallTab.ms')}
        </label>
      </div>
      {!current ? (
        <p class="muted">{tr('common.noRunYet')}</p>
      ) : (
        <div
          class="waterfall"
          role="figure"
          aria-label={tr('tab.waterfall')}
          onWheel={(e) => {
            if (!e.ctrlKey && !e.metaKey) return;
            e.preventDefault();
            zoom.value = Math.min(256, Math.max(1, zoom.value * (e.deltaY < 0 ? 1.25 : 0.8)));
          }}
        >
          {/* The label column plus the time track at the zoom: at 1 (Fit) the whole axis is in view. */}
          <div class="wf-grid" style={{ width: `calc(160px + (100% - 160px) * ${zoom.value})` }}>
            <div class="wf-row wf-axis">
              <span class="wf-label muted">{tr('waterfallTab.time')}</span>
              <span class="wf-track">
                {ticks.map((f) => (
                  <span key={f} class="wf-tick" style={{ left: `${f * 100}%` }} translate={false}>
                    {ms(f * total)}
                  </span>
                ))}
              </span>
            </div>
            {rows.map((row) => (
              <div key={row.key} class={`wf-row ${row.header ? 'wf-header' : ''}`} data-row={row.key} data-status={row.status}>
                {row.select !== undefined ? (
                  <button type="button" class="wf-label link" style={{ paddingLeft: `${row.depth * 10}px` }} title={visibleText(row.label)} onClick={() => store.select(row.select!)}>
                    {visibleText(row.label)}
                  </button>
                ) : (
                  <span class="wf-label" style={{ paddingLeft: `${row.depth * 10}px` }} title={visibleText(row.label)}>
                    {visibleText(row.label)}
                  </span>
                )}
                <span class="wf-track">
                  {row.spans.map((s, k) => (
                    <button
                      type="button"
                      key={k}
                      class={`wf-span wf-${s.kind} ${s.status ? `wf-status-${s.status}` : ''} ${s.end === undefined && s.kind !== 'stall' ? 'wf-open' : ''}`}
                      style={{ left: x(s.from), width: w(s.from, s.to) }}
                      data-data-attrs="title"
                      title={`${visibleText(s.label)}\n${tr('waterfallTab.spanStart', { start: ms(s.from - t0) })} · ${s.end === undefined ? tr('waterfallTab.stillOpen') : tr('waterfallTab.spanDuration', { duration: ms(s.to - s.from) })}\n${tr('waterfallTab.spanEvents', { from: s.start, to: s.end ?? '…' })}`}
                      aria-label={tr('waterfallTab.spanLabel', { kind: s.kind, label: visibleText(s.label), from: s.start, to: s.end ?? tr('waterfallTab.now') })}
                      onClick={() => select(s)}
                    >
                      {s.kind === 'run' ? s.label : ''}
                    </button>
                  ))}
                </span>
              </div>
            ))}
            {now !== undefined && <div class="wf-marker" style={{ left: `calc(160px + (100% - 160px) * ${(now - t0) / total})` }} title={tr('unknownNote.event', { since: index })} />}
          </div>
        </div>
      )}
      {cm && current && <RunMetricsView metrics={cm} run={current.run} status={current.status} />}
      <p class="muted small">
        {tr('waterfallTab.timesAreTheCaptureS')}
        {cm && !cm.timed && tr('waterfallTab.thisFileCarriesNoCapture')}
      </p>
    </div>
  );
}

function RunMetricsView({ metrics: m, run, status }: { metrics: RunMetrics; run: RunEntity; status: string }) {
  const rows: [string, string][] = [
    [tr('metrics.firstEvent'), ms(m.firstEventMs)],
    [tr('metrics.firstText'), ms(m.firstTextMs)],
    [tr('metrics.firstReasoning'), ms(m.firstReasoningMs)],
    [tr('metrics.duration'), ms(m.durationMs)],
    [
      tr('metrics.text'),
      m.text.deltas === 0
        ? '—'
        : tr('metrics.textValue', { chars: counted(m.text.chars, 'character'), deltas: counted(m.text.deltas, 'delta'), over: ms(m.text.streamingMs) }) +
          (m.text.tokensPerSecond !== undefined ? ` · ${tr('metrics.tokensPerSecond', { rate: `${m.text.tokensEstimated ? '≈' : ''}${m.text.tokensPerSecond.toFixed(1)}` })}` : ''),
    ],
    [tr('metrics.gaps'), m.gaps.count === 0 ? '—' : `p50 ${ms(m.gaps.p50)} · p95 ${ms(m.gaps.p95)} · max ${ms(m.gaps.max)} · ${trn('metrics.stalls', m.gaps.stalls.length)}`],
    [tr('metrics.wire'), tr('metrics.wireValue', { bytes: num(m.bytes), chunks: num(m.chunks) })],
    [tr('metrics.statePatches'), tr('metrics.statePatchesValue', { count: num(m.statePatches.count), bytes: num(m.statePatches.bytes) })],
    ...m.toolCalls.map((c): [string, string] => [tr('metrics.tool', { name: c.name }), tr('metrics.toolValue', { args: ms(c.argsMs), result: ms(c.resultMs) })]),
    [tr('metrics.usage'), usageText(m.usage)],
    ...(m.chain.length > 1 ? [[tr('metrics.chainUsage', { runs: num(m.chain.length) }), usageText(m.chainUsage)] as [string, string]] : []),
  ];
  return (
    <section class="run-metrics" data-testid="run-metrics">
      <h4>{tr('common.run', { runId: run.runId })} <span class={`status status-${OUTCOME[status as keyof typeof OUTCOME] ?? status}`}>{outcomeLabel(OUTCOME[status as keyof typeof OUTCOME] ?? 'running', status === 'stopped' ? run.stoppedAt : undefined)}</span>
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
