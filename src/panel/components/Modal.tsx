import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { tr } from '../../i18n/i18n';

const FOCUSABLE = 'select, input:not([type=hidden]), textarea, button, [href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog as DevTools has them, with its title and ✕: focus moves into it (its first field), Tab stays inside, Esc or a click
 * outside closes it, and focus goes back where it was.
 */
export function Modal({ onClose, title, testId, wide, children }: { onClose(): void; title: string; testId: string; wide?: boolean; children: ComponentChildren }) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // From the render that shows the dialog (a layout effect): a key pressed as soon as it shows reaches it.
  useLayoutEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const focusable = () => [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => !(el as HTMLButtonElement).disabled);
    // The first field, not the ✕ in the corner.
    (focusable().find((el) => el.getAttribute('aria-label') !== 'Close') ?? ref.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        close.current();
      } else if (e.key === 'Tab') {
        const all = focusable();
        if (all.length === 0) return;
        const first = all[0]!;
        const last = all[all.length - 1]!;
        if (e.shiftKey && document.activeElement === first) {
          last.focus();
          e.preventDefault();
        } else if (!e.shiftKey && document.activeElement === last) {
          first.focus();
          e.preventDefault();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <div class="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} class={`dialog${wide ? ' dialog-wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={`${testId}-title`} data-testid={testId} tabIndex={-1}>
        <div class="dialog-head">
          <h2 id={`${testId}-title`}>{title}</h2>
          <button type="button" class="icon-button" aria-label={tr('modal.close')} onClick={onClose}>
            ✕
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
