import { useSignal } from '@preact/signals';
import type { SessionStore } from '../store/sessionStore';
import type { CaptureControl } from '../capture/captureControl';
import { Banners } from './Banners';
import { CaptureBar, CaptureSettings } from './CaptureBar';
import { ExportDialog } from './ExportDialog';
import { EventList } from './EventList';
import { Inspector } from './Inspector';
import { Toolbar, type ToolbarActions } from './Toolbar';

export function App({ store, actions, capture }: { store: SessionStore; actions: ToolbarActions; capture?: () => CaptureControl }) {
  const settingsOpen = useSignal(false);
  const exportOpen = useSignal(false);
  const control = capture?.();
  const toolbarActions = { ...actions, openExport: () => (exportOpen.value = true), ...(control && { openSettings: () => (settingsOpen.value = true) }) };
  return (
    <div class="app">
      <Toolbar store={store} actions={toolbarActions} />
      {exportOpen.value && <ExportDialog session={store.session.value} onExport={actions.onExport} onClose={() => (exportOpen.value = false)} />}
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
