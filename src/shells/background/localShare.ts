/**
 * Sharing a tab with local tools (the MCP server), in the background: only the tabs the user shares from the panel's
 * ⚙ menu, per tab, kept in session storage (a worker restart shares them again). While any tab is shared, one native
 * messaging port is open to the host (`agui-devtools native-host`); a shared tab's records go to it as they go to a
 * panel (the backlog first, then live, in order), as JSON (bytes in base64, Blobs read first). A local tool's request
 * to pause or step is passed to the tab's panel only where the user also allowed that, and answered either way.
 */
import { type Captured, type HostMessage, HostMessageSchema, type PanelInbound } from '../../bridge/messages';
import { bytesToBase64 } from '../../engine/util/base64';

export const NATIVE_HOST = 'dev.agui_devtools.host';
const KEY = 'share:';

export interface NativePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(fn: (message: unknown) => void): void };
  onDisconnect: { addListener(fn: (port: { error?: { message?: string } | null }) => void): void };
}

/** A subscriber to a tab's messages, as a panel's port is one. */
export interface Subscriber {
  postMessage(message: PanelInbound): void;
}

interface Sinks {
  connectNative(name: string): NativePort;
  /** Why the last native call failed (Chrome: runtime.lastError), read when the port disconnects. */
  lastError(): string | undefined;
  store(items: Record<string, unknown>): void;
  remove(key: string): void;
  /** The tab's page, as its log knows it. */
  urlOf(tabId: number): string;
  /** The subscriber gets the tab's backlog now and every later message, as a panel does (or no more of them). */
  subscribe(tabId: number, subscriber: Subscriber): void;
  unsubscribe(tabId: number, subscriber: Subscriber): void;
  toPanels(tabId: number, message: PanelInbound): void;
  panelCount(tabId: number): number;
  hello: { browser: string; version: string };
}

interface Share {
  control: boolean;
  subscriber: Subscriber;
}

/** A message as JSON: a chunk's bytes (or its Blob, read) as base64. */
async function jsonMessage(message: PanelInbound): Promise<PanelInbound> {
  if (message.kind !== 'captured' && message.kind !== 'pinned') return message;
  const items: Captured[] = await Promise.all(
    message.items.map(async (item) => {
      const r = item.record;
      if (r.kind !== 'chunk' || r.base64 !== undefined) return item;
      let bytes: Uint8Array;
      if (r.bytes) bytes = r.bytes;
      else {
        const [from, to] = r.span ?? [0, r.blob!.size];
        bytes = new Uint8Array(await r.blob!.slice(from, to).arrayBuffer());
      }
      const { blob: _b, bytes: _y, span: _s, ends: _e, ...rest } = r;
      return { ...item, record: { ...rest, base64: bytesToBase64(bytes) } };
    }),
  );
  return { ...message, items };
}

