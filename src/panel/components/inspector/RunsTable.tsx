import { useSignal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import { type RunColumn, type RunRow, runRows, sortRuns } from '../../../engine/replay/runRows';
import type { SessionStore } from '../../store/sessionStore';
import { Visible } from '../Visible';
import { num as formatNum } from '../format';

const ms = (v: number | undefined, timed: boolean) => (v === undefined || !timed ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`);
const num = (v: number | undefined) => (v === undefined ? '—' : formatNum(v));

/** Columns: what they show, and how soon they go when the panel is narrow (1 stays; 3 goes first). */
const COLUMNS: { id: RunColumn; label: string; title: string; priority: 1 | 2 | 3; cell(r: RunRow, t0: number): string; numeric?: boolean }[] = [
  { id: 'runId', label: 'Run', title: 'runId', priority: 1, cell: (r) => r.runId },
  { id: 'outcome', label: 'Outcome', title: 'done, failed, interrupted, cancelled, running or unfinished', priority: 1, cell: (r) => r.outcome },
  { id: 'durationMs', label: 'Duration', title: 'To RUN_FINISHED or RUN_ERROR', priority: 1, cell: (r) => ms(r.durationMs, r.timed), numeric: true },
  { id: 'ttftMs', label: 'TTFT', title: 'Time to the first text token', priority: 1, cell: (r) => ms(r.ttftMs, r.timed), numeric: true },
  { id: 'errors', label: 'Problems', title: 'Errors and warnings in the run', priority: 1, cell: (r) => (r.errors + r.warnings === 0 ? '0' : `${r.errors}E ${r.warnings}W`), numeric: true },
  { id: 'events', label: 'Events', title: 'Events of the run (its stream only)', priority: 2, cell: (r) => num(r.events), numeric: true },
  { id: 'toolCalls', label: 'Tools', title: 'Tool calls', priority: 2, cell: (r) => num(r.toolCalls), numeric: true },
  { id: 'firstEventMs', label: 'First event', title: 'Time to the first event', priority: 2, cell: (r) => ms(r.firstEventMs, r.timed), numeric: true },
  { id: 'firstReasoningMs', label: 'Reasoning', title: 'Time to the first reasoning token', priority: 3, cell: (r) => ms(r.firstReasoningMs, r.timed), numeric: true },
  { id: 'inputTokens', label: 'In', title: 'Input tokens (usage)', priority: 3, cell: (r) => num(r.inputTokens), numeric: true },
  { id: 'outputTokens', label: 'Out', title: 'Output tokens (usage)', priority: 3, cell: (r) => num(r.outputTokens), numeric: true },
  { id: 'startedAt', label: 'Start', title: 'When it started, after the first run', priority: 3, cell: (r, t0) => (r.timed ? `+${((r.startedAt - t0) / 1000).toFixed(2)} s` : '—'), numeric: true },
  { id: 'threadId', label: 'Thread', title: 'threadId', priority: 3, cell: (r) => r.threadId },
  { id: 'agent', label: 'Agent', title: 'The last part of the request URL', priority: 3, cell: (r) => r.agent },
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
  const session = store.session.value;
  const replay = store.replay.value;
  const version = store.version.value;
  const levels = store.ruleLevels.value;
  const rows = useMemo(() => runRows(session, replay, index, levels), [session, replay, index, version, levels]);
  if (rows.length === 0) return null;
  const sorted = sortRuns(rows, sort.value.by, sort.value.descending);
  const t0 = rows[0]!.startedAt;
  const current = replay.timeline.runAt(index)?.key;
  const toggle = (by: RunColumn) => (sort.value = { by, descending: sort.value.by === by ? !sort.value.descending : false });
  return (
    <div class={`runs-table-wrap ${all.value ? 'all-columns' : ''}`}>
      <div class="runs-table-bar">
        <span class="muted">
          {rows.length} run{rows.length === 1 ? '' : 's'} as of #{index}
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
            Compare these 2 runs
          </button>
        ) : (
          <span class="muted">tick two runs to compare them</span>
        )}
        <button type="button" class="link" aria-pressed={all.value} onClick={() => (all.value = !all.value)} data-testid="runs-all-columns">
          {all.value ? 'Fewer columns' : 'All columns'}
        </button>
      </div>
      <div class="runs-table-scroll">
        <table class="runs-table" data-testid="runs-table" aria-label="Runs">
          <thead>
            <tr>
              <th scope="col" class="pick" title="Tick two runs to compare them">
                ⇄
              </th>
              {COLUMNS.map((c) => (
                <th
                  key={c.id}
                  class={`p${c.priority} ${c.numeric ? 'num' : ''}`}
                  aria-sort={sort.value.by === c.id ? (sort.value.descending ? 'descending' : 'ascending') : 'none'}
                  scope="col"
                >
                  <button type="button" class="th-sort" title={c.title} onClick={() => toggle(c.id)} data-testid={`runs-sort-${c.id}`}>
                    {c.label}
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
                aria-label={`run ${r.runId}, ${r.outcome}`}
              >
                <td class="pick" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    aria-label={`Compare run ${r.runId}`}
                    checked={picked.value.includes(r.key)}
                    onChange={() => (picked.value = picked.value.includes(r.key) ? picked.value.filter((k) => k !== r.key) : [...picked.value, r.key].slice(-2))}
                  />
                </td>
                {COLUMNS.map((c) => (
                  <td key={c.id} class={`p${c.priority} ${c.numeric ? 'num' : ''} col-${c.id}`}>
                    {c.id === 'outcome' ? <span class={`status status-${r.outcome}`}>{r.outcome}</span> : <Visible text={c.cell(r, t0)} />}
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
