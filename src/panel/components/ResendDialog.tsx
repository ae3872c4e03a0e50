import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import type { ResendControl, ResendPlan } from '../debugger/resendControl';
import type { SessionStore } from '../store/sessionStore';
import { Modal } from './Modal';
import { type MessageKey, tr } from '../../i18n/i18n';
import { MAX_DEPTH, type StreamInfo, textDeeperThan } from '../../engine/query';

type Input = { messages?: { id?: string; role?: string; content?: unknown }[]; tools?: { name?: string }[]; state?: unknown; [k: string]: unknown };

const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

/** The editor's text read: the input, or where its JSON breaks; and what the schema says of it. */
function check(text: string): { input?: Input; error?: string; issues: string[] } {
  if (textDeeperThan(text, MAX_DEPTH)) return { error: tr('resendDialog.tooDeep', { n: MAX_DEPTH }), issues: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: tr('replayDialog.invalidJson', { message: (error as Error).message }), issues: [] };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: tr('resendDialog.notObject'), issues: [] };
  const parsed = RunAgentInputSchema.safeParse(value);
  const issues = parsed.success ? [] : parsed.error.issues.slice(0, 6).map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  return { input: value as Input, issues };
}

const lastUser = (input: Input | undefined): number => {
  const messages = input?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'user') return i;
  return -1;
};

