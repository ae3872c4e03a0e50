import type { SessionStore } from '../../store/sessionStore';
import { tr } from '../../../i18n/i18n';
import { type ReplayView } from '../../../engine/query';

/** Says that what came before the capture's cut is unknown, rather than pretending the conversation began empty. */
export function UnknownNote({ store, view, what }: { store: SessionStore; view: ReplayView; what: 'state' | 'messages' }) {
  const unknown = view.unknown;
  if (!unknown || !unknown[what]) return null;
  return (
    <p class="note note-unknown" data-testid={`unknown-${what}`}>
      {what === 'state' ? tr('unknownNote.theState') : tr('unknownNote.theConversation')} {tr('unknownNote.before')}{' '}
      <button type="button" class="link" onClick={() => store.select(unknown.since, 'event')}>{tr('unknownNote.event', { since: unknown.since })}
      </button>{' '}
      {tr('unknownNote.isUnknownTheCaptureDropped')}{what === 'state' ? tr('unknownNote.aStateSnapshotMakesIt') : tr('unknownNote.aMessagesSnapshotMakesIt')}.
    </p>
  );
}
