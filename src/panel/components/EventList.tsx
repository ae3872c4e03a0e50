import { memo } from './memo';
import { useSignal } from '@preact/signals';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { SessionStore } from '../store/sessionStore';
import { visibleNodes, visibleText } from './Visible';
import { columnLayout, columns, TimelineHeader } from './timelineColumns';
import { tr, trn } from '../../i18n/i18n';
import { outcomeLabel } from '../format';
import { categoryOf, endTag, type Frame, keyIds, opensReplayedStream, opensResentStream, preview, typeLabel } from '../../engine/query';

export const ROW_HEIGHT = 22;
const OVERSCAN = 10;

/** The ids' field names as quiet prefixes, short so the values keep the room (the whole name is in the tooltip). */
const SHORT_KEY: Record<string, string> = {
  runId: 'run',
  threadId: 'thread',
  parentRunId: 'parent run',
  messageId: 'msg',
  toolCallId: 'call',
  toolCallName: 'tool',
  parentMessageId: 'in msg',
  stepName: 'step',
  activityType: 'activity',
  subagentRunId: 'subagent',
  parentSubagentRunId: 'parent subagent',
  entityId: 'entity',
};

const formatDelta = (ms: number): string => (ms < 1000 ? `+${Math.round(ms)} ms` : `+${(ms / 1000).toFixed(2)} s`);

/**
 * The timeline: one row per frame, virtualized (only the rows in view exist), following the tail while the
 * user is at the bottom. Lines mark where a stream, a run or a page begins. The keyboard moves the selection
 * from anywhere in the panel (see App).
 */
