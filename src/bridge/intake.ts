/**
 * What a subscriber to a tab takes in from the background, in order: records once each (joined from parts, in
 * sequence per document), gaps counted exactly, pinned openings, and the background's other messages, applied in
 * slices so that a flood never blocks it. The panel's bridge and the MCP server's live tabs both read through it.
 */
import { Reassembler } from './budget';
import { type Captured, type PanelInbound, PanelInboundSchema, type PauseSettings, type ResendStatus, type ReplayRuleSummary } from './messages';
import { OrderedIntake } from './ordered';
import type { Session, StreamInfo } from '../engine/session/session';
import { chunkBytes, readBlobs } from './chunkData';
import { nextTask } from './nextTask';

export interface BridgeHandlers {
  /** The tab navigated. `preserved`: keep the previous page's streams (Preserve log). */
  onNavigated(url: string, t: number, preserved: boolean): void;
  onPreserveLog(on: boolean): void;
  /** Something failed on the way to this panel. */
  onError(message: string, code?: BridgeErrorCode, params?: Record<string, string | number>): void;
  /** Where capture runs (after asking, or after a change). */
  onSites?(state: { local: string[]; enabled: string[]; error?: string }): void;
  /** Whether capture runs on the tab's page. */
  onCaptureStatus?(status: { url: string; on: boolean }): void;
  /** Replay to page: the rules armed for the tab, and how an answer goes. */
  onReplayRules?(rules: ReplayRuleSummary[]): void;
  onReplayStatus?(status: ReplayStatus): void;
  /** Pause on an event: the conditions armed for the tab. */
  onPauseState?(settings: PauseSettings): void;
  /** Resend: how a resend of a document's request goes. */
  onResendStatus?(docKey: string, status: ResendStatus): void;
  /** Still receiving what the page has read (a panel opened late, a flood): events in so far, of how many. */
  onReceiving?(progress: { n: number; of: number } | null): void;
  /** Sharing with local tools: the user's choice for the tab, and whether the native host is reached. */
  onLocalShare?(state: LocalShareState): void;
  /** A local tool asks to pause or step (the user allowed it). */
  onRemoteControl?(request: RemoteControl): void;
}

export type LocalShareState = Omit<Extract<PanelInbound, { kind: 'local-share' }>, 'kind' | 'tabId'>;
export type RemoteControl = Omit<Extract<PanelInbound, { kind: 'remote-control' }>, 'kind' | 'tabId'>;

export type BridgeErrorCode = NonNullable<Extract<PanelInbound, { kind: 'error' }>['code']>;
export type ReplayStatus = Omit<Extract<PanelInbound, { kind: 'replay-status' }>, 'kind' | 'tabId'>;

/** The longest the panel works on inbound records before it lets the browser paint and handle input. */
const SLICE_MS = 16;
/**
 * Bytes of a chunk decoded at a time (a flood comes in big chunks): as many as fit in what is left of the slice at
 * the rate measured so far, between MIN_STEP and MAX_STEP. The rate starts low: code that has not been compiled yet
 * (the first second of a flood) decodes ten times slower than it will.
 */
const MIN_STEP = 1024;
const MAX_STEP = 64 * 1024;
const FIRST_RATE = 100; // bytes per ms

export const streamKey = (docKey: string, id: number): string => `${docKey}:${id}`;

/**
 * Applies one captured record to the session. Pages are counted by navigations. A chunk may be decoded in steps:
 * then the step is returned, and must be run to its end before anything else is ingested.
 */
export function ingest(session: Session, item: Captured, startDropped = false): ((max: number) => boolean) | void {
  const { record } = item;
  const id = streamKey(item.docKey, record.id ?? -1);
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
      if (record.requestBodyBytes !== undefined) info.requestBodyBytes = record.requestBodyBytes;
      if (record.credentials !== undefined) info.credentials = record.credentials;
      if (record.mode !== undefined) info.mode = record.mode;
      if (record.startedAt !== undefined) info.startedAt = record.startedAt;
      if (record.note !== undefined) info.note = record.note;
      if (record.replay !== undefined) info.replay = record.replay;
      if (record.held !== undefined) info.held = record.held;
      if (record.resent !== undefined) info.resent = record.resent;
      if (startDropped) info.startDropped = true;
      session.open(info);
      return;
    }
    case 'chunk':
      return session.chunkInSteps(id, record.t, chunkBytes(record), record.dir);
    case 'close':
      session.close(id, record.t, record.error);
      return;
    case 'notice':
      session.notice({
        t: record.t,
        code: record.code,
        message: record.message,
        ...(record.id !== undefined && { streamId: id }),
        ...(record.events !== undefined && { events: record.events }),
      });
      return;
    default: {
      const unhandled: never = record;
      return unhandled;
    }
  }
}

