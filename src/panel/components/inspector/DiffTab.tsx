import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { LongText } from '../LongText';
import { visibleText } from '../Visible';
import { tr } from '../../../i18n/i18n';
import { effectOf } from '../../../engine/query';

const show = (v: unknown) => {
  // A huge string is cut before it is quoted.
  const s = typeof v === 'string' && v.length > 400 ? `${JSON.stringify(v.slice(0, 200))}…` : JSON.stringify(v);
  return s === undefined ? 'undefined' : visibleText(s.length > 200 ? `${s.slice(0, 200)}…` : s);
};

export function DiffTab({ store, index }: { store: SessionStore; index: number }) {
  void store.version.value;
  const effect = effectOf(store.replay.value, index);
  const none = effect.state.length === 0 && effect.messages.length === 0;
  return (
    <div class="tab-body" data-testid="diff-tab">
      <h3>{tr('diffTab.whatEventChanged', { index })}</h3>
      <p class="muted">{tr('common.conversation', { lane: effect.lane })}</p>
      {none && !effect.patchFailure && <p class="muted">{tr('diffTab.nothingThisEventChangedNeither')}</p>}
      {effect.patchFailure && (
        <section class="patch-failure" data-testid="patch-failure">
          <h4>{tr('diffTab.stateTheDeltaWasRefused')}</h4>
          <p class="error-text">{effect.patchFailure.reason}</p>
          <table class="diff">
            <thead>
              <tr>
                <th>#</th>
                <th>{tr('diffTab.op')}</th>
                <th>{tr('diffTab.path')}</th>
                <th>{tr('diffTab.status')}</th>
              </tr>
            </thead>
            <tbody>
              {effect.patchFailure.ops.map((o, k) => (
                <tr key={k} class={`status-${o.status.replace(' ', '-')}`}>
                  <td>{k}</td>
                  <td translate={false}>{o.op}</td>
                  <td>
                    <code>{visibleText(o.path)}</code>
                    {o.from !== undefined && <span class="muted">{' '}{tr('diffTab.from', { from: o.from })}</span>}
                  </td>
                  <td>{o.status === 'rolled back' ? tr('diffTab.appliedThenRolledBack') : o.status === 'failed' ? tr('diffTab.opFailed') : tr('diffTab.opNotApplied')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="muted">
            {tr('diffTab.theDocumentAt')} <code>{effect.patchFailure.context.path || tr('diffTab.root')}</code>{tr('diffTab.theNearestPartOfThe')}
          </p>
          <JsonTree value={effect.patchFailure.context.value} open={1} tools={false} />
        </section>
      )}
      {effect.state.length > 0 && (
        <section>
          <h4>{tr('tab.state')}</h4>
          <table class="diff">
            <thead>
              <tr>
                <th>{tr('diffTab.op')}</th>
                <th>{tr('diffTab.path')}</th>
                <th>{tr('diffTab.before')}</th>
                <th>{tr('diffTab.after')}</th>
              </tr>
            </thead>
            <tbody>
              {effect.state.map((c, i) => (
                <tr key={i} class={`op-${c.op}`}>
                  <td translate={false}>{c.op}</td>
                  <td>
                    <code>{c.path || tr('diffTab.root')}</code>
                    {c.at && <span class="muted"> → {c.at}</span>}
                    {c.from !== undefined && <span class="muted"> {tr('diffTab.from2')} {c.from || tr('diffTab.root')}</span>}
                  </td>
                  <td class="before" translate={false}>{c.hadBefore ? show(c.before) : <span class="muted">—</span>}</td>
                  <td class="after" translate={false}>{c.hasAfter ? show(c.after) : <span class="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {effect.stateTruncated > 0 && <p class="muted">{tr('diffTab.andMoreChanges', { stateTruncated: effect.stateTruncated })}</p>}
        </section>
      )}
      {effect.messages.length > 0 && (
        <section>
          <h4>{tr('tab.messages')}</h4>
          <ul class="plain">
            {effect.messages.map((m, i) => (
              <li key={i} class={`msg-change ${m.kind}`}>
                <b>{tr(`compareMessage.${m.kind}`)}</b>{' '}
                <span class="role" translate={false}>
                  {m.role}
                </span>{' '}
                <code>{m.id}</code>
                {m.appended !== undefined && (
                  <span>
                    {' '}
                    + <mark class="appended"><LongText text={m.appended} limit={2000} inline /></mark>
                  </span>
                )}
                {m.argsAppended?.map((a) => (
                  <span key={a.toolCallId}>
                    {' '}
                    {a.added ? tr('diffTab.newToolCall') : tr('diffTab.args')} <code>{visibleText(a.name)}</code> + <mark class="appended"><LongText text={a.text} limit={2000} inline /></mark>
                  </span>
                ))}
                {m.fields && <span class="muted"> ({m.fields.join(', ')})</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
