/**
 * The UI tab: the generative UI of the session as of the selected event (derive/genuiView.ts). Each A2UI surface:
 * its component tree from root (id, type, properties; each binding with its path and the value it resolves to in the
 * data model then, or unresolved), the data model, the operations that built it (each linked to its event), what the
 * selected event changed, the tool call that made it and its problems. Each MCP app: its resource, the tool's input
 * and result (its HTML lives on the MCP server: not drawn here).
 */
import { useState } from 'preact/hooks';
import { tr } from '../../../i18n/i18n';
import { type AppView, genuiAt, type SpecView, type SurfaceView } from '../../derive/genuiView';
import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { counted, num, severityLabel } from '../../format';
import { A2uiPreview } from './A2uiPreview';
import { ProblemText } from './ProblemsTab';
import { bindingsOf, type Problem, readAt, type TreeNode } from '../../../engine/query';

const REF_PROPS = new Set(['child', 'children', 'tabs', 'trigger', 'content']);
const short = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
};

function Jump({ store, index }: { store: SessionStore; index: number | undefined }) {
  if (index === undefined) return null;
  return (
    <button type="button" class="link" onClick={() => store.select(index, 'event')} title={tr('uiTab.showEvent')} translate={false}>
      #{index}
    </button>
  );
}

/** One component and, open, its children: a treeitem as in the JSON trees (Enter or Space opens and closes). */
interface Pick {
  selected: string | undefined;
  select(id: string): void;
}

function Node({ node, surface, depth, changed, pick }: { node: TreeNode; surface: SurfaceView; depth: number; changed: ReadonlySet<string>; pick: Pick }) {
  const [open, setOpen] = useState(depth < 4);
  const c = node.component;
  const toggle = () => {
    pick.select(node.id);
    if (node.children.length > 0) setOpen(!open);
  };
  const props = c ? Object.entries(c.props).filter(([k, v]) => !REF_PROPS.has(k) && !bindingsOf({ [k]: v }).length) : [];
  const bindings = c ? bindingsOf(c.props) : [];
  return (
    <li role="none">
      <div
        class={`ui-node ${changed.has(node.id) ? 'j-marked' : ''} ${node.missing ? 'ui-missing' : ''}`}
        role="treeitem"
        aria-level={depth + 1}
        aria-expanded={node.children.length > 0 ? open : undefined}
        aria-selected={pick.selected === node.id}
        tabIndex={0}
        data-component-id={node.id}
        onClick={toggle}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), toggle())}
      >
        <span class="j-arrow" aria-hidden="true">{node.children.length > 0 ? (open ? '▾' : '▸') : ' '}</span>
        <code class="ui-id" translate={false}>{node.id}</code>{' '}
        {c ? <span class="ui-type" translate={false}>{c.type}</span> : node.missing ? <span class="badge badge-error">{tr('uiTab.notDefined')}</span> : null}
        {node.cycle && <span class="badge badge-warning">{tr('uiTab.cycle')}</span>}
        {node.repeatedFrom !== undefined && (
          <span class="muted"> {tr('uiTab.repeatedFrom')} <code translate={false}>{node.repeatedFrom}</code></span>
        )}
        {props.map(([k, v]) => (
          <span key={k} class="ui-prop" translate={false}>
            {' '}
            {k}: <span class="j-string">{short(v)}</span>
          </span>
        ))}
        {bindings.map((b) => {
          const r = readAt(surface.surface.dataModel, b.path);
          const relative = !b.path.startsWith('/');
          return (
            <span key={b.at} class={`ui-binding ${r.found || relative ? '' : 'ui-unbound'}`} data-testid="ui-binding" translate={false}>
              {' '}
              {b.at} ← <code>{b.path}</code>{' '}
              {relative ? <span class="muted">{tr('uiTab.perItem')}</span> : r.found ? <>= <span class="j-string">{short(r.value)}</span></> : <span class="badge badge-warning">{tr('uiTab.unresolved')}</span>}
            </span>
          );
        })}
      </div>
      {open && node.children.length > 0 && (
        <ul role="group" class="ui-children">
          {node.children.map((n, i) => (
            <Node key={`${n.id}-${i}`} node={n} surface={surface} depth={depth + 1} changed={changed} pick={pick} />
          ))}
        </ul>
      )}
    </li>
  );
}

function Problems({ store, problems }: { store: SessionStore; problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul class="problems" data-testid="ui-problems">
      {problems.map((p, i) => (
        <li key={i} class={`diag diag-${p.severity}`} data-rule={p.ruleId}>
          <Jump store={store} index={p.eventIndex} /> <span class="diag-code" translate={false}>{p.ruleId}</span> <span class="muted">{severityLabel(p.severity)}</span>{' '}
          <ProblemText ruleId={p.ruleId} message={p.message} />
        </li>
      ))}
    </ul>
  );
}

