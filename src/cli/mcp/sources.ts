/**
 * What the MCP server answers about: the files it opened (any input the CLI reads), each replayed once, and the live
 * tabs users share with local tools (live.ts), each asked as its session stands at the call. Every source is asked
 * through the engine's query API, as the panel asks it. Ids are short and stable for the server's life: f1, f2, … for
 * files (the same path opened again is read again under its id), t1, t2, … for tabs.
 */
import { resolve } from 'node:path';
import { InputError, type InputFormat, readInput } from '../../engine/io/readInput';
import { SessionQuery } from '../../engine/query';
import type { Replay } from '../../engine/replay/replay';
import { replaySession } from '../../engine/replay/replaySession';
import type { Session } from '../../engine/session/session';
import { type LiveTab, LiveTabs } from './live';

export interface Source {
  id: string;
  kind: 'file' | 'tab';
  /** A file's path as given; a tab's URL. */
  title: string;
  format: InputFormat | 'live';
  readonly session: Session;
  readonly query: SessionQuery;
  /** A file's resolved path. */
  path?: string;
  /** A live tab's link to its browser. */
  tab?: LiveTab;
}

/** A live tab as a source: its query made again whenever its session changed since the last one. */
function tabSource(id: string, tab: LiveTab): Source {
  let replayed: { session: Session; replay: Replay } | undefined;
  let asked: { version: number; query: SessionQuery } | undefined;
  return {
    id,
    kind: 'tab',
    format: 'live',
    tab,
    get title() {
      return tab.url;
    },
    get session() {
      return tab.session;
    },
    get query() {
      const session = tab.session;
      if (replayed?.session !== session) {
        replayed?.replay.dispose();
        replayed = { session, replay: replaySession(session, { live: true }) };
        asked = undefined;
      }
      const version = session.log.length;
      if (asked?.version !== version) asked = { version, query: new SessionQuery(session, replayed.replay) };
      return asked.query;
    },
  };
}

export class Sources {
  private readonly byId = new Map<string, Source>();
  private nextFile = 1;
  private nextTab = 1;
  private readonly tabIds = new Map<string, string>();

  constructor(
    private readonly read: (file: string) => Uint8Array,
    private readonly cwd: string,
    readonly live: LiveTabs | null = null,
  ) {}

  /** Opens (or reads again) a file; an InputError says where and why it cannot be read. */
  open(file: string): Source {
    const path = resolve(this.cwd, file);
    let bytes: Uint8Array;
    try {
      bytes = this.read(path);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a directory' : e.code === 'EACCES' ? 'permission denied' : e.message;
      throw new InputError(`cannot read ${file}: ${why}`);
    }
    let read: ReturnType<typeof readInput>;
    try {
      read = readInput(bytes, file);
    } catch (error) {
      if (error instanceof InputError && !error.message.startsWith(file)) throw new InputError(`${file}: ${error.message}`);
      throw error;
    }
    const { session, format } = read;
    if (session.frames.length === 0) throw new InputError(`${file}: the input holds no events`);
    const known = [...this.byId.values()].find((s) => s.path === path);
    const id = known?.id ?? `f${this.nextFile++}`;
    const source: Source = { id, kind: 'file', title: file, path, format, session, query: new SessionQuery(session, replaySession(session)) };
    this.byId.set(id, source);
    return source;
  }

  /** Takes in the tabs shared now (and lets go of those no longer shared). */
  async refresh(): Promise<void> {
    if (!this.live) return;
    await this.live.refresh();
    const shared = new Map(this.live.tabs().map((t) => [t.key, t]));
    for (const [key, id] of this.tabIds) {
      const tab = shared.get(key);
      if (!tab || this.byId.get(id)?.tab !== tab) {
        this.byId.delete(id);
        if (!tab) this.tabIds.delete(key);
      }
    }
    for (const [key, tab] of shared) {
      let id = this.tabIds.get(key);
      if (id && this.byId.get(id)?.tab === tab) continue;
      id ??= `t${this.nextTab++}`;
      this.tabIds.set(key, id);
      this.byId.set(id, tabSource(id, tab));
    }
  }

  /** A source by id; an error that names the ones there are. */
  get(id: string): Source {
    const s = this.byId.get(id);
    if (!s) {
      const ids = [...this.byId.keys()];
      throw new InputError(`no source "${id}" (${ids.length ? `open: ${ids.join(', ')}` : 'nothing is open: open_file first, or share a tab from the AG-UI panel'})`);
    }
    return s;
  }

  list(): Source[] {
    return [...this.byId.values()];
  }
}
