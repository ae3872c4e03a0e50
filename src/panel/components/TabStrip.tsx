import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { overflowedTabs } from '../derive/tabFit';
import { compact, num } from '../format';
import { tr, trn } from '../../i18n/i18n';

export interface TabSpec<Id extends string> {
  id: Id;
  label: string;
  /** A count drawn on the tab (Problems' errors). */
  count?: number;
}

/** The » button's width (CSS `.tab-more-button`). */
const MORE_WIDTH = 28;

/**
 * The inspector's tabs in one row, as in DevTools: the tabs that do not fit go behind a » button that opens a menu
 * of them; the selected tab always stays in the row. `status` (what the inspector shows as of) ends the row, in its
 * `short` form when the tabs would not fit beside the long one.
 */
export function TabStrip<Id extends string>({
  tabs,
  selected,
  onSelect,
  status,
}: {
  tabs: readonly TabSpec<Id>[];
  selected: Id;
  onSelect(id: Id): void;
  status?: { long: string; short: string; title: string };
}) {
  const nav = useRef<HTMLElement>(null);
  const [hidden, setHidden] = useState<readonly number[]>([]);
  const [short, setShort] = useState(false);
  const [open, setOpen] = useState(false);
  const at = tabs.findIndex((t) => t.id === selected);

  // Measured now when the selected tab or the tabs change (the selected one must be in the row before it is
  // painted), and by the ResizeObserver below when the strip's, a tab's or the status's width changes (a count or
  // the status growing): after the browser's own layout, so a repaint of a flood does not lay the panel out twice.
  const measure = () => {
    const el = nav.current;
    if (!el) return;
    const widths = [...el.querySelectorAll<HTMLElement>('[role=tab]')].map((b) => b.offsetWidth);
    const width = (selector: string) => el.querySelector<HTMLElement>(selector)?.offsetWidth ?? 0;
    const style = getComputedStyle(el);
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const long = room - width('.tabs-status.long');
    const useShort = widths.reduce((a, b) => a + b, 0) > long;
    const next = overflowedTabs(widths, useShort ? room - width('.tabs-status.short') : long, at, MORE_WIDTH);
    setHidden((now) => (now.join() === next.join() ? now : next));
    setShort(useShort);
  };
  useLayoutEffect(measure, [at, tabs.length]);
  const latest = useRef(measure);
  latest.current = measure;
  useEffect(() => {
    const el = nav.current;
    if (!el) return;
    // The strip, and each tab and status (their widths change as fonts load and counts grow).
    const observer = new ResizeObserver(() => latest.current());
    observer.observe(el);
    for (const child of el.querySelectorAll('[role=tab], .tabs-status')) observer.observe(child);
    return () => observer.disconnect();
  }, [tabs.length, status !== undefined]);

  // A click elsewhere closes the menu, as menus do.
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!(e.target as Element | null)?.closest?.('.tab-more')) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  /** Left/Right move between the tabs while the strip has focus (Up/Down/Home/End stay with the timeline). */
  const onKeyDown = (e: KeyboardEvent) => {
    const next = e.key === 'ArrowRight' ? at + 1 : e.key === 'ArrowLeft' ? at - 1 : null;
    if (next === null) return;
    const t = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(t.id);
    const strip = e.currentTarget as HTMLElement;
    requestAnimationFrame(() => strip.querySelector<HTMLElement>(`[data-tab="${t.id}"]`)?.focus());
    e.preventDefault();
    e.stopPropagation();
  };
  const hiding = new Set(hidden);
  const more = tabs.filter((_, i) => hiding.has(i));
  const moreCount = more.reduce((n, t) => n + (t.count ?? 0), 0);
  return (
    <nav class="tabs" ref={nav}>
      <div role="tablist" aria-label={tr('tabStrip.inspectorViews')} class="tablist" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            type="button"
            role="tab"
            key={t.id}
            id={`tab-${t.id}`}
            aria-selected={selected === t.id}
            aria-controls="inspector-panel"
            aria-hidden={hiding.has(i) ? 'true' : undefined}
            tabIndex={selected === t.id ? 0 : -1}
            class={[selected === t.id && 'active', hiding.has(i) && 'overflowed'].filter(Boolean).join(' ')}
            onClick={() => onSelect(t.id)}
            data-tab={t.id}
          >
            {t.label}
            {(t.count ?? 0) > 0 && <Count n={t.count!} />}
          </button>
        ))}
      </div>
      {more.length > 0 && (
        <span class="tab-more">
          <button
            type="button"
            class="tab-more-button"
            aria-haspopup="menu"
            aria-expanded={open}
            aria-label={tr('tabStrip.moreTabsList', { tabs: more.map((t) => t.label).join(', ') })}
            title={tr('tabStrip.moreTabsList', { tabs: more.map((t) => t.label).join(', ') })}
            data-testid="more-tabs"
            onClick={() => setOpen(!open)}
          >
            »{moreCount > 0 && <Count n={moreCount} />}
          </button>
          {open && (
            <TabMenu
              tabs={more}
              onSelect={(id) => {
                onSelect(id);
                setOpen(false);
              }}
              onClose={() => setOpen(false)}
            />
          )}
        </span>
      )}
      <span class="spacer" />
      {status && (
        <>
          <span class={`tabs-status long muted ${short ? 'spare' : 'at'}`} title={status.title} aria-hidden={short ? 'true' : undefined}>
            {status.long}
          </span>
          <span class={`tabs-status short muted ${short ? 'at' : 'spare'}`} title={`${status.title}: ${status.long}`} aria-hidden={short ? undefined : 'true'}>
            {status.short}
          </span>
        </>
      )}
    </nav>
  );
}

/** A count on a tab: whole up to 9,999, then 12k, 1.2M (the whole figure in its tooltip). */
function Count({ n }: { n: number }) {
  return (
    <span class="tab-count" title={trn('count.error', n)}>
      {compact(n)}
    </span>
  );
}

/** The menu of the tabs behind »: the focus on its first item when it opens; Up and Down move, Esc and Tab close it. */
function TabMenu<Id extends string>({ tabs, onSelect, onClose }: { tabs: readonly TabSpec<Id>[]; onSelect(id: Id): void; onClose(): void }) {
  const menu = useRef<HTMLDivElement>(null);
  // Focused before the menu is painted (a layout effect), so that a key pressed as soon as it shows reaches it.
  useLayoutEffect(() => menu.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus(), []);
  // Esc closes it wherever the focus is (as DevTools' menus do): a key pressed before the focus moved, or after a
  // click elsewhere in the strip, still closes it.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !menu.current || menu.current.contains(document.activeElement)) return;
      e.preventDefault();
      e.stopPropagation();
      onClose();
      (menu.current.previousElementSibling as HTMLElement | null)?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return (
    <div
      role="menu"
      class="tab-menu"
      aria-label={tr('tabStrip.moreTabs')}
      ref={menu}
      onKeyDown={(e) => {
        const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role=menuitem]')];
        const at = items.indexOf(document.activeElement as HTMLElement);
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
        else if (e.key === 'Escape' || e.key === 'Tab') {
          onClose();
          if (e.key === 'Escape') (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
        } else return;
        if (e.key !== 'Tab') e.preventDefault();
        e.stopPropagation();
      }}
    >
      {tabs.map((t) => (
        <button type="button" role="menuitem" key={t.id} data-tab-menu={t.id} onClick={() => onSelect(t.id)}>
          {t.label}
          {(t.count ?? 0) > 0 && <Count n={t.count!} />}
        </button>
      ))}
    </div>
  );
}
