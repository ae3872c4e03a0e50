/**
 * Every message that crosses a boundary, as zod/mini schemas (small enough for the content script).
 *   page hook --MessagePort--> content relay --runtime port--> background --runtime port--> panel
 *   background --tabs.sendMessage--> content relay (mode, and resync after a service-worker restart)
 * A chunk's bytes travel between extension contexts as bytes (Firefox) or as a Blob (Chrome: runtime messaging
 * clones structured data as the manifest asks, message_serialization, but a Blob goes as a handle; bridge/chunkData.ts).
 * Replay steps hold base64, as session files do. Every runtime message is sized in bytes (see budget.ts): batches
 * stay under a fixed budget and a bigger record travels in parts.
 */
import * as z from 'zod/mini';

const timestamp = z.number();
const id = z.number().check(z.int(), z.nonnegative());
const count = z.number().check(z.int(), z.nonnegative());
const headers = z.array(z.tuple([z.string(), z.string()]));
const headerRecord = z.record(z.string(), z.string());

/** What the page hook reports about a stream it opened. Everything in it is the page's word. */
const pageOpenFields = {
  id,
  t: timestamp,
  transport: z.enum(['fetch', 'eventsource', 'websocket', 'xhr']),
  format: z.enum(['sse', 'proto', 'json']),
  url: z.string(),
  method: z.string(),
  status: z.number(),
  statusText: z.string(),
  requestHeaders: headers,
  responseHeaders: headers,
  requestBody: z.optional(z.string()),
  /** The request body's full size in bytes when `requestBody` holds only its start. */
  requestBodyBytes: z.optional(count),
  /** fetch: the page's request's credentials mode and mode, as the browser read them (Resend sends the same). */
  credentials: z.optional(z.enum(['omit', 'same-origin', 'include'])),
  mode: z.optional(z.enum(['cors', 'no-cors', 'same-origin', 'navigate'])),
  note: z.optional(z.string()),
  /** When the page sent the request (its own clock, epoch ms). */
  startedAt: z.optional(timestamp),
  /** The stream is the extension's own answer from an armed replay rule (its id), not the network's. */
  replay: z.optional(z.string().check(z.maxLength(64))),
  /** A pause was armed: the page reads this stream's bytes as far as the panel lets them through (its id at the hook). */
  held: z.optional(id),
  /** Resend: the extension sent this request again (the panel's id of that resend), and the page never saw it. */
  resent: z.optional(z.string().check(z.maxLength(64))),
};
const closeFields = { kind: z.literal('close'), id, t: timestamp, error: z.optional(z.string()) };
const direction = z.optional(z.enum(['in', 'out']));
const bytes = z.custom<Uint8Array>((v) => ArrayBuffer.isView(v) && (v as Uint8Array).BYTES_PER_ELEMENT === 1);
const blob = z.custom<Blob>((v) => typeof Blob === 'function' && v instanceof Blob);
const offsets = z.custom<Uint32Array>((v) => v instanceof Uint32Array);

/** `n` offsets, each after the one before, the last within `size` bytes. */
const validEnds = (ends: Uint32Array, n: number, size: number): boolean => {
  if (ends.length !== n) return false;
  for (let i = 0, before = 0; i < ends.length; i++) {
    const end = ends[i]!;
    if (end <= before || end > size) return false;
    before = end;
  }
  return true;
};

// --- page -> content relay (the page is untrusted: everything is checked) ---
export const PageMessageSchema = z.discriminatedUnion('kind', [
  // The hook leaves out what it does not know (the relay fills in GET, 0, '' and no headers), sends headers by
  // name, and leaves the wording of notes and errors to the relay: it stays small.
  z.object({
    kind: z.literal('open'),
    ...pageOpenFields,
    method: z.optional(z.string()),
    status: z.optional(z.number()),
    statusText: z.optional(z.string()),
    requestHeaders: z.optional(headerRecord),
    responseHeaders: z.optional(headerRecord),
    /** EventSource: the object's connection number. */
    connection: z.optional(count),
  }),
  z.object({
    kind: z.literal('chunk'),
    id,
    t: timestamp,
    bytes: z.optional(bytes),
    text: z.optional(z.string()),
    dir: direction,
    /** EventSource: the event's type and last event id (`text` is its data). */
    sse: z.optional(z.tuple([z.string(), z.string()])),
  }),
  z.object(closeFields),
]);

