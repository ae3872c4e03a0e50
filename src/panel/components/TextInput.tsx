import type { Signal } from '@preact/signals';

/**
 * A one-line text field bound to a signal: named for assistive technology, with a placeholder; the signal follows
 * the field as it is typed in, or (`commit`) once the field is left or Enter is pressed.
 */
export function TextInput({ bound, label, placeholder, class: cls = 'filter', type = 'text', commit = false, testId }: { bound: Signal<string>; label: string; placeholder: string; class?: string; type?: 'text' | 'search'; commit?: boolean; testId?: string }) {
  const set = (e: Event) => void (bound.value = (e.currentTarget as HTMLInputElement).value);
  return (
    <input
      type={type as 'text'}
      class={cls}
      aria-label={label}
      placeholder={placeholder}
      value={bound.value}
      onInput={commit ? undefined : set}
      onChange={commit ? set : undefined}
      data-testid={testId}
    />
  );
}
