import { useSignal } from '@preact/signals';
import { useLayoutEffect } from 'preact/hooks';
import { MAX_EVENT_BYTES, PAGE_MAX_BYTES, PAGE_MAX_EVENTS, TAB_MAX_BYTES, TAB_MAX_EVENTS } from '../../bridge/limits';
import type { ExportChoice } from './ExportDialog';
import type { SessionStore } from '../store/sessionStore';
import { counted, filterErrorText, num, outcomeLabel } from '../format';
import { formatNumber, type MessageKey, tr, trn } from '../../i18n/i18n';
import { CATEGORIES, type Category, finalStatus, OUTCOME } from '../../engine/query';

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
  /** Whether the tab is shared with local tools (and may be paused by them). */
  localShare?: { shared: boolean; control: boolean; connected: boolean };
}

const droppedTitle = ({ page, extension }: { page: number; extension: number }): string =>
  [
    page > 0 && tr('toolbar.droppedInPage', { page, events: num(PAGE_MAX_EVENTS), mib: PAGE_MAX_BYTES / 1024 / 1024, eventMib: MAX_EVENT_BYTES / 1024 / 1024 }),
    extension > 0 && tr('toolbar.droppedInExtension', { extension, events: num(TAB_MAX_EVENTS), mib: TAB_MAX_BYTES / 1024 / 1024 }),
  ]
    .filter(Boolean)
    .join('; ') + tr('toolbar.droppedSkipped');

/** The filter's syntax (as typed, not translated) and what it means. */
const FILTER_HELP: [string, MessageKey][] = [
  ['word', 'filterHelp.word'],
  ['"two words"', 'filterHelp.phrase'],
  ['type:STATE_DELTA', 'filterHelp.type'],
  ['run:abc  thread:t1', 'filterHelp.run'],
  ['tool:get_weather', 'filterHelp.tool'],
  ['outcome:failed', 'filterHelp.outcome'],
  ['changed:any  changed:mapped', 'filterHelp.changed'],
  ['messageId:m1', 'filterHelp.field'],
  ['-word  -type:CUSTOM', 'filterHelp.exclude'],
  ['/^TOOL_CALL_/', 'filterHelp.regex'],
  ['type:A|B  type:A,B', 'filterHelp.either'],
  ['a b', 'filterHelp.both'],
];

