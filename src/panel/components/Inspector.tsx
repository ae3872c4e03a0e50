import type { SessionStore, Tab } from '../store/sessionStore';
import { DiffTab } from './inspector/DiffTab';
import { EventTab } from './inspector/EventTab';
import { MessagesTab } from './inspector/MessagesTab';
import { ProblemsTab } from './inspector/ProblemsTab';
import { RunsTab } from './inspector/RunsTab';
import { StateTab } from './inspector/StateTab';
import { WaterfallTab } from './inspector/WaterfallTab';
import { TabStrip } from './TabStrip';

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
  const status =
    index === null
      ? undefined
      : store.selected.value === null
        ? { long: `latest${filtered ? ' shown' : ''} (#${index})`, short: `#${index}`, title: `The inspector shows the world as of the latest event${filtered ? ' the filters show' : ''}` }
        : { long: `at #${index}`, short: `#${index}`, title: 'The inspector shows the world as of this event' };
  return (
    <aside class="inspector" aria-label="Inspector">
      <TabStrip
        tabs={TABS.map((t) => (t.id === 'problems' ? { ...t, count: errors } : t))}
        selected={tab}
        onSelect={(id) => (store.tab.value = id)}
        status={status}
      />
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
