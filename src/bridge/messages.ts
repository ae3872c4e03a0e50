/**
 * Every message that crosses a boundary, as zod/mini schemas (small enough for the content script).
 *   page hook --MessagePort--> content relay --runtime port--> background --runtime port--> panel
 *   background --tabs.sendMessage--> content relay (resync after a service-worker restart)
 * Bytes travel as base64 between extension contexts: Chrome's runtime messaging is JSON.
 */
import * as z from 'zod/mini';

const timestamp = z.number();
const id = z.number().check(z.int(), z.nonnegative());
const headers = z.array(z.tuple([z.string(), z.string()]));

const streamOpenFields = {
  id,
  t: timestamp,
  transport: z.enum(['fetch', 'eventsource', 'websocket', 'xhr']),
  format: z.enum(['sse', 'proto', 'json']),
  url: z.string(),
  method: z.string(),
  status: z.number(),
  statusText: z.string(),
  frameUrl: z.string(),
  requestHeaders: headers,
  responseHeaders: headers,
  requestBody: z.optional(z.string()),
  note: z.optional(z.string()),
};
const closeFields = { kind: z.literal('close'), id, t: timestamp, error: z.optional(z.string()) };
const direction = z.optional(z.enum(['in', 'out']));
const bytes = z.custom<Uint8Array>((v) => ArrayBuffer.isView(v) && (v as Uint8Array).BYTES_PER_ELEMENT === 1);

// --- page -> content relay (the page is untrusted: everything is checked) ---
export const PageMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), ...streamOpenFields }),
  z.object({
    kind: z.literal('chunk'),
    id,
    t: timestamp,
    bytes: z.optional(bytes),
    text: z.optional(z.string()),
    dir: direction,
  }),
  z.object(closeFields),
]);

// --- content relay -> background, and background -> panel: the same record, bytes as base64 ---
export const CaptureRecordSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), ...streamOpenFields }),
  z.object({
    kind: z.literal('chunk'),
    id,
    t: timestamp,
    base64: z.string(),
    dir: direction,
    /** Events this chunk completes (counted by the relay, which cuts chunks at event boundaries). */
    n: z.number().check(z.int(), z.nonnegative()),
  }),
  z.object(closeFields),
]);
export type CaptureRecord = z.infer<typeof CaptureRecordSchema>;

const docKey = z.string().check(z.maxLength(64));

const seq = z.number().check(z.int(), z.nonnegative());

/** One document's messages carry its docKey and a gap-free sequence number. */
export const ContentMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('capture'), docKey, seq, record: CaptureRecordSchema }),
  /**
   * The document no longer holds records before `to` (its own buffer limit); they held `events` events.
   * The openings of streams cut that way come along, so what follows can still be read.
   */
  z.object({
    kind: z.literal('gap'),
    docKey,
    to: seq,
    events: z.number(),
    opens: z.array(z.object({ seq, record: CaptureRecordSchema })),
  }),
]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;

/**
 * content relay -> background, one-shot (runtime.sendMessage): a document starts (the top one: the tab
 * navigated) and asks whether to send its records now ("eager": a panel is open, or Preserve log is on).
 */
export const HelloSchema = z.object({ kind: z.literal('agui-hello'), docKey, url: z.string(), t: timestamp });
export type Hello = z.infer<typeof HelloSchema>;
export const HelloReplySchema = z.object({ eager: z.boolean() });

/** What each document's records the receiver already holds, as the highest seq seen per docKey. */
const have = z.record(z.string(), z.number());

// --- background -> content relay ---
export const RelayCommandSchema = z.discriminatedUnion('kind', [
  /** Send everything after `have` (a panel subscribed, or the background restarted), and keep sending. */
  z.object({ kind: z.literal('agui-resync'), have }),
  /** Keep records locally until asked (no panel, no Preserve log), or send them as they come. */
  z.object({ kind: z.literal('agui-mode'), eager: z.boolean() }),
]);
export type RelayCommand = z.infer<typeof RelayCommandSchema>;

// --- background -> panel ---
export const CapturedSchema = z.object({ docKey: z.string(), frameId: z.number(), seq: z.number(), record: CaptureRecordSchema });
export type Captured = z.infer<typeof CapturedSchema>;

export const PanelInboundSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('captured'),
    tabId: z.number(),
    items: z.array(CapturedSchema),
    /** Openings of streams whose start the buffer dropped: applied as they come, outside the sequence. */
    pinned: z.optional(z.boolean()),
  }),
  z.object({ kind: z.literal('navigated'), tabId: z.number(), url: z.string(), t: timestamp, preserved: z.boolean() }),
  /** Events dropped from the tab's buffer before this panel could receive them, and where each document resumes. */
  z.object({ kind: z.literal('dropped'), tabId: z.number(), count: z.number(), resume: z.record(z.string(), z.number()) }),
  z.object({ kind: z.literal('preserve-log'), tabId: z.number(), on: z.boolean() }),
  /** Answer to list-tabs: the tabs whose pages this extension has seen, for a panel opened without a tabId. */
  z.object({ kind: z.literal('tabs'), tabs: z.array(z.object({ tabId: z.number(), url: z.string(), records: z.number() })) }),
]);
export type PanelInbound = z.infer<typeof PanelInboundSchema>;

// --- panel -> background ---
export const PanelOutboundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subscribe'), tabId: z.number(), have }),
  z.object({ kind: z.literal('clear'), tabId: z.number() }),
  z.object({ kind: z.literal('preserve-log'), tabId: z.number(), on: z.boolean() }),
  z.object({ kind: z.literal('list-tabs') }),
]);
export type PanelOutbound = z.infer<typeof PanelOutboundSchema>;

export const PORT_CAPTURE = 'agui-capture';
export const PORT_PANEL = 'agui-panel';
