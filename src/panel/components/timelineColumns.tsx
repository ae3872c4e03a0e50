import { signal } from '@preact/signals';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type MessageKey, tr } from '../../i18n/i18n';

/**
 * The timeline's columns, as in the Network panel: a header names them; a column can be shown or hidden (right-click
 * the header, or its ⋮ button) and resized by dragging its right edge; both are remembered in this browser.
 */
export type ColumnId = 'index' | 'time' | 'type' | 'ids' | 'preview';

interface Column {
  id: ColumnId;
  label: MessageKey;
  title: MessageKey;
  /** The width it starts with (CSS), and the narrowest it can be dragged to (px). */
  width: string;
  min: number;
  /** The type names the row: it cannot be hidden. */
  fixed?: boolean;
}

export const COLUMNS: readonly Column[] = [
  { id: 'index', label: 'column.index', title: 'column.index.title', width: 'auto', min: 24 },
  { id: 'time', label: 'column.time', title: 'column.time.title', width: '58px', min: 40 },
  { id: 'type', label: 'column.type', title: 'column.type.title', width: 'clamp(150px, 33%, 220px)', min: 80, fixed: true },
  { id: 'ids', label: 'column.ids', title: 'column.ids.title', width: '36%', min: 60 },
  { id: 'preview', label: 'column.preview', title: 'column.preview.title', width: 'auto', min: 40 },
];

export interface ColumnState {
  hidden: readonly ColumnId[];
  /** Widths the user dragged, in px. */
  widths: Partial<Record<ColumnId, number>>;
}

const KEY = 'agui.timeline.columns';
const read = (): ColumnState => {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<ColumnState> | null;
    const ids = new Set(COLUMNS.filter((c) => !c.fixed).map((c) => c.id));
    const hidden = Array.isArray(v?.hidden) ? v.hidden.filter((h): h is ColumnId => ids.has(h)) : [];
    const widths: ColumnState['widths'] = {};
    for (const c of COLUMNS) {
      const w = (v?.widths as Record<string, unknown> | undefined)?.[c.id];
      if (typeof w === 'number' && Number.isFinite(w)) widths[c.id] = Math.max(c.min, Math.min(2000, w));
    }
    return { hidden, widths };
  } catch {
    return { hidden: [], widths: {} };
  }
};

export const columns = signal<ColumnState>(read());
const save = (next: ColumnState) => {
  columns.value = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Not remembered (storage unavailable); the columns still change.
  }
};

/** The classes and CSS variables that lay the columns out on the list and its header. */
export function columnLayout(state: ColumnState, total: number): { classes: string; style: Record<string, string> } {
  const style: Record<string, string> = {};
  // The index column fits the biggest index (5 digits do not crowd the time).
  const digits = String(Math.max(0, total - 1)).length;
  style['--col-index'] = state.widths.index !== undefined ? `${state.widths.index}px` : `calc(${Math.max(2, digits)}ch + 6px)`;
  for (const c of COLUMNS) if (c.id !== 'index' && c.width !== 'auto') style[`--col-${c.id}`] = state.widths[c.id] !== undefined ? `${state.widths[c.id]}px` : c.width;
  return { classes: state.hidden.map((h) => `hide-${h}`).join(' '), style };
}

/** The header above the rows: column names, resize handles, and the menu that shows or hides columns. */
export function TimelineHeader({ scrollbar }: { scrollbar: number }) {
  const state = columns.value;
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  // From the render that shows the menu (a layout effect): an Esc or click as soon as it shows closes it.
  useLayoutEffect(() => {
    if (!menu) return;
    const close = (e: MouseEvent) => {
      if (!(e.target as Element | null)?.closest?.('.columns-menu')) setMenu(null);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setMenu(null);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', esc, true);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', esc, true);
    };
  }, [menu]);
  const toggle = (id: ColumnId) => save({ ...state, hidden: state.hidden.includes(id) ? state.hidden.filter((h) => h !== id) : [...state.hidden, id] });
  const startResize = (c: Column, e: PointerEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const cell = (e.currentTarget as HTMLElement).parentElement!;
    const from = e.clientX;
    const width = cell.getBoundingClientRect().width;
    const move = (m: PointerEvent) => (columns.value = { ...columns.value, widths: { ...columns.value.widths, [c.id]: Math.max(c.min, Math.round(width + m.clientX - from)) } });
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      save(columns.value);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const openMenu = (x: number, y: number) => {
    const box = ref.current?.getBoundingClientRect();
    setMenu({ x: x - (box?.left ?? 0), y: y - (box?.top ?? 0) });
  };
  return (
    <div
      class="list-header"
      ref={ref}
      style={{ paddingRight: `${6 + scrollbar}px` }}
      data-testid="list-header"
      onContextMenu={(e) => {
        e.preventDefault();
        openMenu(e.clientX, e.clientY);
      }}
    >
      {COLUMNS.map((c) => (
        <span key={c.id} class={`cell header-cell ${c.id === 'type' ? 'col-type' : c.id}`} title={tr(c.title)} data-column={c.id}>
          <span class="header-label">{tr(c.label)}</span>
          {c.id !== 'preview' && (
            <span
              class="col-resize"
              role="separator"
              aria-orientation="vertical"
              aria-label={tr('column.resize', { column: tr(c.label) })}
              onPointerDown={(e) => startResize(c, e)}
              onDblClick={() => {
                const widths = { ...state.widths };
                delete widths[c.id];
                save({ ...state, widths });
              }}
            />
          )}
        </span>
      ))}
      <span class="cell flags header-cell">
        <button
          type="button"
          class="icon-button columns-button"
          aria-haspopup="true"
          aria-expanded={menu !== null}
          aria-label={tr('timelineColumns.columns')}
          title={tr('timelineColumns.showOrHideColumnsOr')}
          data-testid="columns-button"
          onClick={(e) => {
            const b = (e.currentTarget as HTMLElement).getBoundingClientRect();
            if (menu) setMenu(null);
            else openMenu(b.right - 160, b.bottom);
          }}
        >
          ⋮
        </button>
      </span>
      {menu && (
        <div class="columns-menu" role="group" aria-label={tr('timelineColumns.columns')} style={{ left: `${Math.max(0, menu.x)}px`, top: `${menu.y}px` }} data-testid="columns-menu">
          {COLUMNS.filter((c) => !c.fixed).map((c) => (
            <label key={c.id}>
              <input type="checkbox" checked={!state.hidden.includes(c.id)} onChange={() => toggle(c.id)} data-column-toggle={c.id} /> {c.id === 'index' ? tr('timelineColumns.index') : tr(c.label)}
            </label>
          ))}
          <button type="button" class="link" onClick={() => (save({ hidden: [], widths: {} }), setMenu(null))}>
            {tr('timelineColumns.resetColumns')}
          </button>
        </div>
      )}
    </div>
  );
}
