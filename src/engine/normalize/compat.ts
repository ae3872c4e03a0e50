/**
 * The reference client's CompatibilityBoundary, per event (THINKING_* is sequential: see thinking.ts):
 * nulls in optional fields that older producers send become absent fields, and legacy `binary` content parts
 * become the modern media parts. Each change is reported, because the producer should stop sending it.
 */

export interface CompatChange {
  /** Where, as a JSON path. */
  path: (string | number)[];
  message: string;
  /** A null field dropped, or a legacy part converted. */
  kind: 'dropped-null' | 'converted';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function dropNull(o: Obj, key: string, path: (string | number)[], what: string, changes: CompatChange[]): Obj {
  if (!isObj(o) || o[key] !== null) return o;
  changes.push({ path: [...path, key], message: `${what}.${key} is null: treated as absent (deprecated shape)`, kind: 'dropped-null' });
  const { [key]: _drop, ...rest } = o;
  return rest;
}

function mapArray(o: Obj, key: string, fn: (v: unknown, i: number) => unknown): Obj {
  if (!isObj(o) || !Array.isArray(o[key])) return o;
  const before = o[key] as unknown[];
  const after = before.map(fn);
  return after.some((v, i) => v !== before[i]) ? { ...o, [key]: after } : o;
}

const mediaTypeOf = (mime: string): string =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('audio/') ? 'audio' : mime.startsWith('video/') ? 'video' : 'document';

const isBinaryPart = (p: unknown): p is { type: 'binary'; mimeType: string; data?: string; url?: string; filename?: string; id?: string } =>
  isObj(p) && p.type === 'binary' && typeof p.mimeType === 'string';

function upgradeBinary(p: { mimeType: string; data?: string; url?: string; filename?: string }): Obj {
  const type = mediaTypeOf(p.mimeType);
  const meta = p.filename ? { metadata: { filename: p.filename } } : {};
  if (p.data) return { type, source: { type: 'data', value: p.data, mimeType: p.mimeType }, ...meta };
  if (p.url) return { type, source: { type: 'url', value: p.url, mimeType: p.mimeType }, ...meta };
  return p as Obj;
}

const sameMedia = (a: unknown, b: Obj, filename: string | undefined): boolean => {
  if (!isObj(a) || a.type !== b.type || !isObj(a.source)) return false;
  const s = a.source;
  const t = b.source as Obj;
  if (s.type !== t.type || s.value !== t.value || s.mimeType !== t.mimeType) return false;
  return !filename || (isObj(a.metadata) && a.metadata.filename === filename);
};

/** `binary` parts become media parts; a media part that duplicates one is dropped, as the reference does. */
function upgradeMessage(message: unknown, path: (string | number)[], changes: CompatChange[]): unknown {
  if (!isObj(message)) return message;
  // Media parts with metadata: null.
  let m = mapArray(message, 'content', (part, i) =>
    isObj(part) && ['image', 'audio', 'video', 'document'].includes(part.type as string)
      ? dropNull(part, 'metadata', [...path, 'content', i], `${String(part.type)} content`, changes)
      : part,
  );
  const content = m.content;
  if (!Array.isArray(content) || !content.some((p) => isObj(p) && p.type === 'binary')) return m;
  changes.push({ path: [...path, 'content'], message: 'binary content parts are deprecated: converted to media parts', kind: 'converted' });
  const out = content.flatMap((part) => {
    if (!isBinaryPart(part)) return [part];
    const upgraded = upgradeBinary(part);
    return upgraded.type !== 'binary' && content.some((other) => sameMedia(other, upgraded, part.filename)) ? [] : [upgraded];
  });
  m = { ...m, content: out };
  return m;
}

function upgradeInput(input: unknown, changes: CompatChange[]): unknown {
  if (!isObj(input)) return input;
  const path = ['input'];
  let t = dropNull(input, 'forwardedProps', path, 'RunAgentInput', changes);
  t = mapArray(t, 'tools', (tool, i) => (isObj(tool) ? dropNull(tool, 'parameters', [...path, 'tools', i], 'Tool', changes) : tool));
  t = mapArray(t, 'resume', (entry, i) => (isObj(entry) ? dropNull(entry, 'payload', [...path, 'resume', i], 'ResumeEntry', changes) : entry));
  t = mapArray(t, 'messages', (m, i) => upgradeMessage(m, [...path, 'messages', i], changes));
  return t;
}

/** Applies the reference's per-event compatibility rewrites. Returns the same object when nothing changed. */
/** Types whose fields the compatibility rewrites look at besides rawEvent. */
const SPECIAL = new Set(['RUN_FINISHED', 'SUBAGENT_FINISHED', 'TOOL_CALL_START', 'TOOL_CALL_CHUNK', 'MESSAGES_SNAPSHOT', 'RUN_STARTED']);

export function compatEvent(event: Obj, changes: CompatChange[] = []): Obj {
  // Most events need nothing: say so without a copy.
  if (event.rawEvent !== null && !SPECIAL.has(event.type as string)) return event;
  let e = event;
  const type = String(e.type);
  e = dropNull(e, 'rawEvent', [], type, changes);
  if (type === 'RUN_FINISHED' || type === 'SUBAGENT_FINISHED') e = dropNull(e, 'result', [], type, changes);
  switch (type) {
    case 'TOOL_CALL_START':
    case 'TOOL_CALL_CHUNK':
      return dropNull(e, 'parentMessageId', [], type, changes);
    case 'RUN_FINISHED':
      return dropNull(e, 'outcome', [], type, changes);
    case 'MESSAGES_SNAPSHOT':
      return mapArray(e, 'messages', (m, i) => upgradeMessage(m, ['messages', i], changes));
    case 'RUN_STARTED': {
      const input = upgradeInput(e.input, changes);
      return input === e.input ? e : { ...e, input };
    }
    default:
      return e;
  }
}
