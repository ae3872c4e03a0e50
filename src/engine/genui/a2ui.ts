/**
 * A2UI v0.9 surfaces as the `a2ui-surface` activity messages of a conversation draw them (what the AG-UI A2UI
 * middleware streams: `content.a2ui_operations`, replaced whole by each snapshot). The messages are read in their
 * order, each one's operations from the first, as they now stand: `createSurface` makes (or makes again) a surface,
 * `updateComponents` adds or replaces components by id, `updateDataModel` writes a value at a JSON Pointer (no
 * value: removes it), `deleteSurface` removes the surface. What an operation gets wrong is a finding there; what the
 * drawn surface lacks (a root, a child, a required property, a bound value) is `surfaceFindings`. Nothing here
 * changes its input: the data model is copied along each written path.
 */
import { A2UI_VERSION, BASIC_CATALOG_ID, catalogFor, type ComponentDef } from './a2uiCatalog';

export const A2UI_ACTIVITY = 'a2ui-surface';
export const A2UI_OPERATIONS_KEY = 'a2ui_operations';

export type A2uiOpKind = 'createSurface' | 'updateComponents' | 'updateDataModel' | 'deleteSurface';
const OP_KINDS: readonly A2uiOpKind[] = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'];

/** Where an operation is: its activity message and its index in `content.a2ui_operations`. */
export interface OpSource {
  messageId: string;
  op: number;
}

export interface A2uiComponent {
  id: string;
  type: string;
  /** Everything but `id` and `component`, as sent. */
  props: Record<string, unknown>;
  source: OpSource;
  /** Its index in its operation's `components`. */
  index: number;
}

export interface A2uiOp {
  kind: A2uiOpKind;
  surfaceId: string;
  source: OpSource;
  /** updateComponents: the ids it set. */
  ids?: string[];
  /** updateDataModel: the path it wrote. */
  path?: string;
}

export interface A2uiSurface {
  surfaceId: string;
  catalogId: string | undefined;
  components: Map<string, A2uiComponent>;
  dataModel: unknown;
  deleted: boolean;
  /** The operations that built it, in order, since its last createSurface. */
  ops: A2uiOp[];
}

/** What a check found, located in an activity message's content (a JSON path from the message's `content`). */
export interface GenUiFinding {
  ruleId: string;
  message: string;
  messageId: string;
  path: (string | number)[];
  surfaceId?: string;
}

export interface ActivityLike {
  id: string;
  activityType?: unknown;
  content?: unknown;
}

/** Where the A2UI middleware's generation stands before the surface is painted (`content.status`). */
export interface A2uiLifecycle {
  status: 'building' | 'retrying' | 'failed';
  attempt?: number;
  maxAttempts?: number;
  error?: string;
  progressTokens?: number;
}

export function lifecycleOf(content: unknown): A2uiLifecycle | undefined {
  if (!isObj(content) || (content.status !== 'building' && content.status !== 'retrying' && content.status !== 'failed')) return undefined;
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const l: A2uiLifecycle = { status: content.status };
  for (const k of ['attempt', 'maxAttempts', 'progressTokens'] as const) if (num(content[k]) !== undefined) l[k] = num(content[k]);
  if (typeof content.error === 'string') l.error = content.error;
  return l;
}

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const opPath = (s: OpSource): (string | number)[] => ['content', A2UI_OPERATIONS_KEY, s.op];

/** The surface ids an `a2ui-surface` activity's operations name, in order of first mention. */
export function surfaceIdsOf(content: unknown): string[] {
  const ops = isObj(content) ? content[A2UI_OPERATIONS_KEY] : undefined;
  const ids = new Set<string>();
  for (const op of Array.isArray(ops) ? ops : []) {
    for (const body of isObj(op) ? Object.values(op) : []) if (isObj(body) && typeof body.surfaceId === 'string') ids.add(body.surfaceId);
  }
  return [...ids];
}

/** The surfaces the `a2ui-surface` messages build, in message order, and what is wrong with their operations. */
export function readSurfaces(messages: readonly ActivityLike[]): { surfaces: Map<string, A2uiSurface>; findings: GenUiFinding[] } {
  const surfaces = new Map<string, A2uiSurface>();
  const findings: GenUiFinding[] = [];
  for (const m of messages) if (m.activityType === A2UI_ACTIVITY) applyMessage(surfaces, m, findings);
  return { surfaces, findings };
}

