import type { SessionStore, Tab } from '../store/sessionStore';
import { DiffTab } from './inspector/DiffTab';
import { EventTab } from './inspector/EventTab';
import { MessagesTab } from './inspector/MessagesTab';
import { ProblemsTab } from './inspector/ProblemsTab';
import { RunsTab } from './inspector/RunsTab';
import { StateTab } from './inspector/StateTab';
import { WaterfallTab } from './inspector/WaterfallTab';
import { TabStrip } from './TabStrip';
import { useEffect, useState } from 'preact/hooks';

const TABS: { id: Tab; label: string }[] = [
  { id: 'event', label: 'Event' },
  { id: 'diff', label: 'Diff' },
  { id: 'state', label: 'State' },
  { id: 'messages', label: 'Messages' },
  { id: 'runs', label: 'Runs' },
  { id: 'waterfall', label: 'Waterfall' },
  { id: 'problems', label: 'Problems' },
];

/**
 * Whether the inspector's view may be drawn: from the frame after the first event's. The list's first rows and the
 * inspector's first view are each a first mount; drawn in one frame they were the panel's longest task in a flood.
 */
function useSecondFrame(on: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!on || ready) return;
    const go = () => setReady(true);
    if (document.visibilityState === 'visible') {
      const id = requestAnimationFrame(go);
      return () => cancelAnimationFrame(id);
    }
    const id = setTimeout(go, 0);
    return () => clearTimeout(id);
  }, [on, ready]);
  return ready;
}

export function Inspector({ store }: { store: SessionStore }) {
  const index = store.current.value;
  const ready = useSecondFrame(index !== null);
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
        ) : !ready ? (
          <div class="tab-body" />
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
