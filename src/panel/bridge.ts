/**
 * The panel's end of the bridge: one port to the background for one tab, reconnecting by itself when the
 * service worker restarts. On every (re)connect it says what it already has, so the background (and through it
 * the content scripts) send the rest; each record is applied once, in order. Bytes arrive as Blobs (Chrome: read
 * here, a message's all at once, before it is applied) or as bytes (Firefox).
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { type BridgeHandlers, createIntake } from '../bridge/intake';
import { PanelInboundSchema, type PanelOutbound, type PauseSettings, PORT_PANEL, type ReplayRule } from '../bridge/messages';
import type { Session } from '../engine/session/session';

export type { BridgeErrorCode, BridgeHandlers, ReplayStatus } from '../bridge/intake';
export { ingest, streamKey } from '../bridge/intake';

export function connectPanel(tabId: number, session: () => Session, handlers: BridgeHandlers) {
  let port: Runtime.Port | null = null;
  let disposed = false;
  const { onMessage, have } = createIntake(tabId, session, handlers);

  const post = (message: PanelOutbound) => {
    try {
      port?.postMessage(message);
    } catch {
      // Disconnected: the reconnect sends what matters again.
    }
  };

  const connect = () => {
    if (disposed) return;
    port = browser.runtime.connect({ name: PORT_PANEL });
    port.onMessage.addListener(onMessage);
    port.onDisconnect.addListener(() => {
      port = null;
      // The service worker stopped or restarted: come back and say what we have; the rest is sent again.
      if (!disposed) setTimeout(connect, 50);
    });
    post({ kind: 'subscribe', tabId, have: have() });
  };
  connect();

  return {
    /** What this panel holds now (per document, the last seq): a later clear() forgets only that much. */
    mark: (): Record<string, number> => have(),
    clear: (upTo: Record<string, number>) => {
      // The intake stays: seq numbers keep growing per document, so nothing old can come back.
      post({ kind: 'clear', tabId, upTo });
    },
    setPreserveLog: (on: boolean) => post({ kind: 'preserve-log', tabId, on }),
    requestSites: () => post({ kind: 'sites' }),
    enableSite: (pattern: string) => post({ kind: 'enable-site', pattern }),
    disableSite: (pattern: string) => post({ kind: 'disable-site', pattern }),
    arm: (rule: ReplayRule) => post({ kind: 'replay-arm', tabId, rule }),
    disarm: (rule?: string) => post(rule === undefined ? { kind: 'replay-disarm', tabId } : { kind: 'replay-disarm', tabId, rule }),
    step: (rule: string, to: number) => post({ kind: 'replay-step', tabId, rule, to }),
    pauseSet: (settings: PauseSettings) => post({ kind: 'pause-set', tabId, ...settings }),
    resend: (streamId: string, rid: string, body: string, plan?: boolean) => {
      const cut = streamId.lastIndexOf(':');
      post({ kind: 'resend', tabId, docKey: streamId.slice(0, cut), id: Number(streamId.slice(cut + 1)), rid, body, ...(plan && { plan: true as const }) });
    },
    resendCancel: (docKey: string, rid: string) => post({ kind: 'resend-cancel', tabId, docKey, rid }),
    /** A held stream's page may read up to `upTo` (null: all): `streamId` is the panel's key of it (docKey:id). */
    pauseRelease: (streamId: string, upTo: number | null) => {
      const cut = streamId.lastIndexOf(':');
      post({ kind: 'pause-release', tabId, docKey: streamId.slice(0, cut), id: Number(streamId.slice(cut + 1)), upTo });
    },
    captureStatus: (url?: string) => post(url === undefined ? { kind: 'capture-status', tabId } : { kind: 'capture-status', tabId, url }),
    localShare: (shared: boolean, control: boolean) => post({ kind: 'local-share', tabId, shared, control }),
    remoteResult: (id: string, ok: boolean, message: string) => post({ kind: 'remote-result', tabId, id, ok, message }),
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
