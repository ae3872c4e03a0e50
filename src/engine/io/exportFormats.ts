/**
 * Exports for sharing: a scope (everything, a thread, a run, what a filter shows), a format (the session file,
 * JSONL events, SSE text, a ready vitest file) and a redaction. Named `<host>-<date>.agui.<ext>`. Pure: the panel,
 * the viewer and the tests build the same files.
 */
import type { Frame } from '../decode/frames';
import { replaySession } from '../replay/replaySession';
import { type ExportOptions, exportSession, type SessionFile } from './exportFormat';
import { GROUP_LABELS, isEmptyRedaction, marker, type Redaction, redactEvent, redactRequestBody } from './redact';
import { Session, type StreamInfo } from '../session/session';
import { codeLiteral, jsonLine, lineText } from '../util/encode';

export type ExportFormatId = 'session' | 'jsonl' | 'sse' | 'test';

export const FORMATS: Record<ExportFormatId, { label: string; ext: string; mime: string }> = {
  session: { label: 'Session file (everything: streams, bytes, times)', ext: 'agui.json', mime: 'application/json' },
  jsonl: { label: 'JSONL events (one event a line, as other AG-UI tools read)', ext: 'agui.jsonl', mime: 'application/x-ndjson' },
  sse: { label: 'SSE text (a server can send it as is)', ext: 'agui.sse', mime: 'text/event-stream' },
  test: { label: 'A vitest test (the session inlined, with its final messages and state)', ext: 'agui.test.ts', mime: 'text/typescript' },
};

export interface ExportScope {
  /** What it is, in words ("thread t-1", "run abc", "the 12 events the filter shows"). */
  label: string;
  /** Frame indices, ascending; absent: everything. */
  indices?: readonly number[];
}

export interface ExportRequest {
  format: ExportFormatId;
  scope?: ExportScope;
  redaction?: Redaction;
  strip?: ExportOptions['strip'];
  now?: Date;
}

export interface ExportResult {
  name: string;
  mime: string;
  text: string;
  /** Frames written, and frames the format cannot hold (JSONL: frames that are not JSON events). */
  frames: number;
  skipped: number;
}

