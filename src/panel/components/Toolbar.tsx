import { useSignal } from '@preact/signals';
import { MAX_EVENT_BYTES, PAGE_MAX_BYTES, PAGE_MAX_EVENTS, TAB_MAX_BYTES, TAB_MAX_EVENTS } from '../../bridge/limits';
import type { ExportChoice } from './ExportDialog';
import type { SessionStore } from '../store/sessionStore';
import { CATEGORIES, type Category } from './category';
import { counted, num } from './format';

export interface ToolbarActions {
  onClear(): void;
  onExport(choice: ExportChoice): void;
  onImport(file: File): void;
  onBackToLive?: () => void;
  preserveLog?: { on: boolean; toggle(): void };
  /** Opens the export dialog (set by App). */
  openExport?: () => void;
  /** Where capture runs (the extension's panel only). */
  openSettings?: () => void;
  /** Replay to page (the extension's panel only: it needs a tab). */
  openReplay?: () => void;
  /** Pause on an event (the extension's panel only): how many conditions are armed, and the dialog. */
  pause?: { armed: number; open(): void };
}

const droppedTitle = ({ page, extension }: { page: number; extension: number }): string =>
  [
    page > 0 && `${page} dropped in the page by its capture buffer (it keeps ${num(PAGE_MAX_EVENTS)} events or ${PAGE_MAX_BYTES / 1024 / 1024} MiB until a panel asks, and no event over ${MAX_EVENT_BYTES / 1024 / 1024} MiB)`,
    extension > 0 && `${extension} dropped by the extension's buffer for this tab (${num(TAB_MAX_EVENTS)} events or ${TAB_MAX_BYTES / 1024 / 1024} MiB) before this panel asked for them`,
  ]
    .filter(Boolean)
    .join('; ') + '. Checks that need the dropped events are skipped.';

const FILTER_HELP: [string, string][] = [
  ['word', 'the type, an id or the content contains it'],
  ['"two words"', 'a phrase'],
  ['type:STATE_DELTA', 'the event type (part of it is enough)'],
  ['run:abc  thread:t1', 'events of a run, of a conversation'],
  ['tool:get_weather', 'events of a tool call, by name or id'],
  ['messageId:m1', 'any other field of the event'],
  ['-word  -type:CUSTOM', 'leave out what matches'],
  ['/^TOOL_CALL_/', 'a regular expression ("/a b/" with spaces)'],
  ['type:A|B  type:A,B', 'either (inside a key)'],
  ['a b', 'both (a space is "and")'],
];

/** Picks one conversation or one run to follow alone. */
function ScopePicker({ store }: { store: SessionStore }) {
  void store.version.value;
  const runs = store.replay.value.timeline.runs;
  const lanes = [...new Set(runs.map((r) => r.lane))];
  if (runs.length < 2 && lanes.length < 2) return null;
  const value = store.scope.value === null ? '' : store.scope.value.kind === 'thread' ? `thread:${store.scope.value.lane}` : `run:${store.scope.value.key}`;
  return (
    <select
      class="scope"
      aria-label="Thread or run"
      title="Follow one conversation (thread) or one run alone"
      value={value}
      onChange={(e) => {
        const v = (e.currentTarget as HTMLSelectElement).value;
        store.scope.value = v === '' ? null : v.startsWith('thread:') ? { kind: 'thread', lane: v.slice(7) } : { kind: 'run', key: Number(v.slice(4)) };
      }}
    >
      <option value="">All threads and runs</option>
      {lanes.map((lane) => (
        <optgroup key={lane} label={`thread ${lane}`}>
          <option value={`thread:${lane}`}>thread {lane} (all its runs)</option>
          {runs
            .filter((r) => r.lane === lane)
            .map((r) => (
              <option key={r.key} value={`run:${r.key}`}>
                run {r.runId} · {r.status}
              </option>
            ))}
        </optgroup>
      ))}
    </select>
  );
}

