import { attributedAt, openAt, type RunEntity, runStatusAt, type SubagentEntity, type ToolCallEntity } from '../../../engine/replay/timeline';
import type { SessionStore } from '../../store/sessionStore';
import { replayAvailable, replayRequest, resendAvailable, resendRequest } from '../../replay/replayRequest';
import { useEffect, useRef } from 'preact/hooks';
import { JsonTree } from '../JsonTree';
import { lastAt } from '../../derive/genuiView';
import { GenUiLink, isGenUi } from './GenUiLink';
import { InterruptCard } from './InterruptCard';
import { RunsTable } from './RunsTable';
import { OUTCOME, problemsByRun } from '../../../engine/replay/runRows';
import { counted, outcomeLabel } from '../format';
import { tr } from '../../../i18n/i18n';

const lastOfCall = (c: ToolCallEntity, index: number): number =>
  c.resultAt !== undefined && c.resultAt <= index ? c.resultAt : c.end !== undefined && c.end <= index ? c.end : c.start;

const span = (start: number, end: number | undefined, index: number) => (end !== undefined && end <= index ? `#${start}–#${end}` : `#${start}–…`);

export function RunsTab({ store, index }: { store: SessionStore; index: number }) {
  void store.version.value;
  const t = store.replay.value.timeline;
  const runs = t.runs.filter((r) => r.start <= index);
  const jump = (i: number) => store.select(i, 'event');
  const subagents = t.subagents.filter((s) => s.start <= index);
  const roots = subagents.filter((s) => !s.parentSubagentRunId || !subagents.some((p) => p.subagentRunId === s.parentSubagentRunId));
  const childrenOf = (s: SubagentEntity) => subagents.filter((c) => c.parentSubagentRunId === s.subagentRunId && c !== s);
  // The run of the selected event is brought into view, its interrupts with it.
  const current = t.runAt(index);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    body.current?.querySelector(`[data-run-key="${current?.key}"]`)?.scrollIntoView({ block: 'start' });
  }, [current?.key]);
  const Sub = ({ s }: { s: SubagentEntity }) => (
    <li>
      <button type="button" class="link" onClick={() => jump(s.start)} translate={false}>
        {s.name}
      </button>{' '}
      <code class="muted">{s.subagentRunId}</code> <span class={`status status-${s.end !== undefined && s.end <= index ? s.status : 'running'}`} translate={s.end !== undefined && s.end <= index ? false : undefined}>
        {s.end !== undefined && s.end <= index ? s.status : tr('outcome.running')}
      </span>{' '}
      <span class="muted">
        {tr('runsTab.attributedEvents', { start: span(s.start, s.end, index), s: attributedAt(s, index) })}{s.parentToolCallId ? ` · ${tr('runsTab.fromToolCall', { id: s.parentToolCallId })}` : ''}
      </span>
      {s.error && (
        <div class="error-text" translate={false}>
          {s.error.message}
        </div>
      )}
      {childrenOf(s).length > 0 && (
        <ul>
          {childrenOf(s).map((c) => (
            <Sub key={c.subagentRunId + c.start} s={c} />
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
        <RunSection key={r.key} store={store} run={r} index={index} current={r === current} />
      ))}
      {roots.length > 0 && (
        <section>
          <h4>{tr('runsTab.subagents')}</h4>
          <ul class="tree">
            {roots.map((s) => (
              <Sub key={s.subagentRunId + s.start} s={s} />
            ))}
          </ul>
        </section>
      )}
      {t.reasoning.some((r) => r.start <= index) && (
        <section>
          <h4>{tr('runsTab.reasoning')}</h4>
          <ul>
            {t.reasoning
              .filter((r) => r.start <= index)
              .map((r) => (
                <li key={r.messageId + r.start}>
                  <button type="button" class="link" onClick={() => jump(r.start)} translate={false}>
                    {r.messageId}
                  </button>{' '}
                  <span class="muted">{span(r.start, r.end, index)}</span>
                  {r.encryptedAt?.some((e) => e <= index) && <span class="badge badge-info">{tr('runsTab.encryptedValue')}</span>}
                </li>
              ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** One run: its outcome, result and usage, steps, tool calls (linked to their last event), and interrupts. */
function RunSection({ store, run: r, index, current }: { store: SessionStore; run: RunEntity; index: number; current: boolean }) {
  void store.version.value; // the run grows in place while it streams
  const t = store.replay.value.timeline;
  const jump = (i: number) => store.select(i, 'event');
  const status = runStatusAt(r, index);
  // The run's own problems as of the event shown (a failed run counts its RUN_ERROR): a "done" run may still have some.
  const problems = problemsByRun(store.replay.value, index, store.ruleLevels.value).get(r.key) ?? { errors: 0, warnings: 0 };
  const of = t.entitiesOf(r.key);
  const steps = of.steps.filter((s) => s.start <= index);
  const calls = of.toolCalls.filter((c) => c.start <= index);
  const interrupts = of.interrupts.filter((i) => i.raisedAt <= index);
  const genui = of.activities.filter((a) => a.start <= index && isGenUi(a.activityType));
  // A run's link goes to its last event that had arrived: its metrics are whole there.
  const last = t.lastEventOf(r.key, index) ?? r.start;
  return (
    <section key={r.key} class={`run ${current ? 'current' : ''}`} data-run-id={r.runId} data-run-key={r.key}>
      <h4>
        <button type="button" class="link" onClick={() => jump(last)} data-testid="run-link">{tr('common.run', { runId: r.runId })}
        </button>{' '}
        <span class={`status status-${OUTCOME[status]}`}>{outcomeLabel(OUTCOME[status])}</span>
        {problems.errors > 0 && <span class="badge badge-error" data-testid="run-errors">{counted(problems.errors, 'error')}</span>}
        {problems.warnings > 0 && <span class="badge badge-warning" data-testid="run-warnings">{counted(problems.warnings, 'warning')}</span>}{' '}
        <span class="muted">{tr('runsTab.thread', { threadId: r.threadId, start: span(r.start, r.end, index) })}</span>
        {replayAvailable.value && (
          <button
            type="button"
            class="link run-replay"
            aria-label={tr('runsTab.replayRun', { runId: r.runId })}
            title={tr('runsTab.answerThePageSNext')}
            onClick={() => (replayRequest.value = { runKey: r.key })}
            data-testid="run-replay"
          >
            {tr('runsTab.replayToPage')}
          </button>
        )}
        {resendAvailable.value && !store.imported.value && store.session.value.streams.get(r.streamId)?.info.requestBody !== undefined && (
          <button
            type="button"
            class="link run-replay"
            aria-label={tr('runsTab.resendRun', { runId: r.runId })}
            title={tr('runsTab.askTheAgentAgainWith')}
            onClick={() => (resendRequest.value = { runKey: r.key })}
            data-testid="run-resend"
          >
            {tr('runsTab.resend')}
          </button>
        )}
      </h4>
      {r.parentRunId && <p class="muted">{tr('runsTab.parentRun', { parentRunId: r.parentRunId })}</p>}
      {r.resumes !== undefined && <p class="muted">{tr('runsTab.resumesRun', { runId: t.runs[r.resumes]?.runId })}</p>}
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
            <span key={k} class={`step ${openAt(s, index) ? 'open' : ''}`} translate={false}>
              {s.name}
              {s.subagentRunId ? ` (${s.subagentRunId})` : ''} <span class="muted">{span(s.start, s.end, index)}</span>
            </span>
          ))}
        </div>
      )}
      {calls.length > 0 && (
        <div>
          <b>{tr('runsTab.toolCalls')}</b>
          <ul>
            {calls.map((c) => (
              <li key={c.toolCallId + c.start} data-tool-call-id={c.toolCallId}>
                {/* Its last event as of now: the result when there is one, else its end. */}
                <button type="button" class="link" onClick={() => jump(lastOfCall(c, index))} translate={false}>
                  {c.name}
                </button>{' '}
                <code class="muted">{c.toolCallId}</code> <span class="muted">{span(c.start, c.end, index)}</span>
                {c.resultAt !== undefined && c.resultAt <= index ? (
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
            {genui.map((a) => {
              const at = lastAt(a, index)!;
              const content = (store.replay.value.at(index, a.lane).messages.find((m) => m.id === a.messageId) as { content?: unknown } | undefined)?.content;
              return (
                <li key={a.messageId + a.start}>
                  <GenUiLink store={store} messageId={a.messageId} activityType={a.activityType} content={content} index={index} at={at} />
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
            {interrupts.map((i) => {
              const resolved = i.resolvedAt !== undefined && i.resolvedAt <= index;
              return (
                <li key={i.interrupt.id} data-interrupt-id={i.interrupt.id}>
                  <code>{i.interrupt.id}</code> ({i.interrupt.reason}){i.interrupt.message ? `: ${i.interrupt.message}` : ''}{' '}
                  {resolved ? (
                    <span>
                      → <span class={`status status-${i.resolution!.status}`} translate={false}>
                        {i.resolution!.status}
                      </span> {tr('runsTab.inRun')}{' '}
                      <button type="button" class="link" onClick={() => jump(i.resolvedAt!)} translate={false}>
                        {t.runs[i.resumedRunKey!]?.runId}
                      </button>
                      {i.resolution!.payload !== undefined && <span class="muted">{' '}{tr('runsTab.payload', { payload: JSON.stringify(i.resolution!.payload) })}</span>}
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
