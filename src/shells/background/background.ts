/**
 * Background (Chrome: service worker; Firefox: event page). Keeps each tab's captured records and delivers
 * them to that tab's panels. The tab comes from the port's sender, never from the message, so a page can only
 * add to its own tab.
 *
 * Its memory may go at any time (Chrome stops idle service workers). Nothing depends on it: content scripts
 * keep their documents' records, and whenever a panel (re)subscribes the background asks them to resend
 * whatever it does not hold; panels and this log take each record once, in order (bridge/ordered.ts).
 */
import browser, { type Runtime } from 'webextension-polyfill';
import {
  type Captured,
  ContentMessageSchema,
  HelloSchema,
  type PanelInbound,
  PanelOutboundSchema,
  PingSchema,
  PORT_CAPTURE,
  PORT_PANEL,
  type RelayCommand,
  type ReplayRule,
} from '../../bridge/messages';
import { batches } from '../../bridge/budget';
import { owningRecord } from '../../bridge/chunkData';
import { captureOn, disableSite, enableSite, reconcile, sitesState } from './sites';
import { PauseConditions } from './pauseConditions';
import { ReplayRules } from './replayRules';
import { TabFrames } from './tabFrames';
import { originOf } from '../../engine/pageReplay/urlMatch';
import { type BacklogEntry, TabLog } from './tabLog';
import { LocalShare, type NativePort, type Subscriber } from './localShare';

const logs = new Map<number, TabLog>();
const panels = new Map<number, Set<Runtime.Port>>();

const logFor = (tabId: number): TabLog => {
  let log = logs.get(tabId);
  if (!log) logs.set(tabId, (log = new TabLog()));
  return log;
};

// "Preserve log" per tab survives service-worker restarts in session storage. Until it is read back,
// messages wait (in order) for it.
const preserveKey = (tabId: number) => `preserve-log:${tabId}`;
const preserved = new Map<number, boolean>();
let loaded = false;
const ready: Promise<void> = browser.storage.session
  .get(null)
  .then((all) => {
    for (const [key, value] of Object.entries(all)) if (key.startsWith('preserve-log:')) preserved.set(Number(key.slice(13)), value === true);
    replay.load(all);
    pause.load(all);
    localShare.load(all);
  })
  .catch(() => undefined)
  .then(() => {
    loaded = true;
  });
