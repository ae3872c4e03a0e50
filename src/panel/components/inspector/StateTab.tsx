import { effectOf } from '../../../engine/diff/effect';
import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { UnknownNote } from './UnknownNote';

export function StateTab({ store, index }: { store: SessionStore; index: number }) {
  void store.version.value;
  const replay = store.replay.value;
  const view = replay.at(index);
  const changed = new Set(effectOf(replay, index).state.map((c) => c.path));
  return (
    <div class="tab-body" data-testid="state-tab">
      <h3>State after event #{index}</h3>
      <p class="muted">
        Conversation {view.lane}
        {changed.size > 0 && ' · highlighted: changed by this event'}
      </p>
      <UnknownNote store={store} view={view} what="state" />
      <JsonTree value={view.state} open={3} highlight={changed} />
    </div>
  );
}
