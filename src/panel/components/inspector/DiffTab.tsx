import { effectOf } from '../../../engine/diff/effect';
import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { LongText } from '../LongText';
import { visibleText } from '../Visible';

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
      <h3>What event #{index} changed</h3>
      <p class="muted">Conversation {effect.lane}</p>
      {none && !effect.patchFailure && <p class="muted">Nothing: this event changed neither the messages nor the state.</p>}
      {effect.patchFailure && (
        <section class="patch-failure" data-testid="patch-failure">
          <h4>State: the delta was refused</h4>
          <p class="error-text">{effect.patchFailure.reason}</p>
          <table class="diff">
            <thead>
              <tr>
                <th>#</th>
                <th>op</th>
                <th>path</th>
                <th>status</th>
              </tr>
            </thead>
            <tbody>
              {effect.patchFailure.ops.map((o, k) => (
                <tr key={k} class={`status-${o.status.replace(' ', '-')}`}>
                  <td>{k}</td>
                  <td>{o.op}</td>
                  <td>
                    <code>{visibleText(o.path)}</code>
                    {o.from !== undefined && <span class="muted"> from {o.from}</span>}
                  </td>
                  <td>{o.status === 'rolled back' ? 'applied, then rolled back' : o.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="muted">
            The document at <code>{effect.patchFailure.context.path || '(root)'}</code>, the nearest part of the failing path that exists, before this
            event:
          </p>
          <JsonTree value={effect.patchFailure.context.value} open={1} tools={false} />
        </section>
      )}
      {effect.state.length > 0 && (
        <section>
          <h4>State</h4>
          <table class="diff">
            <thead>
              <tr>
                <th>op</th>
                <th>path</th>
                <th>before</th>
                <th>after</th>
              </tr>
            </thead>
            <tbody>
              {effect.state.map((c, i) => (
                <tr key={i} class={`op-${c.op}`}>
                  <td>{c.op}</td>
                  <td>
                    <code>{c.path || '(root)'}</code>
                    {c.at && <span class="muted"> → {c.at}</span>}
                    {c.from !== undefined && <span class="muted"> from {c.from || '(root)'}</span>}
                  </td>
                  <td class="before">{c.hadBefore ? show(c.before) : <span class="muted">—</span>}</td>
                  <td class="after">{c.hasAfter ? show(c.after) : <span class="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {effect.stateTruncated > 0 && <p class="muted">…and {effect.stateTruncated} more changes.</p>}
        </section>
      )}
      {effect.messages.length > 0 && (
        <section>
          <h4>Messages</h4>
          <ul class="plain">
            {effect.messages.map((m, i) => (
              <li key={i} class={`msg-change ${m.kind}`}>
                <b>{m.kind}</b> <span class="role">{m.role}</span> <code>{m.id}</code>
                {m.appended !== undefined && (
                  <span>
                    {' '}
                    + <mark class="appended"><LongText text={m.appended} limit={2000} inline /></mark>
                  </span>
                )}
                {m.argsAppended?.map((a) => (
                  <span key={a.toolCallId}>
                    {' '}
                    {a.added ? 'new tool call' : 'args'} <code>{visibleText(a.name)}</code> + <mark class="appended"><LongText text={a.text} limit={2000} inline /></mark>
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
