/**
 * Isolated-world content script, document_start, every frame where capture is on. Its listener for the hand-over
 * is registered before any page script runs (the manifest lists it before the hook; registered scripts may come
 * in either order, see RELAY_READY_EVENT).
 *
 * The hand-over: the only message taken is the first trusted one from this very window carrying the marker. The
 * page cannot forge a trusted message before the hook's (the hook posts at document_start, before any page
 * script), so anything else with the marker is an impersonation attempt: ignored and reported to the panel. The
 * relay derives what it can itself (the frame's URL) rather than trusting the page's word.
 *
 * This file is the glue: the hand-over, the port to the background, the hello, and the background's commands. The
 * document's records are recorder.ts's (bounded, counted, sent while someone needs them), Replay to page's answers
 * replayAnswer.ts's; both are units with their effects given, tested without a browser.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { STRING_MAX } from '../../bridge/limits';
import { type ContentMessage, type Hello, HelloReplySchema, PORT_CAPTURE } from '../../bridge/messages';
import { ARMED_KEY, HANDSHAKE_KEY, RELAY_READY_EVENT } from '../../capture/wire';
import { maskUrl } from '../../engine/mask/secrets';
import { joinBytes } from '../../engine/util/bytes';
import { HeldStreams } from './heldStreams';
import { DocumentRecorder } from './recorder';
import { Resends } from './resend';
import { type CommandTargets, takeCommand } from './commands';
import { ReplayAnswers } from './replayAnswer';

// ---- The hand-over, first of all: whatever fails below, the page never sees it.
let pagePort: MessagePort | null = null;
/** Replay to page: answers the hook's matched requests (post is a function declaration: it sends once a port exists). */
const isTop = (): boolean => {
  try {
    return window.top === window;
  } catch {
    return false;
  }
};
const replay = new ReplayAnswers(
  (status) => void post(status),
  (url) => maskUrl(url),
  // This document as the browser has it (the isolated world's location is the real one): a file's origin is opaque.
  { origin: location.protocol === 'file:' ? 'file://' : location.origin === 'null' ? '' : location.origin, top: isTop(), url: () => location.href },
  {
    // The isolated world's own Storage (the page cannot stand in for it); a document without storage has no marker.
    read: () => {
      try {
        return sessionStorage.getItem(ARMED_KEY) !== null;
      } catch {
        return false;
      }
    },
    write: (on) => {
      try {
        if (on) sessionStorage.setItem(ARMED_KEY, '1');
        else if (sessionStorage.getItem(ARMED_KEY) !== null) sessionStorage.removeItem(ARMED_KEY);
      } catch {
        // No storage here (an opaque origin, storage turned off): the next document does not wait.
      }
    },
  },
);
let impersonated = false;
function onWindowMessage(event: MessageEvent): void {
  let marked = false;
  try {
    const data: unknown = event.data;
    marked = typeof data === 'object' && data !== null && HANDSHAKE_KEY in data;
  } catch {
    return;
  }
  if (!marked) return;
  if (!pagePort && event.isTrusted && event.source === window && event.ports.length === 1) {
    event.stopImmediatePropagation();
    take(event.ports[0]!);
    return;
  }
  // A second hand-over, a synthetic one, or one from another window: the page (or a frame) pretends to be the hook.
  if (!impersonated) {
    impersonated = true;
    try {
      reportImpersonation(event);
    } catch {
      // Reported when the relay can; never at the cost of the page.
    }
  }
}
window.addEventListener('message', onWindowMessage, true);
/**
 * Firefox: the hook hands its port over in a synchronous event at document_start (before any page script), not
 * moved, so that its messages stay in this process; taking it cancels the event. In Chrome the event's detail does
 * not cross into this world, and the port comes by postMessage.
 */
function onHandoverEvent(event: Event): void {
  let given: unknown;
  try {
    given = ((event as CustomEvent).detail as MessageChannel | null)?.port2;
  } catch {
    return;
  }
  if (!(given instanceof MessagePort)) return;
  if (pagePort) {
    if (!impersonated) {
      impersonated = true;
      noteImpersonation('a second hand-over event');
    }
    return;
  }
  event.stopImmediatePropagation();
  event.preventDefault();
  take(given);
}