/** Each tab's frames that said hello: Replay to page's and Pause's commands go to each, and are waited for in each. */
const frames = new TabFrames((tabId, command, frameId) => (frameId === undefined ? browser.tabs.sendMessage(tabId, command) : browser.tabs.sendMessage(tabId, command, { frameId })));
/** Replay to page: rules per tab, kept in session storage (they survive the page's reloads and our restarts). */
const replay = new ReplayRules({
  store: (items) => void browser.storage.session.set(items).catch(() => undefined),
  remove: (key) => void browser.storage.session.remove(key).catch(() => undefined),
  toTab: (tabId, command) => frames.toEvery(tabId, command),
  toPanels: (tabId, message) => broadcast(tabId, message),
  badge: (tabId, text, title) => {
    replayBadges.set(tabId, { text, title });
    showBadge(tabId);
  },
});
/** Pause on an event: the conditions per tab, kept in session storage as the replay rules are. */
const pause = new PauseConditions({
  store: (items) => void browser.storage.session.set(items).catch(() => undefined),
  remove: (key) => void browser.storage.session.remove(key).catch(() => undefined),
  toTab: (tabId, command) => frames.toEvery(tabId, command),
  toPanels: (tabId, message) => broadcast(tabId, message),
  badge: (tabId) => showBadge(tabId),
});
/** Local tools a tab is shared with (the native host's subscriber), as panels are subscribed. */
const sharedWith = new Map<number, Subscriber>();
const isFirefox = typeof (globalThis as { browser?: unknown }).browser !== 'undefined' && (browser.runtime.getURL('') ?? '').startsWith('moz-extension:');
/** Sharing with local tools: per tab, only where the user chose it in the panel. */
const localShare = new LocalShare({
  // Read when needed: the API appears once the optional permission is granted (the polyfill's object predates it).
  connectNative: (name) => {
    const chromeRuntime = (globalThis as { chrome?: { runtime?: { connectNative?: (n: string) => unknown } } }).chrome?.runtime;
    const native = (globalThis as { browser?: { runtime?: { connectNative?: (n: string) => unknown } } }).browser?.runtime?.connectNative;
    const connect = native ? (n: string) => native(n) : chromeRuntime?.connectNative?.bind(chromeRuntime);
    if (!connect) throw new Error('the browser has not given the permission to talk to a program on this computer (nativeMessaging)');
    return connect(name) as NativePort;
  },
  lastError: () => (globalThis as { chrome?: { runtime?: { lastError?: { message?: string } } } }).chrome?.runtime?.lastError?.message,
  store: (items) => void browser.storage.session.set(items).catch(() => undefined),
  remove: (key) => void browser.storage.session.remove(key).catch(() => undefined),
  urlOf: (tabId) => logFor(tabId).url,
  subscribe: (tabId, subscriber) => {
    sharedWith.set(tabId, subscriber);
    sendBacklog(subscriber, tabId, logFor(tabId).backlog({}));
    // What the tab's documents hold and this log does not (no panel was open) comes now, and the rest as it comes.
    tellMode(tabId);
    resync(tabId);
  },
  unsubscribe: (tabId, subscriber) => {
    if (sharedWith.get(tabId) === subscriber) sharedWith.delete(tabId);
    if (!eagerFor(tabId)) tellMode(tabId);
  },
  toPanels: (tabId, message) => toPanels(tabId, message),
  panelCount: (tabId) => panels.get(tabId)?.size ?? 0,
  hello: { browser: isFirefox ? 'firefox' : 'chromium', version: browser.runtime.getManifest().version },
});
/** The icon's badge for a tab: what Replay to page and Pause on an event have armed there. */
const replayBadges = new Map<number, { text: string; title: string }>();
const showBadge = (tabId: number): void => {
  const action = (browser as unknown as { action?: { setBadgeText(d: object): Promise<void>; setTitle(d: object): Promise<void>; setBadgeBackgroundColor(d: object): Promise<void> } }).action;
  if (!action) return;
  const rp = replayBadges.get(tabId) ?? { text: '', title: '' };
  const paused = pause.badgeTitle(tabId);
  const text = `${rp.text}${paused ? (rp.text ? '⏸' : 'II') : ''}`;
  const title = [rp.text ? rp.title : '', paused ? `AG-UI DevTools: ${paused}` : ''].filter(Boolean).join('\n') || 'AG-UI DevTools';
  void action.setBadgeText({ tabId, text }).catch(() => undefined);
  void action.setBadgeBackgroundColor({ tabId, color: '#b35c00' }).catch(() => undefined);
  void action.setTitle({ tabId, title }).catch(() => undefined);
};
const isPreserved = (tabId: number): boolean => preserved.get(tabId) === true;
const setPreserved = (tabId: number, on: boolean) => {
  preserved.set(tabId, on);
  void browser.storage.session.set({ [preserveKey(tabId)]: on }).catch(() => undefined);
};

/** Handles a port's messages in order, waiting for the stored settings only at start. */
const inOrder = (handle: (raw: unknown) => void) => {
  let pending: Promise<void> | null = null;
  return (raw: unknown) => {
    if (loaded && !pending) return handle(raw);
    const p: Promise<void> = (pending ?? ready).then(() => {
      handle(raw);
      if (pending === p) pending = null;
    });
    pending = p;
  };
};