function applyMessage(surfaces: Map<string, A2uiSurface>, m: ActivityLike, findings: GenUiFinding[]): void {
  const find = (ruleId: string, message: string, path: (string | number)[], surfaceId?: string) =>
    findings.push({ ruleId, message, messageId: m.id, path, ...(surfaceId !== undefined && { surfaceId }) });
  const ops = isObj(m.content) ? m.content[A2UI_OPERATIONS_KEY] : undefined;
  if (!Array.isArray(ops)) {
    // The middleware's pre-paint states (building, retrying, failed) ride the same message before the surface does.
    if (lifecycleOf(m.content) === undefined) find('a2ui/bad-operation', `Activity '${m.id}' (a2ui-surface) has no content.a2ui_operations array and no status: it draws nothing.`, ['content']);
    return;
  }
  ops.forEach((raw: unknown, i) => {
    const source = { messageId: m.id, op: i };
    const at = opPath(source);
    if (!isObj(raw)) {
      find('a2ui/bad-operation', `Operation ${i} of '${m.id}' is not an object.`, at);
      return;
    }
    if (raw.version !== A2UI_VERSION) {
      find('a2ui/version', `Operation ${i} of '${m.id}' has version ${raw.version === undefined ? 'none' : JSON.stringify(raw.version)}; A2UI v0.9 operations carry "version": "v0.9".`, [...at, 'version']);
    }
    const kinds = OP_KINDS.filter((k) => k in raw);
    if (kinds.length !== 1) {
      find('a2ui/bad-operation', `Operation ${i} of '${m.id}' has ${kinds.length === 0 ? 'none' : kinds.join(' and ')} of createSurface, updateComponents, updateDataModel and deleteSurface: exactly one is expected.`, at);
      return;
    }
    const kind = kinds[0]!;
    const body = raw[kind];
    if (!isObj(body) || typeof body.surfaceId !== 'string' || body.surfaceId === '') {
      find('a2ui/bad-operation', `Operation ${i} of '${m.id}' (${kind}) has no surfaceId.`, [...at, kind]);
      return;
    }
    applyOp(surfaces, kind, body, source, find);
  });
}

type Find = (ruleId: string, message: string, path: (string | number)[], surfaceId?: string) => void;

function applyOp(surfaces: Map<string, A2uiSurface>, kind: A2uiOpKind, body: Record<string, unknown>, source: OpSource, find: Find): void {
  const surfaceId = body.surfaceId as string;
  const at = [...opPath(source), kind];
  if (kind === 'createSurface') {
    const catalogId = typeof body.catalogId === 'string' ? body.catalogId : undefined;
    surfaces.set(surfaceId, { surfaceId, catalogId, components: new Map(), dataModel: {}, deleted: false, ops: [{ kind, surfaceId, source }] });
    if (!catalogFor(catalogId)) {
      find('a2ui/unknown-catalog', `Surface '${surfaceId}' uses the catalog ${catalogId === undefined ? '(none named)' : `'${catalogId}'`}, which this product does not have (it has ${BASIC_CATALOG_ID}): its component types and properties are not checked.`, [...at, 'catalogId'], surfaceId);
    }
    return;
  }
  const surface = surfaces.get(surfaceId);
  if (!surface || surface.deleted) {
    find('a2ui/surface-not-created', `${kind} for surface '${surfaceId}', which ${surface ? 'a deleteSurface removed' : 'no createSurface made'} before it: a renderer has no surface to draw it into.`, [...at, 'surfaceId'], surfaceId);
    return;
  }
  switch (kind) {
    case 'deleteSurface':
      surface.deleted = true;
      surface.ops.push({ kind, surfaceId, source });
      return;
    case 'updateDataModel': {
      const path = typeof body.path === 'string' ? body.path : '/';
      surface.dataModel = writeAt(surface.dataModel, path, body.value, 'value' in body);
      surface.ops.push({ kind, surfaceId, source, path });
      return;
    }
    case 'updateComponents':
      updateComponents(surface, body, source, at, find);
      return;
  }
}