/** Why this run's request cannot be sent again, or undefined when it can. */
function unavailable(hasRun: boolean, stream: StreamInfo | undefined, imported: boolean): string | undefined {
  if (!hasRun || !stream) return tr('resendDialog.noRun');
  if (imported) return tr('resendDialog.imported');
  if (stream.transport !== 'fetch') return tr('resendDialog.onlyFetch', { transport: stream.transport });
  if (stream.requestBody === undefined) return tr('resendDialog.noBody');
  if (stream.requestBodyBytes !== undefined) return tr('resendDialog.bodyTooLarge');
  return undefined;
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** The credentials the resend goes with (the page's request's) and the cookies that come with them, as the page knows them. */
function Carries({ stream, plan }: { stream: StreamInfo; plan: ResendPlan | null }) {
  const target = originOf(stream.url) ?? stream.url;
  const sameOrigin = originOf(stream.url) !== undefined && originOf(stream.url) === originOf(stream.frameUrl);
  const cookies = !plan?.answered
    ? tr('resendDialog.cookiesAsking')
    : plan.error !== undefined
      ? plan.error
      : plan.cookies === undefined
      ? tr('resendDialog.cookiesOther', { origin: target })
      : plan.cookies.length > 0
        ? tr('resendDialog.cookiesNamed', { origin: target, names: plan.cookies.join(', ') })
        : stream.credentials !== 'omit' && sameOrigin
          ? tr('resendDialog.cookiesNoneVisible', { origin: target })
          : tr('resendDialog.cookiesNone');
  return (
    <p class="muted" data-testid="resend-credentials">
      {stream.credentials ? tr('resendDialog.credentials', { credentials: stream.credentials, mode: stream.mode ?? 'cors' }) : tr('resendDialog.credentialsUnknown')} <span data-testid="resend-cookies">{cookies}</span>
    </p>
  );
}

const byteLength = (text: string): number => new TextEncoder().encode(text).length;

/** Whether the text sent is the page's bytes, the same JSON written differently, or an edit; and a way back to the bytes. */
function BodyNote({ text, original, useOriginal }: { text: string; original: string; useOriginal(): void }) {
  if (text === original) return <p class="muted" data-testid="resend-body-note">{tr('resendDialog.bodyOriginal', { n: byteLength(original).toLocaleString() })}</p>;
  let same = false;
  try {
    same = JSON.stringify(JSON.parse(text)) === JSON.stringify(JSON.parse(original));
  } catch {
    // Not JSON on one side: an edit.
  }
  const counts = { m: byteLength(text).toLocaleString(), n: byteLength(original).toLocaleString() };
  return (
    <p class="muted" data-testid="resend-body-note">
      {tr(same ? 'resendDialog.bodyReformatted' : 'resendDialog.bodyEdited', counts)}{' '}
      <button type="button" class="link" onClick={useOriginal} data-testid="resend-use-page-bytes">
        {tr('resendDialog.usePageBytes')}
      </button>
    </p>
  );
}

const STATES: Record<string, MessageKey> = { sending: 'resendDialog.sending', receiving: 'resendDialog.receiving', done: 'resendDialog.done', failed: 'resendDialog.failed', cancelled: 'resendDialog.cancelled' };

/**
 * "Resend…": a run's RunAgentInput in an editor, checked live with @ag-ui/core's schema, with quick edits; Send asks
 * the page's document to make the request again (its URL, method and headers as the page sent them, its cookies) and
 * captures the answer as a stream labelled "resent", which the page's code never sees. Then Compare with the original.
 */
export function ResendDialog({ store, control, runKey, onClose }: { store: SessionStore; control: ResendControl; runKey: number; onClose(): void }) {
  const q = store.query.value;
  const run = q.run(runKey);
  const stream = run ? q.streamOf(run) : undefined;
  const original = useMemo(() => {
    const body = stream?.requestBody;
    if (body === undefined) return undefined;
    try {
      return pretty(JSON.parse(body));
    } catch {
      return body;
    }
  }, [stream?.requestBody]);
  const text = useSignal(original ?? '');
  const checked = useMemo(() => check(text.value), [text.value]);
  const job = control.job.value;
  const busy = job !== null && (job.status.state === 'sending' || job.status.state === 'receiving');
  const edit = (change: (input: Input) => void) => {
    if (!checked.input) return;
    const next = structuredClone(checked.input);
    change(next);
    text.value = pretty(next);
  };
  const answer = control.answerStream();
  const answerRun = answer ? q.allRuns.find((r) => r.streamId === answer) : undefined;
  const why = unavailable(run !== undefined, stream, store.imported.value !== null);
  const streamId = run?.streamId;
  useEffect(() => {
    if (streamId !== undefined && !why) control.askPlan(streamId);
  }, [streamId, why === undefined]);
  const plan = control.plan.value?.streamId === streamId ? control.plan.value : null;
  return (
    <Modal title={tr('runsTab.resendRun', { runId: run?.runId ?? '' })} testId="resend-dialog" wide onClose={onClose}>
      {why ? (
        <p class="error-text" data-testid="resend-unavailable">
          {why}
        </p>
      ) : (
        <>
          <p class="muted">
            {tr('resendDialog.sentFromThePageS')} <code>{stream!.method} {stream!.url}</code>{tr('resendDialog.withTheHeadersThePage')} <b>{tr('common.resent')}</b>{tr('resendDialog.thePageSCodeNever')}
          </p>
          <details>
            <summary>{tr('resendDialog.requestHeaders', { length: stream!.requestHeaders.length })}</summary>
            <table class="diff-table" data-testid="resend-headers">
              <tbody>
                {stream!.requestHeaders.map(([k, v], i) => (
                  <tr key={i}>
                    <td>
                      <code>{k}</code>
                    </td>
                    <td>{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <Carries stream={stream!} plan={plan} />
          {original?.includes('[redacted]') && <p class="muted">{tr('resendDialog.valuesTheCaptureMasked')}<code>[redacted]</code>{tr('resendDialog.areSentAsTheyRead')}</p>}
          <QuickEdits input={checked.input} edit={edit} changed={text.value !== original} undo={() => (text.value = original ?? '')} />
          <textarea
            class="replay-text"
            spellcheck={false}
            aria-label={tr('resendDialog.runagentinput')}
            value={text.value}
            onInput={(e) => (text.value = (e.currentTarget as HTMLTextAreaElement).value)}
            data-testid="resend-input"
          />
          <BodyNote text={text.value} original={stream!.requestBody!} useOriginal={() => (text.value = stream!.requestBody!)} />
          {checked.error && <p class="error-text">{checked.error}</p>}
          {checked.issues.length > 0 && (
            <ul class="error-text" data-testid="resend-issues">
              {checked.issues.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          )}
          <div class="dialog-actions">
            <button type="button" class="button primary" disabled={busy || checked.error !== undefined || checked.issues.length > 0} onClick={() => control.send(run!.streamId, text.value)} data-testid="resend-send">
              {tr('resendDialog.send')}
            </button>
            {busy && (
              <button type="button" class="button" onClick={() => control.cancel()} data-testid="resend-cancel">
                {tr('common.cancel')}
              </button>
            )}
            {job && job.streamId === run!.streamId && (
              <span class={job.status.state === 'failed' ? 'error-text' : 'muted'} role="status" data-testid="resend-status">
                {STATES[job.status.state] ? tr(STATES[job.status.state]!) : job.status.state}
                {job.status.status !== undefined && ` · ${job.status.status} ${job.status.statusText ?? ''}`}
                {job.status.error && ` · ${job.status.error}`}
              </span>
            )}
            {answerRun && job?.streamId === run!.streamId && (
              <button
                type="button"
                class="button"
                onClick={() => {
                  store.compare.value = { a: run!.key, b: answerRun.key };
                  onClose();
                }}
                data-testid="resend-compare"
              >
                {tr('resendDialog.compareWithTheOriginal')}
              </button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}

/** The quick edits: the last user message's text or the message itself, a tool, the state; and undoing them all. */
function QuickEdits({ input, edit, changed, undo }: { input: Input | undefined; edit(change: (input: Input) => void): void; changed: boolean; undo(): void }) {
  const at = lastUser(input);
  const userText = at >= 0 ? input!.messages![at]!.content : undefined;
  return (
    <div class="resend-edits" role="group" aria-label={tr('resendDialog.quickEdits')}>
      {at >= 0 && typeof userText === 'string' && (
        <label class="field">
          {tr('resendDialog.lastUserMessage')}
          <input
            type="text"
            value={userText}
            onInput={(e) => {
              const v = (e.currentTarget as HTMLInputElement).value;
              edit((input) => (input.messages![at]!.content = v));
            }}
            data-testid="resend-user-text"
          />
        </label>
      )}
      {at >= 0 && (
        <button type="button" class="button" onClick={() => edit((input) => input.messages!.splice(at, 1))} data-testid="resend-drop-user">
          {tr('resendDialog.dropTheLastUserMessage')}
        </button>
      )}
      {(input?.tools ?? []).map((tool, i) => (
        <button type="button" class="button" key={`${tool.name}-${i}`} onClick={() => edit((input) => input.tools!.splice(i, 1))} title={tr('resendDialog.sendWithoutThisTool')}>{tr('resendDialog.removeTool', { name: tool.name })}
        </button>
      ))}
      {input && (
        <button type="button" class="button" onClick={() => edit((input) => (input.state = {}))} title={tr('resendDialog.sendWithAnEmptyState')}>
          {tr('resendDialog.emptyTheState')}
        </button>
      )}
      <button type="button" class="button" disabled={!changed} onClick={undo}>
        {tr('resendDialog.undoAllEdits')}
      </button>
    </div>
  );
}
