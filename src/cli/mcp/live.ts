/**
 * Live tabs: the tabs a user shares with local tools, as the native hosts (nativeHost.ts) pass them on. The MCP
 * server connects to every host socket in the live folder, takes each shared tab's records through the same intake
 * as a panel (bridge/intake.ts: in order, once each, gaps counted) into a session of its own, and answers about it
 * as about a file, live. A tab the user stops sharing, or whose browser closes, is gone from the sources.
 */
import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { createIntake } from '../../bridge/intake';
import { Session } from '../../engine/session/session';
import { liveDir } from './nativeHost';

export interface LiveTab {
  key: string;
  tabId: number;
  url: string;
  browser: string;
  /** The user let local tools pause and step in this tab. */
  control: boolean;
  session: Session;
  /** Sends a control command to the extension; resolves with its answer. */
  control$(command: string, condition?: string): Promise<{ ok: boolean; message: string }>;
}

type Msg = Record<string, unknown> & { kind?: unknown };

class HostLink {
  readonly tabs = new Map<number, LiveTab & { onInbound(m: unknown): void }>();
  browser = '';
  dropped = 0;
  closed = false;
  private readonly waiting = new Map<string, (answer: { ok: boolean; message: string }) => void>();
  private nextId = 1;
  readonly synced: Promise<void>;

  constructor(
    readonly path: string,
    private readonly socket: Socket,
  ) {
    let resolveSynced!: () => void;
    this.synced = new Promise((r) => (resolveSynced = r));
    socket.setEncoding('utf8');
    let partial = '';
    socket.on('data', (data: string) => {
      partial += data;
      let nl: number;
      while ((nl = partial.indexOf('\n')) >= 0) {
        const text = partial.slice(0, nl);
        partial = partial.slice(nl + 1);
        try {
          this.take(JSON.parse(text) as Msg, resolveSynced);
        } catch {
          // A line that is not JSON: not from our host.
        }
      }
    });
    const gone = () => {
      this.closed = true;
      resolveSynced();
      for (const answer of this.waiting.values()) answer({ ok: false, message: 'the browser closed its connection to the local tools' });
      this.waiting.clear();
    };
    socket.on('close', gone);
    socket.on('error', gone);
  }

  private take(m: Msg, synced: () => void): void {
    switch (m.kind) {
      case 'hello':
        this.browser = typeof m.browser === 'string' ? m.browser : '';
        return;
      case 'synced':
        this.dropped = typeof m.droppedBytes === 'number' ? m.droppedBytes : 0;
        synced();
        return;
      case 'tab': {
        const tabId = Number(m.tabId);
        if (m.shared !== true) {
          this.tabs.delete(tabId);
          return;
        }
        this.tabs.set(tabId, this.tab(tabId, typeof m.url === 'string' ? m.url : '', m.control === true));
        return;
      }
      case 'inbound': {
        this.tabs.get(Number(m.tabId))?.onInbound(m.message);
        return;
      }
      case 'control-result': {
        const answer = this.waiting.get(String(m.id));
        this.waiting.delete(String(m.id));
        answer?.({ ok: m.ok === true, message: typeof m.message === 'string' ? m.message : '' });
        return;
      }
      default:
        return;
    }
  }

  private tab(tabId: number, url: string, control: boolean) {
    const tab = {
      key: `${this.path}#${tabId}`,
      tabId,
      url,
      browser: this.browser,
      control,
      session: new Session(),
      onInbound: (_m: unknown) => undefined as void,
      control$: (command: string, condition?: string) => this.control(tabId, command, condition),
    };
    const intake = createIntake(tabId, () => tab.session, {
      onNavigated: (to, t, preserved) => {
        tab.url = to;
        // As the panel: a new page starts a new log unless Preserve log is on.
        if (!preserved) tab.session = new Session();
        tab.session.navigate(to, t);
      },
      onPreserveLog: () => undefined,
      onError: () => undefined,
    });
    tab.onInbound = (message) => intake.onMessage(message);
    return tab;
  }

  control(tabId: number, command: string, condition?: string): Promise<{ ok: boolean; message: string }> {
    if (this.closed) return Promise.resolve({ ok: false, message: 'the browser closed its connection to the local tools' });
    const id = `c${this.nextId++}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ ok: false, message: 'the browser did not answer within 10 s' });
      }, 10_000);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.socket.write(`${JSON.stringify({ kind: 'control', id, tabId, command, ...(condition !== undefined && { condition }) })}\n`);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Every host socket's shared tabs. */
export class LiveTabs {
  private readonly links = new Map<string, HostLink>();

  constructor(private readonly dir: string = liveDir()) {}

  /** Connects to hosts that appeared (and waits until each has said what it holds); forgets those that closed. */
  async refresh(): Promise<void> {
    let names: string[] = [];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.sock'));
    } catch {
      names = [];
    }
    for (const [path, link] of this.links) if (link.closed) this.links.delete(path);
    const fresh = names.map((n) => join(this.dir, n)).filter((p) => !this.links.has(p));
    await Promise.all(
      fresh.map(
        (path) =>
          new Promise<void>((resolve) => {
            const socket = connect(path);
            const timer = setTimeout(() => {
              socket.destroy();
              resolve();
            }, 3000);
            socket.once('connect', () => {
              const link = new HostLink(path, socket);
              this.links.set(path, link);
              void link.synced.then(() => {
                clearTimeout(timer);
                resolve();
              });
            });
            // A socket left behind by a host that died: nothing to connect to.
            socket.once('error', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  }

  tabs(): LiveTab[] {
    return [...this.links.values()].filter((l) => !l.closed).flatMap((l) => [...l.tabs.values()]);
  }

  close(): void {
    for (const l of this.links.values()) l.close();
  }
}
