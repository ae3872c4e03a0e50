import type { SessionStore } from '../../store/sessionStore';
import { useEffect, useRef } from 'preact/hooks';
import { JsonTree } from '../JsonTree';
import { GenUiLink, isGenUi } from './GenUiLink';
import { InterruptCard } from './InterruptCard';
import { RunsTable } from './RunsTable';
import { counted, outcomeLabel } from '../../format';
import { tr } from '../../../i18n/i18n';
import type { RunAsOf, SpanAsOf, SubagentAsOf } from '../../../engine/query';

/** "#3–#9", or "#3–…" while it is open as of the event. */
const span = (s: SpanAsOf) => (s.end !== undefined ? `#${s.start}–#${s.end}` : `#${s.start}–…`);

export function RunsTab({ store, index }: { store: SessionStore; index: number }) {
  const at = store.query.value.asOf(index);
  const runs = at.runs;
  const jump = (i: number) => store.select(i, 'event');
  // The run of the selected event is brought into view, its interrupts with it.
  const current = at.run;
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    body.current?.querySelector(`[data-run-key="${current?.run.key}"]`)?.scrollIntoView({ block: 'start' });
  }, [current?.run.key]);
  const Sub = ({ s }: { s: SubagentAsOf }) => (
    <li>
      <button type="button" class="link" onClick={() => jump(s.start)} translate={false}>
        {s.entity.name}
      </button>{' '}
      <code class="muted">{s.entity.subagentRunId}</code> <span class={`status status-${s.status}`} translate={s.status !== 'running' ? false : undefined}>
        {s.status !== 'running' ? s.status : tr('outcome.running')}
      </span>{' '}
      <span class="muted">
        {tr('runsTab.attributedEvents', { start: span(s), s: s.attributed })}{s.entity.parentToolCallId ? ` · ${tr('runsTab.fromToolCall', { id: s.entity.parentToolCallId })}` : ''}
      </span>
      {s.entity.error && (
        <div class="error-text" translate={false}>
          {s.entity.error.message}
        </div>
      )}
      {s.children.length > 0 && (
        <ul>
          {s.children.map((c) => (
            <Sub key={c.entity.subagentRunId + c.start} s={c} />
          ))}
        </ul>
      )}
    </li>
  );
  return (
    <div class="tab-body" data-testid="runs-tab" ref={body}>
      <h3>{tr('runsTab.runsAsOfEvent', { index })}</h3>
      {runs.length === 0 && <p class="muted">{tr('common.noRunYet')}</p>}
      <RunsTable store={store} index={index} />
      {runs.map((r) => (
        <RunSection key={r.run.key} store={store} at={r} index={index} current={r === current} />
      ))}
      {at.subagents.length > 0 && (
        <section>
          <h4>{tr('runsTab.subagents')}</h4>
          <ul class="tree">
            {at.subagents.map((s) => (
              <Sub key={s.entity.subagentRunId + s.start} s={s} />
            ))}
          </ul>
        </section>
      )}
      {at.reasoning.length > 0 && (
        <section>
          <h4>{tr('runsTab.reasoning')}</h4>
          <ul>
            {at.reasoning.map((r) => (
              <li key={r.entity.messageId + r.start}>
                <button type="button" class="link" onClick={() => jump(r.start)} translate={false}>
                  {r.entity.messageId}
                </button>{' '}
                <span class="muted">{span(r)}</span>
                {r.encrypted && <span class="badge badge-info">{tr('runsTab.encryptedValue')}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** One run: its outcome, result and usage, steps, tool calls (linked to their last event), and interrupts. */
function RunSection({ store, at, index, current }: { store: SessionStore; at: RunAsOf; index: number; current: boolean }) {
  const r = at.run;
  const jump = (i: number) => store.select(i, 'event');
  const { status, outcome, problems, steps, toolCalls: calls, interrupts } = at;
  const genui = at.activities.filter((a) => isGenUi(a.entity.activityType));
  // A run's link goes to its last event that had arrived: its metrics are whole there.
  const last = at.last;
  return (
    <section key={r.key} class={`run ${current ? 'current' : ''}`} data-run-id={r.runId} data-run-key={r.key}>
      <h4>
        <button type="button" class="link" onClick={() => jump(last)} data-testid="run-link">{tr('common.run', { runId: r.runId })}
        </button>{' '}
        <span class={`status status-${outcome}`}>{outcomeLabel(outcome, r.stoppedAt)}</span>
        {problems.errors > 0 && <span class="badge badge-error" data-testid="run-errors">{counted(problems.errors, 'error')}</span>}
        {problems.warnings > 0 && <span class="badge badge-warning" data-testid="run-warnings">{counted(problems.warnings, 'warning')}</span>}{' '}
        <span class="muted">{tr('runsTab.thread', { threadId: r.threadId, start: span(at) })}</span>
        {store.dialogs.replayAvailable.value && (
          <button
            type="button"
            class="link run-replay"
            aria-label={tr('runsTab.replayRun', { runId: r.runId })}
            title={tr('runsTab.answerThePageSNext')}
            onClick={() => (store.dialogs.replay.value = { runKey: r.key })}
            data-testid="run-replay"
          >
            {tr('runsTab.replayToPage')}
          </button>
        )}
        {store.dialogs.resendAvailable.value && !store.imported.value && store.session.value.streams.get(r.streamId)?.info.requestBody !== undefined && (
          <button
            type="button"
            class="link run-replay"
            aria-label={tr('runsTab.resendRun', { runId: r.runId })}
            title={tr('runsTab.askTheAgentAgainWith')}
            onClick={() => (store.dialogs.resend.value = { runKey: r.key })}
            data-testid="run-resend"
          >
            {tr('runsTab.resend')}
          </button>
        )}
      </h4>
      {r.parentRunId && <p class="muted">{tr('runsTab.parentRun', { parentRunId: r.parentRunId })}</p>}
      {at.resumes && <p class="muted">{tr('runsTab.resumesRun', { runId: at.resumes.runId })}</p>}
      {r.error && status === 'error' && <p class="error-text">{tr('runsTab.runError', { message: r.error.message })}{r.error.code ? <code> ({r.error.code})</code> : ''}</p>}
      {r.result !== undefined && status !== 'running' && (
        <details>
          <summary>{tr('common.result')}</summary>
          <JsonTree value={r.result} />
        </details>
      )}
      {r.usage !== undefined && status !== 'running' && (
        <details>
          <summary>{tr('runsTab.usage')}</summary>
          <JsonTree value={r.usage} />
        </details>
      )}
      {steps.length > 0 && (
        <div>
          <b>{tr('runsTab.steps')}</b>{' '}
          {steps.map((s, k) => (
            <span key={k} class={`step ${s.open ? 'open' : ''}`} translate={false}>
              {s.entity.name}
              {s.entity.subagentRunId ? ` (${s.entity.subagentRunId})` : ''} <span class="muted">{span(s)}</span>
            </span>
          ))}
        </div>
      )}
      {calls.length > 0 && (
        <div>
          <b>{tr('runsTab.toolCalls')}</b>
          <ul>
            {calls.map((c) => (
              <li key={c.entity.toolCallId + c.start} data-tool-call-id={c.entity.toolCallId}>
                {/* Its last event as of now: the result when there is one, else its end. */}
                <button type="button" class="link" onClick={() => jump(c.last)} translate={false}>
                  {c.entity.name}
                </button>{' '}
                <code class="muted">{c.entity.toolCallId}</code> <span class="muted">{span(c)}</span>
                {c.resultAt !== undefined ? (
                  <span>
                    {' '}
                    {tr('runsTab.resultAt')}{' '}
                    <button type="button" class="link" onClick={() => jump(c.resultAt!)}>
                      #{c.resultAt}
                    </button>
                  </span>
                ) : (
                  <span class="muted"> {tr('runsTab.noResultYet')}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {genui.length > 0 && (
        <div data-testid="run-genui">
          <b>{tr('runsTab.genui')}</b>
          <ul>
            {genui.map(({ entity: a, last: lastAt }) => {
              const content = (store.query.value.asOf(index).conversation(a.lane).messages.find((m) => m.id === a.messageId) as { content?: unknown } | undefined)?.content;
              return (
                <li key={a.messageId + a.start}>
                  <GenUiLink store={store} messageId={a.messageId} activityType={a.activityType} content={content} index={index} at={lastAt} />
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {status === 'interrupted' && <InterruptCard store={store} run={r} index={index} />}
      {interrupts.length > 0 && status !== 'interrupted' && (
        <div class="interrupt-box">
          <b>{tr('runsTab.interrupts')}</b>
          <ul>
            {interrupts.map(({ entity: { interrupt }, resolved, resolvedAt, resolution, resumer }) => {
              return (
                <li key={interrupt.id} data-interrupt-id={interrupt.id}>
                  <code>{interrupt.id}</code> ({interrupt.reason}){interrupt.message ? `: ${interrupt.message}` : ''}{' '}
                  {resolved ? (
                    <span>
                      → <span class={`status status-${resolution!.status}`} translate={false}>
                        {resolution!.status}
                      </span> {tr('runsTab.inRun')}{' '}
                      <button type="button" class="link" onClick={() => jump(resolvedAt!)} translate={false}>
                        {resumer?.runId}
                      </button>
                      {resolution!.payload !== undefined && <span class="muted">{' '}{tr('runsTab.payload', { payload: JSON.stringify(resolution!.payload) })}</span>}
                    </span>
                  ) : (
                    <span class="status status-running">{tr('runsTab.open')}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