/**
 * How far the panel is behind what the pages have read: events in (`ends`, per document) of events read (`reads`);
 * `pending`: some are taken in but not yet drawn. What was dropped has its own badge: counted on neither side.
 */
function receivingOf(reads: Map<string, number>, ends: Map<string, number>, pending: boolean, dropped: { page: number; extension: number }) {
  let n = 0;
  let of = 0;
  for (const [doc, read] of reads) {
    of += read;
    n += Math.min(read, ends.get(doc) ?? 0);
  }
  if (pending) n = Math.min(n, of - 1);
  const gone = dropped.page + dropped.extension;
  return of > 0 && n < of ? { n: Math.max(0, n - gone), of: of - gone } : null;
}

/** The background's messages that only tell the panel something (not records, gaps or progress). */
function tellHandlers(message: Exclude<PanelInbound, { kind: 'captured' | 'pinned' | 'gap' | 'reading' }>, handlers: BridgeHandlers): void {
  switch (message.kind) {
    case 'navigated':
      handlers.onNavigated(message.url, message.t, message.preserved);
      return;
    case 'preserve-log':
      handlers.onPreserveLog(message.on);
      return;
    case 'error':
      handlers.onError(message.message, message.code, message.params);
      return;
    case 'tabs':
      return;
    case 'sites':
      handlers.onSites?.({ local: message.local, enabled: message.enabled, ...(message.error !== undefined && { error: message.error }) });
      return;
    case 'capture-status':
      handlers.onCaptureStatus?.({ url: message.url, on: message.on });
      return;
    case 'replay-rules':
      handlers.onReplayRules?.(message.rules);
      return;
    case 'replay-status': {
      const { kind: _, tabId: __, ...status } = message;
      handlers.onReplayStatus?.(status);
      return;
    }
    case 'pause-state':
      handlers.onPauseState?.({ conditions: message.conditions, onError: message.onError });
      return;
    case 'resend-status': {
      const { kind: _, tabId: __, docKey, ...status } = message;
      handlers.onResendStatus?.(docKey, status);
      return;
    }
    case 'local-share': {
      const { kind: _, tabId: __, ...state } = message;
      handlers.onLocalShare?.(state);
      return;
    }
    case 'remote-control': {
      const { kind: _, tabId: __, ...request } = message;
      handlers.onRemoteControl?.(request);
      return;
    }
    default: {
      const unhandled: never = message;
      return unhandled;
    }
  }
}

/**
 * What the panel takes in, in order: records once each (joined from parts, in sequence per document), gaps counted
 * exactly, pinned openings, and the background's other messages, applied in slices so a flood never blocks the panel.
 */
