import { useSignal } from '@preact/signals';
import type { SessionStore } from '../store/sessionStore';
import { Modal } from './Modal';
import { counted, num } from '../format';
import { tr, trn } from '../../i18n/i18n';
import { type ExportFormatId, type ExportOptions, type ExportScope, FORMATS, type Redaction, REDACTION_GROUPS, type RedactionGroup, sessionContents } from '../../engine/query';
import { TextInput } from './TextInput';

const masked = (n: number) => (n === 0 ? tr('exportDialog.maskedNone') : tr('exportDialog.maskedSome', { n: num(n) }));
const bytes = (n: number) => (n < 1024 ? tr('unit.bytes', { n: num(n) }) : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

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
  if (visible) out.push({ id: 'filter', scope: { label: tr('exportDialog.scopeFilter', { events: counted(eventsIn(frames, visible), 'event') }), indices: visible } });
  const parts = store.query.value.parts();
  for (const { lane, indices } of parts.threads) out.push({ id: `thread:${lane}`, scope: { label: tr('toolbar.thread', { lane }), indices } });
  for (const { run, indices } of parts.runs) out.push({ id: `run:${run.key}`, scope: { label: tr('common.run', { runId: run.runId }), indices: [...indices] } });
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
    <Modal onClose={onClose} title={tr('exportDialog.exportTheSession')} testId="export-dialog">
      <label class="field">
        {tr('exportDialog.what')}{' '}
        <select aria-label={tr('exportDialog.scope')} value={scopeId.value} onChange={(e) => (scopeId.value = (e.currentTarget as HTMLSelectElement).value)} data-testid="export-scope">
          {scopes.map((s) => (
            <option key={s.id} value={s.id}>
              {s.scope ? s.scope.label : tr('exportDialog.scopeAll', { events: counted(c.events, 'event') })}
            </option>
          ))}
        </select>
      </label>
      <fieldset class="choices stacked">
        <legend>{tr('exportDialog.format')}</legend>
        {(Object.keys(FORMATS) as ExportFormatId[]).map((f) => (
          <label key={f}>
            <input type="radio" name="export-format" value={f} checked={format.value === f} onChange={() => (format.value = f)} /> {tr(`exportFormat.${f}`)}{' '}
            <code class="muted">.{FORMATS[f].ext}</code>
          </label>
        ))}
      </fieldset>
      <p>{tr('exportDialog.theFileWillContain')}</p>
      <ul class="contents" data-testid="export-contents">
        <li>
          {tr('exportDialog.everyByteOfThe')} {chosen?.indices ? tr('exportDialog.inScope', { events: counted(eventsIn(store.session.value.frames, chosen.indices), 'event') }) : counted(c.events, 'event')}
          {!chosen && c.otherFrames > 0 ? ` (${trn('exportDialog.otherFrames', c.otherFrames)})` : ''}{' '}{tr('exportDialog.theAgentStreamedOfResponse', { responseBytes: bytes(c.responseBytes) })}</li>
        {metaFormat && (
          <>
            <li class={strip.value.urls ? 'struck' : ''}>{tr('exportDialog.theUrlsOfStream', { streams: c.streams })}{c.streams === 1 ? '' : tr('common.pluralS')}{' '}{tr('exportDialog.andTheirPages', { value: c.hosts.slice(0, 3).join(', ') })}
              {c.hosts.length > 3 ? ', …' : ''}{tr('exportDialog.queryAndFragmentValuesNot', { maskedUrlValues: masked(c.maskedUrlValues) })}</li>
            <li class={strip.value.headers ? 'struck' : ''}>{tr('exportDialog.requestAndResponseHeadersOf', { headers: c.headers })}{c.headers === 1 ? '' : tr('common.pluralS')} {tr('exportDialog.valuesOfHeadersNotKnown')}{' '}
              {masked(c.maskedHeaders)})
            </li>
            <li class={bodies.value === 'leave' ? 'struck' : ''}>
              {tr('exportDialog.requestBod', { bodies: c.bodies })}{c.bodies === 1 ? tr('exportDialog.y') : tr('exportDialog.ies')}{' '}{tr('exportDialog.thePromptsAndConversationThe', { bodyBytes: bytes(c.bodyBytes), maskedBodyValues: masked(c.maskedBodyValues) })}</li>
          </>
        )}
        {c.sentMessages > 0 && (
          <li>
            {tr('exportDialog.message', { sentMessages: c.sentMessages })}{c.sentMessages === 1 ? '' : tr('common.pluralS')}{' '}{tr('exportDialog.thePageSentOverA', { maskedSentValues: masked(c.maskedSentValues) })}</li>
        )}
        <li class="muted" data-testid="export-masking">
          {tr('exportDialog.maskingAppliesToEverythingThis')}
        </li>
        {format.value === 'jsonl' && <li class="muted">{tr('exportDialog.eventsOnlyNoUrlsHeaders')}</li>}
        {format.value === 'sse' && <li class="muted">{tr('exportDialog.eventsOnlyNoUrlsHeaders2')}</li>}
      </ul>
      {metaFormat && (
        <fieldset class="choices" data-testid="export-bodies">
          <legend>{tr('exportDialog.requestBodies')}</legend>
          {(
            [
              ['keep', 'exportDialog.bodiesKeep'],
              ['redact', 'exportDialog.bodiesRedact'],
              ['leave', 'exportDialog.leaveOut'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="export-bodies" value={value} checked={bodies.value === value} onChange={() => (bodies.value = value)} /> {tr(label)}
            </label>
          ))}
        </fieldset>
      )}
      {metaFormat && (
        <fieldset class="choices">
          <legend>{tr('exportDialog.leaveOut')}</legend>
          <label>
            <input type="checkbox" checked={strip.value.headers} onChange={() => toggleStrip('headers')} /> {tr('exportDialog.headers')}
          </label>
          <label>
            <input type="checkbox" checked={strip.value.urls} onChange={() => toggleStrip('urls')} /> {tr('exportDialog.urls')}
          </label>
        </fieldset>
      )}
      <fieldset class="choices" data-testid="redaction">
        <legend>{tr('exportDialog.redactEachStringBecomesRedacted')}</legend>
        {REDACTION_GROUPS.filter((g) => g !== 'requestBodies').map((g) => (
          <label key={g}>
            <input type="checkbox" checked={groups.value.has(g)} onChange={() => toggleGroup(g)} /> {tr(`redaction.${g}`)}
          </label>
        ))}
        <label class="field wide">
          {tr('exportDialog.jsonPaths')}{' '}
          <TextInput bound={paths} label={tr('exportDialog.jsonPathsToRedact')} placeholder={tr('exportDialog.forwardedpropsApikeyMessagesContent')} />
        </label>
      </fieldset>
      <p class="muted">{tr('exportDialog.nothingLeavesThisBrowserThe')}</p>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={onClose}>
          {tr('common.cancel')}
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
          {redacting === 0 ? tr('exportDialog.exportUnredacted') : tr('exportDialog.exportRedacted', { what: chosenGroups.map((g) => tr(`redaction.${g}`)).concat(pathList).join(', ') })}
        </button>
      </div>
    </Modal>
  );
}