/** `<host>-<date>`, safe as a file name. */
export function exportBaseName(session: Session, now = new Date()): string {
  const first = session.navigations[0]?.url ?? [...session.streams.values()][0]?.info.frameUrl ?? [...session.streams.values()][0]?.info.url ?? '';
  let host = 'session';
  try {
    host = new URL(first).host || 'session';
  } catch {
    // Not a URL (a file): "session".
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${host.replace(/[^\w.-]+/g, '_')}-${date}`;
}

/** The bytes of one frame as it came, from its stream's chunks (SSE and protobuf frames know their byte range). */
function rawBytes(session: Session, frame: Frame, cache: Map<string, Uint8Array>): Uint8Array {
  const enc = new TextEncoder();
  if (!frame.range) return enc.encode(frame.raw);
  let all = cache.get(frame.streamId);
  if (!all) {
    const chunks = session.streams.get(frame.streamId)?.chunks ?? [];
    all = new Uint8Array(chunks.reduce((n, c) => n + (c.bytes?.length ?? 0), 0));
    let at = 0;
    for (const c of chunks) {
      if (!c.bytes) continue;
      all.set(c.bytes, at);
      at += c.bytes.length;
    }
    cache.set(frame.streamId, all);
  }
  return all.subarray(frame.range[0], frame.range[1]);
}

/**
 * One frame as SSE: its `event:` and `id:` fields and its data, one `data:` line per line of it. Whatever the page
 * sent cannot add a line: the fields and the data are split at every line break SSE knows (CR, LF, CRLF).
 */
const sseText = (data: string, frame: Frame): string => {
  const field = (name: string, value: string | undefined) => (value === undefined ? '' : `${name}: ${lineText(value)}\n`);
  return `${field('event', frame.sse?.event)}${field('id', frame.sse?.id)}${data
    .split(/\r\n|\r|\n/)
    .map((l) => `data: ${l}\n`)
    .join('')}\n`;
};

/**
 * The session to export: the frames in scope, redacted, in arrival order with their times. Unscoped and unredacted:
 * the session itself. Scoped: each frame's own bytes. Redacted: each event re-encoded as SSE (a protobuf stream
 * too, which the stream's note says).
 */
export function deriveSession(session: Session, scope?: ExportScope, redaction?: Redaction): Session {
  const redact = !isEmptyRedaction(redaction);
  if (!scope?.indices && !redact) return session;
  const out = new Session();
  const cache = new Map<string, Uint8Array>();
  const enc = new TextEncoder();
  const opened = new Set<string>();
  const navs = [...session.navigations];
  const open = (info: StreamInfo) => {
    if (opened.has(info.id)) return;
    opened.add(info.id);
    const { closedAt: _c, error: _e, endedByNavigation: _n, ...rest } = info;
    const copy: StreamInfo = { ...rest };
    if (redact) {
      if (copy.requestBody !== undefined) copy.requestBody = redactRequestBody(copy.requestBody, redaction!);
      if (copy.format === 'proto') {
        copy.format = 'sse';
        copy.note = `${copy.note ? `${copy.note}; ` : ''}protobuf re-encoded as SSE for redaction`;
      }
    }
    out.open(copy);
  };
  const indices = scope?.indices ?? session.frames.map((_, i) => i);
  for (const i of indices) {
    const frame = session.frames[i];
    if (!frame) continue;
    while (navs.length && navs[0]!.atFrame <= i) {
      const nav = navs.shift()!;
      out.navigate(nav.url, nav.t);
    }
    const info = session.streams.get(frame.streamId)?.info;
    if (!info) continue;
    open(info);
    const json = info.format === 'json';
    let bytes: Uint8Array;
    if (!redact) bytes = rawBytes(session, frame, cache);
    else if (frame.event !== undefined) {
      const text = jsonLine(redactEvent(frame.event, redaction!));
      bytes = enc.encode(json ? text : sseText(text, frame));
    } else bytes = enc.encode(json ? marker(frame.raw) : sseText(marker(frame.raw), frame));
    out.chunk(frame.streamId, frame.t, bytes, frame.direction);
  }
  for (const id of opened) {
    const info = session.streams.get(id)!.info;
    if (info.closedAt !== undefined) out.close(id, info.closedAt, info.error, info.endedByNavigation === true);
  }
  for (const notice of session.notices) out.notice(notice, false);
  out.noteDropped('page', session.dropped.page);
  out.noteDropped('extension', session.dropped.extension);
  return out;
}

/** The final messages and state of each conversation, as @ag-ui/client would hold them at the end. */
export function finalLanes(session: Session): Record<string, { messages: unknown[]; state: unknown }> {
  const replay = replaySession(session);
  const last = new Map<string, number>();
  for (let i = 0; i < session.frames.length; i++) last.set(replay.laneAt(i), i);
  const out: Record<string, { messages: unknown[]; state: unknown }> = {};
  for (const [lane, i] of last) {
    const view = replay.at(i, lane);
    out[lane] = { messages: view.messages, state: view.state ?? null };
  }
  return out;
}

const redactionHeader = (r: Redaction | undefined) =>
  isEmptyRedaction(r) ? undefined : { groups: [...r!.groups], groupLabels: r!.groups.map((g) => GROUP_LABELS[g]), paths: [...r!.paths], marker: '«redacted: N chars»' };

/** The export file for a request. */
export function buildExport(session: Session, request: ExportRequest): ExportResult {
  const derived = deriveSession(session, request.scope, request.redaction);
  const name = `${exportBaseName(session, request.now)}.${FORMATS[request.format].ext}`;
  const mime = FORMATS[request.format].mime;
  const frames = derived.frames;
  const redacted = redactionHeader(request.redaction);
  const scope = request.scope?.label ?? 'the whole capture';
  const sessionFile = (): SessionFile => ({
    ...exportSession(derived, { ...(request.strip && { strip: request.strip }) }),
    scope,
    ...(redacted && { redacted }),
  });
  switch (request.format) {
    case 'session':
      return { name, mime, text: jsonLine(sessionFile()), frames: frames.length, skipped: 0 };
    case 'jsonl': {
      const lines = frames.filter((f) => f.event !== undefined).map((f) => jsonLine(f.event));
      return { name, mime, text: lines.length ? `${lines.join('\n')}\n` : '', frames: lines.length, skipped: frames.length - lines.length };
    }
    case 'sse': {
      // A comment line says what the file is; the scope names the page's run ids, so it is one line whatever they hold.
      const head = `: ${lineText(`AG-UI DevTools export of ${scope}${redacted ? `; redacted: ${[...redacted.groupLabels, ...redacted.paths].join(', ')} (as «redacted: N chars»)` : ''}`)}\n\n`;
      const body = frames.map((f) => sseText(f.event !== undefined ? jsonLine(f.event) : f.raw, f)).join('');
      return { name, mime, text: head + body, frames: frames.length, skipped: 0 };
    }
    case 'test': {
      const file = sessionFile();
      const expected = finalLanes(derived);
      const base = name.replace(/\.agui\.test\.ts$/, '');
      return { name, mime, text: generatedTest(base, scope, redacted?.groupLabels ?? [], file, expected), frames: frames.length, skipped: 0 };
    }
    default: {
      const unhandled: never = request.format;
      return unhandled;
    }
  }
}

/**
 * The `.agui.test.ts` file. Everything the page sent (run ids in the scope, the session, its messages and state) is
 * written as a value by `codeLiteral`, never into a comment or the code around it: running the test runs our code only.
 */
function generatedTest(base: string, scope: string, redactedGroups: readonly string[], file: SessionFile, expected: unknown): string {
  const exported = { file: base, scope, ...(redactedGroups.length > 0 && { redacted: redactedGroups }) };
  return `/**
 * A regression test written by AG-UI DevTools: the session below (\`exported\` says which), replayed by the engine of
 * the \`agui-devtools\` package, must break no protocol rule and end with the messages and state it ended with when
 * it was recorded. Run it with vitest in a project that depends on agui-devtools (see its README).
 */
import { describe, expect, it } from 'vitest';
import { aguiMatchers, replaySessionFile } from 'agui-devtools';

expect.extend(aguiMatchers);
declare module 'vitest' {
  interface Assertion<T> {
    toBeValidAgui(): T;
    toMatchAguiSession(golden: unknown, options?: object): T;
  }
}

const exported = ${codeLiteral(exported)};

const session = ${codeLiteral(file)};

const recorded = ${codeLiteral(expected, 2)};

describe(\`AG-UI session \${exported.file}\`, () => {
  const result = replaySessionFile(session);

  it('breaks no protocol rule', () => {
    expect(session).toBeValidAgui();
  });

  it('ends with the recorded messages and state', () => {
    expect(result.lanes).toEqual(recorded);
  });
});
`;
}
