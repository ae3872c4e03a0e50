import { useLayoutEffect, useRef } from 'preact/hooks';
import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { LongText } from '../LongText';
import { Visible } from '../Visible';
import { InterruptCard, ResumeSummary } from './InterruptCard';
import { ProblemList, ProblemText } from './ProblemsTab';
import { ReasoningBlock } from './ReasoningBlock';
import { num, producerClueText, producerLabel } from '../../format';
import { tr } from '../../../i18n/i18n';
import { applyLevels, type ClientChange, formatPath, type Frame, type ReplayStep, type StreamInfo, typeLabel } from '../../../engine/query';

/**
 * Another event opens at its top (its title and fields), not where the previous one was scrolled to. Only a tab
 * the user scrolled is scrolled back: writing scrollTop forces a layout, on every repaint while the inspector follows.
 */
function useTopOnChange(index: number) {
  const body = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);
  useLayoutEffect(() => {
    if (body.current && scrolled.current) body.current.scrollTop = 0;
    scrolled.current = false;
    // A scroll whose event had not come yet is seen after the next paint, when reading scrollTop costs no layout.
    let late: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      late = setTimeout(() => {
        if (body.current && body.current.scrollTop > 0) body.current.scrollTop = 0;
        scrolled.current = false;
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(late);
    };
  }, [index]);
  return { body, onScroll: (e: Event) => (scrolled.current = (e.currentTarget as HTMLElement).scrollTop > 0) };
}

