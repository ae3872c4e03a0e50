import { signal } from '@preact/signals';
import { render } from 'preact';
import browser from 'webextension-polyfill';
import { Session } from '../engine/session/session';
import { connectPanel } from './bridge';
import { createCaptureControl } from './capture/captureControl';
import { App } from './components/App';
import { TabPicker } from './components/TabPicker';
import { downloadExport } from './fileIO';
import { startImport, stopImport } from './import/importer';
import './panel.css';
import { createReplayControl } from './pageReplay/replayControl';
import { createPauseControl } from './debugger/pauseControl';
import { createResendControl } from './debugger/resendControl';
import { createLocalShareControl } from './capture/localShareControl';
import { RULE_LEVELS_KEY, saveRuleLevels } from './settings/ruleLevels';
import type { RuleLevels } from '../engine/verify/levels';
import type { Replay } from '../engine/replay/replay';
import { replaySession } from '../engine/replay/replaySession';
import { createSessionStore } from './store/sessionStore';
import { counted, num } from './format';
import { bridgeError } from './bridgeErrors';
import { localeFor, setLocale, tr } from '../i18n/i18n';

/** The inspected tab: from `?tabId=N` when opened as a page, else from DevTools. */
const tabIdOf = (): number | null => {
  const fromUrl = new URLSearchParams(location.search).get('tabId');
  if (fromUrl !== null && /^\d+$/.test(fromUrl)) return Number(fromUrl);
  const inspected = (browser.devtools as typeof browser.devtools | undefined)?.inspectedWindow?.tabId;
  return typeof inspected === 'number' ? inspected : null;
};

// The browser's UI language (DevTools follows it too); `?lang=` overrides it (tests, and the pseudo-locale).
setLocale(localeFor(new URLSearchParams(location.search).get('lang') ?? browser.i18n.getUILanguage()));

const tabId = tabIdOf();
const app = document.getElementById('app')!;

if (tabId === null) {
  document.title = tr('tabPicker.title');
  render(<TabPicker />, app);
} else {
  document.title = tr('panel.title', { tabId });
  const store = createSessionStore();
  const preserveLog = signal(false);
  /** The live capture; an import is shown beside it, not mixed into it. */
  let live = store.session.value;
  const showLive = () => {
    if (!store.imported.value) store.reset(live);
  };
  const bridge = connectPanel(tabId, () => live, {
    onError: (message, code, params) => {
      const error = bridgeError(message, code, params);
      store.notify('error', error.text, error.detail === undefined ? {} : { detail: error.detail });
    },
    onNavigated: (url, t, preserved) => {
      void capture.refresh();
      if (preserved) live.navigate(url, t);
      else {
        // Like the Network panel: a new page starts a new log unless "Preserve log" is on.
        live = new Session();
        live.navigate(url, t);
        pause.follow(live);
        showLive();
      }
    },
    onPreserveLog: (on) => (preserveLog.value = on),
    onSites: (state) => capture.onSites(state),
    onCaptureStatus: (status) => capture.onStatus(status),
    onReplayRules: (rules) => replay.onRules(rules),
    onReplayStatus: (status) => replay.onStatus(status),
    onReceiving: (progress) => store.setReceiving(progress),
    onPauseState: (settings) => pause.onState(settings),
    onResendStatus: (docKey, status) => resend.onStatus(docKey, status),
    onLocalShare: (state) => share.onState(state),
    onRemoteControl: (request) => share.onRemote(request),
  });
  /** The live capture with a replay of it: the store's while it shows it, else one of its own (an import is shown). */
  let own: { session: Session; replay: Replay } | null = null;
  const liveView = () => {
    if (store.session.value === live) {
      own?.replay.dispose();
      own = null;
      return { session: live, replay: store.replay.value };
    }
    if (own?.session !== live) {
      own?.replay.dispose();
      own = { session: live, replay: replaySession(live, { live: true }) };
    }
    return own;
  };
  const pause = createPauseControl(bridge, liveView, (paused) => {
    // The inspector shows the state and the conversation as they stood before the paused event.
    if (store.session.value === live) store.select(Math.max(0, paused.index - 1));
  }, store.heldFrom);
  pause.follow(live);
  const resend = createResendControl(bridge);
  const share = createLocalShareControl(bridge, pause, () => store.notify('error', tr('localShare.permissionRefused')));
  // Rule severities, per extension: read at start, followed when another panel changes them.
  const readLevels = (value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value))
      store.ruleLevels.value = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v === 'error' || v === 'warning' || v === 'info' || v === 'off')) as RuleLevels;
  };
  void browser.storage.local.get(RULE_LEVELS_KEY).then((got) => readLevels(got[RULE_LEVELS_KEY]), () => undefined);
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && RULE_LEVELS_KEY in changes) readLevels(changes[RULE_LEVELS_KEY]!.newValue ?? {});
  });
  saveRuleLevels.value = (levels) => void browser.storage.local.set({ [RULE_LEVELS_KEY]: levels }).catch(() => undefined);
  const replay = createReplayControl(bridge);
  const capture = createCaptureControl(tabId, bridge, (kind, text, extra) => store.notify(kind, text, extra));
  /** A Clear that can still be undone. */
  const UNDO_MS = 8000;
  let undo: { banner: number; timer: ReturnType<typeof setTimeout>; upTo: Record<string, number> } | null = null;
  const finishUndo = () => {
    if (!undo) return;
    clearTimeout(undo.timer);
    store.dismiss(undo.banner);
    bridge.clear(undo.upTo);
    undo = null;
  };
  render(
    <App
      store={store}
      actions={{
        onClear: () => {
          // Clear acts on what is shown: an import is closed, the live capture kept.
          if (store.imported.value) {
            stopImport();
            store.imported.value = null;
            store.dismissView('import');
            store.reset(live);
            return;
          }
          const events = store.eventCount.value;
          finishUndo();
          const upTo = bridge.mark();
          if (events === 0) {
            bridge.clear(upTo);
            return;
          }
          // Cleared at once, undone for a few seconds (the background forgets only when the chance to undo has passed).
          const previous = live;
          live = previous.continuation();
          pause.follow(live);
          store.reset(live);
          const banner = store.notify('info', tr('panel.cleared', { events: counted(events, 'event') }), {
            action: {
              label: tr('panel.undo'),
              run: () => {
                if (!undo) return;
                clearTimeout(undo.timer);
                undo = null;
                previous.absorb(live);
                live = previous;
                pause.follow(live);
                store.reset(live);
              },
            },
            ttl: UNDO_MS,
          });
          undo = { banner, timer: setTimeout(finishUndo, UNDO_MS), upTo };
        },
        onExport: (choice) => downloadExport(store.session.value, choice),
        onImport: (file) =>
          startImport(store, { kind: 'blob', blob: file }, file.name, {
            onShow: (session, name) => {
              store.reset(session);
              store.imported.value = { name };
            },
          }),
        onBackToLive: () => {
          stopImport();
          store.imported.value = null;
          store.dismissView('import');
          store.reset(live);
        },
        preserveLog: {
          get on() {
            return preserveLog.value;
          },
          toggle: () => bridge.setPreserveLog(!preserveLog.value),
        },
      }}
      capture={() => capture.view()}
      replay={replay}
      pause={pause}
      resend={resend}
      share={share}
    />,
    app,
  );
}
