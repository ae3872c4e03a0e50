/**
 * Isolated-world content script, document_start, every frame.
 * Takes the page hook's MessagePort (hiding the hand-over from page listeners), checks every page message,
 * and relays it to the background with this document's key and a gap-free sequence number.
 * While the background is unreachable (service worker restarting) messages queue here, then flush in order.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { bytesToBase64 } from '../../engine/util/base64';
import {
  type CaptureRecord,
  type ContentMessage,
  PageMessageSchema,
  PORT_CAPTURE,
} from '../../bridge/messages';
import { HANDSHAKE_KEY } from '../../capture/wire';

const docKey = crypto.randomUUID();
let seq = 0;
let port: Runtime.Port | null = null;
const queue: ContentMessage[] = [];

const connect = (): void => {
  try {
    port = browser.runtime.connect({ name: PORT_CAPTURE });
  } catch {
    // The extension was reloaded or removed: this document can no longer report.
    port = null;
    return;
  }
  port.onDisconnect.addListener(() => {
    port = null;
  });
};

const flush = (): void => {
  if (!port) connect();
  while (port && queue.length > 0) {
    try {
      port.postMessage(queue[0]);
      queue.shift();
    } catch {
      port = null;
      connect();
      if (!port) return;
    }
  }
};

const relay = (record: CaptureRecord): void => {
  queue.push({ kind: 'capture', docKey, seq: seq++, record });
  flush();
};

const onPageMessage = (event: MessageEvent): void => {
  const parsed = PageMessageSchema.safeParse(event.data);
  if (!parsed.success) return; // Not ours, or forged: the page can only add to its own tab, and only valid records.
  const message = parsed.data;
  if (message.kind === 'chunk') {
    relay({ kind: 'chunk', id: message.id, t: message.t, base64: bytesToBase64(message.bytes) });
  } else {
    relay(message);
  }
};

const onWindowMessage = (event: MessageEvent): void => {
  if (event.source !== window) return;
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || data[HANDSHAKE_KEY] !== 1) return;
  event.stopImmediatePropagation();
  window.removeEventListener('message', onWindowMessage, true);
  const pagePort = event.ports[0];
  if (!pagePort) return;
  pagePort.onmessage = onPageMessage;
};

window.addEventListener('message', onWindowMessage, true);

// A new top-level document is a navigation: the background starts a new page in this tab's log.
if (window === window.top) {
  queue.push({ kind: 'hello', docKey, url: location.href, t: Date.now() });
  flush();
}