export function EventList({ store }: { store: SessionStore }) {
  const { all: frames } = store.frames.value;
  const visible = store.visible.value;
  const byIndex = store.problems.value.byIndex;
  const total = visible ? visible.length : frames.length;
  const scrollTop = useSignal(0);
  const height = useSignal(400);
  const scrollbar = useSignal(0);
  /** Following the tail (a signal: what is drawn depends on it). */
  const stick = useSignal(true);
  const ref = useRef<HTMLDivElement>(null);
  /** The list's scroll offset as last seen: where following the tail scrolled it, or its last scroll event. */
  const lastTop = useRef(0);
  const navigations = store.session.value.navigations;
  const imported = store.imported.value;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      height.value = el.clientHeight;
      // The header lines up with the rows above a vertical scrollbar.
      scrollbar.value = el.offsetWidth - el.clientWidth;
      // A list following the tail still follows it at its new size (a smaller one would be left mid-way).
      if (stick.peek() && store.selected.peek() === null) {
        el.scrollTop = el.scrollHeight;
        lastTop.current = el.scrollTop;
      }
    });
    observer.observe(el);
    height.value = el.clientHeight;
    return () => observer.disconnect();
  }, []);

  // An imported file is read from its start; the live capture follows its tail.
  useEffect(() => {
    const el = ref.current;
    stick.value = !imported;
    if (el && imported) {
      el.scrollTop = 0;
      scrollTop.value = 0;
    }
  }, [imported]);

  // Follow the tail, or keep the selected event in view (also as the filter changes), before the browser paints: the
  // rows are drawn for where the list scrolls to, and a frame painted before the scroll showed none of them.
  const selectedIndex = store.selected.value;
  const wasSelected = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Back to the latest event (End, "latest"): the list goes to the end and follows it again.
    if (selectedIndex === null && wasSelected.current !== null) stick.value = true;
    wasSelected.current = selectedIndex;
    if (selectedIndex !== null) {
      const row = visible ? visible.indexOf(selectedIndex) : selectedIndex;
      if (row >= 0) {
        const top = row * ROW_HEIGHT;
        if (top < el.scrollTop || top + ROW_HEIGHT > el.scrollTop + el.clientHeight) {
          el.scrollTop = Math.max(0, top - el.clientHeight / 2);
          scrollTop.value = el.scrollTop;
        }
        stick.value = false;
        return;
      }
    }
    if (stick.peek()) {
      el.scrollTop = total * ROW_HEIGHT;
      // Where it really went (the end, if that was less): the offset a later scroll event is judged against.
      lastTop.current = el.scrollTop;
    }
  }, [total, selectedIndex, visible]);

  const { first, last } = rowWindow(total, height.value, stick.value && selectedIndex === null ? null : scrollTop.value);
  // Rows are keyed by their slot in a pool as big as the window, not by event: a row scrolled out (or pushed out
  // by the flood the list follows) lends its elements to the row coming in, which patches text instead of
  // building and removing elements.
  const pool = Math.ceil(height.value / ROW_HEIGHT) + 2 * OVERSCAN + 2;
  const rows = [];
  // Pause on an event: the paused streams' events from the paused one on have not been given to the page.
  const heldFrom = store.imported.value ? undefined : store.heldFrom.value;
  for (let r = first; r < last; r++) {
    const index = visible ? visible[r]! : r;
    const frame = frames[index]!;
    const p = byIndex.get(index);
    const previous = index > 0 ? frames[index - 1] : undefined;
    rows.push(
      <EventRow
        key={r % pool}
        store={store}
        row={r}
        index={index}
        frame={frame}
        selected={selectedIndex === index}
        errors={p?.errors ?? 0}
        warnings={p?.warnings ?? 0}
        start={store.runStartOf(index)}
        navigatedHere={index > 0 && navigations.some((n) => n.atFrame === index)}
        streamChanged={previous !== undefined && previous.streamId !== frame.streamId}
        replayed={opensReplayedStream(store.session.value, frame)}
        resent={opensResentStream(store.session.value, frame)}
        held={(heldFrom?.get(frame.streamId) ?? Number.POSITIVE_INFINITY) <= index}
        stoppedAt={store.query.value.stoppedBefore(index)}
      />,
    );
  }

  const layout = columnLayout(columns.value, total);
  return (
    <div class={`timeline ${layout.classes}`} style={layout.style}>
      <TimelineHeader scrollbar={scrollbar.value} />
    <div
      class="event-list"
      role="grid"
      aria-label={tr('eventList.events')}
      aria-rowcount={total}
      aria-readonly="true"
      tabIndex={0}
      ref={ref}
      data-testid="event-list"
      onScroll={(e) => {
        const el = e.currentTarget as HTMLDivElement;
        scrollTop.value = el.scrollTop;
        // Only a move up (the user's) leaves the tail. Our scrolls to the end go down, and so do the browser's when
        // the list's size changes under it (a panel resized as a bar above the list goes: once left mid-way so).
        const up = el.scrollTop < lastTop.current - 2;
        lastTop.current = el.scrollTop;
        stick.value = (stick.peek() && !up) || el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT;
      }}
    >
      {total === 0 ? (
        <div class="empty" data-testid="empty">
          {frames.length > 0
            ? tr('eventList.noEventsMatchTheFilter')
            : store.imported.value
              ? tr('eventList.thisFileHoldsNoEvents')
              : store.emptyText}
        </div>
      ) : (
        <div class="rows" role="rowgroup" style={{ height: `${total * ROW_HEIGHT}px` }}>
          {rows}
        </div>
      )}
    </div>
    </div>
  );
}

/**
 * The rows to draw, from `first` up to `last`, for a list of `total` rows `height` px high scrolled to `top` (null:
 * following the tail). Following, they are those at the new bottom already: drawing the old window first and the new
 * one after the scroll it causes would build every row twice a repaint while a flood comes in. Elsewhere, they are
 * those at the offset as far as the list's new end: a filter that shortens the list leaves the old offset past that
 * end until the browser clamps it, and rows drawn for it were none at all.
 */
function rowWindow(total: number, height: number, top: number | null): { first: number; last: number } {
  const end = Math.max(0, total * ROW_HEIGHT - height);
  const at = top === null ? end : Math.min(top, end);
  return { first: Math.max(0, Math.floor(at / ROW_HEIGHT) - OVERSCAN), last: Math.min(total, Math.ceil((at + height) / ROW_HEIGHT) + OVERSCAN) };
}