/** The page hook asks the relay for a replay rule's answer (it matched a request), or cancels one (aborted). */
export const PageReplaySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('replay-ask'), rid: id, rule: z.string().check(z.maxLength(64)), url: z.string(), method: z.string() }),
  z.object({ kind: z.literal('replay-cancel'), rid: id }),
]);

// --- Replay to page: a rule armed from the panel, kept by the background per tab, answered by the relay ---
const pace = z.enum(['original', '2x', '10x', 'instant', 'step']);
const ruleFields = {
  id: z.string().check(z.maxLength(64)),
  /** What it replays, in words (the run, and "edited" for an edited copy). */
  label: z.string().check(z.maxLength(500)),
  url: z.string().check(z.maxLength(65536)),
  match: z.enum(['exact', 'prefix', 'glob']),
  /** Empty: any method. */
  method: z.string().check(z.maxLength(16)),
  /** Every matching request until disarmed; otherwise the next one only. */
  every: z.boolean(),
  pace,
  status: z.number().check(z.int(), z.minimum(200), z.maximum(599)),
  statusText: z.string().check(z.maxLength(512)),
  contentType: z.string().check(z.maxLength(512)),
  armedAt: timestamp,
  /**
   * The origin of the page it answers (engine/pageReplay/urlMatch.ts originOf): documents of other origins in the tab
   * are never answered, and a navigation of the tab to another origin disarms it.
   */
  origin: z.string().check(z.maxLength(2048)),
  /** Also frames of that origin (not only the tab's top document). */
  frames: z.boolean(),
};
export const ReplayRuleSchema = z.object({
  ...ruleFields,
  steps: z.array(z.object({ base64: z.string(), delay: z.number().check(z.nonnegative()), type: z.string().check(z.maxLength(128)) })),
});
export type ReplayRule = z.infer<typeof ReplayRuleSchema>;
/** What the panel shows of an armed rule (no steps). */
export type ReplayRuleSummary = Omit<ReplayRule, 'steps'> & { total: number };
const ruleSummary = z.object({ ...ruleFields, total: count });
/** How an answer goes: started, a step sent (step mode), done, or cancelled by the page. */
const replayStatusFields = {
  rule: z.string().check(z.maxLength(64)),
  rid: id,
  state: z.enum(['answering', 'waiting', 'done', 'cancelled']),
  sent: count,
  total: count,
  url: z.string().check(z.maxLength(65536)),
  method: z.string().check(z.maxLength(16)),
  /** The document that was answered: its URL (masked) as its relay reads it, and whether it is the tab's top one. */
  frameUrl: z.string().check(z.maxLength(65536)),
  top: z.boolean(),
};

// --- Pause on an event: conditions in the filter language, armed per tab ---
const PauseConditionSchema = z.object({
  id: z.string().check(z.maxLength(64)),
  query: z.string().check(z.maxLength(2000)),
  on: z.boolean(),
  /** Who armed it, when not the panel's user: a local tool the user let pause and step (the MCP server). */
  by: z.optional(z.literal('local-tool')),
});
export type PauseCondition = z.infer<typeof PauseConditionSchema>;
const pauseFields = {
  conditions: z.array(PauseConditionSchema).check(z.maxLength(100)),
  /** Also before the first event of a stream with a protocol error. */
  onError: z.boolean(),
};
export type PauseSettings = { conditions: PauseCondition[]; onError: boolean };
/** Whether anything is armed. */
export const pauseArmed = (p: PauseSettings): boolean => p.onError || p.conditions.some((c) => c.on && c.query.trim() !== '');