function updateComponents(surface: A2uiSurface, body: Record<string, unknown>, source: OpSource, at: (string | number)[], find: Find): void {
  const { surfaceId } = surface;
  const list = body.components;
  if (!Array.isArray(list)) {
    find('a2ui/bad-operation', `updateComponents for surface '${surfaceId}' has no components array.`, [...at, 'components'], surfaceId);
    return;
  }
  const catalog = catalogFor(surface.catalogId);
  const ids: string[] = [];
  const seen = new Set<string>();
  list.forEach((c: unknown, index) => {
    const where = [...at, 'components', index];
    if (!isObj(c) || typeof c.id !== 'string' || typeof c.component !== 'string') {
      find('a2ui/bad-operation', `Component ${index} of an updateComponents for surface '${surfaceId}' has no string id and component type.`, where, surfaceId);
      return;
    }
    if (seen.has(c.id)) find('a2ui/duplicate-id', `Component id '${c.id}' is defined twice in one updateComponents of surface '${surfaceId}': the second replaces the first.`, [...where, 'id'], surfaceId);
    seen.add(c.id);
    ids.push(c.id);
    if (catalog && !catalog[c.component]) {
      find('a2ui/unknown-component', `Component '${c.id}' is a '${c.component}', which the basic catalog does not define (it has ${Object.keys(catalog).join(', ')}).`, [...where, 'component'], surfaceId);
    }
    const { id, component, ...props } = c;
    surface.components.set(id, { id, type: component, props, source, index });
  });
  surface.ops.push({ kind: 'updateComponents', surfaceId, source, ids });
}

// ---------------------------------------------------------------- the data model

