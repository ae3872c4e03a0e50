/**
 * What the MCP server answers about: the files it opened (any input the CLI reads), each replayed once and asked
 * through the engine's query API, as the panel asks it. A source's id is short and stable for the server's life
 * (f1, f2, …; the same path opened again is read again under its id).
 */
import { resolve } from 'node:path';
import { InputError, type InputFormat, readInput } from '../../engine/io/readInput';
import { SessionQuery } from '../../engine/query';
import { replaySession } from '../../engine/replay/replaySession';
import type { Session } from '../../engine/session/session';

export interface Source {
  id: string;
  kind: 'file';
  /** The path as given, and as resolved. */
  title: string;
  path: string;
  format: InputFormat;
  session: Session;
  query: SessionQuery;
}

export class Sources {
  private readonly byId = new Map<string, Source>();
  private next = 1;

  constructor(
    private readonly read: (file: string) => Uint8Array,
    private readonly cwd: string,
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
    const id = known?.id ?? `f${this.next++}`;
    const source: Source = { id, kind: 'file', title: file, path, format, session, query: new SessionQuery(session, replaySession(session)) };
    this.byId.set(id, source);
    return source;
  }

  /** A source by id; an error that names the ones there are. */
  get(id: string): Source {
    const s = this.byId.get(id);
    if (!s) {
      const ids = [...this.byId.keys()];
      throw new InputError(`no source "${id}" (${ids.length ? `open: ${ids.join(', ')}` : 'nothing is open: open_file first'})`);
    }
    return s;
  }

  list(): Source[] {
    return [...this.byId.values()];
  }
}