// --- Resend: a run's request sent again from its page's document, with an edited body ---
const rid = z.string().check(z.maxLength(64));
const resendStatusFields = {
  rid,
  /** `planned`: what a resend would carry (the answer to a plan: nothing was sent). */
  state: z.enum(['planned', 'sending', 'receiving', 'done', 'failed', 'cancelled']),
  status: z.optional(z.number()),
  statusText: z.optional(z.string().check(z.maxLength(512))),
  /** What went wrong (a network or CORS error, a refused request), or the start of a non-AG-UI answer's body. */
  error: z.optional(z.string().check(z.maxLength(4096))),
  /** The captured stream of the answer (its id in the document), once it opened. */
  stream: z.optional(id),
  /**
   * planned: the names of the cookies the request carries as the page sees them (its own origin's, not HttpOnly
   * ones); absent when the page cannot know them (a cross-origin request with credentials 'include').
   */
  cookies: z.optional(z.array(z.string().check(z.maxLength(256))).check(z.maxLength(200))),
};
export type ResendStatus = { rid: string; state: 'planned' | 'sending' | 'receiving' | 'done' | 'failed' | 'cancelled'; status?: number; statusText?: string; error?: string; stream?: number; cookies?: string[] };

// --- content relay -> background, and background -> panel: the same record, a chunk's bytes as bytes (messaging
// clones them), as a Blob (Chrome) or as base64 (a record as JSON), exactly one of the three (bridge/chunkData.ts) ---
export const CaptureRecordSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('open'),
    ...pageOpenFields,
    /** The URL of the frame that made the request: the relay's own reading of its document, not the page's word. */
    frameUrl: z.string(),
  }),
  z
    .object({
      kind: z.literal('chunk'),
      id,
      t: timestamp,
      base64: z.optional(z.string()),
      bytes: z.optional(bytes),
      blob: z.optional(blob),
      /** With a Blob: the record's bytes in it, [from, to) (what is left once the background cut the record); absent: all of it. */
      span: z.optional(z.tuple([count, count])),
      /** With a Blob: where each of its `n` events ends (offsets from the record's start, ascending, within it). */
      ends: z.optional(offsets),
      dir: direction,
      /** Events this chunk completes (counted by the relay, which cuts chunks at event boundaries). */
      n: count,
    })
    .check(
      z.refine(
        (r) => Number(r.base64 !== undefined) + Number(r.bytes !== undefined) + Number(r.blob !== undefined) === 1,
        'a chunk carries base64, bytes or a Blob, one of the three',
      ),
      z.refine((r) => r.span === undefined || (r.blob !== undefined && r.span[0] <= r.span[1] && r.span[1] <= r.blob.size), "a span within the record's Blob"),
      z.refine(
        (r) => r.ends === undefined || (r.blob !== undefined && validEnds(r.ends, r.n, r.span ? r.span[1] - r.span[0] : r.blob.size)),
        "a Blob record's event ends: n of them, ascending, within it",
      ),
    ),
  z.object(closeFields),
  /**
   * Something the relay saw that the user must know: the page tried to impersonate the capture channel, or
   * the relay had to drop bytes it could not hold (an event larger than its limit).
   */
  z.object({
    kind: z.literal('notice'),
    t: timestamp,
    code: z.enum(['impersonation', 'oversize', 'pause-released']),
    message: z.string().check(z.maxLength(2000)),
    /** The stream it is about, if any. */
    id: z.optional(id),
    /** Events dropped because of it. */
    events: z.optional(count),
  }),
]);
export type CaptureRecord = z.infer<typeof CaptureRecordSchema>;

const docKey = z.string().check(z.maxLength(64));
const seq = z.number().check(z.int(), z.nonnegative());

/**
 * One record of a document: `seq` is gap-free per document; `e` counts the events in every earlier record of
 * the document (kept or not), so any receiver computes exactly how many events a gap held.
 * `part`: the record travels in parts (its bytes cut in pieces); receivers join them before anything else.
 */
const partInfo = z.optional(z.object({ index: count, of: z.number().check(z.int(), z.positive()) }));
export const SequencedSchema = z.object({ seq, e: count, record: CaptureRecordSchema, part: partInfo });
export type Sequenced = z.infer<typeof SequencedSchema>;