/** Sends one message; a failure is returned as its reason (the port may have closed, or the browser refused it). */
const send = (port: Subscriber, message: PanelInbound): string | null => {
  try {
    port.postMessage(message);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

/** Records go in batches sized in bytes (a record bigger than the budget in parts). */
const sendCaptured = (port: Subscriber, tabId: number, items: Captured[], kind: 'captured' | 'pinned' = 'captured'): string | null => {
  for (const batch of batches(items)) {
    const failed = send(port, { kind, tabId, items: batch });
    if (failed) return failed;
  }
  return null;
};

/** A failed send is said to the panel (in a small message that fits), never silent. */
const reportFailure = (port: Subscriber, tabId: number, code: 'message-failed' | 'delivery-failed' | 'history-failed', what: string, reason: string): void => {
  send(port, { kind: 'error', tabId, message: `${what}: ${reason}`, code, params: { reason } });
};

/** Only the tab's panels (what the user's own view is told: sharing state, local tools' requests). */
const toPanels = (tabId: number, message: PanelInbound): void => {
  for (const port of panels.get(tabId) ?? []) {
    const failed = send(port, message);
    if (failed) reportFailure(port, tabId, 'message-failed', 'A message to this panel failed', failed);
  }
};
/** The tab's panels, and local tools where the user shares the tab: what a panel takes in. */
const broadcast = (tabId: number, message: PanelInbound): void => {
  toPanels(tabId, message);
  sharedWith.get(tabId)?.postMessage(message);
};
const broadcastCaptured = (tabId: number, items: Captured[], kind: 'captured' | 'pinned' = 'captured'): void => {
  if (items.length === 0) return;
  for (const port of panels.get(tabId) ?? []) {
    const failed = sendCaptured(port, tabId, items, kind);
    if (failed) reportFailure(port as Runtime.Port, tabId, 'delivery-failed', 'Captured records could not be delivered', failed);
  }
  const shared = sharedWith.get(tabId);
  if (shared) sendCaptured(shared, tabId, items, kind);
};

/** The log's backlog for a panel, in order: consecutive records grouped in batches under the budget. */
const sendBacklog = (port: Subscriber, tabId: number, entries: Iterable<BacklogEntry>): string | null => {
  let items: Captured[] = [];
  const flushItems = () => {
    const failed = items.length ? sendCaptured(port, tabId, items) : null;
    items = [];
    return failed;
  };
  for (const entry of entries) {
    if (entry.kind === 'item') {
      items.push(entry.item);
      if (items.length >= 4096) {
        const failed = flushItems();
        if (failed) return failed;
      }
      continue;
    }
    const failed =
      flushItems() ??
      (entry.kind === 'pinned'
        ? sendCaptured(port, tabId, entry.items, 'pinned')
        : entry.kind === 'gap'
          ? send(port, { kind: 'gap', tabId, docKey: entry.docKey, to: entry.to, e: entry.e, where: entry.where })
          : entry.kind === 'reading'
            ? send(port, { kind: 'reading', tabId, docKey: entry.docKey, read: entry.read })
          : send(port, { kind: 'navigated', tabId, url: entry.url, t: entry.t, preserved: true }));
    if (failed) return failed;
  }
  return flushItems();
};

const onCapturePort = (port: Runtime.Port): void => {
  const tabId = port.sender?.tab?.id;
  const frameId = port.sender?.frameId ?? 0;
  if (tabId === undefined || tabId < 0) {
    port.disconnect();
    return;
  }
  port.onMessage.addListener(inOrder((raw: unknown) => {
    const parsed = ContentMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    const log = logFor(tabId);
    switch (message.kind) {
      case 'gap': {
        const { cut, accepted } = log.pageGap(message.docKey, message.to, message.e);
        if (cut) broadcast(tabId, { kind: 'gap', tabId, docKey: cut.docKey, to: cut.to, e: cut.e, where: 'page' });
        broadcastCaptured(tabId, accepted);
        return;
      }
      case 'pinned': {
        const fresh = log.pin(message.items.map((i) => ({ docKey: message.docKey, frameId, seq: i.seq, e: 0, record: i.record })));
        broadcastCaptured(tabId, fresh, 'pinned');
        return;
      }
      case 'replay-status':
        replay.status(tabId, message);
        return;
      case 'resend-status':
        broadcast(tabId, { ...message, tabId });
        return;
      case 'capture': {
        const accepted: Captured[] = [];
        // Firefox's relay may send a view of a bigger buffer (no copy on the page's thread): kept here as a copy of its own.
        for (const item of message.items) accepted.push(...log.add(owningRecord({ docKey: message.docKey, frameId, ...item })));
        broadcastCaptured(tabId, accepted);
        if (message.read !== undefined && log.noteRead(message.docKey, message.read)) broadcast(tabId, { kind: 'reading', tabId, docKey: message.docKey, read: message.read });
        return;
      }
      default: {
        const unhandled: never = message;
        return unhandled;
      }
    }
  }));
};

/** Whether the tab's documents should send records as they come: a panel is open, or Preserve log is on. */
const eagerFor = (tabId: number): boolean => (panels.get(tabId)?.size ?? 0) > 0 || isPreserved(tabId) || sharedWith.has(tabId);
const tellMode = (tabId: number): void => void frames.toEvery(tabId, { kind: 'mode', eager: eagerFor(tabId) });

/** A document's origin as the browser says it (never the page's word); Firefox gives the URL only. */
const senderOrigin = (sender: Runtime.MessageSender): string => {
  const origin = (sender as { origin?: string }).origin;
  if (typeof origin === 'string' && origin !== 'null' && !/^file:/i.test(sender.url ?? '')) return origin;
  return originOf(sender.url ?? '');
};

// A document starts: the top one means the tab navigated. Every one learns whether to send now, and the replay
// rules that may answer it.
browser.runtime.onMessage.addListener((raw: unknown, sender: Runtime.MessageSender) => {
  const parsed = HelloSchema.safeParse(raw);
  const tabId = sender.tab?.id;
  if (!parsed.success || tabId === undefined || tabId < 0) return undefined;
  return ready.then(() => {
    const hello = parsed.data;
    const top = (sender.frameId ?? 0) === 0;
    frames.hello(tabId, sender.frameId ?? 0);
    const origin = senderOrigin(sender);
    if (top) {
      const log = logFor(tabId);
      const preserve = isPreserved(tabId);
      log.navigated(hello.url, hello.t, preserve);
      broadcast(tabId, { kind: 'navigated', tabId, url: hello.url, t: hello.t, preserved: preserve });
      // Another origin: what was armed for the previous one is disarmed (the panel is told which, and why).
      const gone = replay.navigated(tabId, origin);
      if (gone.length) {
        const origins = [...new Set(gone.map((r) => r.origin))].join(', ');
        broadcast(tabId, {
          kind: 'error',
          tabId,
          message: `Replay to page disarmed: the tab went to ${origin || 'a page without an origin'}, and ${gone.length === 1 ? 'the rule answers' : `the ${gone.length} rules answer`} ${origins} only.`,
          code: 'replay-disarmed',
          params: { origin, rules: gone.length, origins },
        });
      }
      // A navigation resets the tab's badge: what is armed is shown again.
      replay.showBadge(tabId);
      showBadge(tabId);
    }
    const rules: ReplayRule[] = replay.rulesForDocument(tabId, origin, top);
    // A pause armed for the tab holds this document's streams from its first request (a reload reproduces the bug).
    return { eager: eagerFor(tabId), ...(rules.length > 0 && { rules }), ...(pause.armed(tabId) && { hold: true }) };
  });
});

/** Asks the tab's content scripts for every record this log does not hold (after a restart: all of them). */
const resync = (tabId: number): void => void frames.toEvery(tabId, { kind: 'resync', have: logFor(tabId).have() });

const onPanelPort = (port: Runtime.Port): void => {
  let subscribed: number | undefined;
  port.onMessage.addListener(inOrder((raw: unknown) => {
    const parsed = PanelOutboundSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.kind) {
      case 'subscribe': {
        subscribed = message.tabId;
        const tabId = message.tabId;
        // Registered first: whatever fails below, this panel gets what comes next and is told what failed.
        let set = panels.get(tabId);
        if (!set) panels.set(tabId, (set = new Set()));
        set.add(port);
        send(port, { kind: 'preserve-log', tabId, on: isPreserved(tabId) });
        send(port, { kind: 'replay-rules', tabId, rules: replay.summaries(tabId) });
        send(port, { kind: 'pause-state', tabId, ...pause.settingsFor(tabId) });
        send(port, localShare.stateOf(tabId));
        // Backlog first, in order, then live items: both are sent from this one thread, so nothing interleaves.
        const failed = sendBacklog(port, tabId, logFor(tabId).backlog(message.have));
        if (failed) reportFailure(port, tabId, 'history-failed', 'The captured history could not be delivered to this panel', failed);
        resync(tabId);
        return;
      }
      case 'clear':
        logs.get(message.tabId)?.clear(message.upTo);
        return;
      case 'preserve-log':
        setPreserved(message.tabId, message.on);
        broadcast(message.tabId, { kind: 'preserve-log', tabId: message.tabId, on: message.on });
        tellMode(message.tabId);
        return;
      case 'list-tabs':
        send(port, { kind: 'tabs', tabs: [...logs].map(([tabId, log]) => ({ tabId, url: log.url, records: log.size })) });
        return;
      case 'sites':
      case 'enable-site':
      case 'disable-site': {
        const change = message.kind === 'enable-site' ? enableSite(message.pattern) : message.kind === 'disable-site' ? disableSite(message.pattern) : sitesState();
        void change.then(
          (state) => send(port, { kind: 'sites', ...state }),
          (error: unknown) => void sitesState().then((state) => send(port, { kind: 'sites', ...state, error: error instanceof Error ? error.message : String(error) })),
        );
        return;
      }
      case 'capture-status': {
        const tabId = message.tabId;
        void (async () => {
          const url = message.url ?? logs.get(tabId)?.url ?? (await browser.tabs.get(tabId).then((t) => t.url ?? '', () => ''));
          send(port, { kind: 'capture-status', tabId, url, on: url !== '' && (await captureOn(url)) });
        })();
        return;
      }
      case 'replay-arm':
        if (!replay.arm(message.tabId, message.rule)) send(port, { kind: 'error', tabId: message.tabId, message: 'Replay to page: the rule names no origin to answer, so it was not armed.', code: 'replay-no-origin' });
        return;
      case 'replay-disarm':
        replay.disarm(message.tabId, message.rule);
        return;
      case 'replay-step':
        replay.step(message.tabId, message.rule, message.to);
        return;
      case 'pause-set':
        pause.set(message.tabId, { conditions: message.conditions, onError: message.onError });
        return;
      case 'pause-release':
        pause.release(message.tabId, message.docKey, message.id, message.upTo);
        return;
      // Resend: passed on as it is, to the tab's documents; the one that made the request acts (its relay checks the rest).
      case 'resend':
      case 'resend-cancel': {
        const { tabId, ...command } = message;
        void frames.toEvery(tabId, command);
        return;
      }
      case 'local-share':
        localShare.set(message.tabId, message.shared, message.shared && message.control);
        return;
      case 'remote-result':
        localShare.result(message.tabId, message.id, message.ok, message.message);
        return;
      default: {
        const unhandled: never = message;
        return unhandled;
      }
    }
  }));
  port.onDisconnect.addListener(() => {
    if (subscribed === undefined) return;
    panels.get(subscribed)?.delete(port);
    // The last panel of the tab closed: nothing stays armed behind the user's back.
    if ((panels.get(subscribed)?.size ?? 0) === 0) {
      replay.disarm(subscribed);
      pause.disarm(subscribed);
    }
    // The last panel closed: documents keep their records to themselves again (unless Preserve log).
    if (!eagerFor(subscribed)) tellMode(subscribed);
  });
};

browser.runtime.onConnect.addListener((port) => {
  if (port.name === PORT_CAPTURE) onCapturePort(port);
  else if (port.name === PORT_PANEL) onPanelPort(port);
});

// Which start of the background this is: a panel or a test can tell that it was restarted.
const boot = { bootId: crypto.randomUUID(), startedAt: Date.now() };
browser.runtime.onMessage.addListener((message: unknown) => (PingSchema.safeParse(message).success ? Promise.resolve(boot) : undefined));

// Where capture runs: brought in line with what the browser grants at start and whenever a permission changes.
browser.runtime.onInstalled.addListener(() => void reconcile().catch(() => undefined));
browser.runtime.onStartup.addListener(() => void reconcile().catch(() => undefined));
browser.permissions.onRemoved.addListener(() => void reconcile().catch(() => undefined));

browser.tabs.onRemoved.addListener((tabId) => {
  logs.delete(tabId);
  panels.delete(tabId);
  preserved.delete(tabId);
  void browser.storage.session.remove(preserveKey(tabId)).catch(() => undefined);
  replay.forget(tabId);
  pause.forget(tabId);
  frames.forget(tabId);
  replayBadges.delete(tabId);
  localShare.forget(tabId);
});
