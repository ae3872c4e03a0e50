import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { visibleText } from '../Visible';
import { UnknownNote } from './UnknownNote';
import { StopNote } from './StopNote';
import { tr } from '../../../i18n/i18n';
import { effectOf } from '../../../engine/query';

const short = (v: unknown) => {
  const s = typeof v === 'string' && v.length > 200 ? JSON.stringify(`${v.slice(0, 200)}…`) : JSON.stringify(v);
  return visibleText(s === undefined ? 'undefined' : s.length > 200 ? `${s.slice(0, 200)}…` : s);
};

/** The state as of the selected event; what the event changed is marked, appended items too, and what it removed is shown struck through. */
export function StateTab({ store, index }: { store: SessionStore; index: number }) {
  const at = store.query.value.asOf(index);
  const replay = store.replay.value;
  // What the page's client holds; after it stopped a run, as the events say when the user asks.
  const stop = at.clientStop();
  const view = stop && store.asEventsSay.value ? store.query.value.eventsSay(index) : at.conversation();
  const effect = effectOf(replay, index);
  const changed = new Set(effect.state.filter((c) => c.hasAfter).map((c) => c.at ?? c.path));
  const removed = effect.state.filter((c) => !c.hasAfter && c.hadBefore);
  return (
    <div class="tab-body" data-testid="state-tab">
      <h3>{tr('stateTab.stateAfterEvent', { index })}</h3>
      <p class="muted">{tr('common.conversation', { lane: view.lane })}
        {changed.size > 0 && tr('stateTab.highlightedWhatThisEventSet')}
      </p>
      <UnknownNote store={store} view={view} what="state" />
      {stop && <StopNote store={store} stop={stop} />}
      {effect.patchFailure && (
        <p class="note" data-testid="state-patch-failed">{tr('stateTab.thisEventSStateDelta', { opIndex: effect.patchFailure.opIndex })}</p>
      )}
      <JsonTree value={view.state} open={3} highlight={changed} name={tr('tab.state')} />
      {removed.length > 0 && (
        <section data-testid="state-removed">
          <h4>{tr('stateTab.removedByThisEvent')}</h4>
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