const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const segmentsOf = (path: string): string[] => (path === '' || path === '/' ? [] : path.replace(/^\//, '').split('/').map(decode));

/** The value at a JSON Pointer in the data model (`found` false where a segment is missing). */
export function readAt(model: unknown, path: string): { found: boolean; value?: unknown } {
  let v = model;
  for (const s of segmentsOf(path)) {
    if (Array.isArray(v) && /^\d+$/.test(s) && Number(s) < v.length) v = v[Number(s)];
    else if (isObj(v) && Object.hasOwn(v, s)) v = v[s];
    else return { found: false };
  }
  return { found: true, value: v };
}

/** The model with `value` written at `path` (or removed there when `has` is false), copied along the path. */
function writeAt(model: unknown, path: string, value: unknown, has: boolean): unknown {
  const segments = segmentsOf(path);
  if (segments.length === 0) return has ? value : {};
  const write = (node: unknown, k: number): unknown => {
    const s = segments[k]!;
    const last = k === segments.length - 1;
    if (Array.isArray(node) && /^\d+$/.test(s)) {
      const copy = node.slice();
      const i = Number(s);
      if (last) {
        if (has) copy[i] = value;
        else copy.splice(i, 1);
      } else copy[i] = write(copy[i], k + 1);
      return copy;
    }
    const copy: Record<string, unknown> = isObj(node) ? { ...node } : {};
    if (last) {
      if (has) copy[s] = value;
      else delete copy[s];
    } else copy[s] = write(copy[s], k + 1);
    return copy;
  };
  return write(model, 0);
}

// ---------------------------------------------------------------- the tree and its bindings

/** A property bound to the data model: where in the props (`text`, `action.event.context.user`) and the path. */
export interface Binding {
  at: string;
  path: string;
}

/** Every `{ path }` in a component's props (a DataBinding: an object with only a string path). */
export function bindingsOf(props: Record<string, unknown>): Binding[] {
  const out: Binding[] = [];
  const walk = (v: unknown, at: string, depth: number) => {
    if (depth > 32) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`, depth + 1));
    else if (isObj(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === 'path' && typeof v.path === 'string') out.push({ at, path: v.path });
      else for (const k of keys) if (!(at === '' && (k === 'children' || k === 'child'))) walk(v[k], at === '' ? k : `${at}.${k}`, depth + 1);
    }
  };
  walk(props, '', 0);
  return out;
}

/** The component ids a component names, by the catalog's references (child/children where the catalog is not known). */
export function childrenOf(c: A2uiComponent, def: ComponentDef | undefined): { ids: string[]; template?: { componentId: string; path: string } } {
  const refs = def?.refs ?? [
    { prop: 'child', kind: 'one' as const },
    { prop: 'children', kind: 'list' as const },
  ];
  const ids: string[] = [];
  let template: { componentId: string; path: string } | undefined;
  for (const { prop, kind } of refs) {
    const v = c.props[prop];
    if (kind === 'one' && typeof v === 'string') ids.push(v);
    else if (kind === 'list' && Array.isArray(v)) ids.push(...v.filter((x): x is string => typeof x === 'string'));
    else if (kind === 'list' && isObj(v) && typeof v.componentId === 'string') {
      ids.push(v.componentId);
      if (typeof v.path === 'string') template = { componentId: v.componentId, path: v.path };
    } else if (kind === 'tabs' && Array.isArray(v)) for (const t of v) if (isObj(t) && typeof t.child === 'string') ids.push(t.child);
  }
  return { ids, ...(template && { template }) };
}

export interface TreeNode {
  id: string;
  component?: A2uiComponent;
  children: TreeNode[];
  /** A children template: this node is drawn once per item of the list at `path`. */
  repeatedFrom?: string;
  /** Named but not defined; or already drawn above (a cycle). */
  missing?: true;
  cycle?: true;
}

/** The tree from `root` (undefined without one), and the components it does not reach. */
export function surfaceTree(surface: A2uiSurface): { root?: TreeNode; unreachable: string[] } {
  const catalog = catalogFor(surface.catalogId);
  const reached = new Set<string>();
  const build = (id: string, above: Set<string>, repeatedFrom?: string): TreeNode => {
    const component = surface.components.get(id);
    if (!component) return { id, children: [], missing: true, ...(repeatedFrom !== undefined && { repeatedFrom }) };
    if (above.has(id)) return { id, component, children: [], cycle: true };
    reached.add(id);
    const next = new Set(above).add(id);
    const { ids, template } = childrenOf(component, catalog?.[component.type]);
    return {
      id,
      component,
      children: ids.map((c) => build(c, next, template?.componentId === c ? template.path : undefined)),
      ...(repeatedFrom !== undefined && { repeatedFrom }),
    };
  };
  const root = surface.components.has('root') ? build('root', new Set()) : undefined;
  return { ...(root && { root }), unreachable: [...surface.components.keys()].filter((id) => !reached.has(id)) };
}

/** What the surface as drawn lacks: a root, a component a reference names, a required property, a bound value. */
export function surfaceFindings(surface: A2uiSurface): GenUiFinding[] {
  const out: GenUiFinding[] = [];
  const { surfaceId } = surface;
  const at = (c: A2uiComponent, ...rest: (string | number)[]) => ({ messageId: c.source.messageId, path: [...opPath(c.source), 'updateComponents', 'components', c.index, ...rest] });
  const lastOp = surface.ops[surface.ops.length - 1]!;
  if (surface.components.size === 0) return out;
  const catalog = catalogFor(surface.catalogId);
  const { root, unreachable } = surfaceTree(surface);
  if (!root) {
    out.push({ ruleId: 'a2ui/no-root', message: `Surface '${surfaceId}' has ${surface.components.size} components and none with the id 'root': a renderer starts from 'root' and draws nothing.`, messageId: lastOp.source.messageId, path: opPath(lastOp.source), surfaceId });
  } else if (unreachable.length > 0) {
    const first = surface.components.get(unreachable[0]!)!;
    out.push({ ruleId: 'a2ui/unreachable', message: `Surface '${surfaceId}': ${unreachable.length} component${unreachable.length === 1 ? '' : 's'} no path from 'root' reaches (${unreachable.slice(0, 8).join(', ')}${unreachable.length > 8 ? ', …' : ''}): never drawn.`, ...at(first), surfaceId });
  }
  for (const c of surface.components.values()) {
    const def = catalog?.[c.type];
    for (const id of childrenOf(c, def).ids) {
      if (!surface.components.has(id)) out.push({ ruleId: 'a2ui/missing-child', message: `Component '${c.id}' (${c.type}) of surface '${surfaceId}' names '${id}', which no component defines: that part is not drawn.`, ...at(c), surfaceId });
    }
    for (const prop of def?.required ?? []) {
      if (!(prop in c.props)) out.push({ ruleId: 'a2ui/missing-prop', message: `Component '${c.id}' is a ${c.type} without '${prop}', which the basic catalog requires for it.`, ...at(c), surfaceId });
    }
    const bound = bindingsOf(c.props).map((b) => b.path);
    const template = childrenOf(c, def).template?.path;
    for (const path of template === undefined ? bound : [...bound, template]) {
      if (path.startsWith('/') && !readAt(surface.dataModel, path).found) {
        out.push({ ruleId: 'a2ui/unbound-path', message: `Component '${c.id}' of surface '${surfaceId}' is bound to '${path}', which the data model does not hold: it is drawn empty.`, ...at(c), surfaceId });
      }
    }
  }
  return out;
}