export function createIntake(tabId: number, session: () => Session, handlers: BridgeHandlers) {
  const intake = new OrderedIntake<Captured>();
  const parts = new Reassembler<Captured>();
  /** Per document, the events before the next record this panel expects (records carry theirs as `e`). */
  const ends = new Map<string, number>();
  const pinnedSeen = new Set<string>();
  /** Per document, the events its page had read, as last heard. */
  const reads = new Map<string, number>();
  let lastProgress = '';
  /** Says how far this panel is behind the page (once per slice, and only when it changed). */
  const report = () => {
    const progress = receivingOf(reads, ends, ready.length > 0 || step !== undefined, session().dropped);
    const key = progress ? `${progress.n}/${progress.of}` : '';
    if (key === lastProgress) return;
    lastProgress = key;
    handlers.onReceiving?.(progress);
  };
  /** Records ready to apply, and the decoding still to finish of the one being applied. */
  const ready: Captured[] = [];
  let step: ((max: number) => boolean) | undefined;
  const apply = (item: Captured) => {
    ends.set(item.docKey, item.e + (item.record.kind === 'chunk' ? item.record.n : 0));
    ready.push(item);
  };
  /** Applies what is ready, a slice of bytes at a time, until `more()` says stop; true when all is applied. */
  let rate = FIRST_RATE;
  const applyReady = (more: () => boolean, until: number): boolean => {
    while (more()) {
      if (step) {
        const started = performance.now();
        const bytes = Math.max(MIN_STEP, Math.min(MAX_STEP, Math.floor(rate * (until - started))));
        if (step(bytes)) step = undefined;
        const took = performance.now() - started;
        // A step that ends the chunk may have had less to do: only full steps teach the rate.
        if (step && took > 0.2) rate = (rate + bytes / took) / 2;
        continue;
      }
      const item = ready.shift();
      if (!item) return true;
      step = ingest(session(), item) ?? undefined;
    }
    return !step && ready.length === 0;
  };
  const take = (item: Captured) => {
    const whole = parts.take(`${item.docKey}:${item.seq}`, item);
    if (whole) for (const r of intake.offer(whole)) apply(r);
  };

  /**
   * Inbound messages wait in a queue and are applied in slices of at most SLICE_MS (a big batch item by item), so
   * that a flood of events never blocks the panel for long: it stays responsive and catches up.
   */
  const queue: PanelInbound[] = [];
  /** Messages whose Blobs are being read: the queue waits at them, and goes on once they are read. */
  const reading = new Set<PanelInbound>();
  let cursor = 0;
  let pumping = false;
  const kick = () => {
    if (pumping) return;
    pumping = true;
    nextTask(pump);
  };
  const pump = () => {
    const until = performance.now() + SLICE_MS;
    const more = () => performance.now() < until;
    while (applyReady(more, until) && queue.length > 0 && more()) {
      const message = queue[0]!;
      if (reading.has(message)) break;
      if (message.kind === 'captured') {
        while (cursor < message.items.length && ready.length === 0 && !step && more()) take(message.items[cursor++]!);
        if (cursor < message.items.length) continue;
      } else applyMessage(message);
      queue.shift();
      cursor = 0;
    }
    report();
    const waiting = queue.length > 0 && reading.has(queue[0]!) && ready.length === 0 && !step;
    if (!waiting && (queue.length > 0 || ready.length > 0 || step)) nextTask(pump);
    else pumping = false;
  };
  const onMessage = (raw: unknown) => {
    const parsed = PanelInboundSchema.safeParse(raw);
    if (!parsed.success) return;
    const message: PanelInbound = parsed.data;
    if ('tabId' in message && message.tabId !== tabId) return;
    if (message.kind === 'reading') {
      // How far the page has read is known at once, not after the records queued before it (Blobs being read).
      reads.set(message.docKey, Math.max(reads.get(message.docKey) ?? 0, message.read));
      return kick();
    }
    queue.push(message);
    if ((message.kind === 'captured' || message.kind === 'pinned') && message.items.some((i) => i.record.kind === 'chunk' && i.record.blob)) {
      reading.add(message);
      void readBlobs(message.items, (bytes, reason) =>
        handlers.onError('Captured records could not be delivered', 'delivery-failed', { reason: `${reason} (${bytes} bytes)` }),
      ).then(() => {
        reading.delete(message);
        kick();
      });
    }
    kick();
  };

  const applyMessage = (message: PanelInbound) => {
    switch (message.kind) {
      case 'captured':
        for (const item of message.items) take(item);
        return;
      case 'pinned':
        for (const item of message.items) {
          const key = `${item.docKey}:${item.seq}`;
          if (pinnedSeen.has(key) || item.seq <= (intake.have()[item.docKey] ?? -1)) continue;
          pinnedSeen.add(key);
          ingest(session(), item, true);
        }
        return;
      case 'gap': {
        // Exact: the events before `to` minus the events before what this panel expects.
        const expected = (intake.have()[message.docKey] ?? -1) + 1;
        if (message.to <= expected) return;
        if (message.where !== 'cleared') session().noteDropped(message.where, message.e - (ends.get(message.docKey) ?? 0));
        ends.set(message.docKey, message.e);
        for (const ready of intake.skipTo(message.docKey, message.to)) apply(ready);
        return;
      }
      case 'reading':
        // Taken as it arrives (onMessage), never queued.
        return;
      default:
        return tellHandlers(message, handlers);
    }
  };

  return { onMessage, have: () => intake.have() };
}

