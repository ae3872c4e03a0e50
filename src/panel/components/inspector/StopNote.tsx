import type { SessionStore } from '../../store/sessionStore';
import { tr } from '../../../i18n/i18n';
import type { ClientStopAsOf } from '../../../engine/query';

/**
 * Where the page's client stopped a run of this conversation: what Messages and State show is what it holds (nothing
 * of that stream after the event it refused); events that came in the same read may not be in it either; and a
 * switch to read on as the events say.
 */
export function StopNote({ store, stop }: { store: SessionStore; stop: ClientStopAsOf }) {
  const jump = (i: number) => store.select(i, 'event');
  const first = stop.sameRead[0];
  return (
    <div class="note note-stop" data-testid="client-stop">
      <p>
        {tr('stopNote.stoppedAt')}{' '}
        <button type="button" class="link" onClick={() => jump(stop.index)} translate={false}>
          #{stop.index}
        </button>
        {tr('stopNote.laterNotApplied')} <code translate={false}>{stop.ruleId}</code>
      </p>
      {first !== undefined && (
        <p class="muted" data-testid="client-stop-same-read">
          {tr('stopNote.sameRead', { from: first, to: stop.sameRead[stop.sameRead.length - 1]!, index: stop.index })}
        </p>
      )}
      <label class="check">
        <input type="checkbox" checked={store.asEventsSay.value} onChange={() => (store.asEventsSay.value = !store.asEventsSay.value)} data-testid="as-events-say" /> {tr('stopNote.asEventsSay')}
      </label>
    </div>
  );
}
