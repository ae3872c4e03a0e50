import type { ResumeEntry } from '@ag-ui/core';
import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { Visible } from '../Visible';
import { tr } from '../../../i18n/i18n';
import { type RunEntity } from '../../../engine/query';

const duration = (ms: number) => {
  const abs = Math.abs(ms);
  const text = abs < 1000 ? `${Math.round(abs)} ms` : abs < 120_000 ? `${(abs / 1000).toFixed(1)} s` : abs < 7_200_000 ? `${Math.round(abs / 60_000)} min` : `${(abs / 3_600_000).toFixed(1)} h`;
  return text;
};

/** A JSON Schema as a reader would write it: the type, then each property with its type, whether it is required, its enum and description. */
export function SchemaView({ schema, depth = 0 }: { schema: unknown; depth?: number }) {
  if (schema === true) return <span class="muted">{tr('interruptCard.anything')}</span>;
  if (schema === false) return <span class="error-text">{tr('interruptCard.nothingIsAllowed')}</span>;
  if (!schema || typeof schema !== 'object' || depth > 6) return <code>{JSON.stringify(schema)}</code>;
  const s = schema as Record<string, unknown>;
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : s.enum ? tr('interruptCard.oneOf') : tr('interruptCard.any');
  const props = s.properties && typeof s.properties === 'object' ? Object.entries(s.properties as Record<string, unknown>) : [];
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  return (
    <span class="schema">
      <code class="schema-type">{type}</code>
      {Array.isArray(s.enum) && <span> {s.enum.map((e) => JSON.stringify(e)).join(' | ')}</span>}
      {typeof s.description === 'string' && <span class="muted"> — {s.description}</span>}
      {props.length > 0 && (
        <ul class="schema-props">
          {props.map(([name, sub]) => (
            <li key={name}>
              <code>{name}</code>
              {required.has(name) ? <span class="badge badge-warning">{tr('interruptCard.required')}</span> : <span class="muted"> {tr('interruptCard.optional')}</span>}: <SchemaView schema={sub} depth={depth + 1} />
            </li>
          ))}
        </ul>
      )}
      {s.items !== undefined && (
        <span>
          {' '}
          {tr('interruptCard.of')} <SchemaView schema={s.items} depth={depth + 1} />
        </span>
      )}
    </span>
  );
}

/**
 * The interrupts a run ended with, and how the next run answered them: resolved or cancelled, the payload checked
 * against the schema, what is missing, unknown or expired; linked both ways. What came after the selected event is
 * labelled "later".
 */