/** The hook's private port: its messages from here on. */
function take(given: MessagePort): void {
  pagePort = given;
  pagePort.onmessage = onPageMessage;
  replay.attach(pagePort);
}
window.addEventListener(HANDSHAKE_KEY, onHandoverEvent, true);
try {
  // For a hook injected before us (dynamically registered scripts come in either order): we are here.
  window.dispatchEvent(new CustomEvent(RELAY_READY_EVENT));
} catch {
  // Then the hook's guard keeps the hand-over from the page, and nothing is captured here.
}


const randomKey = (): string => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

let port: Runtime.Port | null = null;
let gone = false;
let asked = false;

function connect(): void {
  if (gone) return;
  try {
    port = browser.runtime.connect({ name: PORT_CAPTURE });
  } catch {
    // The extension was reloaded or removed: this document can no longer report.
    gone = true;
    port = null;
    return;
  }
  port.onDisconnect.addListener(() => {
    port = null;
  });
}

function post(message: ContentMessage): boolean {
  if (!port) connect();
  for (let attempt = 0; attempt < 2 && port; attempt++) {
    try {
      port.postMessage(message);
      return true;
    } catch {
      // The service worker went away: a new port wakes it.
      port = null;
      connect();
    }
  }
  return false;
}

/** This document's records (recorder.ts): the browser's effects given to it here. */
/** When the document began to be left (beforeunload, pagehide), and how long that counts. */
let leftAt = Number.NEGATIVE_INFINITY;
const LEAVING_MS = 5000;
for (const type of ['beforeunload', 'pagehide']) addEventListener(type, () => (leftAt = Date.now()), { capture: true, passive: true });
// The armed marker is written only as the top document goes (the next document's hook takes it away at once), and
// taken back when the document comes back from the back-forward cache: the page cannot poll it while it runs.
addEventListener('pagehide', () => replay.leaving(), { capture: true, passive: true });
addEventListener('pageshow', (e) => void ((e as PageTransitionEvent).persisted && replay.leaving(true)), { capture: true, passive: true });

const firefox = typeof (globalThis as { cloneInto?: unknown }).cloneInto === 'function';
/** A copy in this realm, after `lead` (a buffer the page detached has no bytes left to copy: an empty one). */
const ownCopy = (bytes: Uint8Array, lead?: readonly Uint8Array[]): Uint8Array => {
  try {
    // The page's array is read at native speed by structuredClone, and by set (joinBytes) as well.
    return lead ? joinBytes([...lead, bytes]) : structuredClone(bytes);
  } catch {
    return lead ? joinBytes(lead) : new Uint8Array(0);
  }
};
const recorder = new DocumentRecorder(randomKey(), {
  post,
  frameUrl: () => location.href,
  now: () => performance.now(),
  idle: (run, timeoutMs) => {
    if (typeof requestIdleCallback !== 'function') setTimeout(() => run(), timeoutMs > 250 ? 100 : 16);
    else requestIdleCallback(run, { timeout: timeoutMs });
  },
  timer: (run, ms) => void setTimeout(run, ms),
  // Being left is not being hidden: the streams a navigation cuts short (Firefox stops them as it starts) end with it.
  hidden: () => document.visibilityState === 'hidden' && Date.now() - leftAt > LEAVING_MS,
  wanted: () => ask(),
  // Firefox (its content scripts have cloneInto): one copy into this realm, then counting reads at native speed.
  // Chrome: records go as Blobs, handles to bytes the browser holds (its messaging copies bytes slowly on this thread).
  ...(firefox ? { own: ownCopy } : { blob: (parts: readonly Uint8Array[]) => new Blob(parts as Uint8Array<ArrayBuffer>[]) }),
});