/** Where events were dropped: the page's capture buffer (before anyone asked) or the extension's. */
export const DropPlace = z.enum(['page', 'extension']);
export type DropPlace = z.infer<typeof DropPlace>;

/** A document's records before `to` are gone; they held events up to `e` (events before record `to`). */
const gapFields = { docKey, to: seq, e: count };

export const ContentMessageSchema = z.discriminatedUnion('kind', [
  /** Records in order (or one part of one record). */
  z.object({ kind: z.literal('capture'), docKey, items: z.array(SequencedSchema), /** Events the page has read so far. */ read: z.optional(count) }),
  /** The document no longer holds records before `to` (its own buffer limit). */
  z.object({ kind: z.literal('gap'), ...gapFields }),
  /** Openings of streams whose records before `to` were dropped: kept so that the rest can be read. */
  z.object({ kind: z.literal('pinned'), docKey, items: z.array(z.object({ seq, record: CaptureRecordSchema })) }),
  /** How the relay answers a request from a replay rule. */
  z.object({ kind: z.literal('replay-status'), ...replayStatusFields }),
  /** How a resend goes. */
  z.object({ kind: z.literal('resend-status'), docKey, ...resendStatusFields }),
]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;

/**
 * content relay -> background, one-shot (runtime.sendMessage): a document starts (the top one: the tab
 * navigated) and asks whether to send its records now ("eager": a panel is open, or Preserve log is on).
 */
export const HelloSchema = z.object({ kind: z.literal('agui-hello'), docKey, url: z.string(), t: timestamp });
export type Hello = z.infer<typeof HelloSchema>;
/** Any extension page -> background: which start of the background this is (answered with its boot id and time). */
export const PingSchema = z.object({ kind: z.literal('agui-ping') });
export const HelloReplySchema = z.object({ eager: z.boolean(), rules: z.optional(z.array(ReplayRuleSchema)), hold: z.optional(z.boolean()) });

/** What each document's records the receiver already holds, as the highest seq seen per docKey. */
const have = z.record(z.string(), z.number());

// --- background -> content relay: the tab commands ---
/**
 * Every command a tab's documents take, defined once: its name (the same on every hop: the panel asks for a forwarded
 * one by it, the background sends it to the tab by it, the relay dispatches on it), what it carries, and who acts on
 * it: every document of the tab, or only the one whose docKey it names (the others let it pass). Every command goes
 * to each frame through one door (shells/background/tabFrames.ts), and each relay that acts on one answers true: the
 * background knows when every frame has it (the panel says "armed" and "paused" only then).
 */
const tab = <K extends string, F extends Record<string, z.ZodMiniType>>(kind: K, fields: F, takes: 'every' | 'document') => ({ schema: z.object({ kind: z.literal(kind), ...fields }), takes });
export const TAB_COMMANDS = {
  /** Send everything after `have` (a panel subscribed, or the background restarted), and keep sending. */
  resync: tab('resync', { have }, 'every'),
  /** Keep records locally until asked (no panel, no Preserve log), or send them as they come. */
  mode: tab('mode', { eager: z.boolean() }, 'every'),
  /** The replay rules armed for this tab now (all of them: an empty list disarms). */
  'replay-rules': tab('replay-rules', { rules: z.array(ReplayRuleSchema) }, 'every'),
  /** Step mode: let the answer of a rule go up to `to` steps sent (the panel asks for it by this name). */
  'replay-step': tab('replay-step', { rule: z.string().check(z.maxLength(64)), to: count }, 'every'),
  /** Pause on an event: whether one is armed for the tab (AG-UI fetch streams are held from the next request on). */
  hold: tab('hold', { on: z.boolean() }, 'every'),
  /** A held stream of a document may give its page bytes up to `upTo` (null: all, from now on). */
  'pause-release': tab('pause-release', { docKey, id, upTo: z.nullable(count) }, 'document'),
  /** Stream `id`'s request sent again with this body (`plan`: say what it would carry, send nothing). */
  resend: tab('resend', { docKey, id, rid, body: z.string().check(z.maxLength(16 * 1024 * 1024)), plan: z.optional(z.literal(true)) }, 'document'),
  /** Resend `rid` cancelled. */
  'resend-cancel': tab('resend-cancel', { docKey, rid }, 'document'),
};
export type TabCommandName = keyof typeof TAB_COMMANDS;
/** The tab commands the panel asks for and the background passes on as they are (with the tab named). */
export const FORWARDED = ['replay-step', 'pause-release', 'resend', 'resend-cancel'] as const satisfies readonly TabCommandName[];

export const RelayCommandSchema = z.discriminatedUnion('kind', [
  TAB_COMMANDS.resync.schema,
  TAB_COMMANDS.mode.schema,
  TAB_COMMANDS['replay-rules'].schema,
  TAB_COMMANDS['replay-step'].schema,
  TAB_COMMANDS.hold.schema,
  TAB_COMMANDS['pause-release'].schema,
  TAB_COMMANDS.resend.schema,
  TAB_COMMANDS['resend-cancel'].schema,
]);
export type RelayCommand = z.infer<typeof RelayCommandSchema>;
export type TabCommand<K extends TabCommandName> = Extract<RelayCommand, { kind: K }>;
/** Who acts on a command: every document of the tab, or the one its docKey names. */
export const takesEvery = (command: RelayCommand): boolean => TAB_COMMANDS[command.kind].takes === 'every';

// --- background -> panel ---
export const CapturedSchema = z.object({ docKey: z.string(), frameId: z.number(), seq, e: count, record: CaptureRecordSchema, part: partInfo });
export type Captured = z.infer<typeof CapturedSchema>;

const localShareFields = { shared: z.boolean(), control: z.boolean() };
const commandFields = {
  command: z.enum(['pause-on', 'step', 'resume', 'disarm']),
  condition: z.optional(z.string().check(z.maxLength(2000))),
};
const remoteControlFields = { id: z.string().check(z.maxLength(64)), ...commandFields };
export const PanelInboundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('captured'), tabId: z.number(), items: z.array(CapturedSchema) }),
  /** Openings of streams whose start was dropped: applied as they come, outside the sequence. */
  z.object({ kind: z.literal('pinned'), tabId: z.number(), items: z.array(CapturedSchema) }),
  /**
   * Records of a document before `to` will never come; `e` events came before `to`; where they were dropped
   * ("cleared": the user cleared them, nothing was lost).
   */
  z.object({ kind: z.literal('gap'), tabId: z.number(), ...gapFields, where: z.enum(['page', 'extension', 'cleared']) }),
  /** A document's page has read `read` events so far: a panel still receiving them says "receiving N of M". */
  z.object({ kind: z.literal('reading'), tabId: z.number(), docKey, read: count }),
  z.object({ kind: z.literal('navigated'), tabId: z.number(), url: z.string(), t: timestamp, preserved: z.boolean() }),
  z.object({ kind: z.literal('preserve-log'), tabId: z.number(), on: z.boolean() }),
  /** Something failed on the way (a message the browser refused): said, never silent. */
  /**
   * Something the background could not do. `message` says it in English; `code` and `params` let the panel say it in
   * its user's language (`reason`: the browser's own words, shown as they are).
   */
  z.object({
    kind: z.literal('error'),
    tabId: z.number(),
    message: z.string(),
    code: z.optional(z.enum(['message-failed', 'delivery-failed', 'history-failed', 'replay-disarmed', 'replay-no-origin'])),
    params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  }),
  /** Answer to list-tabs: the tabs whose pages this extension has seen, for a panel opened without a tabId. */
  z.object({ kind: z.literal('tabs'), tabs: z.array(z.object({ tabId: z.number(), url: z.string(), records: z.number() })) }),
  /** Where capture runs: the local patterns, and the sites the user enabled (with the browser's permission). */
  z.object({ kind: z.literal('sites'), local: z.array(z.string()), enabled: z.array(z.string()), error: z.optional(z.string()) }),
  /** Whether capture runs on the tab's page (its URL as the panel or the background knows it). */
  z.object({ kind: z.literal('capture-status'), tabId: z.number(), url: z.string(), on: z.boolean() }),
  /** The replay rules armed for the tab (after any change). */
  z.object({ kind: z.literal('replay-rules'), tabId: z.number(), rules: z.array(ruleSummary) }),
  z.object({ kind: z.literal('replay-status'), tabId: z.number(), ...replayStatusFields }),
  /** The pause conditions armed for the tab (after any change). */
  z.object({ kind: z.literal('pause-state'), tabId: z.number(), ...pauseFields }),
  z.object({ kind: z.literal('resend-status'), tabId: z.number(), docKey, ...resendStatusFields }),
  /** Sharing with local tools: what the user chose for the tab, and whether the native host is reached. */
  z.object({ kind: z.literal('local-share'), tabId: z.number(), ...localShareFields, connected: z.boolean(), error: z.optional(z.string().check(z.maxLength(2000))) }),
  /** A local tool asks the panel to pause or step (the user allowed it): the panel answers with remote-result. */
  z.object({ kind: z.literal('remote-control'), tabId: z.number(), ...remoteControlFields }),
]);
export type PanelInbound = z.infer<typeof PanelInboundSchema>;