export class LocalShare {
  private readonly shares = new Map<number, Share>();
  private port: NativePort | null = null;
  private error: string | undefined;
  private readonly pending = new Map<string, { tabId: number }>();
  /** Messages to the host go one after another (a Blob read may take a while). */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly sinks: Sinks) {}

  /** The tabs shared before this worker stopped (session storage), shared again. */
  load(stored: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(stored)) {
      const v = value as { control?: unknown } | null;
      if (key.startsWith(KEY) && typeof v?.control === 'boolean') this.set(Number(key.slice(KEY.length)), true, v.control);
    }
  }

  stateOf(tabId: number): Extract<PanelInbound, { kind: 'local-share' }> {
    const share = this.shares.get(tabId);
    return { kind: 'local-share', tabId, shared: share !== undefined, control: share?.control ?? false, connected: share !== undefined && this.port !== null, ...(share && this.error !== undefined && { error: this.error }) };
  }

  private tell(tabId: number): void {
    this.sinks.toPanels(tabId, this.stateOf(tabId));
  }

  private toHost(message: unknown | Promise<unknown>): void {
    const port = this.port;
    if (!port) return;
    this.chain = this.chain
      .then(() => message)
      .then((m) => {
        if (this.port === port) port.postMessage(m);
      })
      .catch(() => undefined);
  }

  /** Opens the port to the host if it is not open; true when it opened now (the host starts with nothing). */
  private connect(): boolean {
    if (this.port) return false;
    this.error = undefined;
    let port: NativePort;
    try {
      port = this.sinks.connectNative(NATIVE_HOST);
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      return false;
    }
    this.port = port;
    port.onMessage.addListener((raw) => this.fromHost(raw));
    port.onDisconnect.addListener((p) => {
      if (this.port !== port) return;
      this.port = null;
      // Chrome says why in runtime.lastError; Firefox on the port.
      this.error = p?.error?.message ?? this.sinks.lastError() ?? 'the native host closed';
      this.pending.clear();
      for (const tabId of this.shares.keys()) this.tell(tabId);
    });
    port.postMessage({ kind: 'hello', ...this.sinks.hello });
    return true;
  }

  /** A new host knows nothing: every shared tab is announced again, its backlog sent from the start. */
  private announceAll(): void {
    for (const [tabId, share] of this.shares) {
      this.sinks.unsubscribe(tabId, share.subscriber);
      this.toHost({ kind: 'tab', tabId, url: this.sinks.urlOf(tabId), shared: true, control: share.control });
      this.sinks.subscribe(tabId, share.subscriber);
    }
  }

  /** The user shares a tab (or stops), and lets local tools pause and step there (or not). */
  set(tabId: number, shared: boolean, control: boolean): void {
    const had = this.shares.get(tabId);
    if (!shared) {
      if (had) {
        this.sinks.unsubscribe(tabId, had.subscriber);
        this.shares.delete(tabId);
        this.sinks.remove(KEY + tabId);
        this.toHost({ kind: 'tab', tabId, shared: false });
      }
      // Nothing shared: the host goes (the browser ends it with the port).
      if (this.shares.size === 0 && this.port) {
        const port = this.port;
        this.port = null;
        this.chain = this.chain.then(() => port.disconnect());
      }
      this.tell(tabId);
      return;
    }
    if (this.connect()) this.announceAll();
    this.sinks.store({ [KEY + tabId]: { control } });
    if (had) {
      had.control = control;
      this.toHost({ kind: 'tab', tabId, url: this.sinks.urlOf(tabId), shared: true, control });
      this.tell(tabId);
      return;
    }
    const subscriber: Subscriber = { postMessage: (m) => this.toHost(jsonMessage(m).then((message) => ({ kind: 'inbound', tabId, message }))) };
    this.shares.set(tabId, { control, subscriber });
    this.toHost({ kind: 'tab', tabId, url: this.sinks.urlOf(tabId), shared: true, control });
    this.sinks.subscribe(tabId, subscriber);
    this.tell(tabId);
  }

  shared(tabId: number): boolean {
    return this.shares.has(tabId);
  }

  /** A request from a local tool: passed to the tab's panel if the user allowed control there. */
  private fromHost(raw: unknown): void {
    const parsed = HostMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const m: HostMessage = parsed.data;
    const answer = (ok: boolean, message: string) => this.toHost({ kind: 'control-result', id: m.id, ok, message });
    const share = this.shares.get(m.tabId);
    if (!share) return answer(false, 'the tab is not shared with local tools');
    if (!share.control) return answer(false, 'not allowed by the user ("Let local tools pause and step" is off)');
    if (this.sinks.panelCount(m.tabId) === 0) return answer(false, "the tab's AG-UI panel is closed: pausing works while it is open");
    this.pending.set(m.id, { tabId: m.tabId });
    const { kind: _, tabId, ...request } = m;
    this.sinks.toPanels(tabId, { kind: 'remote-control', tabId, ...request });
  }

  /** A panel's answer to a local tool's request (the first one counts). */
  result(tabId: number, id: string, ok: boolean, message: string): void {
    const asked = this.pending.get(id);
    if (!asked || asked.tabId !== tabId) return;
    this.pending.delete(id);
    this.toHost({ kind: 'control-result', id, ok, message });
  }

  /** The tab closed. */
  forget(tabId: number): void {
    if (this.shares.has(tabId)) this.set(tabId, false, false);
  }
}
