/**
 * The panel's end of the bridge: one port to the background for one tab, reconnecting by itself when the
 * service worker restarts. Every inbound message is validated; bytes arrive as base64.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { base64ToBytes } from '../engine/util/base64';
import { type Captured, type PanelInbound, PanelInboundSchema, type PanelOutbound, PORT_PANEL } from '../bridge/messages';
import type { Session, StreamInfo } from '../engine/session/session';

export interface BridgeHandlers {
  onDropped(count: number): void;
  onNavigated(url: string, t: number): void;
  onActivity(): void;
}

export const streamKey = (docKey: string, id: number): string => `${docKey}:${id}`;

/** Applies one captured record to the session. Pages are counted by navigations. */
export function ingest(session: Session, item: Captured): void {
  const { record } = item;
  const id = streamKey(item.docKey, record.id);
  switch (record.kind) {
    case 'open': {
      const info: StreamInfo = {
        id,
        transport: record.transport,
        format: record.format,
        url: record.url,
        method: record.method,
        status: record.status,
        statusText: record.statusText,
        frameUrl: record.frameUrl,
        requestHeaders: record.requestHeaders,
        responseHeaders: record.responseHeaders,
        openedAt: record.t,
        page: session.navigations.length,
      };
      if (record.requestBody !== undefined) info.requestBody = record.requestBody;
      session.open(info);
      return;
    }
    case 'chunk':
      session.chunk(id, record.t, base64ToBytes(record.base64));
      return;
    case 'close':
      session.close(id, record.t, record.error);
      return;
    default: {
      const unhandled: never = record;
      return unhandled;
    }
  }
}

export function connectPanel(tabId: number, session: () => Session, handlers: BridgeHandlers): { clear(): void; dispose(): void } {
  let port: Runtime.Port | null = null;
  let disposed = false;
  /** Highest seq applied per document, so a replayed backlog after a reconnect applies nothing twice. */
  const applied = new Map<string, number>();

  const onMessage = (raw: unknown) => {
    const parsed = PanelInboundSchema.safeParse(raw);
    if (!parsed.success) return;
    const message: PanelInbound = parsed.data;
    if ('tabId' in message && message.tabId !== tabId) return;
    switch (message.kind) {
      case 'captured':
        for (const item of message.items) {
          const last = applied.get(item.docKey) ?? -1;
          if (item.seq <= last) continue;
          applied.set(item.docKey, item.seq);
          ingest(session(), item);
        }
        handlers.onActivity();
        return;
      case 'navigated':
        handlers.onNavigated(message.url, message.t);
        return;
      case 'dropped':
        handlers.onDropped(message.count);
        return;
      case 'tabs':
        return;
      default: {
        const unhandled: never = message;
        return unhandled;
      }
    }
  };

  const post = (message: PanelOutbound) => port?.postMessage(message);

  const connect = () => {
    if (disposed) return;
    port = browser.runtime.connect({ name: PORT_PANEL });
    port.onMessage.addListener(onMessage);
    port.onDisconnect.addListener(() => {
      port = null;
      // The service worker stopped or restarted: come back and ask again; `applied` skips what we have.
      if (!disposed) setTimeout(connect, 100);
    });
    post({ kind: 'subscribe', tabId });
  };
  connect();

  return {
    clear: () => {
      // `applied` stays: seq numbers keep growing per document, so nothing old can come back.
      post({ kind: 'clear', tabId });
    },
    dispose: () => {
      disposed = true;
      port?.disconnect();
    },
  };
}

export interface KnownTab {
  tabId: number;
  url: string;
  records: number;
}

/** The tabs the background has seen, for a panel page opened without ?tabId. */
export function listTabs(): Promise<KnownTab[]> {
  return new Promise((resolve) => {
    const port = browser.runtime.connect({ name: PORT_PANEL });
    port.onMessage.addListener((raw: unknown) => {
      const parsed = PanelInboundSchema.safeParse(raw);
      if (parsed.success && parsed.data.kind === 'tabs') {
        resolve(parsed.data.tabs);
        port.disconnect();
      }
    });
    port.postMessage({ kind: 'list-tabs' } satisfies PanelOutbound);
  });
}
