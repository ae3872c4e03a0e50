import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { keyIds, preview, typeLabel } from '../../engine/events/summary';
import type { SessionStore } from '../store/sessionStore';
import { categoryOf } from './category';
import { Visible, visibleText } from './Visible';

export const ROW_HEIGHT = 22;
const OVERSCAN = 10;

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
  /** Following the tail (a signal: what is drawn depends on it). */
  const stick = useSignal(true);
  const ref = useRef<HTMLDivElement>(null);
  const navigations = store.session.value.navigations;
  const imported = store.imported.value;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => (height.value = el.clientHeight));
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

  // Follow the tail while the user is at the bottom; otherwise keep the selected event in view (also when the
  // filter changes under it).
  const selectedIndex = store.selected.value;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
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
    if (stick.peek()) el.scrollTop = total * ROW_HEIGHT;
  }, [total, selectedIndex, visible]);

  // Following the tail, the rows drawn are those at the new bottom already: drawing the old window first and the
  // new one after the scroll it causes would build every row twice a repaint while a flood comes in.
  const top = stick.value && selectedIndex === null ? Math.max(0, total * ROW_HEIGHT - height.value) : scrollTop.value;
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total, Math.ceil((top + height.value) / ROW_HEIGHT) + OVERSCAN);
  const rows = [];
  for (let r = first; r < last; r++) {
    const index = visible ? visible[r]! : r;
    const frame = frames[index]!;
    const type = typeLabel(frame.event);
    const p = byIndex.get(index);
    const start = store.runStartOf(index);
    const previous = index > 0 ? frames[index - 1] : undefined;
    const navigatedHere = index > 0 && navigations.some((n) => n.atFrame === index);
    const runStarts = type === 'RUN_STARTED';
    const streamStarts = frame.index === 0 && !runStarts;
    const streamChanged = previous !== undefined && previous.streamId !== frame.streamId;
    const outcome = type === 'RUN_FINISHED' ? (frame.event as { outcome?: { type?: unknown } }).outcome?.type : undefined;
    const replayed = frame.index === 0 && store.session.value.streams.get(frame.streamId)?.info.replay !== undefined;
    const ids = keyIds(frame.event);
    const text = preview(frame.event);
    rows.push(
      <div
        key={index}
        role="row"
        aria-rowindex={r + 1}
        aria-selected={store.selected.value === index}
        class={[
          'row',
          store.selected.value === index && 'selected',
          p?.errors && 'has-error',
          navigatedHere && 'nav-divider',
          runStarts && 'run-start',
          (streamStarts || (streamChanged && !runStarts)) && 'stream-change',
          type === 'RUN_ERROR' && 'run-error',
          outcome === 'interrupt' && 'run-interrupted',
          !frame.replayable && 'not-replayed',
        ]
          .filter(Boolean)
          .join(' ')}
        style={{ top: `${r * ROW_HEIGHT}px` }}
        onClick={() => store.select(index)}
        data-index={index}
        title={navigatedHere ? 'The page navigated before this event' : streamChanged ? `Stream ${frame.streamId}` : undefined}
      >
        <span role="gridcell" class="cell index">
          {index}
        </span>
        <span role="gridcell" class="cell time">
          {start === undefined ? '' : formatDelta(frame.t - start)}
        </span>
        <span role="gridcell" class={`cell type cat-${categoryOf(type)}`} title={type}>
          {frame.direction === 'out' && (
            <span class="dir" title="Sent by the page over the WebSocket (shown, not replayed)">
              ↑{' '}
            </span>
          )}
          {type}
        </span>
        {replayed && (
          <span role="gridcell" class="cell row-tag tag-replayed" title="Answered by AG-UI DevTools (Replay to page), not by the network" data-testid="replayed-tag">
            replayed
          </span>
        )}
        {(outcome === 'interrupt' || type === 'RUN_ERROR') && (
          <span role="gridcell" class={`cell row-tag ${type === 'RUN_ERROR' ? 'tag-error' : 'tag-interrupt'}`}>
            {type === 'RUN_ERROR' ? 'failed' : 'interrupted'}
          </span>
        )}
        <span role="gridcell" class="cell ids">
          {ids.map(([k, v]) => (
            <span class="id" key={k} title={`${k}: ${visibleText(v)}`}>
              <span class="id-key">{k}</span> <Visible text={v} />
            </span>
          ))}
        </span>
        <span role="gridcell" class="cell preview" title={text ? visibleText(text) : undefined}>
          <Visible text={text} />
        </span>
        <span role="gridcell" class="cell flags">
          {p && p.errors > 0 && <span class="dot dot-error" title={`${p.errors} error(s)`} />}
          {p && p.warnings > 0 && <span class="dot dot-warning" title={`${p.warnings} warning(s)`} />}
        </span>
      </div>,
    );
  }

  return (
    <div
      class="event-list"
      role="grid"
      aria-label="Events"
      aria-rowcount={total}
      aria-readonly="true"
      tabIndex={0}
      ref={ref}
      data-testid="event-list"
      onScroll={(e) => {
        const el = e.currentTarget as HTMLDivElement;
        scrollTop.value = el.scrollTop;
        stick.value = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT;
      }}
    >
      {total === 0 ? (
        <div class="empty" data-testid="empty">
          {frames.length > 0
            ? 'No events match the filter.'
            : store.imported.value
              ? 'This file holds no events.'
              : store.emptyText}
        </div>
      ) : (
        <div class="rows" role="rowgroup" style={{ height: `${total * ROW_HEIGHT}px` }}>
          {rows}
        </div>
      )}
    </div>
  );
}