/** Picks one conversation or one run to follow alone. */
function ScopePicker({ store }: { store: SessionStore }) {
  const runs = store.query.value.allRuns;
  const lanes = [...new Set(runs.map((r) => r.lane))];
  if (runs.length < 2 && lanes.length < 2) return null;
  const value = store.scope.value === null ? '' : store.scope.value.kind === 'thread' ? `thread:${store.scope.value.lane}` : `run:${store.scope.value.key}`;
  return (
    <select
      class="scope"
      aria-label={tr('toolbar.threadOrRun')}
      title={tr('toolbar.followOneConversationThreadOr')}
      value={value}
      onChange={(e) => {
        const v = (e.currentTarget as HTMLSelectElement).value;
        store.scope.value = v === '' ? null : v.startsWith('thread:') ? { kind: 'thread', lane: v.slice(7) } : { kind: 'run', key: Number(v.slice(4)) };
      }}
    >
      <option value="">{tr('toolbar.allThreadsAndRuns')}</option>
      {lanes.map((lane) => (
        <optgroup key={lane} label={tr('toolbar.thread', { lane })}>
          <option value={`thread:${lane}`}>{tr('toolbar.threadAllItsRuns', { lane })}</option>
          {runs
            .filter((r) => r.lane === lane)
            .map((r) => (
              <option key={r.key} value={`run:${r.key}`}>{tr('toolbar.run', { runId: r.runId, status: outcomeLabel(OUTCOME[finalStatus(r)], r.stoppedAt) })}
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
    <div class="toolbar" role="toolbar" aria-label={tr('toolbar.captureAndFilters')}>
      <div class="toolbar-row wrap">
        <button type="button" class="icon-button" title={store.imported.value ? tr('toolbar.closeTheImportedFile') : tr('toolbar.clear')} aria-label={tr('toolbar.clear')} onClick={actions.onClear}>
          ⊘
        </button>
        {actions.preserveLog && (
          <label class="check" title={tr('toolbar.keepTheStreamsOfPrevious')}>
            <input type="checkbox" checked={actions.preserveLog.on} onChange={actions.preserveLog.toggle} data-testid="preserve-log" /> {tr('toolbar.preserveLog')}
          </label>
        )}
        <FilterBox store={store} />
        <label class="check" title={tr('toolbar.onlyEventsWithErrorsOr')}>
          <input type="checkbox" checked={store.onlyProblems.value} onChange={() => (store.onlyProblems.value = !store.onlyProblems.value)} /> {tr('tab.problems')}
        </label>
        <ScopePicker store={store} />
        <span class="toolbar-group">
          <label class="button" title={tr('toolbar.openASessionFileA')}>
            {tr('toolbar.import')}
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
            {tr('toolbar.export')}
          </button>
          <button
            type="button"
            class="button"
            aria-pressed={store.compare.value !== null}
            onClick={() => (store.compare.value = store.compare.value ? null : {})}
            disabled={store.query.value.allRuns.length === 0}
            title={tr('toolbar.compareTwoRunsOrA')}
            data-testid="compare-open"
          >
            {tr('toolbar.compare')}
          </button>
          {actions.openReplay && (
            <button
              type="button"
              class="button"
              onClick={actions.openReplay}
              disabled={store.query.value.allRuns.length === 0}
              title={tr('toolbar.answerThePageSNext')}
              data-testid="replay-open"
            >
              {tr('common.replayToPage')}
            </button>
          )}
          {actions.pause && (
            <button
              type="button"
              class="button"
              aria-pressed={actions.pause.armed > 0}
              onClick={actions.pause.open}
              title={actions.pause.armed > 0 ? trn('toolbar.pauseArmed', actions.pause.armed) : tr('toolbar.stopThePageSLive')}
              data-testid="pause-open"
            >
              {tr('toolbar.pauseOn')}{actions.pause.armed > 0 && <span class="tab-count">{actions.pause.armed}</span>}
            </button>
          )}
          {actions.localShare?.shared && (
            <button
              type="button"
              class={`badge-button local-share-badge ${actions.localShare.connected ? '' : 'broken'}`}
              onClick={actions.openSettings}
              data-testid="local-share-badge"
              title={actions.localShare.connected ? tr('localShare.badgeTitle') : tr('localShare.badgeNotReached')}
            >
              <span class={`badge ${actions.localShare.connected ? 'badge-info' : 'badge-warning'}`}>
                {actions.localShare.control ? tr('localShare.badgeControl') : tr('localShare.badge')}
              </span>
            </button>
          )}
          {actions.openSettings && (
            <button type="button" class="icon-button" title={tr('common.whereCaptureRuns')} aria-label={tr('toolbar.captureSettings')} onClick={actions.openSettings} data-testid="open-settings">
              ⚙
            </button>
          )}
        </span>
      </div>
      {/* The counts on the kinds' line, at its end: as they grow (a badge, a digit) they move nothing a user aims at (on
          the first line they wrapped to a line of their own, and the filter widened, moving every button after it). */}
      <div class="toolbar-row wrap">
        <KindChips store={store} />
        <Status store={store} />
      </div>
      {store.imported.value && (
        <div class="toolbar-row imported-row">
          <span class="imported ellipsis" data-testid="imported" title={tr('toolbar.showing', { name: store.imported.value.name })}>
            {tr('toolbar.showing', { name: store.imported.value.name })}
          </span>
          {actions.onBackToLive && (
            <button type="button" class="link" onClick={actions.onBackToLive}>
              {tr('toolbar.backToLiveCapture')}
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
  const parsedError = store.parsedFilter.value.error;
  const filterError = parsedError && filterErrorText(parsedError);
  const open = help.value;
  // Open, the syntax closes as popovers do: Esc, or a click outside the filter box. Listened for from the render
  // that shows it (a layout effect): an Esc pressed as soon as it shows closes it.
  useLayoutEffect(() => {
    if (!open) return;
    const esc = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      help.value = false;
      e.preventDefault();
      e.stopPropagation();
    };
    const outside = (e: MouseEvent) => {
      if (!(e.target as Element | null)?.closest?.('.filter-box')) help.value = false;
    };
    document.addEventListener('keydown', esc, true);
    document.addEventListener('mousedown', outside);
    return () => {
      document.removeEventListener('keydown', esc, true);
      document.removeEventListener('mousedown', outside);
    };
  }, [open]);
  return (
    <span class="filter-box">
      <input
        class={`filter ${filterError ? 'invalid' : ''}`}
        type="search"
        placeholder={tr('toolbar.filterTypeRunToolWord')}
        aria-label={tr('toolbar.filterEvents')}
        aria-invalid={filterError ? 'true' : undefined}
        title={filterError ?? tr('toolbar.ctrlFFocusesEscClears')}
        value={store.filter.value}
        onInput={(e) => (store.filter.value = (e.currentTarget as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            store.filter.value = '';
            e.preventDefault();
          }
        }}
      />
      <button type="button" class="icon-button" aria-label={tr('toolbar.filterHelp')} aria-expanded={help.value} onClick={() => (help.value = !help.value)}>
        ?
      </button>
      {help.value && (
        <div class="popover" role="dialog" aria-label={tr('toolbar.filterSyntax')} data-testid="filter-help">
          <table>
            <tbody>
              {FILTER_HELP.map(([syntax, meaning]) => (
                <tr key={syntax}>
                  <td>
                    <code translate={false}>{syntax}</code>
                  </td>
                  <td>{tr(meaning)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="muted">{tr('toolbar.ctrlCmdFFocusesThe')}</p>
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
  const { error: failed, stopped } = store.outcomes.value;
  const receiving = store.imported.value ? null : store.receiving.value;
  return (
    <span class="status" data-testid="status">
      {receiving && (
        <span class="badge badge-info" data-testid="receiving" title={tr('toolbar.thePanelIsStillTaking')}>{tr('toolbar.receivingOf', { n: num(receiving.n), of: num(receiving.of) })}
        </span>
      )}
      {store.dropped.value.total > 0 && (
        <span class="badge badge-warning" data-testid="dropped" title={droppedTitle(store.dropped.value)}>
          {tr('toolbar.olderEvent', { total: store.dropped.value.total })}{store.dropped.value.total === 1 ? '' : tr('common.pluralS')} {tr('toolbar.dropped')}
        </span>
      )}
      {errors + warnings > 0 && (
        <button type="button" class="badge-button" onClick={() => (store.tab.value = 'problems')} data-testid="problem-count" title={tr('toolbar.showTheProblems')}>
          {errors > 0 && <span class="badge badge-error">{counted(errors, 'error')}</span>}
          {warnings > 0 && <span class="badge badge-warning">{counted(warnings, 'warning')}</span>}
        </button>
      )}
      {failed + stopped > 0 && (
        <button type="button" class="badge-button" onClick={() => (store.tab.value = 'runs')} data-testid="run-outcomes" title={tr('toolbar.showTheRuns')}>
          {failed > 0 && <span class="badge badge-failed" data-testid="failed-runs">{counted(failed, 'failedRun')}</span>}
          {stopped > 0 && <span class="badge badge-stopped" data-testid="stopped-runs">{counted(stopped, 'stoppedRun')}</span>}
        </button>
      )}
      <span class="muted streams">
        {tr('toolbar.stream', { streams })}{streams === 1 ? '' : tr('common.pluralS')}
      </span>
      {shown !== null && (
        <span class="count shown" data-testid="shown-count">
          {tr('toolbar.of', { shown: formatNumber(shown) })}</span>
      )}
      <span class="count" data-testid="event-count">
        {trn('count.event', count)}</span>
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
    <div class="chips" role="group" aria-label={tr('toolbar.eventKindsClickOnlyThis')}>
      <button type="button" class={`chip ${only.size === 0 ? 'on' : ''}`} aria-pressed={only.size === 0} onClick={() => pick(null, false)}>
        {tr('toolbar.all')}
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
          {tr(`category.${c}`)}
        </button>
      ))}
    </div>
  );
}