// --- panel -> background ---
/** What the user chose in the panel's ⚙ menu: share the tab with local tools, and let them pause and step. */
export const LOCAL_SHARE_STATE = z.object({ kind: z.literal('local-share'), tabId: z.number(), ...localShareFields });
export const PanelOutboundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subscribe'), tabId: z.number(), have }),
  /** Forget what the panel had when the user cleared (per document, the last seq it had); later records stay. */
  z.object({ kind: z.literal('clear'), tabId: z.number(), upTo: have }),
  z.object({ kind: z.literal('preserve-log'), tabId: z.number(), on: z.boolean() }),
  z.object({ kind: z.literal('list-tabs') }),
  z.object({ kind: z.literal('sites') }),
  /** The user granted the site's permission in the panel: register the capture scripts for it. */
  z.object({ kind: z.literal('enable-site'), pattern: z.string().check(z.maxLength(2048)) }),
  z.object({ kind: z.literal('disable-site'), pattern: z.string().check(z.maxLength(2048)) }),
  /** Is capture on for the tab's page? `url`: the inspected page's URL when the panel knows it (DevTools does). */
  z.object({ kind: z.literal('capture-status'), tabId: z.number(), url: z.optional(z.string()) }),
  /** Replay to page: arm a rule for the tab, disarm one (or all), or let a step-mode answer go on. */
  z.object({ kind: z.literal('replay-arm'), tabId: z.number(), rule: ReplayRuleSchema }),
  z.object({ kind: z.literal('replay-disarm'), tabId: z.number(), rule: z.optional(z.string()) }),
  z.extend(TAB_COMMANDS['replay-step'].schema, { tabId: z.number() }),
  /** Pause on an event: the tab's conditions (all of them: none armed disarms). */
  z.object({ kind: z.literal('pause-set'), tabId: z.number(), ...pauseFields }),
  /** The forwarded tab commands (TAB_COMMANDS), with the tab they are for. */
  z.extend(TAB_COMMANDS['pause-release'].schema, { tabId: z.number() }),
  z.extend(TAB_COMMANDS['resend'].schema, { tabId: z.number() }),
  z.extend(TAB_COMMANDS['resend-cancel'].schema, { tabId: z.number() }),
  LOCAL_SHARE_STATE,
  /** The panel's answer to a local tool's remote-control request. */
  z.object({ kind: z.literal('remote-result'), tabId: z.number(), id: z.string().check(z.maxLength(64)), ok: z.boolean(), message: z.string().check(z.maxLength(2000)) }),
]);
export type PanelOutbound = z.infer<typeof PanelOutboundSchema>;

// --- the native host -> background (the native messaging protocol: JSON) ---
export const HostMessageSchema = z.object({ kind: z.literal('control'), tabId: z.number(), ...remoteControlFields });
export type HostMessage = z.infer<typeof HostMessageSchema>;

export const PORT_CAPTURE = 'agui-capture';
export const PORT_PANEL = 'agui-panel';
