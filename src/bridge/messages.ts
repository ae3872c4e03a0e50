/**
 * Every message that crosses a boundary, as zod/mini schemas (small enough for the content script).
 *   page hook --MessagePort--> content relay --runtime port--> background --runtime port--> panel
 * Bytes travel as base64 between extension contexts: Chrome's runtime messaging is JSON.
 */
import * as z from 'zod/mini';

const timestamp = z.number();
const headers = z.array(z.tuple([z.string(), z.string()]));

const streamOpenFields = {
  id: z.number().check(z.int(), z.nonnegative()),
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
};

// --- page -> content relay (the page is untrusted: everything is checked) ---
export const PageMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), ...streamOpenFields }),
  z.object({
    kind: z.literal('chunk'),
    id: z.number(),
    t: timestamp,
    bytes: z.custom<Uint8Array>((v) => ArrayBuffer.isView(v) && (v as Uint8Array).BYTES_PER_ELEMENT === 1),
  }),
  z.object({ kind: z.literal('close'), id: z.number(), t: timestamp, error: z.optional(z.string()) }),
]);

// --- content relay -> background, and background -> panel: the same record, bytes as base64 ---
export const CaptureRecordSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), ...streamOpenFields }),
  z.object({ kind: z.literal('chunk'), id: z.number(), t: timestamp, base64: z.string() }),
  z.object({ kind: z.literal('close'), id: z.number(), t: timestamp, error: z.optional(z.string()) }),
]);
export type CaptureRecord = z.infer<typeof CaptureRecordSchema>;

/** One document's messages carry its docKey and a gap-free sequence number. */
export const ContentMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('capture'),
    docKey: z.string().check(z.maxLength(64)),
    seq: z.number().check(z.int(), z.nonnegative()),
    record: CaptureRecordSchema,
  }),
  /** Sent by a top-level document as it starts: the tab navigated. */
  z.object({ kind: z.literal('hello'), docKey: z.string().check(z.maxLength(64)), url: z.string(), t: timestamp }),
]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;

// --- background -> panel ---
export const CapturedSchema = z.object({
  docKey: z.string(),
  frameId: z.number(),
  seq: z.number(),
  record: CaptureRecordSchema,
});
export type Captured = z.infer<typeof CapturedSchema>;

export const PanelInboundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('captured'), tabId: z.number(), items: z.array(CapturedSchema) }),
  z.object({ kind: z.literal('navigated'), tabId: z.number(), url: z.string(), t: timestamp }),
  z.object({ kind: z.literal('dropped'), tabId: z.number(), count: z.number() }),
  /** Answer to list-tabs: the tabs whose pages this extension has seen, for a panel opened without a tabId. */
  z.object({
    kind: z.literal('tabs'),
    tabs: z.array(z.object({ tabId: z.number(), url: z.string(), records: z.number() })),
  }),
]);
export type PanelInbound = z.infer<typeof PanelInboundSchema>;

// --- panel -> background ---
export const PanelOutboundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subscribe'), tabId: z.number() }),
  z.object({ kind: z.literal('clear'), tabId: z.number() }),
  z.object({ kind: z.literal('list-tabs') }),
]);
export type PanelOutbound = z.infer<typeof PanelOutboundSchema>;

export const PORT_CAPTURE = 'agui-capture';
export const PORT_PANEL = 'agui-panel';