function Surface({ store, s }: { store: SessionStore; s: SurfaceView }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const pick: Pick = { selected, select: setSelected };
  const ch = s.changes;
  const changed = new Set([...ch.added, ...ch.changed]);
  const any = ch.added.length + ch.removed.length + ch.changed.length + ch.data.length > 0;
  return (
    <section class="ui-surface" data-testid="ui-surface" data-surface-id={s.surfaceId}>
      <h4>
        {tr('uiTab.surface')} <code translate={false}>{s.surfaceId}</code>{' '}
        <span class={`badge ${s.knownCatalog ? 'badge-info' : 'badge-warning'}`} title={s.surface.catalogId ?? ''} data-data-attrs="title">
          {s.knownCatalog ? tr('uiTab.basicCatalog') : tr('uiTab.otherCatalog')}
        </span>{' '}
        <span class="muted">{tr('uiTab.components', { n: num(s.surface.components.size) })}</span>
      </h4>
      {s.toolCall && (
        <p class="muted">
          {tr('uiTab.madeBy')} <code translate={false}>{s.toolCall.name}</code> <code translate={false}>{s.toolCall.toolCallId}</code> <Jump store={store} index={s.toolCall.start} />
        </p>
      )}
      {any && (
        <p class="ui-changes" data-testid="ui-changes">
          {tr('uiTab.thisEvent')}
          {ch.added.length > 0 && <span class="badge badge-added" translate={false}>+ {ch.added.join(', ')}</span>}
          {ch.removed.length > 0 && <span class="badge badge-error" translate={false}>− {ch.removed.join(', ')}</span>}
          {ch.changed.length > 0 && <span class="badge badge-warning" translate={false}>~ {ch.changed.join(', ')}</span>}
          {ch.data.length > 0 && <span class="badge badge-info" translate={false}>{tr('uiTab.data')} {ch.data.map((p) => p || '/').join(', ')}</span>}
        </p>
      )}
      <Problems store={store} problems={s.problems} />
      <div class="ui-columns">
        <div>
          <h5>{tr('uiTab.tree')}</h5>
          {s.root ? (
            <ul class="ui-tree" role="tree" aria-label={tr('uiTab.treeOf', { surfaceId: s.surfaceId })}>
              <Node node={s.root} surface={s} depth={0} changed={changed} pick={pick} />
            </ul>
          ) : (
            <p class="muted">{tr('uiTab.noRoot')}</p>
          )}
          {s.unreachable.length > 0 && (
            <p class="muted">
              {tr('uiTab.unreachable')} <code translate={false}>{s.unreachable.join(', ')}</code>
            </p>
          )}
        </div>
        <div>
          <h5>{tr('uiTab.dataModel')}</h5>
          <JsonTree value={s.surface.dataModel} name={tr('uiTab.dataModel')} open={3} highlight={new Set(ch.data)} />
        </div>
      </div>
      <h5>{tr('uiTab.preview')}</h5>
      {s.knownCatalog ? <A2uiPreview surfaceId={s.surfaceId} messages={s.messages} highlight={selected} /> : <p class="muted">{tr('uiTab.noPreview')}</p>}
      <h5>{tr('uiTab.operations')}</h5>
      <ol class="ui-ops">
        {s.ops.map((o, i) => (
          <li key={i}>
            <Jump store={store} index={o.eventIndex} /> <code translate={false}>{o.kind}</code> <span class="muted" translate={false}>{o.detail}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A json-render tree from its root: each element's id, type and props; ids no element defines marked. */
function SpecTree({ v }: { v: SpecView }) {
  const { spec } = v;
  const draw = (id: string, depth: number, above: Set<string>): preact.JSX.Element => {
    const e = spec.elements.get(id);
    const cycle = above.has(id);
    return (
      <li role="none" key={`${id}-${depth}`}>
        <div class={`ui-node ${e ? '' : 'ui-missing'}`} role="treeitem" aria-level={depth + 1} tabIndex={0} data-element-id={id}>
          <code class="ui-id" translate={false}>{id}</code>{' '}
          {e ? <span class="ui-type" translate={false}>{e.type}</span> : <span class="badge badge-error">{tr('uiTab.notDefined')}</span>}
          {cycle && <span class="badge badge-warning">{tr('uiTab.cycle')}</span>}
          {e &&
            Object.entries(e.props).map(([k, val]) => (
              <span key={k} class="ui-prop" translate={false}>
                {' '}
                {k}: <span class="j-string">{short(val)}</span>
              </span>
            ))}
        </div>
        {e && !cycle && e.children.length > 0 && depth < 32 && (
          <ul role="group" class="ui-children">
            {e.children.map((c) => draw(c, depth + 1, new Set(above).add(id)))}
          </ul>
        )}
      </li>
    );
  };
  return (
    <ul class="ui-tree" role="tree" aria-label={tr('uiTab.jsonRenderTree')}>
      {draw(spec.root, 0, new Set())}
    </ul>
  );
}

function Spec({ store, v }: { store: SessionStore; v: SpecView }) {
  return (
    <section class="ui-surface" data-testid="ui-json-render" data-message-id={v.spec.messageId}>
      <h4>
        {tr('uiTab.jsonRender')} <span class="muted">{tr(`uiTab.where.${v.spec.where}`)}</span>
        {v.toolName !== undefined && <code translate={false}>{v.toolName}</code>} <Jump store={store} index={v.eventIndex} />
      </h4>
      <p class="muted">{tr('uiTab.jsonRenderNotDrawn')}</p>
      {v.spec.missing.length > 0 && (
        <p class="diag diag-warning">
          {tr('uiTab.jsonRenderMissing')} <code translate={false}>{v.spec.missing.join(', ')}</code>
        </p>
      )}
      <SpecTree v={v} />
    </section>
  );
}

function App({ store, a }: { store: SessionStore; a: AppView }) {
  const { app } = a;
  return (
    <section class="ui-surface" data-testid="ui-app" data-message-id={app.messageId}>
      <h4>
        {tr('uiTab.mcpApp')} <code translate={false}>{app.resourceUri ?? app.messageId}</code> <Jump store={store} index={a.eventIndex} />
      </h4>
      <p class="muted">{tr('uiTab.mcpNotDrawn')}</p>
      <Problems store={store} problems={a.problems} />
      {app.serverId !== undefined || app.serverHash !== undefined ? (
        <p class="muted">
          {tr('uiTab.server')} <code translate={false}>{app.serverId ?? app.serverHash}</code>
        </p>
      ) : null}
      <h5>{tr('uiTab.toolInput')}</h5>
      <JsonTree value={app.toolInput ?? null} name={tr('uiTab.toolInput')} open={2} tools={false} />
      <h5>{tr('uiTab.result')}</h5>
      {app.text !== undefined && <pre class="raw" translate={false}>{app.text}</pre>}
      {app.structuredContent !== undefined ? <JsonTree value={app.structuredContent} name={tr('uiTab.structuredContent')} open={2} tools={false} /> : <JsonTree value={app.result ?? null} name={tr('uiTab.result')} open={1} tools={false} />}
    </section>
  );
}

export function UiTab({ store, index }: { store: SessionStore; index: number }) {
  void store.version.value;
  const view = genuiAt(store.replay.value, index);
  const empty = view.surfaces.length + view.apps.length + view.pending.length + view.specs.length === 0;
  return (
    <div class="tab-body ui-tab" data-testid="ui-tab">
      <h3>
        {tr('uiTab.title', { index })}{' '}
        <span class="muted">({counted(view.surfaces.length, 'surface')}, {counted(view.apps.length, 'mcpApp')})</span>
      </h3>
      {empty && <p class="muted">{tr('uiTab.empty')}</p>}
      {view.pending.map((p) => (
        <p key={p.messageId} class="muted" data-testid="ui-pending">
          <code translate={false}>{p.messageId}</code>{' '}
          <span class={`badge ${p.lifecycle.status === 'failed' ? 'badge-error' : 'badge-info'}`}>{tr(`uiTab.status.${p.lifecycle.status}`)}</span>{' '}
          {p.lifecycle.attempt !== undefined && tr('uiTab.attempt', { attempt: num(p.lifecycle.attempt), max: num(p.lifecycle.maxAttempts ?? p.lifecycle.attempt) })}
          {p.lifecycle.error !== undefined && <span lang="en" translate={false}> {p.lifecycle.error}</span>} <Jump store={store} index={p.eventIndex} />
        </p>
      ))}
      {view.surfaces.map((s) => (
        <Surface key={`${s.lane} ${s.surfaceId}`} store={store} s={s} />
      ))}
      {view.apps.map((a) => (
        <App key={`${a.lane} ${a.app.messageId}`} store={store} a={a} />
      ))}
      {view.specs.map((v, i) => (
        <Spec key={`${v.lane} ${v.spec.messageId} ${i}`} store={store} v={v} />
      ))}
    </div>
  );
}
