import { useSignal } from '@preact/signals';
import type { ReplayControl } from '../pageReplay/replayControl';
import type { SessionStore } from '../store/sessionStore';
import { tr } from '../../i18n/i18n';
import { jsonDiff } from '../../engine/query';

const short = (v: unknown): string => {
  const s = v === undefined ? '(none)' : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

/** The page's request (the replayed stream's captured body) beside the recorded one. */
function RequestDiff({ store, control, rule }: { store: SessionStore; control: ReplayControl; rule: string }) {
  const open = useSignal(false);
  const source = control.sources.get(rule);
  void store.version.value;
  if (!source?.requestBody) return null;
  // The page's latest request the rule answered (an earlier one's body is no answer for this one).
  let answered: { requestBody?: string } | undefined;
  for (const { info } of store.session.value.streams.values()) if (info.replay === rule) answered = info;
  if (!answered) return null;
  const sent = answered.requestBody;
  if (sent === undefined) {
    return (
      <>
        {' · '}
        <span class="replay-diff" data-testid="replay-diff">
          {tr('replayBar.thePageSInputWas')}
        </span>
      </>
    );
  }
  let diffs: ReturnType<typeof jsonDiff>;
  try {
    diffs = jsonDiff(JSON.parse(source.requestBody), JSON.parse(sent));
  } catch {
    diffs = source.requestBody === sent ? [] : [{ path: '(body)', recorded: source.requestBody, sent }];
  }
  // Run ids are new each run: not a difference that matters.
  diffs = diffs.filter((d) => d.path !== 'runId');
  return (
    <>
      {' · '}
      <span class="replay-diff" data-testid="replay-diff">
        {diffs.length === 0 ? (
          tr('replayBar.thePageSentTheSame')
        ) : (
          <>
            <button type="button" class="link" aria-expanded={open.value} onClick={() => (open.value = !open.value)}>{tr('replayBar.thePageSInputDiffers', { length: diffs.length })}
              {diffs.length === 20 ? '+' : ''} {tr('replayBar.place')}{diffs.length === 1 ? '' : tr('common.pluralS')}
            </button>
            {open.value && (
              <table class="diff-table">
                <thead>
                  <tr>
                    <th>{tr('replayBar.path')}</th>
                    <th>{tr('replayBar.recorded')}</th>
                    <th>{tr('replayBar.sentNow')}</th>
                  </tr>
                </thead>
                <tbody>
                  {diffs.map((d) => (
                    <tr key={d.path}>
                      <td>
                        <code>{d.path}</code>
                      </td>
                      <td>{short(d.recorded)}</td>
                      <td>{short(d.sent)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </span>
    </>
  );
}

/** What is armed for this tab and how each answer goes, with the step controls and Disarm. */
export function ReplayBar({ store, control }: { store: SessionStore; control: ReplayControl }) {
  const rules = control.rules.value;
  const statuses = Object.values(control.statuses.value);
  const to = useSignal('');
  if (rules.length === 0 && statuses.length === 0) return null;
  return (
    <div class="banners">
      {rules.map((r) => (
        <div class="banner banner-replay" role="status" key={r.id} data-testid="replay-armed">
          <span class="banner-text">
            <b>{tr('replayBar.replayArmed')}</b>: {r.method || tr('replayBar.anyMethod')} <code>{r.url}</code> ({r.match === 'exact' ? tr('replayBar.exact') : r.match === 'prefix' ? tr('common.startsWith') : tr('replayBar.glob')}) ·{' '}
            {r.every ? tr('replayBar.everyRequest') : tr('replayBar.theNextRequest')} · {r.pace === 'step' ? tr('replayBar.stepByStep') : r.pace}{' '}{tr('replayBar.events', { label: r.label, total: r.total })}{' '}
            <span data-testid="replay-armed-origin">
              {tr('replayBar.pagesOf')} <code>{r.origin}</code>
              {r.frames ? tr('replayBar.andTheirFrames') : ''} {tr('replayBar.only')}
            </span>
          </span>
          <button type="button" class="button" onClick={() => control.disarm(r.id)} data-testid="replay-disarm">
            {tr('replayBar.disarm')}
          </button>
        </div>
      ))}
      {statuses.map((s) => {
        const source = control.sources.get(s.rule);
        const stepping = s.state === 'waiting';
        return (
          <div class="banner banner-replay" role="status" key={`s${s.rule}`} data-testid="replay-status">
            <span class="banner-text">
              {s.state === 'done' ? tr('replayBar.answered') : s.state === 'cancelled' ? tr('replayBar.cancelledByThePage') : tr('replayBar.answering')} {s.method} <code>{s.url}</code>
              {source ? ` ${tr('replayBar.with', { label: source.label })}` : ''}{' '}
              <span data-testid="replay-answered-frame">
                {tr('replayBar.for')} {s.top ? tr('replayBar.theTopFrame') : tr('replayBar.aFrame')} <code>{s.frameUrl}</code>
              </span>
              : <span data-testid="replay-sent">{tr('replayBar.ofEventsSent', { sent: s.sent, total: s.total })}</span>
              <RequestDiff store={store} control={control} rule={s.rule} />
            </span>
            {stepping && (
              <span class="replay-controls">
                <button type="button" class="button primary" onClick={() => control.step(s.rule, s.sent + 1)} data-testid="replay-next">
                  {tr('replayBar.nextEvent')}
                </button>
                <label class="field">
                  {tr('replayBar.runToEvent')}{' '}
                  <input
                    type="number"
                    min={s.sent + 1}
                    max={s.total}
                    size={4}
                    aria-label={tr('replayBar.runToEvent')}
                    value={to.value}
                    onInput={(e) => (to.value = (e.currentTarget as HTMLInputElement).value)}
                    onKeyDown={(e) => e.key === 'Enter' && control.step(s.rule, Number(to.value) || s.total)}
                    data-testid="replay-to"
                  />
                </label>
                <button type="button" class="button" onClick={() => control.step(s.rule, Number(to.value) || s.total)} data-testid="replay-run-to">
                  {tr('common.runLabel')}
                </button>
              </span>
            )}
            {(s.state === 'done' || s.state === 'cancelled') && (
              <button type="button" class="icon-button" aria-label={tr('common.dismiss')} onClick={() => control.dismiss(s.rule)}>
                ✕
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
