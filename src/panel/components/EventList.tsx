import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { keyIds, preview, typeLabel } from '../../engine/events/summary';
import type { SessionStore } from '../store/sessionStore';
import { categoryOf } from './category';

const ROW_HEIGHT = 22;
const OVERSCAN = 10;

const formatDelta = (ms: number): string => (ms < 1000 ? `+${Math.round(ms)} ms` : `+${(ms / 1000).toFixed(2)} s`);

/**
 * The timeline: one row per frame, virtualized (only the rows in view exist), following the tail while the
 * user is at the bottom. Arrow keys move the selection, like the Network panel.
 */
export function EventList({ store }: { store: SessionStore }) {
  const { all: frames } = store.frames.value;
  const visible = store.visible.value;
  const byIndex = store.problems.value.byIndex;
  const total = visible ? visible.length : frames.length;
  const scrollTop = useSignal(0);
  const height = useSignal(400);
  const stick = useRef(true);
  const ref = useRef<HTMLDivElement>(null);
  const current = store.current.value;
  const navigations = store.session.value.navigations;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => (height.value = el.clientHeight));
    observer.observe(el);
    height.value = el.clientHeight;
    return () => observer.disconnect();
  }, []);

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
        stick.current = false;
        return;
      }
    }
    if (stick.current) el.scrollTop = el.scrollHeight;
  }, [total, selectedIndex, visible]);

  const rowOf = (index: number) => (visible ? visible.indexOf(index) : index);
  const move = (delta: number) => {
    if (total === 0) return;
    const at = current === null ? total - 1 : Math.max(0, rowOf(current));
    const row = Math.min(total - 1, Math.max(0, at + delta));
    const index = visible ? visible[row]! : row;
    store.select(index);
    const el = ref.current;
    if (el) {
      const top = row * ROW_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
    }
  };

  const first = Math.max(0, Math.floor(scrollTop.value / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total, Math.ceil((scrollTop.value + height.value) / ROW_HEIGHT) + OVERSCAN);
  const rows = [];
  for (let r = first; r < last; r++) {
    const index = visible ? visible[r]! : r;
    const frame = frames[index]!;
    const type = typeLabel(frame.event);
    const p = byIndex.get(index);
    const start = store.runStartOf(index);
    const navigatedHere = navigations.some((n) => n.atFrame === index && index > 0);
    rows.push(
      <div
        key={index}
        role="row"
        aria-selected={store.selected.value === index}
        class={`row ${store.selected.value === index ? 'selected' : ''} ${p?.errors ? 'has-error' : ''} ${navigatedHere ? 'nav-divider' : ''} ${frame.replayable ? '' : 'not-replayed'}`}
        style={{ top: `${r * ROW_HEIGHT}px` }}
        onClick={() => store.select(index)}
        data-index={index}
        title={navigatedHere ? 'The page navigated before this event' : undefined}
      >
        <span class="cell index">{index}</span>
        <span class="cell time">{start === undefined ? '' : formatDelta(frame.t - start)}</span>
        <span class={`cell type cat-${categoryOf(type)}`}>
          {frame.direction === 'out' && (
            <span class="dir" title="Sent by the page over the WebSocket (shown, not replayed)">
              ↑{' '}
            </span>
          )}
          {type}
        </span>
        <span class="cell ids">
          {keyIds(frame.event).map(([k, v]) => (
            <span class="id" key={k}>
              <span class="id-key">{k}</span> {v}
            </span>
          ))}
        </span>
        <span class="cell preview">{preview(frame.event)}</span>
        <span class="cell flags">
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
      tabIndex={0}
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown') move(1);
        else if (e.key === 'ArrowUp') move(-1);
        else if (e.key === 'Home') move(-total);
        else if (e.key === 'End') {
          store.select(null);
          stick.current = true;
        } else return;
        e.preventDefault();
      }}
      onScroll={(e) => {
        const el = e.currentTarget as HTMLDivElement;
        scrollTop.value = el.scrollTop;
        stick.current = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT;
      }}
    >
      {total === 0 ? (
        <div class="empty">
          {frames.length === 0
            ? 'Waiting for AG-UI streams in this tab… Run your agent, or reload the page to capture from its start.'
            : 'No events match the filter.'}
        </div>
      ) : (
        <div class="rows" style={{ height: `${total * ROW_HEIGHT}px` }}>
          {rows}
        </div>
      )}
    </div>
  );
}
