import { effectOf } from '../../../engine/diff/effect';
import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { visibleText } from '../Visible';
import { UnknownNote } from './UnknownNote';

const short = (v: unknown) => {
  const s = typeof v === 'string' && v.length > 200 ? JSON.stringify(`${v.slice(0, 200)}…`) : JSON.stringify(v);
  return visibleText(s === undefined ? 'undefined' : s.length > 200 ? `${s.slice(0, 200)}…` : s);
};

/** The state as of the selected event; what the event changed is marked, appended items too, and what it removed is shown struck through. */
export function StateTab({ store, index }: { store: SessionStore; index: number }) {
  void store.version.value;
  const replay = store.replay.value;
  const view = replay.at(index);
  const effect = effectOf(replay, index);
  const changed = new Set(effect.state.filter((c) => c.hasAfter).map((c) => c.at ?? c.path));
  const removed = effect.state.filter((c) => !c.hasAfter && c.hadBefore);
  return (
    <div class="tab-body" data-testid="state-tab">
      <h3>State after event #{index}</h3>
      <p class="muted">
        Conversation {view.lane}
        {changed.size > 0 && ' · highlighted: what this event set or added'}
      </p>
      <UnknownNote store={store} view={view} what="state" />
      {effect.patchFailure && (
        <p class="note" data-testid="state-patch-failed">
          This event's STATE_DELTA was refused (operation {effect.patchFailure.opIndex}): the state below is as it was. See Diff.
        </p>
      )}
      <JsonTree value={view.state} open={3} highlight={changed} name="State" />
      {removed.length > 0 && (
        <section data-testid="state-removed">
          <h4>Removed by this event</h4>
          <ul class="plain removed-list">
            {removed.map((c) => (
              <li key={c.path} data-path={c.path}>
                <code>{c.path}</code> <del>{short(c.before)}</del>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
