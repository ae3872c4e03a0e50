import { type Signal, useSignal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import type { ReplayRule } from '../../bridge/messages';
import type { ReplayControl, ReplaySource } from '../pageReplay/replayControl';
import type { SessionStore } from '../store/sessionStore';
import { Modal } from './Modal';
import { type MessageKey, tr } from '../../i18n/i18n';
import { bytesToBase64, CONTENT_TYPE, eventsOfStream, originOf, type Problem, type ReplayScript, replayValues, type RunEntity, scriptFromEvents, scriptFromStream, type Session, type UrlMatch } from '../../engine/query';

type Pace = ReplayRule['pace'];
const PACES: [Pace, MessageKey][] = [
  ['original', 'pace.original'],
  ['2x', 'pace.2x'],
  ['10x', 'pace.10x'],
  ['instant', 'pace.instant'],
  ['step', 'pace.step'],
];

/** Events as the editor shows them: a JSON array, one event a line. */
const toText = (events: readonly unknown[]): string => `[\n${events.map((e) => JSON.stringify(e)).join(',\n')}\n]`;

/** The editor's text read back: the events, or where the JSON breaks. */
function parseEvents(text: string): { events: unknown[] } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return { error: tr('replayDialog.notArray') };
    return { events: value };
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
    return { error: line ? tr('replayDialog.invalidJsonAt', { line, message }) : tr('replayDialog.invalidJson', { message }) };
  }
}

/** An edited copy: its events (or where its JSON breaks) and the problems the verifier finds in them. */
function checkEdit(editing: boolean, text: string): { parsed: ReturnType<typeof parseEvents> | null; problems: Problem[] } {
  if (!editing) return { parsed: null, problems: [] };
  const parsed = parseEvents(text);
  return { parsed, problems: 'events' in parsed ? replayValues(parsed.events).replay.problems : [] };
}

/** The recorded URL as a pattern: values the capture masked ("[redacted]") match anything (a glob). */
const patternOf = (url: string): { url: string; match: UrlMatch } => (url.includes(MASK) ? { url: url.split(MASK).join('*'), match: 'glob' } : { url, match: 'exact' });
const MASK = '[redacted]';

const newId = (): string => {
  const b = new Uint8Array(8);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
};

/**
 * "Replay to page": which run, which requests it answers (URL pattern, method, next or every), at what pace, and
 * optionally an edited copy of its events, checked live by the verifier. Arm sends the rule to this tab only.
 */
