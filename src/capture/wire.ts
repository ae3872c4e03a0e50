/**
 * What the page hook sends to the content script over its private MessagePort.
 * Types only: the hook has no dependencies; the relay validates every message (bridge/messages.ts).
 */

export type StreamFormat = 'sse' | 'proto' | 'json';
export type Transport = 'fetch' | 'eventsource' | 'websocket' | 'xhr';

/** The marker on the one window message that hands the port over (its value: the hook's nonce). */
export const HANDSHAKE_KEY = '__agui_port__';
/**
 * The relay says it is there with a synchronous event at document_start (no page listener exists yet), for a
 * hook injected before it: then the hook's guard lets the hand-over through to the relay's listener.
 */
export const RELAY_READY_EVENT = '__agui_relay__';
/**
 * The tab's session storage holds this key while Replay to page or a pause is armed for its documents, so that the
 * next document (a reload) waits for the rules before its first fetch, at most ARMED_WAIT_MS: the rules come with
 * the background's answer to the hello, which can come after the page's first request (a service worker that was
 * asleep). The page can see it, set it (its own fetches then wait, bounded) or remove it (its reload then goes to the
 * network): nothing it does with it reaches further than its own requests.
 */
export const ARMED_KEY = 'agui-devtools:armed';
export const ARMED_WAIT_MS = 2000;

export interface StreamOpen {
  kind: 'open';
  /** Unique within the document. */
  id: number;
  /** Epoch milliseconds (with fractions). */
  t: number;
  transport: Transport;
  format: StreamFormat;
  url: string;
  /** Absent: GET, 0, '' and no headers (the relay fills them in). */
  method?: string;
  status?: number;
  statusText?: string;
  /** Header names with values, as the page has them (the relay masks them before they leave the page). */
  requestHeaders?: Record<string, string>;
  responseHeaders?: Record<string, string>;
  /** The request body, when it was text (AG-UI clients POST RunAgentInput as JSON). */
  requestBody?: string;
  /** fetch: the page's request's credentials mode and mode (Resend sends it again with the same). */
  credentials?: RequestCredentials;
  mode?: RequestMode;
  /** The body's full size in bytes, when requestBody holds only its first bytes (the limit). */
  requestBodyBytes?: number;
  /** When the page sent the request (fetch or send call). */
  startedAt?: number;
  /** Pause on an event was armed: the page reads this body as the relay lets it through (the id it feeds). */
  held?: number;
  /** EventSource: which connection of the object this is (the relay words the note: its events are re-encoded). */
  connection?: number;
  /** How the bytes were obtained when they are not the wire's own. */
  note?: string;
}

export interface StreamChunk {
  kind: 'chunk';
  id: number;
  t: number;
  /** The bytes (fetch), or text the relay encodes as UTF-8 (EventSource, WebSocket, XHR). */
  bytes?: Uint8Array;
  text?: string;
  /** WebSocket: sent by the page ("out") or received ("in"). */
  dir?: 'in' | 'out';
  /** EventSource: the event's type and last event id; `text` is its data, written as SSE by the relay (sseText.ts). */
  sse?: [string, string];
}

export interface StreamClose {
  kind: 'close';
  id: number;
  t: number;
  /**
   * Set when the stream ended with an error (network failure, abort): its name and message, or for EventSource and
   * XMLHttpRequest the event that ended it ('failed', 'reconnecting'; 'error', 'abort', 'timeout'), which the relay words.
   */
  error?: string;
}

/** Replay to page: the hook asks for a rule's answer to a request it matched, or cancels it. */
/** `armed-wait`: the hook found (and took away) the tab's ARMED_KEY and waits for the word that what is armed is known. */
export type ReplayAsk = { kind: 'replay-ask'; rid: number; rule: string; url: string; method: string } | { kind: 'replay-cancel'; rid: number } | { kind: 'armed-wait' };

export type PageMessage = StreamOpen | StreamChunk | StreamClose | ReplayAsk;

/** What a rule needs in the page: how to match a request and how to answer it (the bytes come later). */
export interface ReplayMatch {
  id: string;
  /** The rule's URL pattern (exact, prefix or glob) as a regular expression, made by the relay. */
  re: RegExp;
  /** Empty: any method. */
  method: string;
  /** For the next request only. */
  once: boolean;
  /** The answer's status, status text and headers (every field present: nothing is looked up further). */
  init: { status: number; statusText: string; headers: Record<string, string> };
  /** How its bytes are framed (from its content type). */
  format: 'sse' | 'proto';
}

/** What the relay sends the hook (over the private port). */
export type HookMessage =
  /** `hold`: a pause is armed for the tab, so AG-UI fetch bodies reach the page through the relay. */
  | { kind: 'rules'; rules: ReplayMatch[]; hold?: boolean; /** The background has answered: what is armed is known. */ known?: boolean }
  | { kind: 'replay-data'; rid: number; bytes: Uint8Array }
  | { kind: 'replay-end'; rid: number; error?: string };
