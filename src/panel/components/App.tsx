import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { SessionStore } from '../store/sessionStore';
import type { CaptureControl } from '../capture/captureControl';
import { Banners } from './Banners';
import { CaptureBar, CaptureSettings } from './CaptureBar';
import { ExportDialog } from './ExportDialog';
import { ImportProgressBar } from './ImportProgress';
import type { ReplayControl } from '../pageReplay/replayControl';
import { ReplayBar } from './ReplayBar';
import { ReplayDialog } from './ReplayDialog';
import type { ResendControl } from '../debugger/resendControl';
import { ResendDialog } from './ResendDialog';
import { Split } from './Split';
import { CompareView } from './compare/CompareView';
import { EventList, ROW_HEIGHT } from './EventList';
import { Inspector } from './Inspector';
import { Toolbar, type ToolbarActions } from './Toolbar';
import type { PauseControl } from '../debugger/pauseControl';
import { armedCount, PauseBar, PauseDialog } from './PauseControls';
import type { LocalShareControl } from '../capture/localShareControl';

export function App({
  store,
  actions,
  capture,
  replay,
  pause,
  resend,
  share,
}: {
  store: SessionStore;
  actions: ToolbarActions;
  capture?: () => CaptureControl;
  replay?: ReplayControl;
  pause?: PauseControl;
  resend?: ResendControl;
  share?: LocalShareControl;
}) {
  const settingsOpen = useSignal(false);
  const exportOpen = useSignal(false);
  const pauseOpen = useSignal(false);
  store.dialogs.replayAvailable.value = replay !== undefined;
  store.dialogs.resendAvailable.value = resend !== undefined;
  const control = capture?.();
  useEffect(() => {
    /**
     * The keyboard of DevTools: Ctrl/Cmd+F focuses the filter; Up/Down/PageUp/PageDown/Home/End move the
     * selection from anywhere in the panel except where typing or another control uses the keys.
     */
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        const filter = document.querySelector<HTMLInputElement>('input.filter');
        filter?.focus();
        filter?.select();
        e.preventDefault();
        return;
      }
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      // Typing places and dialogs keep their keys; the tab strip and the splitter take theirs first (and stop them).
      if (target?.closest('input, textarea, select, [contenteditable], dialog, [role=dialog]')) return;
      const page = Math.max(1, Math.floor((document.querySelector('.event-list')?.clientHeight ?? 220) / ROW_HEIGHT) - 1);
      const to = ({ ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: 'first', End: 'last' } as const)[e.key as 'ArrowDown'];
      if (to === undefined) return;
      store.move(to);
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store]);
  const toolbarActions = {
    ...actions,
    openExport: () => (exportOpen.value = true),
    ...(control && { openSettings: () => (settingsOpen.value = true) }),
    ...(replay && { openReplay: () => (store.dialogs.replay.value = {}) }),
    ...(pause && { pause: { armed: armedCount(pause.armed.value), open: () => (pauseOpen.value = true) } }),
    ...(share && { localShare: share.state.value }),
  };
  return (
    <div class="app">
      <Toolbar store={store} actions={toolbarActions} />
      {exportOpen.value && <ExportDialog store={store} onExport={actions.onExport} onClose={() => (exportOpen.value = false)} />}
      {replay && store.dialogs.replay.value && (
        <ReplayDialog store={store} control={replay} pageUrl={control?.status?.url ?? ''} {...(store.dialogs.replay.value.runKey !== undefined && { runKey: store.dialogs.replay.value.runKey })} onClose={() => (store.dialogs.replay.value = null)} />
      )}
      {control && !store.imported.value && <CaptureBar capture={control} />}
      {control && settingsOpen.value && <CaptureSettings capture={control} {...(share && { share })} onClose={() => (settingsOpen.value = false)} />}
      <ImportProgressBar />
      {pause && pauseOpen.value && <PauseDialog control={pause} onClose={() => (pauseOpen.value = false)} />}
      {resend && store.dialogs.resend.value && <ResendDialog store={store} control={resend} runKey={store.dialogs.resend.value.runKey} onClose={() => (store.dialogs.resend.value = null)} />}
      {replay && <ReplayBar store={store} control={replay} />}
      {pause && <PauseBar store={store} control={pause} live={!store.imported.value} />}
      <Banners store={store} />
      {store.compare.value ? (
        <CompareView store={store} start={store.compare.value} onClose={() => (store.compare.value = null)} />
      ) : (
        <Split first={<EventList store={store} />} second={<Inspector store={store} />} />
      )}
    </div>
  );
}