export function ReplayDialog({
  store,
  control,
  pageUrl,
  runKey: asked,
  onClose,
}: {
  store: SessionStore;
  control: ReplayControl;
  /** The inspected tab's page: the rule answers pages of its origin only. */
  pageUrl: string;
  runKey?: number;
  onClose(): void;
}) {
  const session = store.session.value;
  const q = store.query.value;
  const runs = q.allRuns.filter((r) => {
    const info = q.streamOf(r);
    return info && info.format !== 'json' && info.transport !== 'websocket';
  });
  const current = store.current.value;
  const currentRun = current === null ? undefined : q.runAt(current)?.key;
  const initial = runs.find((r) => r.key === asked) ?? runs.find((r) => r.key === currentRun) ?? runs[runs.length - 1];
  const runKey = useSignal(initial?.key ?? -1);
  const run = runs.find((r) => r.key === runKey.value);
  const info = run ? session.streams.get(run.streamId)?.info : undefined;
  const url = useSignal(patternOf(info?.url ?? '').url);
  const match = useSignal<UrlMatch>(patternOf(info?.url ?? '').match);
  const method = useSignal(info?.method ?? 'POST');
  const every = useSignal(false);
  const pace = useSignal<Pace>('original');
  const editing = useSignal(run ? control.edits.has(run.streamId) : false);
  const recorded = useMemo(() => (run ? eventsOfStream(session, run.streamId) : { events: [], delays: [] }), [session, run?.streamId]);
  const text = useSignal(run ? (control.edits.get(run.streamId) ?? toText(recorded.events)) : '');
  const at = useSignal('1');
  /** Also answer the requests after it with the thread's later runs, one each (an interrupt and its resume). */
  const queue = useSignal(false);
  const failure = useSignal('');
  /** Also the page's frames of the same origin (not only its top document). */
  const frames = useSignal(false);
  // The page the rule answers: the tab's, or (unknown) the page the run was recorded on.
  const origin = originOf(pageUrl) || originOf(info?.frameUrl ?? '') || originOf(info?.url ?? '');
  /** What the page will be sent, as it will parse it (the recording as recorded; built once per run). */
  const recordedScript = useMemo(() => {
    try {
      return run ? scriptFromStream(session, run.streamId) : undefined;
    } catch {
      return undefined;
    }
  }, [session, run?.streamId]);

  const chooseRun = (key: number) => {
    runKey.value = key;
    const r = runs.find((x) => x.key === key);
    const i = r ? session.streams.get(r.streamId)?.info : undefined;
    url.value = patternOf(i?.url ?? '').url;
    match.value = patternOf(i?.url ?? '').match;
    method.value = i?.method ?? 'POST';
    editing.value = r ? control.edits.has(r.streamId) : false;
    text.value = r ? (control.edits.get(r.streamId) ?? toText(eventsOfStream(session, r.streamId).events)) : '';
  };

  // Built once per run and per edit, not per render: the edited copy is checked by replaying it.
  const original = useMemo(() => toText(recorded.events), [recorded]);
  const edited = editing.value && text.value !== original;
  const { parsed, problems } = useMemo(() => checkEdit(editing.value, text.value), [editing.value, text.value]);

  const setText = (next: string) => {
    text.value = next;
    if (run) control.edits.set(run.streamId, next);
  };
  /** Quick edits on event N (1-based, as the editor's lines after the bracket). */
  const quick = (how: 'drop' | 'cut' | 'error') => {
    if (parsed && 'events' in parsed) setText(toText(quickEdit(parsed.events, Number(at.value) || 1, how)));
  };

  const later = run ? runs.filter((r) => r.lane === run.lane && r.start > run.start) : [];
  const arm = () => {
    if (!run || !info) return;
    try {
      const rule = { url: url.value.trim(), match: match.value, method: method.value.trim().toUpperCase(), every: every.value, pace: pace.value, origin, frames: frames.value };
      const edit = edited && parsed ? { parsed, delays: recorded.delays } : undefined;
      for (const [r, source] of rulesToArm(session, run, queue.value && !every.value ? later : [], rule, edit)) control.arm(r, source);
    } catch (error) {
      failure.value = (error as Error).message;
      return;
    }
    onClose();
  };

  return (
    <Modal onClose={onClose} title={tr('common.replayToPage')} testId="replay-dialog" wide>
      {runs.length === 0 ? (
        <p>{tr('replayDialog.noRunToReplayRecord')}</p>
      ) : (
        <>
          <p class="muted">
            {tr('replayDialog.theNextMatchingRequestOf')}
          </p>
          <RunAndPattern runs={runs} runKey={runKey.value} chooseRun={chooseRun} url={url} match={match} method={method} session={session} edits={control.edits} />
          <ParseNote script={recordedScript} />
          <WhichPage origin={origin} frames={frames} />
          <WhichRequest every={every} queue={queue} later={later.length} />
          <label class="field">
            {tr('replayDialog.pace')}{' '}
            <select aria-label={tr('replayDialog.pace')} value={pace.value} onChange={(e) => (pace.value = (e.currentTarget as HTMLSelectElement).value as Pace)} data-testid="replay-pace">
              {PACES.map(([p, label]) => (
                <option key={p} value={p}>
                  {tr(label)}
                </option>
              ))}
            </select>
          </label>
          <label class="check">
            <input type="checkbox" checked={editing.value} onChange={() => (editing.value = !editing.value)} data-testid="replay-edit" /> {tr('replayDialog.editTheEventsBeforeReplaying')}
          </label>
          {editing.value && <EventEditor text={text.value} setText={setText} original={original} edited={edited} parsed={parsed} problems={problems} at={at} quick={quick} />}
          {failure.value && <p class="error-text">{failure.value}</p>}
          <div class="dialog-actions">
            <button type="button" class="button" onClick={onClose}>
              {tr('common.cancel')}
            </button>
            <button type="button" class="button primary" onClick={arm} disabled={!run || !origin || url.value.trim() === '' || (parsed !== null && 'error' in parsed)} data-testid="replay-arm">
              {tr('replayDialog.arm')}{edited ? tr('replayDialog.editedCopy') : ''}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

/** The edited copy of a run's events: quick edits at event N, the JSON, and what the verifier finds in it. */
function EventEditor({
  text,
  setText,
  original,
  edited,
  parsed,
  problems,
  at,
  quick,
}: {
  text: string;
  setText(next: string): void;
  original: string;
  edited: boolean;
  parsed: ReturnType<typeof parseEvents> | null;
  problems: Problem[];
  at: Signal<string>;
  quick(how: 'drop' | 'cut' | 'error'): void;
}) {
  const errors = problems.filter((p) => p.severity === 'error').length;
  return (
    <div class="replay-editor">
      <div class="toolbar-row wrap">
        <label class="field">
          {tr('tab.event')}{' '}
          <input type="number" min={1} size={4} aria-label={tr('replayDialog.eventNumber')} value={at.value} onInput={(e) => (at.value = (e.currentTarget as HTMLInputElement).value)} data-testid="replay-at" />
        </label>
        <button type="button" class="button" onClick={() => quick('drop')} data-testid="replay-drop">
          {tr('replayDialog.dropIt')}
        </button>
        <button type="button" class="button" onClick={() => quick('cut')} title={tr('replayDialog.simulatesADroppedConnection')} data-testid="replay-cut">
          {tr('replayDialog.cutTheStreamAfterIt')}
        </button>
        <button type="button" class="button" onClick={() => quick('error')} data-testid="replay-inject-error">
          {tr('replayDialog.injectRunErrorAfterIt')}
        </button>
        <button type="button" class="link" onClick={() => setText(original)} disabled={!edited}>
          {tr('replayDialog.backToTheRecording')}
        </button>
      </div>
      <textarea
        class="replay-text"
        aria-label={tr('replayDialog.eventsAJsonArray')}
        spellcheck={false}
        value={text}
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        data-testid="replay-text"
      />
      <div class="replay-problems" data-testid="replay-problems" role="status">
        {parsed && 'error' in parsed ? (
          <span class="error-text">{parsed.error}</span>
        ) : problems.length === 0 ? (
          <span class="muted">{edited ? tr('replayDialog.editedCopyNoProtocolProblem') : tr('replayDialog.asRecordedNoProtocolProblem')}</span>
        ) : (
          <>
            <span class={errors ? 'error-text' : ''}>
              {edited ? tr('replayDialog.editedCopy2') : tr('replayDialog.asRecorded')}{tr('replayDialog.error', { errors })}{errors === 1 ? '' : tr('common.pluralS')}{tr('replayDialog.andOthers', { value: problems.length - errors })}{errors ? tr('replayDialog.replayedAsIsThePage') : ''}
            </span>
            <ul>
              {problems.slice(0, 20).map((p, i) => (
                <li key={i} class={p.severity === 'error' ? 'error-text' : ''}>{tr('replayDialog.event', { value: p.eventIndex + 1, message: p.message })} <code class="muted">{p.ruleId}</code>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

/** How the page will parse what it is sent (the content type is the decoded format's; a mismatch is said). */
function ParseNote({ script: recordedScript }: { script: ReplayScript | undefined }) {
  return (
    <p class="muted" data-testid="replay-parse">
      {recordedScript ? (
        <>
          {tr('replayDialog.thePageWillReadIt')} {recordedScript.format === 'proto' ? tr('replayDialog.protobuf') : tr('replayDialog.sse')} (<code>{recordedScript.contentType}</code>):{' '}
          {tr('replayDialog.event2', { length: recordedScript.steps.length })}{recordedScript.steps.length === 1 ? '' : tr('common.pluralS')}{tr('replayDialog.asThePanelShowsThem')}
          {recordedScript.contentTypeNote && <span class="error-text" data-testid="replay-content-type-note"> {recordedScript.contentTypeNote}</span>}
        </>
      ) : (
        tr('replayDialog.readAsSse', { type: CONTENT_TYPE.sse })
      )}
    </p>
  );
}

/** The page a rule answers: its origin's top document, and its frames of that origin if the user says so. */
function WhichPage({ origin, frames }: { origin: string; frames: Signal<boolean> }) {
  return (
    <fieldset class="choices" data-testid="replay-where">
      <legend>{tr('replayDialog.whichPage')}</legend>
      {origin ? (
        <>
          <span>
            {tr('replayDialog.pagesOf')} <code data-testid="replay-origin">{origin}</code> {tr('replayDialog.onlyTheTabSTop')}
          </span>
          <label class="wide">
            <input type="checkbox" checked={frames.value} onChange={() => (frames.value = !frames.value)} data-testid="replay-frames" /> {tr('replayDialog.alsoItsFramesOfThe')}
          </label>
        </>
      ) : (
        <span class="error-text">{tr('replayDialog.theTabSPageHas')}</span>
      )}
    </fieldset>
  );
}

/** The next request only or every one, and the thread's later runs for the requests after it. */
function WhichRequest({ every, queue, later: n }: { every: Signal<boolean>; queue: Signal<boolean>; later: number }) {
  return (
    <fieldset class="choices">
      <legend>{tr('replayDialog.whichRequest')}</legend>
      <label>
        <input type="radio" name="replay-every" checked={!every.value} onChange={() => (every.value = false)} /> {tr('replayDialog.theNextOneOnly')}
      </label>
      <label>
        <input type="radio" name="replay-every" checked={every.value} onChange={() => (every.value = true)} data-testid="replay-every" /> {tr('replayDialog.everyOneUntilDisarmed')}
      </label>
      {n > 0 && !every.value && (
        <label class="wide">
          <input type="checkbox" checked={queue.value} onChange={() => (queue.value = !queue.value)} data-testid="replay-queue" />{' '}{tr('replayDialog.andThe', { n })}{' '}
          {tr('replayDialog.request')}{n === 1 ? '' : tr('common.pluralS')} {tr('replayDialog.afterItWithTheThread')}{n === 1 ? '' : tr('common.pluralS')}{tr('replayDialog.oneEachAResumeA')}
        </label>
      )}
    </fieldset>
  );
}

type RuleChoice = Pick<ReplayRule, 'url' | 'match' | 'method' | 'every' | 'pace' | 'origin' | 'frames'>;

/**
 * The rules "Arm" makes: the run (as recorded, or its edited copy encoded as the recording was), then, one each, the
 * thread's later runs for the requests after it. Throws, saying why, when the edited copy cannot be sent.
 */
function rulesToArm(
  session: Session,
  run: RunEntity,
  queued: readonly RunEntity[],
  choice: RuleChoice,
  edit: { parsed: ReturnType<typeof parseEvents>; delays: readonly number[] } | undefined,
): [ReplayRule, ReplaySource][] {
  let script: ReplayScript;
  if (edit) {
    if (!('events' in edit.parsed)) throw new Error(edit.parsed.error);
    const { steps: _, ...like } = scriptFromStream(session, run.streamId);
    script = scriptFromEvents(edit.parsed.events, like, edit.delays);
  } else script = scriptFromStream(session, run.streamId);
  const ruleOf = (s: ReplayScript, label: string): ReplayRule => ({
    id: newId(),
    label,
    ...choice,
    status: Math.min(599, Math.max(200, s.status)),
    statusText: s.statusText,
    contentType: s.contentType,
    steps: s.steps.map((x) => ({ base64: bytesToBase64(x.bytes), delay: x.delay, type: x.type.slice(0, 128) })),
    armedAt: Date.now(),
  });
  const of = queued.length ? ` (${tr('replayDialog.nOf', { n: 1, of: queued.length + 1 })})` : '';
  const sourceOf = (r: RunEntity, label: string, edited: boolean): ReplaySource => {
    const body = session.streams.get(r.streamId)?.info.requestBody;
    return { streamId: r.streamId, label, edited, ...(body !== undefined && { requestBody: body }) };
  };
  const label = `${tr('common.run', { runId: run.runId })}${edit ? tr('replayDialog.editedCopy') : ''}${of}`;
  const out: [ReplayRule, ReplaySource][] = [[ruleOf(script, label), sourceOf(run, label, edit !== undefined)]];
  queued.forEach((r, i) => {
    const text = `${tr('common.run', { runId: r.runId })} (${tr('replayDialog.nOf', { n: i + 2, of: queued.length + 1 })})`;
    out.push([ruleOf(scriptFromStream(session, r.streamId), text), sourceOf(r, text, false)]);
  });
  return out;
}

/** Event N (1-based) dropped, the stream cut after it (a dropped connection), or a RUN_ERROR injected after it. */
function quickEdit(events: readonly unknown[], at: number, how: 'drop' | 'cut' | 'error'): unknown[] {
  const n = Math.max(1, Math.min(events.length, at));
  const out = [...events];
  if (how === 'drop') out.splice(n - 1, 1);
  else if (how === 'cut') out.length = n;
  else out.splice(n, 0, { type: 'RUN_ERROR', message: 'Injected by AG-UI DevTools (Replay to page)', code: 'INJECTED' });
  return out;
}

/** Which run, and the requests it answers: the URL pattern (prefilled from the recording), how it matches, the method. */
function RunAndPattern({
  runs,
  runKey,
  chooseRun,
  url,
  match,
  method,
  session,
  edits,
}: {
  runs: readonly RunEntity[];
  runKey: number;
  chooseRun(key: number): void;
  url: Signal<string>;
  match: Signal<UrlMatch>;
  method: Signal<string>;
  session: Session;
  edits: ReadonlyMap<string, string>;
}) {
  return (
    <>
      <label class="field">
        {tr('common.runLabel')}{' '}
        <select aria-label={tr('common.runLabel')} value={String(runKey)} onChange={(e) => chooseRun(Number((e.currentTarget as HTMLSelectElement).value))} data-testid="replay-run">
          {runs.map((r) => (
            <option key={r.key} value={String(r.key)}>{tr('replayDialog.run', { runId: r.runId, status: r.status, format: session.streams.get(r.streamId)?.info.format })}
              {edits.has(r.streamId) ? tr('replayDialog.edited') : ''}
            </option>
          ))}
        </select>
      </label>
      <div class="field-row">
        <label class="field grow">
          {tr('replayDialog.url')}{' '}
          <input type="text" aria-label={tr('replayDialog.urlPattern')} value={url.value} onInput={(e) => (url.value = (e.currentTarget as HTMLInputElement).value)} data-testid="replay-url" />
        </label>
        <label class="field">
          {tr('replayDialog.match')}{' '}
          <select aria-label={tr('replayDialog.urlMatch')} value={match.value} onChange={(e) => (match.value = (e.currentTarget as HTMLSelectElement).value as UrlMatch)} data-testid="replay-match">
            <option value="exact">{tr('replayDialog.exactUrl')}</option>
            <option value="prefix">{tr('common.startsWith')}</option>
            <option value="glob">{tr('replayDialog.globAny')}</option>
          </select>
        </label>
        <label class="field">
          {tr('replayDialog.method')}{' '}
          <input type="text" size={6} aria-label={tr('replayDialog.methodEmptyAny')} value={method.value} onInput={(e) => (method.value = (e.currentTarget as HTMLInputElement).value)} />
        </label>
      </div>
    </>
  );
}
