import type { SessionStore } from '../store/sessionStore';
import type { ExportOptions } from '../../engine/session/exportFormat';
import { MAX_EVENT_BYTES, PAGE_MAX_BYTES, PAGE_MAX_EVENTS, TAB_MAX_BYTES, TAB_MAX_EVENTS } from '../../bridge/limits';
import { CATEGORIES, type Category } from './category';

export interface ToolbarActions {
  onClear(): void;
  onExport(options: ExportOptions): void;
  /** Opens the export dialog (set by App). */
  openExport?: () => void;
  onImport(file: File): void;
  onBackToLive?: () => void;
  preserveLog?: { on: boolean; toggle(): void };
  /** Where capture runs (the extension's panel only). */
  openSettings?: () => void;
}

const droppedTitle = ({ page, extension }: { page: number; extension: number }): string =>
  [
    page > 0 && `${page} dropped in the page by its capture buffer (it keeps ${PAGE_MAX_EVENTS.toLocaleString('en')} events or ${PAGE_MAX_BYTES / 1024 / 1024} MiB until a panel asks, and no event over ${MAX_EVENT_BYTES / 1024 / 1024} MiB)`,
    extension > 0 && `${extension} dropped by the extension's buffer for this tab (${TAB_MAX_EVENTS.toLocaleString('en')} events or ${TAB_MAX_BYTES / 1024 / 1024} MiB) before this panel asked for them`,
  ]
    .filter(Boolean)
    .join('; ') + '. Checks that need the dropped events are skipped.';

export function Toolbar({ store, actions }: { store: SessionStore; actions: ToolbarActions }) {
  const count = store.eventCount.value;
  const streams = store.session.value.streams.size;
  const { errors, warnings } = store.problems.value;
  const hidden = store.hidden.value;
  const toggle = (c: Category) => {
    const next = new Set(hidden);
    if (next.has(c)) next.delete(c);
    else next.add(c);
    store.hidden.value = next;
  };
  return (
    <div class="toolbar" role="toolbar">
      <div class="toolbar-row">
        <button type="button" class="icon-button" title="Clear" aria-label="Clear" onClick={actions.onClear}>
          ⊘
        </button>
        {actions.preserveLog && (
          <label class="check" title="Keep the streams of previous pages when the tab reloads or navigates">
            <input type="checkbox" checked={actions.preserveLog.on} onChange={actions.preserveLog.toggle} data-testid="preserve-log" /> Preserve log
          </label>
        )}
        <span class="divider" />
        <input
          class="filter"
          type="search"
          placeholder="Filter: type, id or text"
          aria-label="Filter events"
          value={store.filter.value}
          onInput={(e) => (store.filter.value = (e.currentTarget as HTMLInputElement).value)}
        />
        <label class="check" title="Only events with errors or warnings">
          <input type="checkbox" checked={store.onlyProblems.value} onChange={() => (store.onlyProblems.value = !store.onlyProblems.value)} /> Problems
        </label>
        <span class="divider" />
        <label class="button" title="Open a session file, a JSON or JSONL event list, SSE text or a protobuf dump">
          Import…
          <input
            type="file"
            hidden
            data-testid="import"
            onChange={(e) => {
              const file = (e.currentTarget as HTMLInputElement).files?.[0];
              if (file) actions.onImport(file);
              (e.currentTarget as HTMLInputElement).value = '';
            }}
          />
        </label>
        <button type="button" class="button" onClick={() => (actions.openExport ? actions.openExport() : actions.onExport({}))} disabled={streams === 0} data-testid="export">
          Export
        </button>
        {actions.openSettings && (
          <button type="button" class="icon-button" title="Where capture runs" aria-label="Capture settings" onClick={actions.openSettings} data-testid="open-settings">
            ⚙
          </button>
        )}
        <span class="spacer" />
        {store.dropped.value.total > 0 && (
          <span class="badge badge-warning" data-testid="dropped" title={droppedTitle(store.dropped.value)}>
            {store.dropped.value.total} older event{store.dropped.value.total === 1 ? '' : 's'} dropped
          </span>
        )}
        {errors + warnings > 0 && (
          <button type="button" class="badge-button" onClick={() => (store.tab.value = 'problems')} data-testid="problem-count">
            {errors > 0 && <span class="badge badge-error">{errors} errors</span>}
            {warnings > 0 && <span class="badge badge-warning">{warnings} warnings</span>}
          </button>
        )}
        <span class="muted">
          {streams} stream{streams === 1 ? '' : 's'}
        </span>
        <span class="count" data-testid="event-count">
          {count} events
        </span>
      </div>
      <div class="toolbar-row chips" role="group" aria-label="Event kinds">
        {CATEGORIES.map((c) => (
          <button
            type="button"
            key={c}
            class={`chip cat-${c} ${hidden.has(c) ? 'off' : ''}`}
            aria-pressed={!hidden.has(c)}
            onClick={() => toggle(c)}
          >
            {c}
          </button>
        ))}
        {store.imported.value && (
          <span class="imported" data-testid="imported">
            Showing {store.imported.value.name}
            {actions.onBackToLive && (
              <button type="button" class="link" onClick={actions.onBackToLive}>
                back to live capture
              </button>
            )}
          </span>
        )}
      </div>
    </div>
  );
}