export function InterruptCard({ store, run, index }: { store: SessionStore; run: RunEntity; index: number }) {
  // Every verdict is the engine's (interrupts.ts): the same the Problems tab reports.
  const { interrupts: entities, resumer, unknownAnswers: unknown } = store.query.value.interruptsOf(run.key);
  if (entities.length === 0 || run.end === undefined) return null;
  const later = (at: number) => (at > index ? <span class="badge badge-info">{tr('interruptCard.laterAt', { at })}</span> : null);
  const jump = (i: number) => store.select(i, 'event');
  return (
    <section class="interrupt-card" data-testid="interrupt-card" aria-label={tr('interruptCard.interruptsOf', { runId: run.runId })}>
      <h4>{tr('interruptCard.runIsWaitingForThe', { runId: run.runId, length: entities.length })}{entities.length === 1 ? '' : tr('common.pluralS')}
      </h4>
      {entities.map(({ entity: e, toolCall: call, resumer: answeredBy }) => {
        const i = e.interrupt;
        const answer = e.resolution;
        const v = e.verdict;
        return (
          <div class="interrupt" key={i.id} data-interrupt-id={i.id}>
            <div>
              <code>{i.id}</code>{' '}
              <span class="badge badge-warning" translate={false}>
                {i.reason}
              </span>
              {i.subagentRunId && <span class="badge badge-info">{tr('common.subagent', { subagentRunId: i.subagentRunId })}</span>}
            </div>
            {i.message && (
              <p class="interrupt-message" translate={false}>
                <Visible text={i.message} multiline />
              </p>
            )}
            <dl class="kv">
              {i.toolCallId && (
                <>
                  <dt>{tr('common.toolCall')}</dt>
                  <dd>
                    {call ? (
                      <button type="button" class="link" onClick={() => jump(call.start)} translate={false}>
                        {call.name} <code>{i.toolCallId}</code>
                      </button>
                    ) : (
                      <code>{i.toolCallId}</code>
                    )}
                  </dd>
                </>
              )}
              {i.responseSchema !== undefined && (
                <>
                  <dt>{tr('interruptCard.answer')}</dt>
                  <dd data-testid="response-schema">
                    <SchemaView schema={i.responseSchema} />
                  </dd>
                </>
              )}
              {i.expiresAt && (
                <>
                  <dt>{tr('interruptCard.expires')}</dt>
                  <dd>
                    {i.expiresAt}{' '}
                    {v.leftAtRaiseMs !== undefined && (
                      <span class={v.leftAtRaiseMs < 0 ? 'error-text' : 'muted'} data-testid="interrupt-expiry">
                        ({v.leftAtRaiseMs < 0 ? tr('interruptCard.expiredBefore', { duration: duration(-v.leftAtRaiseMs) }) : tr('interruptCard.leftWhen', { duration: duration(v.leftAtRaiseMs) })} {tr('interruptCard.theRunEnded')}
                      </span>
                    )}
                  </dd>
                </>
              )}
              {i.metadata !== undefined && (
                <>
                  <dt>{tr('common.metadata')}</dt>
                  <dd>
                    <JsonTree value={i.metadata} open={1} tools={false} />
                  </dd>
                </>
              )}
              <dt>{tr('interruptCard.answered')}</dt>
              <dd data-testid="interrupt-resolution">
                {answer && e.resolvedAt !== undefined ? (
                  <span>
                    <span class={`status status-${answer.status}`} translate={false}>
                      {answer.status}
                    </span> {tr('interruptCard.byRun')}{' '}
                    <button type="button" class="link" onClick={() => jump(e.resolvedAt!)} translate={false}>
                      {answeredBy?.runId}
                    </button>{' '}
                    {later(e.resolvedAt)}
                    {answer.payload !== undefined && (
                      <span>
                        {' '}
                        {tr('interruptCard.payload')} <code>{JSON.stringify(answer.payload).slice(0, 200)}</code>
                      </span>
                    )}
                    {v.payload?.fits === true && <span class="ok-text"> {tr('interruptCard.fitsTheSchema')}</span>}
                    {v.payload?.fits === false && <span class="error-text">{' '}{tr('interruptCard.doesNotFitTheSchema', { reason: v.payload.reason })}</span>}
                    {v.cancelPayload && <span class="error-text"> {tr('interruptCard.aCancelledAnswerCarriesNo')}</span>}
                    {v.expired && <span class="error-text"> {tr('interruptCard.resolvedAfterItExpired')}</span>}
                  </span>
                ) : v.state === 'missing' && resumer ? (
                  <span class="error-text">
                    {tr('interruptCard.missingFromTheResumeOf')}{' '}
                    <button type="button" class="link" onClick={() => jump(resumer.start)} translate={false}>
                      {resumer.runId}
                    </button>{' '}
                    {later(resumer.start)}
                  </span>
                ) : (
                  <span class="status status-running">{tr('interruptCard.notYetNoRunHas')}</span>
                )}
              </dd>
            </dl>
          </div>
        );
      })}
      {unknown.length > 0 && (
        <p class="error-text">{tr('interruptCard.theResumeAlsoNamesWhich', { value: unknown.map((u) => `'${u.interruptId}'`).join(', ') })}</p>
      )}
    </section>
  );
}

/** On a RUN_STARTED that resumes an interrupted run: what it answers, linked back to the interrupts. */
export function ResumeSummary({ store, run }: { store: SessionStore; run: RunEntity }) {
  const resume: ResumeEntry[] = Array.isArray(run.input?.resume) ? (run.input!.resume as ResumeEntry[]) : [];
  if (resume.length === 0) return null;
  const prior = run.resumes !== undefined ? store.query.value.run(run.resumes) : undefined;
  return (
    <section class="interrupt-card" data-testid="resume-summary">
      <h4>{tr('interruptCard.thisRunResumes')} {prior ? tr('common.run', { runId: prior.runId }) : tr('interruptCard.anInterruptedRun')}</h4>
      <ul class="plain">
        {resume.map((r) => (
          <li key={r.interruptId}>
            <code>{r.interruptId}</code>{' '}
            <span class={`status status-${r.status}`} translate={false}>
              {r.status}
            </span>
            {r.payload !== undefined && <code class="muted"> {JSON.stringify(r.payload).slice(0, 200)}</code>}
            {prior?.end !== undefined && (
              <>
                {' '}
                <button type="button" class="link" onClick={() => store.select(prior.end!, 'event')}>{tr('interruptCard.theInterruptAt', { end: prior.end })}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
