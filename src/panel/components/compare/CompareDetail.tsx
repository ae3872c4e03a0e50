/**
 * The Compare view's lower part: the summary of what differs (outcome and metrics side by side, the conversation
 * with inline text diffs, the final state as a JSON Patch and a highlighted tree, problems only one side has), the
 * world on both sides as of the selected row (time travel on both), and the input each side's client sent.
 */
import { useSignal } from '@preact/signals';
import { type CompareSource, itemText } from '../../derive/compareView';
import { JsonTree } from '../JsonTree';
import { num, outcomeLabel, severityLabel } from '../../format';
import { type MessageKey, tr } from '../../../i18n/i18n';
import { type Comparison, diffText, type MetricsSummary, type Row, type TextPart } from '../../../engine/query';


type DetailTab = 'summary' | 'row' | 'input';

const ms = (v: number | undefined) => (v === undefined ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`);

export function CompareDetail({ c, a, b, row }: { c: Comparison; a: CompareSource; b: CompareSource; row: Row | undefined }) {
  const tab = useSignal<DetailTab>('summary');
  const tabs: [DetailTab, MessageKey][] = [
    ['summary', 'compareDetail.summary'],
    ['row', 'compareDetail.atThisRow'],
    ['input', 'compareDetail.input'],
  ];
  return (
    <div class="compare-detail">
      <div class="tabs" role="tablist" aria-label={tr('compareDetail.comparison')}>
        {tabs.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab.value === id} class={tab.value === id ? 'active' : ''} onClick={() => (tab.value = id)}>
            {tr(label)}
          </button>
        ))}
      </div>
      <div class="tab-body compare-detail-body" role="tabpanel">
        {tab.value === 'summary' ? <Summary c={c} /> : tab.value === 'row' ? <AtRow c={c} a={a} b={b} row={row} /> : <Input c={c} />}
      </div>
    </div>
  );
}

/** An inline diff: removed parts struck, added parts marked. */
export function InlineDiff({ parts }: { parts: readonly TextPart[] }) {
  return (
    <span class="inline-diff" data-testid="text-diff" translate={false}>
      {parts.map((p, i) => (p.op === 'equal' ? <span key={i}>{p.text}</span> : p.op === 'removed' ? <del key={i}>{p.text}</del> : <ins key={i}>{p.text}</ins>))}
    </span>
  );
}

function Summary({ c }: { c: Comparison }) {
  const changed = c.messages.filter((m) => m.status !== 'equal');
  const equalMessages = c.messages.length - changed.length;
  const paths = new Set(c.state.map((o) => o.path));
  return (
    <>
      <h4>{tr('tab.runs')}</h4>
      <RunsTable c={c} />
      <h4>{tr('tab.messages')}</h4>
      {changed.length === 0 ? (
        <p class="muted">{c.messages.length ? tr('compareDetail.sameMessages', { n: num(c.messages.length) }) : tr('compareDetail.noMessages')}</p>
      ) : (
        <ul class="compare-messages" data-testid="compare-messages">
          {changed.map((m, i) => (
            <li key={i} class={`cm cm-${m.status}`}>
              <span class={`badge cm-status`}>{tr(`compareMessage.${m.status}`)}</span>{' '}
              <span class="role" translate={false}>
                {m.role}
              </span> <code class="muted">{m.id}</code>
              {m.text && (
                <div>
                  <InlineDiff parts={m.text} />
                </div>
              )}
              {m.toolCalls?.map((t) => (
                <div key={t.id} class="muted">
                  {tr('common.toolCall')} <code>{t.id}</code> {tr(`compareMessage.${t.status}`)}:{' '}
                  <span translate={false}>
                    {t.nameA ?? ''}
                    {t.nameB && t.nameB !== t.nameA ? ` → ${t.nameB}` : ''}
                  </span>{' '}
                  {t.arguments && <InlineDiff parts={t.arguments} />}
                </div>
              ))}
            </li>
          ))}
          {equalMessages > 0 && <li class="muted">{tr('compareDetail.andEqual', { equalMessages: num(equalMessages) })}</li>}
        </ul>
      )}
      <h4>{tr('compareDetail.finalState')}</h4>
      {c.state.length === 0 ? (
        <p class="muted">{tr('compareDetail.theSame')}</p>
      ) : (
        <>
          <ul class="compare-patch" data-testid="state-patch">
            {c.state.map((o, i) => (
              <li key={i}>
                <code>{o.op}</code> <code>{o.path}</code>
                {'value' in o && <> = <code>{JSON.stringify(o.value)}</code></>}
              </li>
            ))}
          </ul>
          <JsonTree value={c.finalState.b} name={tr('compareDetail.finalStateB')} highlight={paths} />
        </>
      )}
      <h4>{tr('tab.problems')}</h4>
      {c.problems.onlyA.length + c.problems.onlyB.length === 0 ? (
        <p class="muted">{tr('compareDetail.theSameOnBothSides')}</p>
      ) : (
        <ul data-testid="compare-problems">
          {[...c.problems.onlyA.map((p) => ['A', p] as const), ...c.problems.onlyB.map((p) => ['B', p] as const)].map(([side, p], i) => (
            <li key={i}>{tr('compareDetail.onlyIn', { side })}{' '}<span class={`sev sev-${p.severity}`}>{severityLabel(p.severity)}</span> <code>{p.ruleId}</code>{' '}{tr('compareDetail.at', { eventIndex: p.eventIndex, message: p.message })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Outcome and metrics of each pair of runs, A beside B with the change. */
function RunsTable({ c }: { c: Comparison }) {
  const line = (label: string, f: (m: MetricsSummary) => number | undefined) => {
    return c.runs.map((r, i) => {
      const x = r.a && f(r.a.metrics);
      const y = r.b && f(r.b.metrics);
      if (x === undefined && y === undefined) return null;
      const delta = x !== undefined && y !== undefined ? y - x : undefined;
      return (
        <tr key={`${label}${i}`}>
          <th scope="row">{c.runs.length > 1 ? `${label} (${tr('compareDetail.runN', { n: i + 1 })})` : label}</th>
          <td>{ms(x)}</td>
          <td>{ms(y)}</td>
          <td class={delta === undefined || delta === 0 ? 'muted' : delta > 0 ? 'worse' : 'better'}>{delta === undefined ? '' : `${delta > 0 ? '+' : ''}${ms(delta)}`}</td>
        </tr>
      );
    });
  };
  return (
    <table class="compare-runs" data-testid="compare-runs">
      <thead>
        <tr>
          <th />
          <th scope="col">{tr('common.a')}</th>
          <th scope="col">{tr('common.b')}</th>
          <th scope="col">{tr('compareDetail.change')}</th>
        </tr>
      </thead>
      <tbody>
        {c.runs.map((r, i) => (
          <tr key={`o${i}`}>
            <th scope="row">{tr('compareDetail.outcome')}{c.runs.length > 1 ? ` (${tr('compareDetail.runN', { n: i + 1 })})` : ''}</th>
            <td>{r.a ? outcomeLabel(r.a.outcome, r.a.stoppedAt) : '—'}</td>
            <td>{r.b ? outcomeLabel(r.b.outcome, r.b.stoppedAt) : '—'}</td>
            <td>{r.a?.outcome !== r.b?.outcome ? tr('compareMessage.changed') : ''}</td>
          </tr>
        ))}
        {line(tr('metrics.firstEvent'), (m) => m.firstEventMs)}
        {line(tr('runsTable.col.ttftMs'), (m) => m.ttftMs)}
        {line(tr('compareDetail.firstReasoning'), (m) => m.firstReasoningMs)}
        {line(tr('compareDetail.duration'), (m) => m.durationMs)}
        {c.runs.map((r, i) => (
          <OtherMetrics key={`m${i}`} a={r.a?.metrics} b={r.b?.metrics} suffix={c.runs.length > 1 ? ` (${tr('compareDetail.runN', { n: i + 1 })})` : ''} />
        ))}
      </tbody>
    </table>
  );
}

const tokens = (m: MetricsSummary | undefined, k: 'inputTokens' | 'outputTokens') => {
  const v = m?.usage.reduce((sum, u) => sum + (u[k] ?? 0), 0);
  return v || undefined;
};

/** Tokens, tokens per second, each tool's latency and the events by type, where either side has them. */
function OtherMetrics({ a, b, suffix }: { a: MetricsSummary | undefined; b: MetricsSummary | undefined; suffix: string }) {
  const rows: [string, string, string, number | undefined][] = [];
  const add = (label: string, x: number | undefined, y: number | undefined, show: (v: number) => string) => {
    if (x === undefined && y === undefined) return;
    rows.push([label, x === undefined ? '—' : show(x), y === undefined ? '—' : show(y), x !== undefined && y !== undefined ? y - x : undefined]);
  };
  add(tr('compareDetail.inputTokens'), tokens(a, 'inputTokens'), tokens(b, 'inputTokens'), num);
  add(tr('compareDetail.outputTokens'), tokens(a, 'outputTokens'), tokens(b, 'outputTokens'), num);
  add(tr('compareDetail.tokensPerSecond'), a?.tokensPerSecond, b?.tokensPerSecond, (v) => v.toFixed(1));
  for (const tool of new Set([...Object.keys(a?.toolLatencyMs ?? {}), ...Object.keys(b?.toolLatencyMs ?? {})])) add(tr('compareDetail.latency', { tool }), a?.toolLatencyMs[tool], b?.toolLatencyMs[tool], ms);
  for (const type of new Set([...Object.keys(a?.eventsByType ?? {}), ...Object.keys(b?.eventsByType ?? {})])) {
    const x = a?.eventsByType[type] ?? 0;
    const y = b?.eventsByType[type] ?? 0;
    if (x !== y) add(tr('compareDetail.typeEvents', { type }), x, y, num);
  }
  return (
    <>
      {rows.map(([label, x, y, delta]) => (
        <tr key={label}>
          <th scope="row">
            {label}
            {suffix}
          </th>
          <td>{x}</td>
          <td>{y}</td>
          <td class="muted">{delta === undefined || delta === 0 ? '' : `${delta > 0 ? '+' : ''}${Number.isInteger(delta) ? num(delta) : delta.toFixed(1)}`}</td>
        </tr>
      ))}
    </>
  );
}

/** Both sides as of the selected row: their state and conversation then. */
function AtRow({ c, a, b, row }: { c: Comparison; a: CompareSource; b: CompareSource; row: Row | undefined }) {
  if (!row) return <p class="muted">{tr('compareDetail.selectARow')}</p>;
  const ia = row.op === 'added' ? undefined : c.items.a[row.a];
  const ib = row.op === 'removed' ? undefined : c.items.b[row.b];
  const side = (label: string, source: CompareSource, index: number | undefined) => {
    if (index === undefined) return <div class="compare-side"><h4>{label}</h4><p class="muted">{tr('compareDetail.nothingHere')} {label === 'A' ? tr('compareDetail.onlyInB') : tr('compareDetail.onlyInA')}</p></div>;
    const view = source.replay.at(index);
    return (
      <div class="compare-side" data-testid={`at-row-${label.toLowerCase()}`}>
        <h4>
          {tr('compareDetail.asOf', { label, index })}
        </h4>
        <JsonTree value={view.state ?? null} name={tr('compareDetail.sideState', { side: label })} />
        <ul class="compare-side-messages">
          {view.messages.map((m, i) => (
            <li key={i}>
              <span translate={false}>
                <span class="role">{m.role}</span> {typeof m.content === 'string' ? m.content.slice(0, 200) : ''}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  };
  return (
    <>
      {row.op === 'changed' && (
        <p class="compare-row-diff" data-testid="row-diff">{tr('compareDetail.aB', { value: ia?.indices[0], value2: ib?.indices[0], type: ia?.type })}{' '}<InlineDiff parts={diffText(itemText(ia, 2000), itemText(ib, 2000))} />
        </p>
      )}
      {row.fields && row.fields.length > 0 && <p>{tr('compareDetail.changed2')} {row.fields.map((f) => <code key={f}>{f} </code>)}</p>}
      <div class="compare-sides">
        {side('A', a, ia?.indices[ia.indices.length - 1])}
        {side('B', b, ib?.indices[ib.indices.length - 1])}
      </div>
    </>
  );
}

function Input({ c }: { c: Comparison }) {
  const parts = c.runs.flatMap((r, i) => Object.entries(r.input).filter(([, ops]) => ops.length > 0).map(([part, ops]) => ({ run: i + 1, part, ops })));
  if (parts.length === 0) return <p class="muted">{tr('compareDetail.theClientsSentTheSame')}</p>;
  return (
    <ul data-testid="compare-input">
      {parts.map((p, i) => (
        <li key={i}>
          <strong translate={false}>{p.part}</strong>
          {c.runs.length > 1 ? ` (${tr('compareDetail.runN', { n: p.run })})` : ''}:{' '}
          {p.ops.map((o, j) => (
            <code key={j}>
              {o.op} {o.path}
              {'value' in o ? ` = ${JSON.stringify(o.value).slice(0, 120)}` : ''}{' '}
            </code>
          ))}
        </li>
      ))}
    </ul>
  );
}
