/**
 * Background (Chrome: service worker; Firefox: event page). Keeps each tab's captured records and delivers
 * them to that tab's panels. The tab comes from the port's sender, never from the message, so a page can only
 * add to its own tab.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import {
  type Captured,
  ContentMessageSchema,
  type PanelInbound,
  PanelOutboundSchema,
  PORT_CAPTURE,
  PORT_PANEL,
} from '../../bridge/messages';
import { TabLog } from './tabLog';

const logs = new Map<number, TabLog>();
const panels = new Map<number, Set<Runtime.Port>>();

const logFor = (tabId: number): TabLog => {
  let log = logs.get(tabId);
  if (!log) {
    log = new TabLog();
    logs.set(tabId, log);
  }
  return log;
};

const broadcast = (tabId: number, message: PanelInbound): void => {
  for (const port of panels.get(tabId) ?? []) {
    try {
      port.postMessage(message);
    } catch {
      panels.get(tabId)?.delete(port);
    }
  }
};

const onCapturePort = (port: Runtime.Port): void => {
  const tabId = port.sender?.tab?.id;
  const frameId = port.sender?.frameId ?? 0;
  if (tabId === undefined || tabId < 0) {
    port.disconnect();
    return;
  }
  port.onMessage.addListener((raw: unknown) => {
    const parsed = ContentMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    const log = logFor(tabId);
    if (message.kind === 'hello') {
      if (frameId !== 0) return;
      log.navigated(message.url, message.t);
      broadcast(tabId, { kind: 'navigated', tabId, url: message.url, t: message.t });
      return;
    }
    const item: Captured = { docKey: message.docKey, frameId, seq: message.seq, record: message.record };
    const dropped = log.add(item);
    broadcast(tabId, { kind: 'captured', tabId, items: [item] });
    if (dropped > 0) broadcast(tabId, { kind: 'dropped', tabId, count: log.dropped });
  });
};

const BACKLOG_BATCH = 500;

const onPanelPort = (port: Runtime.Port): void => {
  let subscribed: number | undefined;
  port.onMessage.addListener((raw: unknown) => {
    const parsed = PanelOutboundSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.kind) {
      case 'subscribe': {
        subscribed = message.tabId;
        const log = logFor(message.tabId);
        // Backlog first, in order, then live items; both are sent from this one thread, so nothing interleaves.
        for (const entry of log.backlog(BACKLOG_BATCH)) port.postMessage({ ...entry, tabId: message.tabId });
        if (log.dropped > 0) port.postMessage({ kind: 'dropped', tabId: message.tabId, count: log.dropped });
        let set = panels.get(message.tabId);
        if (!set) {
          set = new Set();
          panels.set(message.tabId, set);
        }
        set.add(port);
        return;
      }
      case 'clear':
        logs.get(message.tabId)?.clear();
        return;
      case 'list-tabs':
        port.postMessage({
          kind: 'tabs',
          tabs: [...logs].map(([tabId, log]) => ({ tabId, url: log.url, records: log.size })),
        } satisfies PanelInbound);
        return;
      default: {
        const unhandled: never = message;
        return unhandled;
      }
    }
  });
  port.onDisconnect.addListener(() => {
    if (subscribed !== undefined) panels.get(subscribed)?.delete(port);
  });
};

browser.runtime.onConnect.addListener((port) => {
  if (port.name === PORT_CAPTURE) onCapturePort(port);
  else if (port.name === PORT_PANEL) onPanelPort(port);
});

browser.tabs.onRemoved.addListener((tabId) => {
  logs.delete(tabId);
  panels.delete(tabId);
});
