/**
 * The native messaging host (`agui-devtools native-host`, started by the browser when the user shares a tab with
 * local tools): between the extension (length-prefixed JSON on stdio, the native messaging protocol) and the MCP
 * servers on this machine (newline-delimited JSON over a Unix socket in a folder only the user can read: no TCP
 * port, nothing leaves the machine). What the extension sends about shared tabs is kept (bounded in bytes) and given
 * to every MCP server that connects, then passed on live; a server's control request goes to the extension, and its
 * answer back to that server. The host ends when the browser closes its end.
 */
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder the hosts' sockets live in (AGUI_DEVTOOLS_HOME, default ~/.agui-devtools): `live/<pid>.sock`. */
export const homeDir = (): string => process.env.AGUI_DEVTOOLS_HOME ?? join(homedir(), '.agui-devtools');
export const liveDir = (): string => join(homeDir(), 'live');

/** The browser never sends a message bigger than this to a host (Chrome: 64 MiB); a bigger length is a broken pipe. */
const MAX_INBOUND = 64 * 1024 * 1024;
/** What the host keeps of shared tabs for servers that connect later; past it, the oldest tab's records go, counted. */
export const KEEP_BYTES = 256 * 1024 * 1024;

/** Reads native messages (a 32-bit length in the machine's byte order, then that many bytes of UTF-8 JSON). */
export function nativeReader(onMessage: (message: unknown) => void, onError: (reason: string) => void): (chunk: Buffer) => void {
  let buffered: Buffer = Buffer.alloc(0);
  return (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (buffered.length >= 4) {
      const length = buffered.readUInt32LE(0);
      if (length > MAX_INBOUND) {
        onError(`a native message of ${length} bytes, more than ${MAX_INBOUND}`);
        buffered = Buffer.alloc(0);
        return;
      }
      if (buffered.length < 4 + length) return;
      const body = buffered.subarray(4, 4 + length).toString('utf8');
      buffered = buffered.subarray(4 + length);
      try {
        onMessage(JSON.parse(body));
      } catch {
        onError('a native message that is not JSON');
      }
    }
  };
}

/** One native message, framed. */
export function nativeFrame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}

type Msg = Record<string, unknown> & { kind?: unknown };

interface TabState {
  tab: Msg;
  backlog: string[];
  bytes: number;
}

/** Runs the host until the browser closes stdin. */
export function runNativeHost(stdin: NodeJS.ReadableStream = process.stdin, stdout: NodeJS.WritableStream = process.stdout): Promise<number> {
  const dir = liveDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(homeDir(), 0o700);
  chmodSync(dir, 0o700);
  const path = join(dir, `${process.pid}.sock`);
  rmSync(path, { force: true });

  let hello: Msg | undefined;
  const tabs = new Map<number, TabState>();
  let kept = 0;
  let droppedBytes = 0;
  const clients = new Set<Socket>();
  /** Control requests on their way to the extension: which server asked. */
  const asked = new Map<string, Socket>();

  const line = (m: unknown) => `${JSON.stringify(m)}\n`;
  const toClients = (text: string) => {
    for (const c of clients) c.write(text);
  };
  const keep = (tabId: number, text: string) => {
    const t = tabs.get(tabId);
    if (!t) return;
    t.backlog.push(text);
    t.bytes += text.length;
    kept += text.length;
    // Past the budget, the oldest records of the tab with the most go (and the servers are told how much).
    while (kept > KEEP_BYTES) {
      const biggest = [...tabs.values()].sort((a, b) => b.bytes - a.bytes)[0];
      const old = biggest?.backlog.shift();
      if (!biggest || old === undefined) break;
      biggest.bytes -= old.length;
      kept -= old.length;
      droppedBytes += old.length;
    }
  };

  const fromExtension = (m: Msg) => {
    switch (m.kind) {
      case 'hello':
        hello = m;
        toClients(line(m));
        return;
      case 'tab': {
        const tabId = Number(m.tabId);
        if (m.shared === true) {
          // Shared again (or anew): what it had is sent again from the start by the extension.
          const t = tabs.get(tabId);
          if (t) kept -= t.bytes;
          tabs.set(tabId, { tab: m, backlog: [], bytes: 0 });
        } else {
          const t = tabs.get(tabId);
          if (t) kept -= t.bytes;
          tabs.delete(tabId);
        }
        toClients(line(m));
        return;
      }
      case 'inbound': {
        const text = line(m);
        keep(Number(m.tabId), text);
        toClients(text);
        return;
      }
      case 'control-result': {
        const client = asked.get(String(m.id));
        asked.delete(String(m.id));
        client?.write(line(m));
        return;
      }
      default:
        return;
    }
  };

  const server = createServer((socket) => {
    clients.add(socket);
    socket.setEncoding('utf8');
    // What is known so far, then a marker: from here on the server's view of the tabs is current.
    if (hello) socket.write(line(hello));
    for (const t of tabs.values()) {
      socket.write(line(t.tab));
      for (const text of t.backlog) socket.write(text);
    }
    socket.write(line({ kind: 'synced', ...(droppedBytes > 0 && { droppedBytes }) }));
    let partial = '';
    socket.on('data', (data: string) => {
      partial += data;
      let nl: number;
      while ((nl = partial.indexOf('\n')) >= 0) {
        const text = partial.slice(0, nl);
        partial = partial.slice(nl + 1);
        let m: Msg;
        try {
          m = JSON.parse(text) as Msg;
        } catch {
          continue;
        }
        if (m.kind !== 'control' || typeof m.id !== 'string' || m.id.length > 64) continue;
        asked.set(m.id, socket);
        stdout.write(nativeFrame({ kind: 'control', id: m.id, tabId: m.tabId, command: m.command, ...(typeof m.condition === 'string' && { condition: m.condition.slice(0, 2000) }) }));
      }
    });
    const gone = () => {
      clients.delete(socket);
      for (const [id, c] of asked) if (c === socket) asked.delete(id);
    };
    socket.on('close', gone);
    socket.on('error', gone);
  });

  return new Promise((resolve) => {
    server.listen(path, () => {
      chmodSync(path, 0o600);
      const read = nativeReader(
        (m) => fromExtension((m ?? {}) as Msg),
        (reason) => process.stderr.write(`agui-devtools native host: ${reason}\n`),
      );
      stdin.on('data', (chunk: Buffer) => read(chunk));
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        for (const c of clients) c.end(line({ kind: 'bye' }));
        server.close();
        rmSync(path, { force: true });
        resolve(0);
      };
      stdin.on('end', end);
      stdin.on('close', end);
    });
  });
}
