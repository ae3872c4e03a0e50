import type { SessionStore, Tab } from '../store/sessionStore';
import { DiffTab } from './inspector/DiffTab';
import { EventTab } from './inspector/EventTab';
import { MessagesTab } from './inspector/MessagesTab';
import { ProblemsTab } from './inspector/ProblemsTab';
import { RunsTab } from './inspector/RunsTab';
import { StateTab } from './inspector/StateTab';

const TABS: { id: Tab; label: string }[] = [
  { id: 'event', label: 'Event' },
  { id: 'diff', label: 'Diff' },
  { id: 'state', label: 'State' },
  { id: 'messages', label: 'Messages' },
  { id: 'runs', label: 'Runs' },
  { id: 'problems', label: 'Problems' },
];

export function Inspector({ store }: { store: SessionStore }) {
  const index = store.current.value;
  const tab = store.tab.value;
  const { errors } = store.problems.value;
  return (
    <aside class="inspector" aria-label="Inspector">
      <nav class="tabs" role="tablist">
        {TABS.map((t) => (
          <button
            type="button"
            role="tab"
            key={t.id}
            aria-selected={tab === t.id}
            class={tab === t.id ? 'active' : ''}
            onClick={() => (store.tab.value = t.id)}
            data-tab={t.id}
          >
            {t.label}
            {t.id === 'problems' && errors > 0 && <span class="tab-count">{errors}</span>}
          </button>
        ))}
        <span class="spacer" />
        {index !== null && (
          <span class="muted at" title="The inspector shows the world as of this event">
            {store.selected.value === null ? `latest (#${index})` : `at #${index}`}
          </span>
        )}
      </nav>
      {tab === 'problems' ? (
        <ProblemsTab store={store} />
      ) : index === null ? (
        <div class="tab-body empty">Nothing captured yet.</div>
      ) : tab === 'event' ? (
        <EventTab store={store} index={index} />
      ) : tab === 'diff' ? (
        <DiffTab store={store} index={index} />
      ) : tab === 'state' ? (
        <StateTab store={store} index={index} />
      ) : tab === 'messages' ? (
        <MessagesTab store={store} index={index} />
      ) : (
        <RunsTab store={store} index={index} />
      )}
    </aside>
  );
}
