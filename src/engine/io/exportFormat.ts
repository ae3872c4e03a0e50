/**
 * The session file: what the panel exports, the viewer and the CLI import. Events are the truth, so a session
 * is the captured streams with their raw bytes in arrival order; everything else is replayed on import.
 * Imports are untrusted: the schema bounds every field, and a broken file gets a located message.
 */
import * as z from 'zod';
import { base64ToBytes, bytesToBase64 } from '../util/base64';
import { applyAll, type ImportOp } from './importOps';
import { Session, type StreamInfo } from '../session/session';

// <session-format-schema> (SESSION_FORMAT.md shows this part of the file as the format's definition)
export const SESSION_FORMAT = 'agui-devtools-session';
/** The version written. 2 added notices, ended-by-navigation closes, request times, `contains`, `scope`, `redacted`, `dropped`. */
export const SESSION_VERSION = 2;
/** Versions read: older ones are migrated (1 needs nothing: everything 2 added is optional). */
export const OLDEST_VERSION = 1;

const MAX_STRING = 64 * 1024 * 1024;

const StreamInfoSchema = z.object({
  id: z.string().max(512),
  transport: z.enum(['fetch', 'eventsource', 'websocket', 'xhr', 'file']),
  format: z.enum(['sse', 'proto', 'json']),
  url: z.string().max(64 * 1024),
  method: z.string().max(32),
  status: z.number().int().min(0).max(999),
  statusText: z.string().max(1024),
  frameUrl: z.string().max(64 * 1024),
  requestHeaders: z.array(z.tuple([z.string().max(4096), z.string().max(64 * 1024)])).max(1000),
  responseHeaders: z.array(z.tuple([z.string().max(4096), z.string().max(64 * 1024)])).max(1000),
  requestBody: z.string().max(MAX_STRING).optional(),
  requestBodyBytes: z.number().int().min(0).optional(),
  credentials: z.enum(['omit', 'same-origin', 'include']).optional(),
  mode: z.enum(['cors', 'no-cors', 'same-origin', 'navigate']).optional(),
  note: z.string().max(4096).optional(),
  startedAt: z.number().finite().optional(),
  openedAt: z.number().finite(),
  closedAt: z.number().finite().optional(),
  error: z.string().max(64 * 1024).optional(),
  page: z.number().int().min(0).default(0),
  startDropped: z.boolean().optional(),
  endedByNavigation: z.boolean().optional(),
  /** The extension answered it (Replay to page): the rule's id. */
  replay: z.string().max(64).optional(),
  /** The body was saved whole (a HAR file): milliseconds from its first byte to its last. */
  receivedWhole: z.number().finite().min(0).optional(),
});

const NoticeSchema = z.object({
  t: z.number().finite(),
  code: z.enum(['impersonation', 'oversize', 'pause-released']),
  message: z.string().max(4096),
  streamId: z.string().max(512).optional(),
  events: z.number().int().min(0).optional(),
});

const RecordSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), stream: z.number().int().min(0) }),
  z.object({ kind: z.literal('chunk'), stream: z.number().int().min(0), t: z.number().finite(), data: z.string().max(MAX_STRING), dir: z.enum(['in', 'out']).optional() }),
  z.object({ kind: z.literal('message'), stream: z.number().int().min(0), t: z.number().finite(), text: z.string().max(MAX_STRING) }),
  z.object({
    kind: z.literal('close'),
    stream: z.number().int().min(0),
    t: z.number().finite(),
    error: z.string().max(64 * 1024).optional(),
    byNavigation: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('navigate'), url: z.string().max(64 * 1024), t: z.number().finite() }),
  z.object({ kind: z.literal('notice'), notice: NoticeSchema }),
]);

/** What a session file holds, stated in the file (the Export control says it in words before writing). */
const ContainsSchema = z.object({
  urls: z.boolean(),
  headers: z.boolean(),
  requestBodies: z.boolean(),
  /** The response bytes: every event. Always there: they are the session. */
  responseBodies: z.literal(true),
});
export type SessionContents = z.infer<typeof ContainsSchema>;

export const SessionFileSchema = z.object({
  format: z.literal(SESSION_FORMAT),
  version: z.number().int().min(OLDEST_VERSION).max(SESSION_VERSION),
  exportedAt: z.string().max(64).optional(),
  contains: ContainsSchema.optional(),
  tool: z.object({ name: z.string().max(256), version: z.string().max(64) }).optional(),
  streams: z.array(StreamInfoSchema).max(100_000),
  records: z.array(RecordSchema).max(50_000_000),
  /** What part of the capture the file holds ("the whole capture", "thread t-1", …). */
  scope: z.string().max(1000).optional(),
  /** What was redacted before writing (each redacted string is «redacted: N chars»). */
  redacted: z
    .object({ groups: z.array(z.string().max(64)).max(32), groupLabels: z.array(z.string().max(64)).max(32).optional(), paths: z.array(z.string().max(1024)).max(256), marker: z.string().max(64).optional() })
    .optional(),
  /** Events the capture had to drop before they reached the session, by where. */
  dropped: z.object({ page: z.number().int().min(0), extension: z.number().int().min(0) }).optional(),
});
export type SessionFile = z.infer<typeof SessionFileSchema>;
// </session-format-schema>

/** What to leave out of an export. */
export interface ExportOptions {
  strip?: { urls?: boolean; headers?: boolean; requestBodies?: boolean };
  tool?: { name: string; version: string };
}

