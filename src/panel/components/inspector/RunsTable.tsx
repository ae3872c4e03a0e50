import { useSignal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import type { SessionStore } from '../../store/sessionStore';
import { Visible } from '../Visible';
import { num as formatNum, outcomeLabel, producerLabel } from '../../format';
import { type MessageKey, tr } from '../../../i18n/i18n';
import { type RunColumn, type RunRow, runRows, sortRuns } from '../../../engine/query';

const ms = (v: number | undefined, timed: boolean) => (v === undefined || !timed ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`);
const num = (v: number | undefined) => (v === undefined ? '—' : formatNum(v));

/** Columns: what they show, and how soon they go when the panel is narrow (1 stays; 3 goes first). */
const COLUMNS: { id: RunColumn; label: MessageKey; title: MessageKey; priority: 1 | 2 | 3; cell(r: RunRow, t0: number): string; numeric?: boolean }[] = [
  { id: 'runId', label: 'runsTable.col.runId', title: 'runsTable.col.runId.title', priority: 1, cell: (r) => r.runId },
  { id: 'outcome', label: 'runsTable.col.outcome', title: 'runsTable.col.outcome.title', priority: 1, cell: (r) => outcomeLabel(r.outcome, r.stoppedAt) },
  { id: 'durationMs', label: 'runsTable.col.durationMs', title: 'runsTable.col.durationMs.title', priority: 1, cell: (r) => ms(r.durationMs, r.timed), numeric: true },
  { id: 'ttftMs', label: 'runsTable.col.ttftMs', title: 'runsTable.col.ttftMs.title', priority: 1, cell: (r) => ms(r.ttftMs, r.timed), numeric: true },
  { id: 'errors', label: 'runsTable.col.errors', title: 'runsTable.col.errors.title', priority: 1, cell: (r) => (r.errors + r.warnings === 0 ? '0' : `${r.errors}E ${r.warnings}W`), numeric: true },
  { id: 'events', label: 'runsTable.col.events', title: 'runsTable.col.events.title', priority: 2, cell: (r) => num(r.events), numeric: true },
  { id: 'toolCalls', label: 'runsTable.col.toolCalls', title: 'runsTable.col.toolCalls.title', priority: 2, cell: (r) => num(r.toolCalls), numeric: true },
  { id: 'firstEventMs', label: 'runsTable.col.firstEventMs', title: 'runsTable.col.firstEventMs.title', priority: 2, cell: (r) => ms(r.firstEventMs, r.timed), numeric: true },
  { id: 'firstReasoningMs', label: 'runsTable.col.firstReasoningMs', title: 'runsTable.col.firstReasoningMs.title', priority: 3, cell: (r) => ms(r.firstReasoningMs, r.timed), numeric: true },
  { id: 'inputTokens', label: 'runsTable.col.inputTokens', title: 'runsTable.col.inputTokens.title', priority: 3, cell: (r) => num(r.inputTokens), numeric: true },
  { id: 'outputTokens', label: 'runsTable.col.outputTokens', title: 'runsTable.col.outputTokens.title', priority: 3, cell: (r) => num(r.outputTokens), numeric: true },
  { id: 'startedAt', label: 'runsTable.col.startedAt', title: 'runsTable.col.startedAt.title', priority: 3, cell: (r, t0) => (r.timed ? `+${((r.startedAt - t0) / 1000).toFixed(2)} s` : '—'), numeric: true },
  { id: 'threadId', label: 'runsTable.col.threadId', title: 'runsTable.col.threadId.title', priority: 3, cell: (r) => r.threadId },
  { id: 'agent', label: 'runsTable.col.agent', title: 'runsTable.col.agent.title', priority: 3, cell: (r) => `${r.agent} · ${producerLabel(r.producer)}` },
];

/**
 * Every run as of the selected event, one row each, to compare them at a glance: sortable by any column (a second
 * click reverses), the row of the selected event's run marked. Narrow, the least needed columns go; "All columns"
 * brings them back (the table then scrolls). A row's click selects the run's last event that had arrived.
 */
export function RunsTable({ store, index }: { store: SessionStore; index: number }) {
  const sort = useSignal<{ by: RunColumn; descending: boolean }>({ by: 'startedAt', descending: false });
  const all = useSignal(false);
  /** Up to two runs ticked to compare (a third tick lets the oldest go). */
  const picked = useSignal<number[]>([]);
  const query = store.query.value;
  const rows = useMemo(() => query.runs(index), [query, index]);
  if (rows.length === 0) return null;
  const sorted = sortRuns(rows, sort.value.by, sort.value.descending);
  const t0 = rows[0]!.startedAt;
  const current = query.runAt(index)?.key;
  const toggle = (by: RunColumn) => (sort.value = { by, descending: sort.value.by === by ? !sort.value.descending : false });
  return (
    <div class={`runs-table-wrap ${all.value ? 'all-columns' : ''}`}>
      <div class="runs-table-bar">
        <span class="muted">
          {tr('runsTable.run', { length: rows.length })}{rows.length === 1 ? '' : tr('common.pluralS')}{' '}{tr('runsTable.asOf', { index })}
        </span>
        {picked.value.length === 2 ? (
          <button
            type="button"
            class="button"
            data-testid="runs-compare"
            onClick={() => {
              const [a, b] = [...picked.value].sort((x, y) => x - y) as [number, number];
              store.compare.value = { a, b };
            }}
          >
            {tr('runsTable.compareThese2Runs')}
          </button>
        ) : (
          <span class="muted">{tr('runsTable.tickTwoRunsToCompare')}</span>
        )}
        <button type="button" class="link" aria-pressed={all.value} onClick={() => (all.value = !all.value)} data-testid="runs-all-columns">
          {all.value ? tr('runsTable.fewerColumns') : tr('runsTable.allColumns')}
        </button>
      </div>
      <div class="runs-table-scroll">
        <table class="runs-table" data-testid="runs-table" aria-label={tr('tab.runs')}>
          <thead>
            <tr>
              <th scope="col" class="pick" title={tr('runsTable.tickTwoRunsToCompare2')}>
                ⇄
              </th>
              {COLUMNS.map((c) => (
                <th
                  key={c.id}
                  class={`p${c.priority} ${c.numeric ? 'num' : ''}`}
                  aria-sort={sort.value.by === c.id ? (sort.value.descending ? 'descending' : 'ascending') : 'none'}
                  scope="col"
                >
                  <button type="button" class="th-sort" title={tr(c.title)} onClick={() => toggle(c.id)} data-testid={`runs-sort-${c.id}`}>
                    {tr(c.label)}
                    {sort.value.by === c.id ? (sort.value.descending ? ' ▾' : ' ▴') : ''}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr
                key={r.key}
                class={`${r.key === current ? 'current' : ''} outcome-${r.outcome}`}
                data-run-key={r.key}
                tabIndex={0}
                onClick={() => store.select(r.lastEvent)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    store.select(r.lastEvent);
                  }
                }}
                aria-label={tr('runsTable.rowLabel', { runId: r.runId, outcome: outcomeLabel(r.outcome, r.stoppedAt) })}
              >
                <td class="pick" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    aria-label={tr('runsTable.compareRun', { runId: r.runId })}
                    checked={picked.value.includes(r.key)}
                    onChange={() => (picked.value = picked.value.includes(r.key) ? picked.value.filter((k) => k !== r.key) : [...picked.value, r.key].slice(-2))}
                  />
                </td>
                {COLUMNS.map((c) => (
                  <td key={c.id} class={`p${c.priority} ${c.numeric ? 'num' : ''} col-${c.id}`} translate={c.id === 'outcome' ? undefined : false}>
                    {c.id === 'outcome' ? <span class={`status status-${r.outcome}`}>{outcomeLabel(r.outcome, r.stoppedAt)}</span> : <Visible text={c.cell(r, t0)} />}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