interface RowProps {
  store: SessionStore;
  /** Its place in the list, and the event's index. */
  row: number;
  index: number;
  frame: Frame;
  selected: boolean;
  errors: number;
  warnings: number;
  /** When its run started (for "+ms"). */
  start: number | undefined;
  navigatedHere: boolean;
  streamChanged: boolean;
  replayed: boolean;
  /** It opens a stream the extension sent again (Resend). */
  resent: boolean;
  /** Paused: the page has not been given this event yet. */
  held: boolean;
  /** Where the page's client stopped this event's stream, when the event came after (it did not apply it). */
  stoppedAt: number | undefined;
}

/**
 * One row. Its props are values (a frame never changes once it came), so a repaint that follows the tail re-renders
 * only the rows that are new or whose selection or problems changed.
 */
const EventRow = memo(function EventRow({ store, row, index, frame, selected, errors, warnings, start, navigatedHere, streamChanged, replayed, resent, held, stoppedAt }: RowProps) {
  const type = typeLabel(frame.event);
  const runStarts = type === 'RUN_STARTED';
  const streamStarts = frame.streamIndex === 0 && !runStarts;
  const tag = endTag(frame.event);
  const ids = keyIds(frame.event);
  const text = preview(frame.event);
  return (
    <div
      role="row"
      aria-rowindex={row + 1}
      aria-selected={selected}
      class={[
        'row',
        selected && 'selected',
        errors > 0 && 'has-error',
        navigatedHere && 'nav-divider',
        runStarts && 'run-start',
        (streamStarts || (streamChanged && !runStarts)) && 'stream-change',
        type === 'RUN_ERROR' && 'run-error',
        tag === 'interrupted' && 'run-interrupted',
        !frame.reducible && 'not-replayed',
        held && 'held',
        stoppedAt !== undefined && 'not-applied',
      ]
        .filter(Boolean)
        .join(' ')}
      style={{ top: `${row * ROW_HEIGHT}px` }}
      onClick={() => store.select(index)}
      data-index={index}
      title={held ? tr('eventList.pausedThePageHasNot') : stoppedAt !== undefined ? tr('eventList.notApplied', { index: stoppedAt }) : navigatedHere ? tr('eventList.thePageNavigatedBeforeThis') : streamChanged ? tr('eventList.stream', { id: frame.streamId }) : undefined}
    >
      <span role="gridcell" class="cell index">
        {index}
      </span>
      <span role="gridcell" class="cell time" translate={false}>
        {start === undefined ? '' : formatDelta(frame.t - start)}
      </span>
      <span role="gridcell" class="cell col-type">
        <span class={`type cat-${categoryOf(type)}`} title={type} translate={false}>
          {frame.direction === 'out' && (
            <span class="dir" title={tr('eventList.sentByThePageOver')}>
              ↑{' '}
            </span>
          )}
          {type}
        </span>
        {tag && <span class={`row-tag tag-${tag}`}>{outcomeLabel(tag)}</span>}
        {replayed && (
          <span class="row-tag tag-replayed" title={tr('eventList.answeredByAgUiDevtools')} data-testid="replayed-tag">
            {tr('common.replayed')}
          </span>
        )}
        {resent && (
          <span class="row-tag tag-replayed" title={tr('eventList.sentAgainByAgUi')} data-testid="resent-tag">
            {tr('common.resent')}
          </span>
        )}
      </span>
      <span role="gridcell" class="cell ids" translate={false}>
        {ids.map(([k, v]) => (
          <span class="id" key={k} title={`${k}: ${visibleText(v)}`}>
            <span class="id-key">{SHORT_KEY[k] ?? k}</span>
            {visibleNodes(v)}
          </span>
        ))}
      </span>
      <span role="gridcell" class="cell preview" title={text ? visibleText(text) : undefined} translate={false}>
        {visibleNodes(text)}
      </span>
      <span role="gridcell" class="cell flags">
        {errors > 0 && <span class="dot dot-error" title={trn('count.error', errors)} />}
        {warnings > 0 && <span class="dot dot-warning" title={trn('count.warning', warnings)} />}
      </span>
    </div>
  );
});