export function Toolbar({ store, actions }: { store: SessionStore; actions: ToolbarActions }) {
  // The session and its replay grow in place: the version is what changes when events arrive.
  void store.version.value;
  const streams = store.session.value.streams.size;
  return (
    <div class="toolbar" role="toolbar" aria-label="Capture and filters">
      <div class="toolbar-row wrap">
        <button type="button" class="icon-button" title={store.imported.value ? 'Close the imported file' : 'Clear'} aria-label="Clear" onClick={actions.onClear}>
          ⊘
        </button>
        {actions.preserveLog && (
          <label class="check" title="Keep the streams of previous pages when the tab reloads or navigates">
            <input type="checkbox" checked={actions.preserveLog.on} onChange={actions.preserveLog.toggle} data-testid="preserve-log" /> Preserve log
          </label>
        )}
        <FilterBox store={store} />
        <label class="check" title="Only events with errors or warnings (combines with the kinds and the filter)">
          <input type="checkbox" checked={store.onlyProblems.value} onChange={() => (store.onlyProblems.value = !store.onlyProblems.value)} /> Problems
        </label>
        <ScopePicker store={store} />
        <span class="toolbar-group">
          <label class="button" title="Open a session file, a JSON or JSONL event list, SSE text or a protobuf dump">
            Import…
            <input
              type="file"
              class="visually-hidden"
              data-testid="import"
              onChange={(e) => {
                const file = (e.currentTarget as HTMLInputElement).files?.[0];
                if (file) actions.onImport(file);
                (e.currentTarget as HTMLInputElement).value = '';
              }}
            />
          </label>
          <button type="button" class="button" onClick={() => actions.openExport?.()} disabled={streams === 0} data-testid="export">
            Export
          </button>
          <button
            type="button"
            class="button"
            aria-pressed={store.compare.value !== null}
            onClick={() => (store.compare.value = store.compare.value ? null : {})}
            disabled={store.replay.value.timeline.runs.length === 0}
            title="Compare two runs, or a run with one of a file: the first divergence, and what differs"
            data-testid="compare-open"
          >
            Compare
          </button>
          {actions.openReplay && (
            <button
              type="button"
              class="button"
              onClick={actions.openReplay}
              disabled={store.replay.value.timeline.runs.length === 0}
              title="Answer the page's next agent request with a recorded run (no agent needed)"
              data-testid="replay-open"
            >
              Replay to page
            </button>
          )}
          {actions.pause && (
            <button
              type="button"
              class="button"
              aria-pressed={actions.pause.armed > 0}
              onClick={actions.pause.open}
              title={actions.pause.armed > 0 ? `${actions.pause.armed} pause condition${actions.pause.armed === 1 ? '' : 's'} armed for this tab` : "Stop the page's live agent stream before an event you choose"}
              data-testid="pause-open"
            >
              Pause on…{actions.pause.armed > 0 && <span class="tab-count">{actions.pause.armed}</span>}
            </button>
          )}
          {actions.openSettings && (
            <button type="button" class="icon-button" title="Where capture runs" aria-label="Capture settings" onClick={actions.openSettings} data-testid="open-settings">
              ⚙
            </button>
          )}
        </span>
        <Status store={store} />
      </div>
      <KindChips store={store} />
      {store.imported.value && (
        <div class="toolbar-row imported-row">
          <span class="imported ellipsis" data-testid="imported" title={store.imported.value.name}>
            Showing {store.imported.value.name}
          </span>
          {actions.onBackToLive && (
            <button type="button" class="link" onClick={actions.onBackToLive}>
              back to live capture
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The filter, with its syntax one click away. */
function FilterBox({ store }: { store: SessionStore }) {
  const help = useSignal(false);
  const filterError = store.query.value.error;
  return (
    <span class="filter-box">
      <input
        class={`filter ${filterError ? 'invalid' : ''}`}
        type="search"
        placeholder="Filter: type:, run:, tool:, -word, /regex/"
        aria-label="Filter events"
        aria-invalid={filterError ? 'true' : undefined}
        title={filterError ?? 'Ctrl+F focuses, Esc clears'}
        value={store.filter.value}
        onInput={(e) => (store.filter.value = (e.currentTarget as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            store.filter.value = '';
            e.preventDefault();
          }
        }}
      />
      <button type="button" class="icon-button" aria-label="Filter help" aria-expanded={help.value} onClick={() => (help.value = !help.value)}>
        ?
      </button>
      {help.value && (
        <div class="popover" role="dialog" aria-label="Filter syntax" data-testid="filter-help">
          <table>
            <tbody>
              {FILTER_HELP.map(([syntax, meaning]) => (
                <tr key={syntax}>
                  <td>
                    <code>{syntax}</code>
                  </td>
                  <td>{meaning}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="muted">Ctrl/Cmd+F focuses the filter; Esc clears it.</p>
        </div>
      )}
    </span>
  );
}

/** What the capture holds: drops, problems, streams, and the event count (of how many the filters show). */
function Status({ store }: { store: SessionStore }) {
  const count = store.eventCount.value;
  const shown = store.shownCount.value;
  const streams = store.session.value.streams.size;
  const { errors, warnings } = store.problems.value;
  const receiving = store.imported.value ? null : store.receiving.value;
  return (
    <span class="status" data-testid="status">
      {receiving && (
        <span class="badge badge-info" data-testid="receiving" title="The panel is still taking in what the page has read (a panel opened late, or a flood): nothing is lost, it is on its way.">
          receiving {num(receiving.n)} of {num(receiving.of)}
        </span>
      )}
      {store.dropped.value.total > 0 && (
        <span class="badge badge-warning" data-testid="dropped" title={droppedTitle(store.dropped.value)}>
          {store.dropped.value.total} older event{store.dropped.value.total === 1 ? '' : 's'} dropped
        </span>
      )}
      {errors + warnings > 0 && (
        <button type="button" class="badge-button" onClick={() => (store.tab.value = 'problems')} data-testid="problem-count" title="Show the problems">
          {errors > 0 && <span class="badge badge-error">{counted(errors, 'error')}</span>}
          {warnings > 0 && <span class="badge badge-warning">{counted(warnings, 'warning')}</span>}
        </button>
      )}
      <span class="muted streams">
        {streams} stream{streams === 1 ? '' : 's'}
      </span>
      {shown !== null && (
        <span class="count shown" data-testid="shown-count">
          {shown} of
        </span>
      )}
      <span class="count" data-testid="event-count">
        {count} events
      </span>
    </span>
  );
}

/** Like the Network panel's type filter: a click shows only that kind (again: all), Ctrl/Cmd-click adds or removes it. */
function KindChips({ store }: { store: SessionStore }) {
  const only = store.only.value;
  const pick = (c: Category | null, add: boolean) => {
    if (c === null) store.only.value = new Set();
    else if (add) {
      const next = new Set(only);
      if (next.has(c)) next.delete(c);
      else next.add(c);
      store.only.value = next;
    } else store.only.value = only.size === 1 && only.has(c) ? new Set() : new Set([c]);
  };
  return (
    <div class="toolbar-row chips" role="group" aria-label="Event kinds (click: only this kind; Ctrl/Cmd-click: add or remove)">
      <button type="button" class={`chip ${only.size === 0 ? 'on' : ''}`} aria-pressed={only.size === 0} onClick={() => pick(null, false)}>
        all
      </button>
      {CATEGORIES.map((c) => (
        <button
          type="button"
          key={c}
          class={`chip cat-${c} ${only.has(c) ? 'on' : ''}`}
          aria-pressed={only.has(c)}
          data-category={c}
          onClick={(e) => pick(c, e.ctrlKey || e.metaKey)}
        >
          {c}
        </button>
      ))}
    </div>
  );
}
