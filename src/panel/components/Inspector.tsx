import type { SessionStore, Tab } from '../store/sessionStore';
import { DiffTab } from './inspector/DiffTab';
import { EventTab } from './inspector/EventTab';
import { MessagesTab } from './inspector/MessagesTab';
import { ProblemsTab } from './inspector/ProblemsTab';
import { RunsTab } from './inspector/RunsTab';
import { StateTab } from './inspector/StateTab';
import { UiTab } from './inspector/UiTab';
import { WaterfallTab } from './inspector/WaterfallTab';
import { TabStrip } from './TabStrip';
import { useEffect, useState } from 'preact/hooks';
import { type MessageKey, tr } from '../../i18n/i18n';

const TABS: { id: Tab; label: MessageKey }[] = [
  { id: 'event', label: 'tab.event' },
  { id: 'diff', label: 'tab.diff' },
  { id: 'state', label: 'tab.state' },
  { id: 'messages', label: 'tab.messages' },
  { id: 'ui', label: 'tab.ui' },
  { id: 'runs', label: 'tab.runs' },
  { id: 'waterfall', label: 'tab.waterfall' },
  { id: 'problems', label: 'tab.problems' },
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
        ? { long: tr(filtered ? 'inspector.latestShown' : 'inspector.latest', { index }), short: `#${index}`, title: tr(filtered ? 'inspector.latestShownTitle' : 'inspector.latestTitle') }
        : { long: tr('inspector.at', { index }), short: `#${index}`, title: tr('inspector.atTitle') };
  return (
    <aside class="inspector" aria-label={tr('inspector.inspector')}>
      <TabStrip
        tabs={TABS.map((t) => ({ id: t.id, label: tr(t.label), ...(t.id === 'problems' && { count: errors }) }))}
        selected={tab}
        onSelect={(id) => (store.tab.value = id)}
        status={status}
      />
      <div role="tabpanel" id="inspector-panel" aria-labelledby={`tab-${tab}`} class="tabpanel">
        {tab === 'problems' ? (
          <ProblemsTab store={store} />
        ) : index === null ? (
          <div class="tab-body empty">{store.session.value.frames.length > 0 ? tr('inspector.noEventMatchesTheFilter') : tr('inspector.nothingCapturedYet')}</div>
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
        ) : tab === 'ui' ? (
          <UiTab store={store} index={index} />
        ) : tab === 'waterfall' ? (
          <WaterfallTab store={store} index={index} />
        ) : (
          <RunsTab store={store} index={index} />
        )}
      </div>
    </aside>
  );
}
