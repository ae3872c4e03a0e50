import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { keyIds, preview, typeLabel } from '../../engine/events/summary';
import type { SessionStore } from '../store/sessionStore';
import { categoryOf } from './category';

const ROW_HEIGHT = 22;
const OVERSCAN = 10;

const formatDelta = (ms: number): string => (ms < 1000 ? `+${Math.round(ms)} ms` : `+${(ms / 1000).toFixed(2)} s`);

/** A virtualized list: only the rows in view exist in the DOM, so 100,000 events scroll as easily as 10. */
export function EventList({ store }: { store: SessionStore }) {
  const frames = store.frames.value.all;
  const visible = store.visible.value;
  const total = visible ? visible.length : frames.length;
  const scrollTop = useSignal(0);
  const height = useSignal(400);
  const stick = useRef(true);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => (height.value = el.clientHeight));
    observer.observe(el);
    height.value = el.clientHeight;
    return () => observer.disconnect();
  }, []);

  // Follow the tail while the user is at the bottom, like the Network panel.
  useEffect(() => {
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [total]);

  const first = Math.max(0, Math.floor(scrollTop.value / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total, Math.ceil((scrollTop.value + height.value) / ROW_HEIGHT) + OVERSCAN);
  const rows = [];
  for (let r = first; r < last; r++) {
    const index = visible ? visible[r]! : r;
    const frame = frames[index]!;
    const type = typeLabel(frame.event);
    const errors = frame.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = frame.diagnostics.length - errors;
    const start = store.runStartOf(index);
    rows.push(
      <div
        key={index}
        role="row"
        class={`row ${store.selected.value === index ? 'selected' : ''} ${errors ? 'has-error' : ''}`}
        style={{ top: `${r * ROW_HEIGHT}px` }}
        onClick={() => (store.selected.value = index)}
        data-index={index}
      >
        <span class="cell index">{index}</span>
        <span class="cell time">{start === undefined ? '' : formatDelta(frame.t - start)}</span>
        <span class={`cell type cat-${categoryOf(type)}`}>{type}</span>
        <span class="cell ids">
          {keyIds(frame.event).map(([k, v]) => (
            <span class="id" key={k}>
              <span class="id-key">{k}</span> {v}
            </span>
          ))}
        </span>
        <span class="cell preview">{preview(frame.event)}</span>
        <span class="cell flags">
          {errors > 0 && <span class="dot dot-error" title={`${errors} error(s)`} />}
          {warnings > 0 && <span class="dot dot-warning" title={`${warnings} note(s)`} />}
        </span>
      </div>,
    );
  }

  return (
    <div
      class="event-list"
      role="grid"
      aria-label="Events"
      ref={ref}
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