/** Pause on an event: the streams the hook holds, given to the page as far as the panel says. */
const held = new HeldStreams({
  toHook: (message, transfer) => {
    try {
      pagePort?.postMessage(message, transfer ?? []);
    } catch {
      // The page's document is going away.
    }
  },
  notice: (id, message) => recorder.notice('pause-released', message, id),
  copy: firefox ? ownCopy : (bytes) => bytes.slice(),
});
const setHold = (on: boolean) => {
  held.setArmed(on);
  replay.setHold(on);
  recorder.setUrgent(on);
};

/** Resend: the document's recent requests, sent again on the panel's word, their answers captured as "resent". */
const pageFetch = (globalThis as { content?: { fetch?: typeof fetch } }).content?.fetch;
const resends = new Resends({
  // Firefox: a content script's own fetch is the extension's; the page's (`content.fetch`) carries its cookies.
  fetch: (url, init) => (firefox && typeof pageFetch === 'function' ? pageFetch(url, init) : fetch(url, init)),
  record: (message) => recorder.onPageMessage(message),
  status: (status) => void post({ kind: 'resend-status', docKey: recorder.docKey, ...status }),
  now: () => performance.timeOrigin + performance.now(),
  // The cookies this document sees (its own origin's; HttpOnly ones are not listed), by name.
  pageCookies: () => (document.cookie ? document.cookie.split(';').map((c) => c.split('=')[0]!.trim()) : []),
  origin: location.origin,
});

function onPageMessage(event: MessageEvent): void {
  const data = event.data as { kind?: unknown } | null;
  // One read of the kind (in Firefox every read of a page object crosses its wrapper): a chunk with nothing held
  // goes straight to the recorder, as before there were pauses and resends.
  const kind = data?.kind;
  if (kind === 'replay-ask' || kind === 'replay-cancel' || kind === 'armed-wait') {
    if (!held.onPageMessage(data)) replay.onPageMessage(data);
    return;
  }
  if (kind === 'open') {
    held.onPageMessage(data);
    resends.onPageMessage(data);
  } else if (held.holding) held.onPageMessage(data);
  recorder.onPageMessage(data);
}

function reportImpersonation(event: MessageEvent): void {
  noteImpersonation(!event.isTrusted ? 'a synthetic message event' : event.source !== window ? 'a message from another window' : 'a second hand-over message');
}

function noteImpersonation(how: string): void {
  recorder.notice('impersonation', `This page tried to impersonate the capture channel (${how} carrying the hand-over marker). It was ignored; what is shown comes from the extension's own hook.`);
}

function ask(): void {
  if (asked || gone) return;
  asked = true;
  // Masked like every URL that leaves the page (a token in the query or fragment stays here).
  const url = maskUrl(location.href);
  const hello: Hello = { kind: 'agui-hello', docKey: recorder.docKey, url: url.length > STRING_MAX ? `${url.slice(0, STRING_MAX)}…` : url, t: Date.now() };
  browser.runtime.sendMessage(hello).then(
    (reply: unknown) => {
      const parsed = HelloReplySchema.safeParse(reply);
      if (parsed.success && parsed.data.rules) replay.setRules(parsed.data.rules);
      if (parsed.success && parsed.data.hold) setHold(true);
      if (parsed.success && parsed.data.eager) recorder.setEager(true);
      replay.setKnown();
    },
    () => replay.setKnown(),
  );
}

const targets: CommandTargets = {
  docKey: recorder.docKey,
  resync: (after) => recorder.resync(after),
  setEager: (eager) => recorder.setEager(eager),
  setRules: (rules) => replay.setRules(rules),
  step: (rule, to) => replay.step(rule, to),
  setHold,
  release: (id, upTo) => held.release(id, upTo),
  resend: (id, rid, body) => void resends.send(id, rid, body),
  plan: (id, rid) => resends.plan(id, rid),
  cancelResend: (rid) => resends.cancel(rid),
};
browser.runtime.onMessage.addListener((raw: unknown) => (takeCommand(raw, targets) ? Promise.resolve(true) : undefined));

// A new document says so at once: the top one is a navigation; every one learns whether to send, and which
// replay rules are armed for the tab (a reload is answered from its first request).
ask();

