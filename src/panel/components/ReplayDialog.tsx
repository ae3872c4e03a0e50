import { type Signal, useSignal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import type { ReplayRule } from '../../bridge/messages';
import { replayValues } from '../../engine/session/fromEvents';
import { CONTENT_TYPE, eventsOfStream, type ReplayScript, scriptFromEvents, scriptFromStream } from '../../engine/session/replayScript';
import { originOf, type UrlMatch } from '../../engine/session/urlMatch';
import { bytesToBase64 } from '../../engine/util/base64';
import type { Problem } from '../../engine/verify/rules';
import type { ReplayControl, ReplaySource } from '../replay/replayControl';
import type { RunEntity } from '../../engine/replay/timeline';
import type { Session } from '../../engine/session/session';
import type { SessionStore } from '../store/sessionStore';
import { Modal } from './Modal';

type Pace = ReplayRule['pace'];
const PACES: [Pace, string][] = [
  ['original', 'original timing'],
  ['2x', '2× faster'],
  ['10x', '10× faster'],
  ['instant', 'instant'],
  ['step', 'step by step (Next event)'],
];

/** Events as the editor shows them: a JSON array, one event a line. */
const toText = (events: readonly unknown[]): string => `[\n${events.map((e) => JSON.stringify(e)).join(',\n')}\n]`;

/** The editor's text read back: the events, or where the JSON breaks. */
function parseEvents(text: string): { events: unknown[] } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return { error: 'The events must be a JSON array: [ {"type": …}, … ]' };
    return { events: value };
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
    return { error: `Not valid JSON${line ? ` (line ${line})` : ''}: ${message}` };
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
  const runs = store.replay.value.timeline.runs.filter((r) => {
    const info = session.streams.get(r.streamId)?.info;
    return info && info.format !== 'json' && info.transport !== 'websocket';
  });
  const current = store.current.value;
  const currentRun = current === null ? undefined : store.replay.value.timeline.runAt(current)?.key;
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
    <Modal onClose={onClose} title="Replay to page" testId="replay-dialog" wide>
      {runs.length === 0 ? (
        <p>No run to replay: record one (or import a session) first. WebSocket streams cannot be replayed.</p>
      ) : (
        <>
          <p class="muted">
            The next matching request of this tab (fetch) is answered with the recorded stream, in its own encoding and with its status, without the
            network. Armed rules survive a reload of the page and end when you disarm them or close this panel.
          </p>
          <RunAndPattern runs={runs} runKey={runKey.value} chooseRun={chooseRun} url={url} match={match} method={method} session={session} edits={control.edits} />
          <ParseNote script={recordedScript} />
          <WhichPage origin={origin} frames={frames} />
          <WhichRequest every={every} queue={queue} later={later.length} />
          <label class="field">
            Pace{' '}
            <select aria-label="Pace" value={pace.value} onChange={(e) => (pace.value = (e.currentTarget as HTMLSelectElement).value as Pace)} data-testid="replay-pace">
              {PACES.map(([p, label]) => (
                <option key={p} value={p}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label class="check">
            <input type="checkbox" checked={editing.value} onChange={() => (editing.value = !editing.value)} data-testid="replay-edit" /> Edit the events before
            replaying (an edited copy; the recording stays as it is)
          </label>
          {editing.value && <EventEditor text={text.value} setText={setText} original={original} edited={edited} parsed={parsed} problems={problems} at={at} quick={quick} />}
          {failure.value && <p class="error-text">{failure.value}</p>}
          <div class="dialog-actions">
            <button type="button" class="button" onClick={onClose}>
              Cancel
            </button>
            <button type="button" class="button primary" onClick={arm} disabled={!run || !origin || url.value.trim() === '' || (parsed !== null && 'error' in parsed)} data-testid="replay-arm">
              Arm{edited ? ' (edited copy)' : ''}
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
          Event{' '}
          <input type="number" min={1} size={4} aria-label="Event number" value={at.value} onInput={(e) => (at.value = (e.currentTarget as HTMLInputElement).value)} data-testid="replay-at" />
        </label>
        <button type="button" class="button" onClick={() => quick('drop')} data-testid="replay-drop">
          Drop it
        </button>
        <button type="button" class="button" onClick={() => quick('cut')} title="Simulates a dropped connection" data-testid="replay-cut">
          Cut the stream after it
        </button>
        <button type="button" class="button" onClick={() => quick('error')} data-testid="replay-inject-error">
          Inject RUN_ERROR after it
        </button>
        <button type="button" class="link" onClick={() => setText(original)} disabled={!edited}>
          back to the recording
        </button>
      </div>
      <textarea
        class="replay-text"
        aria-label="Events (a JSON array)"
        spellcheck={false}
        value={text}
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        data-testid="replay-text"
      />
      <div class="replay-problems" data-testid="replay-problems" role="status">
        {parsed && 'error' in parsed ? (
          <span class="error-text">{parsed.error}</span>
        ) : problems.length === 0 ? (
          <span class="muted">{edited ? 'Edited copy: no protocol problem.' : 'As recorded: no protocol problem.'}</span>
        ) : (
          <>
            <span class={errors ? 'error-text' : ''}>
              {edited ? 'Edited copy' : 'As recorded'}: {errors} error{errors === 1 ? '' : 's'}, {problems.length - errors} other
              {errors ? ' (replayed as is: the page meets them as from a broken agent)' : ''}
            </span>
            <ul>
              {problems.slice(0, 20).map((p, i) => (
                <li key={i} class={p.severity === 'error' ? 'error-text' : ''}>
                  event {p.eventIndex + 1}: {p.message} <code class="muted">{p.ruleId}</code>
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
          The page will read it as {recordedScript.format === 'proto' ? 'protobuf' : 'SSE'} (<code>{recordedScript.contentType}</code>):{' '}
          {recordedScript.steps.length} event{recordedScript.steps.length === 1 ? '' : 's'}, as the panel shows them.
          {recordedScript.contentTypeNote && <span class="error-text" data-testid="replay-content-type-note"> {recordedScript.contentTypeNote}</span>}
        </>
      ) : (
        `The page will read it as SSE (${CONTENT_TYPE.sse}).`
      )}
    </p>
  );
}

/** The page a rule answers: its origin's top document, and its frames of that origin if the user says so. */
function WhichPage({ origin, frames }: { origin: string; frames: Signal<boolean> }) {
  return (
    <fieldset class="choices" data-testid="replay-where">
      <legend>Which page</legend>
      {origin ? (
        <>
          <span>
            Pages of <code data-testid="replay-origin">{origin}</code> only (the tab's top document); another origin in the tab, or a
            navigation to one, is never answered.
          </span>
          <label class="wide">
            <input type="checkbox" checked={frames.value} onChange={() => (frames.value = !frames.value)} data-testid="replay-frames" /> also its frames of
            the same origin
          </label>
        </>
      ) : (
        <span class="error-text">The tab's page has no origin a rule could answer (open the page first).</span>
      )}
    </fieldset>
  );
}

/** The next request only or every one, and the thread's later runs for the requests after it. */
function WhichRequest({ every, queue, later: n }: { every: Signal<boolean>; queue: Signal<boolean>; later: number }) {
  return (
    <fieldset class="choices">
      <legend>Which request</legend>
      <label>
        <input type="radio" name="replay-every" checked={!every.value} onChange={() => (every.value = false)} /> the next one only
      </label>
      <label>
        <input type="radio" name="replay-every" checked={every.value} onChange={() => (every.value = true)} data-testid="replay-every" /> every one until disarmed
      </label>
      {n > 0 && !every.value && (
        <label class="wide">
          <input type="checkbox" checked={queue.value} onChange={() => (queue.value = !queue.value)} data-testid="replay-queue" /> and the {n}{' '}
          request{n === 1 ? '' : 's'} after it with the thread's later run{n === 1 ? '' : 's'}, one each (a resume, a follow-up)
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
  const of = queued.length ? ` (1 of ${queued.length + 1})` : '';
  const sourceOf = (r: RunEntity, label: string, edited: boolean): ReplaySource => {
    const body = session.streams.get(r.streamId)?.info.requestBody;
    return { streamId: r.streamId, label, edited, ...(body !== undefined && { requestBody: body }) };
  };
  const label = `run ${run.runId}${edit ? ' (edited copy)' : ''}${of}`;
  const out: [ReplayRule, ReplaySource][] = [[ruleOf(script, label), sourceOf(run, label, edit !== undefined)]];
  queued.forEach((r, i) => {
    const text = `run ${r.runId} (${i + 2} of ${queued.length + 1})`;
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
        Run{' '}
        <select aria-label="Run" value={String(runKey)} onChange={(e) => chooseRun(Number((e.currentTarget as HTMLSelectElement).value))} data-testid="replay-run">
          {runs.map((r) => (
            <option key={r.key} value={String(r.key)}>
              run {r.runId} · {r.status} · {session.streams.get(r.streamId)?.info.format}
              {edits.has(r.streamId) ? ' · edited' : ''}
            </option>
          ))}
        </select>
      </label>
      <div class="field-row">
        <label class="field grow">
          URL{' '}
          <input type="text" aria-label="URL pattern" value={url.value} onInput={(e) => (url.value = (e.currentTarget as HTMLInputElement).value)} data-testid="replay-url" />
        </label>
        <label class="field">
          Match{' '}
          <select aria-label="URL match" value={match.value} onChange={(e) => (match.value = (e.currentTarget as HTMLSelectElement).value as UrlMatch)} data-testid="replay-match">
            <option value="exact">exact URL</option>
            <option value="prefix">starts with</option>
            <option value="glob">glob (* any)</option>
          </select>
        </label>
        <label class="field">
          Method{' '}
          <input type="text" size={6} aria-label="Method (empty: any)" value={method.value} onInput={(e) => (method.value = (e.currentTarget as HTMLInputElement).value)} />
        </label>
      </div>
    </>
  );
}
