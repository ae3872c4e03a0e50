import type { ReplayView } from '../../../engine/replay/replay';
import type { SessionStore } from '../../store/sessionStore';

/** Says that what came before the capture's cut is unknown, rather than pretending the conversation began empty. */
export function UnknownNote({ store, view, what }: { store: SessionStore; view: ReplayView; what: 'state' | 'messages' }) {
  const unknown = view.unknown;
  if (!unknown || !unknown[what]) return null;
  return (
    <p class="note note-unknown" data-testid={`unknown-${what}`}>
      {what === 'state' ? 'The state' : 'The conversation'} before{' '}
      <button type="button" class="link" onClick={() => store.select(unknown.since, 'event')}>
        event #{unknown.since}
      </button>{' '}
      is unknown: the capture dropped the start of this stream before the panel asked for it. What is shown is built from what arrived
      after that{what === 'state' ? ' (a STATE_SNAPSHOT makes it whole again)' : ' (a MESSAGES_SNAPSHOT makes it whole again)'}.
    </p>
  );
}
