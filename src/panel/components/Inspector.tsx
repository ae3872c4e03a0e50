import type { SessionStore, Tab } from '../store/sessionStore';
import { DiffTab } from './inspector/DiffTab';
import { EventTab } from './inspector/EventTab';
import { MessagesTab } from './inspector/MessagesTab';
import { ProblemsTab } from './inspector/ProblemsTab';
import { RunsTab } from './inspector/RunsTab';
import { StateTab } from './inspector/StateTab';
import { WaterfallTab } from './inspector/WaterfallTab';

const TABS: { id: Tab; label: string }[] = [
  { id: 'event', label: 'Event' },
  { id: 'diff', label: 'Diff' },
  { id: 'state', label: 'State' },
  { id: 'messages', label: 'Messages' },
  { id: 'runs', label: 'Runs' },
  { id: 'waterfall', label: 'Waterfall' },
  { id: 'problems', label: 'Problems' },
];

export function Inspector({ store }: { store: SessionStore }) {
  const index = store.current.value;
  const tab = store.tab.value;
  const { errors } = store.problems.value;
  const filtered = store.visible.value !== null;
  /** Left/Right move between the tabs while the strip has focus (Up/Down/Home/End stay with the timeline). */
  const onKeyDown = (e: KeyboardEvent) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'ArrowRight' ? at + 1 : e.key === 'ArrowLeft' ? at - 1 : null;
    if (next === null) return;
    const t = TABS[(next + TABS.length) % TABS.length]!;
    store.tab.value = t.id;
    (e.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-tab="${t.id}"]`)?.focus();
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <aside class="inspector" aria-label="Inspector">
      <nav class="tabs">
        <div role="tablist" aria-label="Inspector views" class="tablist" onKeyDown={onKeyDown}>
          {TABS.map((t) => (
            <button
              type="button"
              role="tab"
              key={t.id}
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="inspector-panel"
              tabIndex={tab === t.id ? 0 : -1}
              class={tab === t.id ? 'active' : ''}
              onClick={() => (store.tab.value = t.id)}
              data-tab={t.id}
            >
              {t.label}
              {t.id === 'problems' && errors > 0 && <span class="tab-count">{errors}</span>}
            </button>
          ))}
        </div>
        <span class="spacer" />
        {index !== null && (
          <span class="muted at" title="The inspector shows the world as of this event">
            {store.selected.value === null ? `latest${filtered ? ' shown' : ''} (#${index})` : `at #${index}`}
          </span>
        )}
      </nav>
      <div role="tabpanel" id="inspector-panel" aria-labelledby={`tab-${tab}`} class="tabpanel">
        {tab === 'problems' ? (
          <ProblemsTab store={store} />
        ) : index === null ? (
          <div class="tab-body empty">{store.session.value.frames.length > 0 ? 'No event matches the filter.' : 'Nothing captured yet.'}</div>
        ) : tab === 'event' ? (
          <EventTab store={store} index={index} />
        ) : tab === 'diff' ? (
          <DiffTab store={store} index={index} />
        ) : tab === 'state' ? (
          <StateTab store={store} index={index} />
        ) : tab === 'messages' ? (
          <MessagesTab store={store} index={index} />
        ) : tab === 'waterfall' ? (
          <WaterfallTab store={store} index={index} />
        ) : (
          <RunsTab store={store} index={index} />
        )}
      </div>
    </aside>
  );
}
