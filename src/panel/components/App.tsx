import { useSignal } from '@preact/signals';
import type { SessionStore } from '../store/sessionStore';
import type { CaptureControl } from '../capture/captureControl';
import { Banners } from './Banners';
import { CaptureBar, CaptureSettings } from './CaptureBar';
import { EventList } from './EventList';
import { Inspector } from './Inspector';
import { Toolbar, type ToolbarActions } from './Toolbar';

export function App({ store, actions, capture }: { store: SessionStore; actions: ToolbarActions; capture?: () => CaptureControl }) {
  const settingsOpen = useSignal(false);
  const control = capture?.();
  return (
    <div class="app">
      <Toolbar store={store} actions={control ? { ...actions, openSettings: () => (settingsOpen.value = true) } : actions} />
      {control && !store.imported.value && <CaptureBar capture={control} />}
      {control && settingsOpen.value && <CaptureSettings capture={control} onClose={() => (settingsOpen.value = false)} />}
      <Banners store={store} />
      <main class="split">
        <EventList store={store} />
        <Inspector store={store} />
      </main>
    </div>
  );
}
