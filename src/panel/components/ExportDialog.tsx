import { useSignal } from '@preact/signals';
import type { ExportOptions } from '../../engine/session/exportFormat';
import { type ExportFormatId, type ExportScope, FORMATS } from '../../engine/session/exportFormats';
import { GROUP_LABELS, REDACTION_GROUPS, type Redaction, type RedactionGroup } from '../../engine/session/redact';
import { sessionContents } from '../../engine/session/contents';
import type { SessionStore } from '../store/sessionStore';
import { Modal } from './Modal';
import { counted, num } from './format';

const masked = (n: number) => (n === 0 ? 'none in this session' : `${num(n)} in this session`);
const bytes = (n: number) => (n < 1024 ? `${n} bytes` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export interface ExportChoice {
  format: ExportFormatId;
  scope?: ExportScope;
  redaction: Redaction;
  strip: NonNullable<ExportOptions['strip']>;
}

/** How many of these frames are events (what the toolbar counts). */
const eventsIn = (frames: readonly { event?: unknown }[], indices: readonly number[]) => indices.reduce((n, i) => n + (frames[i]?.event !== undefined ? 1 : 0), 0);

/** The scopes on offer: everything, a thread, a run, what the filter shows. */
function scopesOf(store: SessionStore): { id: string; scope: ExportScope | undefined }[] {
  const frames = store.session.value.frames;
  const replay = store.replay.value;
  const out: { id: string; scope: ExportScope | undefined }[] = [{ id: 'all', scope: undefined }];
  const visible = store.visible.value;
  if (visible) out.push({ id: 'filter', scope: { label: `the ${counted(eventsIn(frames, visible), 'event')} the filter shows`, indices: visible } });
  const lanes = new Map<string, number[]>();
  for (let i = 0; i < frames.length; i++) {
    const lane = replay.laneAt(i);
    let list = lanes.get(lane);
    if (!list) lanes.set(lane, (list = []));
    list.push(i);
  }
  if (lanes.size > 1) for (const [lane, indices] of lanes) out.push({ id: `thread:${lane}`, scope: { label: `thread ${lane}`, indices } });
  for (const run of replay.timeline.runs) out.push({ id: `run:${run.key}`, scope: { label: `run ${run.runId}`, indices: [...replay.timeline.eventsOf(run.key)] } });
  return out;
}

/**
 * Export: what part (scope), in which format, redacted or not (stated on the button), and what the file will contain
 * in words, before it is written. Nothing leaves the browser but the file the user saves.
 */
export function ExportDialog({ store, onExport, onClose }: { store: SessionStore; onExport(choice: ExportChoice): void; onClose(): void }) {
  const session = store.session.value;
  const c = sessionContents(session);
  const scopes = scopesOf(store);
  const scopeId = useSignal('all');
  const format = useSignal<ExportFormatId>('session');
  const groups = useSignal<ReadonlySet<RedactionGroup>>(new Set());
  const paths = useSignal('');
  const strip = useSignal({ urls: false, headers: false });
  const toggleStrip = (key: keyof typeof strip.value) => (strip.value = { ...strip.value, [key]: !strip.value[key] });
  /** Request bodies (the prompts the page sent) have one control: kept (masked), their strings redacted, or left out. */
  const bodies = useSignal<'keep' | 'redact' | 'leave'>('keep');
  const toggleGroup = (g: RedactionGroup) => {
    const next = new Set(groups.value);
    if (next.has(g)) next.delete(g);
    else next.add(g);
    groups.value = next;
  };
  const pathList = paths.value
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter((p) => p.startsWith('/'));
  const chosen = scopes.find((s) => s.id === scopeId.value)?.scope;
  const metaFormat = format.value === 'session' || format.value === 'test';
  const chosenGroups = [...groups.value, ...(metaFormat && bodies.value === 'redact' ? (['requestBodies'] as const) : [])];
  const redacting = chosenGroups.length + pathList.length;
  return (
    <Modal onClose={onClose} title="Export the session" testId="export-dialog">
      <label class="field">
        What{' '}
        <select aria-label="Scope" value={scopeId.value} onChange={(e) => (scopeId.value = (e.currentTarget as HTMLSelectElement).value)} data-testid="export-scope">
          {scopes.map((s) => (
            <option key={s.id} value={s.id}>
              {s.scope ? s.scope.label : `the whole capture (${counted(c.events, 'event')})`}
            </option>
          ))}
        </select>
      </label>
      <fieldset class="choices stacked">
        <legend>Format</legend>
        {(Object.keys(FORMATS) as ExportFormatId[]).map((f) => (
          <label key={f}>
            <input type="radio" name="export-format" value={f} checked={format.value === f} onChange={() => (format.value = f)} /> {FORMATS[f].label}{' '}
            <code class="muted">.{FORMATS[f].ext}</code>
          </label>
        ))}
      </fieldset>
      <p>The file will contain:</p>
      <ul class="contents" data-testid="export-contents">
        <li>
          every byte of the {chosen?.indices ? `${counted(eventsIn(store.session.value.frames, chosen.indices), 'event')} in scope` : counted(c.events, 'event')}
          {!chosen && c.otherFrames > 0 ? ` (and ${counted(c.otherFrames, 'frame')} that ${c.otherFrames === 1 ? 'is' : 'are'} not an event, kept as it came)` : ''} the agent streamed (
          {bytes(c.responseBytes)} of response bodies: messages, tool arguments and results, state, reasoning)
        </li>
        {metaFormat && (
          <>
            <li class={strip.value.urls ? 'struck' : ''}>
              the URLs of {c.streams} stream{c.streams === 1 ? '' : 's'} and their pages ({c.hosts.slice(0, 3).join(', ')}
              {c.hosts.length > 3 ? ', …' : ''}; query and fragment values not known to be harmless are masked: {masked(c.maskedUrlValues)})
            </li>
            <li class={strip.value.headers ? 'struck' : ''}>
              request and response headers of {c.headers} stream{c.headers === 1 ? '' : 's'} (values of headers not known to be harmless are masked:{' '}
              {masked(c.maskedHeaders)})
            </li>
            <li class={bodies.value === 'leave' ? 'struck' : ''}>
              {c.bodies} request bod{c.bodies === 1 ? 'y' : 'ies'} ({bytes(c.bodyBytes)}: the prompts and conversation the page sent; secret-named and
              credential-shaped values are masked: {masked(c.maskedBodyValues)})
            </li>
          </>
        )}
        {c.sentMessages > 0 && (
          <li>
            {c.sentMessages} message{c.sentMessages === 1 ? '' : 's'} the page sent over a WebSocket (masked as request bodies are: {masked(c.maskedSentValues)})
          </li>
        )}
        <li class="muted" data-testid="export-masking">
          Masking applies to everything this session holds, captured or imported (session and HAR files alike); the response bodies the agent
          streamed are not masked: redact them below.
        </li>
        {format.value === 'jsonl' && <li class="muted">events only: no URLs, headers, request bodies or times; frames that are not JSON events are left out</li>}
        {format.value === 'sse' && <li class="muted">events only: no URLs, headers, request bodies or times</li>}
      </ul>
      {metaFormat && (
        <fieldset class="choices" data-testid="export-bodies">
          <legend>Request bodies</legend>
          {(
            [
              ['keep', 'Keep (masked)'],
              ['redact', 'Redact their strings'],
              ['leave', 'Leave out'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="export-bodies" value={value} checked={bodies.value === value} onChange={() => (bodies.value = value)} /> {label}
            </label>
          ))}
        </fieldset>
      )}
      {metaFormat && (
        <fieldset class="choices">
          <legend>Leave out</legend>
          <label>
            <input type="checkbox" checked={strip.value.headers} onChange={() => toggleStrip('headers')} /> Headers
          </label>
          <label>
            <input type="checkbox" checked={strip.value.urls} onChange={() => toggleStrip('urls')} /> URLs
          </label>
        </fieldset>
      )}
      <fieldset class="choices" data-testid="redaction">
        <legend>Redact (each string becomes «redacted: N chars»; ids, structure, sizes and times stay)</legend>
        {REDACTION_GROUPS.filter((g) => g !== 'requestBodies').map((g) => (
          <label key={g}>
            <input type="checkbox" checked={groups.value.has(g)} onChange={() => toggleGroup(g)} /> {GROUP_LABELS[g]}
          </label>
        ))}
        <label class="field wide">
          JSON paths{' '}
          <input
            type="text"
            class="filter"
            aria-label="JSON paths to redact"
            placeholder="/forwardedProps/apiKey, /messages/*/content"
            value={paths.value}
            onInput={(e) => (paths.value = (e.currentTarget as HTMLInputElement).value)}
          />
        </label>
      </fieldset>
      <p class="muted">Nothing leaves this browser: the file is saved where you choose, and only there.</p>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          class="button primary"
          data-testid="export-confirm"
          onClick={() => {
            onExport({ format: format.value, ...(chosen && { scope: chosen }), redaction: { groups: chosenGroups, paths: pathList }, strip: { ...strip.value, requestBodies: bodies.value === 'leave' } });
            onClose();
          }}
        >
          {redacting === 0 ? 'Export (unredacted)' : `Export (redacted: ${chosenGroups.map((g) => GROUP_LABELS[g]).concat(pathList).join(', ')})`}
        </button>
      </div>
    </Modal>
  );
}