export const STRIPPED_URL = '(stripped)';

/** Whether a parsed JSON value claims to be a session file (then it must validate). */
export const looksLikeSessionFile = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { format?: unknown }).format === SESSION_FORMAT;

export function exportSession(session: Session, options: ExportOptions = {}): SessionFile {
  const tool = options.tool ?? { name: 'AG-UI DevTools', version: '0.1.0' };
  const strip = options.strip ?? {};
  const order = [...session.streams.keys()];
  const index = new Map(order.map((id, i) => [id, i]));
  const records: SessionFile['records'] = [];
  for (const r of session.log) {
    switch (r.kind) {
      case 'open':
        records.push({ kind: 'open', stream: index.get(r.streamId)! });
        break;
      case 'chunk':
        records.push({ kind: 'chunk', stream: index.get(r.streamId)!, t: r.t, data: bytesToBase64(r.bytes), ...(r.dir && { dir: r.dir }) });
        break;
      case 'message':
        records.push({ kind: 'message', stream: index.get(r.streamId)!, t: r.t, text: r.text });
        break;
      case 'close': {
        const info = session.streams.get(r.streamId)!.info;
        records.push({
          kind: 'close',
          stream: index.get(r.streamId)!,
          t: r.t,
          ...(r.error !== undefined && { error: r.error }),
          ...(info.endedByNavigation && { byNavigation: true }),
        });
        break;
      }
      case 'navigate':
        records.push({ kind: 'navigate', url: strip.urls ? STRIPPED_URL : r.url, t: r.t });
        break;
      case 'notice':
        records.push({ kind: 'notice', notice: r.notice });
        break;
      default: {
        const unhandled: never = r;
        return unhandled;
      }
    }
  }
  return {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    exportedAt: new Date().toISOString(),
    tool,
    contains: { urls: !strip.urls, headers: !strip.headers, requestBodies: !strip.requestBodies, responseBodies: true },
    streams: order.map((id) => {
      const { requestBody, requestBodyBytes, ...info } = session.streams.get(id)!.info;
      return {
        ...info,
        ...(strip.urls && { url: STRIPPED_URL, frameUrl: STRIPPED_URL }),
        ...(strip.headers && { requestHeaders: [], responseHeaders: [] }),
        ...(!strip.requestBodies && requestBody !== undefined && { requestBody }),
        ...(!strip.requestBodies && requestBodyBytes !== undefined && { requestBodyBytes }),
      };
    }),
    records,
    ...((session.dropped.page > 0 || session.dropped.extension > 0) && { dropped: { ...session.dropped } }),
  };
}

export class SessionFileError extends Error {}

/** Validates a parsed session file and replays its records into a new Session. */
export function importSession(value: unknown): Session {
  return applyAll(new Session(), sessionFileOps(value));
}

/**
 * Validates a parsed session file (throwing a SessionFileError that says where it is wrong) and returns its
 * records as import operations, decoded one by one as they are taken.
 */
export function sessionFileOps(value: unknown): Iterable<ImportOp> {
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > SESSION_VERSION) {
    throw new SessionFileError(
      `This file is version ${version} of the ${SESSION_FORMAT} format; this AG-UI DevTools reads versions ${OLDEST_VERSION} to ${SESSION_VERSION}. Open it with a newer AG-UI DevTools.`,
    );
  }
  const parsed = SessionFileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : '(root)';
    throw new SessionFileError(`Not a valid ${SESSION_FORMAT} file at ${where}: ${issue.message}`);
  }
  const file = parsed.data;
  file.records.forEach((r, i) => {
    if ('stream' in r && !file.streams[r.stream]) throw new SessionFileError(`Not a valid ${SESSION_FORMAT} file at records.${i}.stream: no stream ${r.stream}.`);
  });
  return (function* (): Generator<ImportOp> {
    const opened = new Set<number>();
    for (let i = 0; i < file.records.length; i++) {
      const r = file.records[i]!;
      if (r.kind === 'navigate') {
        yield { kind: 'navigate', url: r.url, t: r.t };
        continue;
      }
      if (r.kind === 'notice') {
        yield { kind: 'notice', notice: r.notice };
        continue;
      }
      const info = file.streams[r.stream] as StreamInfo;
      if (!opened.has(r.stream)) {
        const { closedAt: _c, error: _e, endedByNavigation: _n, ...rest } = info;
        yield { kind: 'open', info: rest };
        opened.add(r.stream);
      }
      if (r.kind === 'open') continue;
      if (r.kind === 'chunk') {
        let bytes: Uint8Array;
        try {
          bytes = base64ToBytes(r.data);
        } catch {
          throw new SessionFileError(`Not a valid ${SESSION_FORMAT} file at records.${i}.data: not base64.`);
        }
        yield r.dir ? { kind: 'chunk', streamId: info.id, t: r.t, bytes, dir: r.dir } : { kind: 'chunk', streamId: info.id, t: r.t, bytes };
      } else if (r.kind === 'message') yield { kind: 'message', streamId: info.id, t: r.t, text: r.text };
      else yield { kind: 'close', streamId: info.id, t: r.t, ...(r.error !== undefined && { error: r.error }), ...(r.byNavigation && { byNavigation: true }) };
    }
    if (file.dropped) yield { kind: 'dropped', page: file.dropped.page, extension: file.dropped.extension };
  })();
}
