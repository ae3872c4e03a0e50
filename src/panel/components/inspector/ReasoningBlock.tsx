import type { SessionStore } from '../../store/sessionStore';
import { Visible } from '../Visible';
import { LongText } from '../LongText';
import { num } from '../../format';
import { tr } from '../../../i18n/i18n';
import { type Msg } from '../../../engine/query';

const ms = (v: number) => (v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`);
const size = (n: number) => (n < 1024 ? tr('unit.bytes', { n }) : `${(n / 1024).toFixed(1)} KB`);

/** An encrypted reasoning value: opaque, labelled with its size and subtype, never decoded. */
export function EncryptedBadge({ value, subtype }: { value: string; subtype: 'message' | 'tool-call' }) {
  return (
    <span class="badge badge-info encrypted" data-testid="encrypted" title={tr('reasoningBlock.anEncryptedReasoningValuePassed')}>{tr('reasoningBlock.encryptedReasoning', { length: size(value.length), subtype })}
    </span>
  );
}

/**
 * One reasoning block (REASONING_START…END, or THINKING_* from older producers): collapsed with its length, its
 * duration and the message it preceded; open, the whole text, growing while it streams. Open by itself when the
 * selected event is one of its own.
 */
export function ReasoningBlock({ store, message, index, following }: { store: SessionStore; message: Msg; index: number; following?: Msg | undefined }) {
  const frames = store.session.value.frames;
  const block = store.query.value.asOf(index).reasoningBlock(message.id);
  const start = block?.start;
  const end = block?.end;
  const text = typeof message.content === 'string' ? message.content : '';
  const duration = start !== undefined ? (frames[end ?? index]?.t ?? 0) - (frames[start]?.t ?? 0) : undefined;
  // A block that holds the event the user selected opens by itself (unless they closed it).
  const holdsSelected = store.selected.value === index && start !== undefined && index >= start && (end === undefined || index <= end);
  const open = store.openReasoning.value.has(message.id) || (holdsSelected && !store.closedReasoning.value.has(message.id));
  const encrypted = (message as { encryptedValue?: string }).encryptedValue;
  return (
    <details
      class="reasoning-block"
      open={open}
      data-message-id={message.id}
      data-testid="reasoning-block"
      onToggle={(e) => {
        const now = (e.currentTarget as HTMLDetailsElement).open;
        if (now === open) return;
        const opened = new Set(store.openReasoning.value);
        const closed = new Set(store.closedReasoning.value);
        if (now) (opened.add(message.id), closed.delete(message.id));
        else (opened.delete(message.id), closed.add(message.id));
        store.openReasoning.value = opened;
        store.closedReasoning.value = closed;
      }}
    >
      <summary>
        <span class="role">{tr('reasoningBlock.reasoning')}</span>{' '}
        <code class="muted id-code" title={message.id} data-testid="reasoning-id">
          <Visible text={message.id} />
        </code>{' '}
        <span>{tr('reasoningBlock.characters', { length: num(text.length) })}</span>
        {duration !== undefined && (
          <span class="muted" data-testid="reasoning-duration">
            {' '}
            · {end === undefined ? tr('reasoningBlock.streamingSoFar', { duration: ms(duration) }) : ms(duration)}
          </span>
        )}
        {following && <span class="muted">{' '}{tr('reasoningBlock.beforeMessage', { role: following.role })}{' '}<code>{following.id}</code></span>}
        {encrypted !== undefined && <EncryptedBadge value={encrypted} subtype="message" />}
        {start !== undefined && (
          <button type="button" class="link" onClick={(e) => (e.preventDefault(), store.select(start, 'event'))}>
            #{start}
          </button>
        )}
      </summary>
      <LongText className="reasoning-text" text={text} />
    </details>
  );
}