export function EventTab({ store, index }: { store: SessionStore; index: number }) {
  const { body, onScroll } = useTopOnChange(index);
  const frame = store.frames.value.all[index];
  if (!frame) return null;
  const replay = store.replay.value;
  const problems = applyLevels(replay.problemsAt(index), store.ruleLevels.value).filter((p) => !frame.diagnostics.some((d) => d.code === p.ruleId && d.message === p.message));
  const steps = replay.stepsOf(index);
  const changed = store.query.value.changesOf(index);
  const stream = store.session.value.streams.get(frame.streamId)?.info;
  const type = typeLabel(frame.event);
  // The run this event ends or starts, for the interrupt card and the resume.
  const at = store.query.value.asOf(index);
  const stoppedAt = store.query.value.stoppedBefore(index);
  const endsRun = type === 'RUN_FINISHED' ? at.endsRun : undefined;
  const startsRun = type === 'RUN_STARTED' ? at.startsRun : undefined;
  // A reasoning event shows its block: the reasoning messages of its span, as they stood.
  const reasoningIds = reasoningIdsAt(store, steps, type, index);
  const view = reasoningIds.length ? replay.at(index) : undefined;
  return (
    <div class="tab-body" data-testid="event-tab" ref={body} onScroll={onScroll}>
      <h3>
        #{index} <span translate={false}>{typeLabel(frame.event)}</span>
        {!frame.reducible && <span class="badge badge-warning">{tr('eventTab.notReplayed')}</span>}
      </h3>
      {stoppedAt !== undefined && <NotApplied store={store} stoppedAt={stoppedAt} />}
      {frame.diagnostics.length > 0 && (
        <ul class="diagnostics">
          {frame.diagnostics.map((d, i) => (
            <li key={i} class={`diag diag-${d.severity}`}>
              <span class="diag-code" translate={false}>{d.code}</span> {d.path ? <code>{formatPath(d.path)}</code> : null} <ProblemText ruleId={d.code} message={d.message} />
              {d.offset !== undefined ? <span class="muted">{' '}{tr('eventTab.byte', { offset: d.offset })}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {endsRun?.status === 'interrupted' && <InterruptCard store={store} run={endsRun} index={index} />}
      {startsRun && <ResumeSummary store={store} run={startsRun} />}
      {view &&
        reasoningIds.map((id) => {
          const message = view.messages.find((m) => m.id === id);
          const k = message ? view.messages.indexOf(message) : -1;
          return message ? (
            <ReasoningBlock key={id} store={store} message={message} index={index} following={view.messages.slice(k + 1).find((m) => m.role !== 'reasoning')} />
          ) : null;
        })}
      {problems.length > 0 && <ProblemList store={store} problems={problems} />}
      {frame.event !== undefined && (
        <section data-testid="as-sent">
          <h4>{changed ? tr('eventTab.asSent') : tr('eventTab.fields')}</h4>
          <JsonTree value={frame.event} open={2} />
        </section>
      )}
      {changed && <AsUsed changes={changed.changes} used={changed.used} />}
      <section>
        <h4>{tr('eventTab.raw')} {frame.format === 'proto' ? tr('eventTab.bytes') : frame.format === 'sse' ? tr('eventTab.sseData') : tr('eventTab.message')}</h4>
        {frame.sse && (
          <p class="muted" translate={false}>
            {Object.entries(frame.sse)
              .map(([k, v]) => `${k}: ${String(v)}`)
              .join(' · ')}
          </p>
        )}
        <div translate={false}>
          <LongText className="raw" text={frame.raw} limit={4000} />
        </div>
        {frame.range && (
          <p class="muted">{tr('eventTab.bytesOfTheStream', { value: frame.range[0], value2: frame.range[1] })}</p>
        )}
      </section>
      {stream && <StreamDetails store={store} frame={frame} stream={stream} />}
    </div>
  );
}

/** The stream an event came in: who produced it, its request and response, how it ended. */
function StreamDetails({ store, frame, stream }: { store: SessionStore; frame: Frame; stream: StreamInfo }) {
  const producer = store.query.value.producerOf(frame.streamId);
  return (
    <section>
      <h4>{tr('eventTab.stream')}</h4>
      <dl class="kv">
        <dt>{tr('eventTab.request')}</dt>
        <dd translate={false}>
          {stream.method} <Visible text={stream.url} />
        </dd>
        <dt>{tr('eventTab.status')}</dt>
        <dd translate={false}>
          {stream.status} {stream.statusText}
        </dd>
        <dt>{tr('eventTab.producer')}</dt>
        <dd data-testid="stream-producer" title={producer.clues.map((c) => `${producerClueText(c)}${c.at !== undefined ? ` (#${c.at})` : ''}`).join('\n') || tr('eventTab.producerNothingShows')}>
          <span translate={producer.names.length ? false : undefined}>{producerLabel(producer.names)}</span>
          {producer.clues.length > 0 && (
            <span class="muted">
              {' '}— {producerClueText(producer.clues[0]!)}
              {producer.clues[0]!.at !== undefined && (
                <>
                  {' '}
                  <button type="button" class="link" onClick={() => store.select(producer.clues[0]!.at!, 'event')} translate={false}>
                    #{producer.clues[0]!.at}
                  </button>
                </>
              )}
            </span>
          )}
        </dd>
        <dt>{tr('eventTab.transport')}</dt>
        <dd translate={false}>
          {stream.transport} · {stream.format}
        </dd>
        <dt>{tr('eventTab.frame')}</dt>
        <dd translate={false} data-testid="stream-frame">
          <Visible text={stream.frameUrl} />
        </dd>
        <dt>{tr('eventTab.received')}</dt>
        <dd translate={false}>{new Date(frame.t).toISOString()}</dd>
        {stream.error && (
          <>
            <dt>{tr('eventTab.endedWith')}</dt>
            <dd class="error-text" translate={false}>{stream.error}</dd>
          </>
        )}
        {stream.endedByNavigation && (
          <>
            <dt>{tr('eventTab.ended')}</dt>
            <dd class="error-text" data-testid="ended-by-navigation">
              {tr('eventTab.byNavigationThePageWent')}
            </dd>
          </>
        )}
      </dl>
      {stream.replay !== undefined && (
        <p>
          <span class="badge badge-info" data-testid="replayed">
            {tr('common.replayed')}
          </span>{' '}
          {tr('eventTab.answeredByAgUiDevtools')}
        </p>
      )}
      {stream.note && <p class="muted">{stream.note}</p>}
      <Headers title={tr('eventTab.requestHeaders')} list={stream.requestHeaders} />
      <Headers title={tr('eventTab.responseHeaders')} list={stream.responseHeaders} />
      {stream.requestBody && (
        <details>
          <summary>
            {tr('eventTab.requestBody')}
            {stream.requestBodyBytes !== undefined && (
              <span class="badge badge-warning" data-testid="body-truncated">
                {' '}{tr('eventTab.truncatedTheFirst1Mb', { requestBodyBytes: num(stream.requestBodyBytes) })}</span>
            )}
          </summary>
          <RequestBody body={stream.requestBody} />
        </details>
      )}
    </section>
  );
}

function Headers({ title, list }: { title: string; list: [string, string][] }) {
  if (list.length === 0) return null;
  return (
    <details class="headers">
      <summary>
        {title} ({list.length})
      </summary>
      <dl class="kv">
        {list.map(([k, v], i) => (
          <>
            <dt key={`k${i}`}>{k}</dt>
            <dd key={`v${i}`}>{v}</dd>
          </>
        ))}
      </dl>
    </details>
  );
}

function RequestBody({ body }: { body: string }) {
  try {
    return <JsonTree value={JSON.parse(body)} open={1} />;
  } catch {
    return <pre class="raw">{body}</pre>;
  }
}

/** The event as the page's client used it: each change named, then the events the app saw instead. */
function AsUsed({ changes, used }: { changes: readonly ClientChange[]; used: readonly Record<string, unknown>[] }) {
  return (
    <section data-testid="as-used">
      <h4>{tr('eventTab.asUsed')}</h4>
      <ul class="plain client-changes">
        {changes.map((c, i) => (
          <li key={i} data-testid="client-change" data-kind={c.kind}>
            <span class="badge badge-info">{tr(`eventTab.change.${c.kind}`)}</span>{' '}
            {c.fields ? (
              <code translate={false}>{c.fields.join(', ')}</code>
            ) : (
              <span translate={false}>
                <code>{c.from}</code> → {c.into?.length ? <code>{c.into.join(', ')}</code> : tr('eventTab.nothing')}
              </span>
            )}
          </li>
        ))}
      </ul>
      {used.length === 0 ? (
        <p class="muted">{tr('eventTab.usedNothing')}</p>
      ) : (
        used.map((e, i) => (
          <div key={i} class="as-used-event" data-testid="as-used-event">
            <JsonTree value={e} open={used.length === 1 ? 2 : 1} />
          </div>
        ))
      )}
    </section>
  );
}

/** An event the page's client never applied: it had stopped the stream's run at an earlier event. */
function NotApplied({ store, stoppedAt }: { store: SessionStore; stoppedAt: number }) {
  return (
    <p class="note note-stop" data-testid="event-not-applied">
      {tr('eventTab.notApplied')}{' '}
      <button type="button" class="link" onClick={() => store.select(stoppedAt, 'event')} translate={false}>
        #{stoppedAt}
      </button>
    </p>
  );
}

/** The reasoning messages a reasoning event's block shows: those of its span (in its run), as of the event (the engine's). */
function reasoningIdsAt(store: SessionStore, steps: readonly ReplayStep[], type: string, index: number): string[] {
  if (!type.startsWith('REASONING') && !type.startsWith('THINKING')) return [];
  const id = steps.map((s) => (s.event as { messageId?: unknown; entityId?: unknown }).messageId ?? (s.event as { entityId?: unknown }).entityId).find((v) => typeof v === 'string') as string | undefined;
  return id ? store.query.value.asOf(index).reasoningMessagesOf(id) : [];
}
