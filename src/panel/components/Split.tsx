import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { tr } from '../../i18n/i18n';

/** Below this width the timeline goes above the inspector, as the Network panel does when docked narrow. */
const NARROW = 720;
const KEY = (vertical: boolean) => `agui-devtools.split.${vertical ? 'vertical' : 'horizontal'}`;
const clamp = (f: number) => Math.min(0.85, Math.max(0.15, f));

const stored = (vertical: boolean, fallback: number): number => {
  try {
    const v = Number(localStorage.getItem(KEY(vertical)));
    return v > 0 && v < 1 ? clamp(v) : fallback;
  } catch {
    return fallback;
  }
};

/**
 * The timeline and the inspector, side by side or (narrow) one above the other, with a splitter that can be
 * dragged or moved with the arrow keys; where it was left is remembered per layout (in this browser).
 */
export function Split({ first, second }: { first: ComponentChildren; second: ComponentChildren }) {
  const ref = useRef<HTMLElement>(null);
  const vertical = useSignal(false);
  const fraction = useSignal(stored(false, 0.6));
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      const v = el.clientWidth < NARROW;
      if (v !== vertical.value) {
        vertical.value = v;
        fraction.value = stored(v, v ? 0.5 : 0.6);
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const save = () => {
    try {
      localStorage.setItem(KEY(vertical.value), String(fraction.value));
    } catch {
      // Not remembered (storage unavailable); the layout still works.
    }
  };
  const moveTo = (clientX: number, clientY: number) => {
    const r = ref.current!.getBoundingClientRect();
    fraction.value = clamp(vertical.value ? (clientY - r.top) / r.height : (clientX - r.left) / r.width);
  };
  const percent = `${(fraction.value * 100).toFixed(1)}%`;
  return (
    <main
      ref={ref}
      class={`split ${vertical.value ? 'vertical' : 'horizontal'}`}
      style={vertical.value ? { gridTemplateRows: `minmax(0, ${percent}) 5px minmax(0, 1fr)` } : { gridTemplateColumns: `minmax(0, ${percent}) 5px minmax(0, 1fr)` }}
      data-layout={vertical.value ? 'vertical' : 'horizontal'}
    >
      {first}
      <div
        class="splitter"
        role="separator"
        tabIndex={0}
        aria-label={tr('split.resizeTheTimelineAndThe')}
        aria-orientation={vertical.value ? 'horizontal' : 'vertical'}
        aria-valuemin={15}
        aria-valuemax={85}
        aria-valuenow={Math.round(fraction.value * 100)}
        data-testid="splitter"
        onPointerDown={(e) => {
          const el = e.currentTarget as HTMLElement;
          el.setPointerCapture(e.pointerId);
          const move = (m: PointerEvent) => moveTo(m.clientX, m.clientY);
          const up = () => {
            el.removeEventListener('pointermove', move);
            el.removeEventListener('pointerup', up);
            save();
          };
          el.addEventListener('pointermove', move);
          el.addEventListener('pointerup', up);
          e.preventDefault();
        }}
        onKeyDown={(e) => {
          const step = e.shiftKey ? 0.1 : 0.02;
          const back = vertical.value ? 'ArrowUp' : 'ArrowLeft';
          const forward = vertical.value ? 'ArrowDown' : 'ArrowRight';
          if (e.key !== back && e.key !== forward) return;
          fraction.value = clamp(fraction.value + (e.key === forward ? step : -step));
          save();
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      {second}
    </main>
  );
}
