import { useSignal } from '@preact/signals';
import { useState } from 'preact/hooks';
import { copyText } from '../copy';
import { Visible } from './Visible';
import { num } from '../format';
import { tr, trn } from '../../i18n/i18n';
import { TextInput } from './TextInput';

/**
 * A JSON value as a tree: objects and arrays open on click, children are only built when open (so a 10,000-deep
 * or 10 MB value costs nothing until someone looks), long strings are cut with a way to see and copy all of them.
 * Above it: expand all, collapse all, and a search that opens the way to every match. On each row: copy the value
 * (as JSON) and copy its path (a JSON Pointer).
 */
export function JsonTree({
  value,
  name,
  open = 1,
  highlight,
  tools = true,
}: {
  value: unknown;
  name?: string;
  open?: number;
  /** JSON Pointers to mark (changed by the selected event). */
  highlight?: ReadonlySet<string>;
  /** The expand / collapse / search bar (off for small inline values). */
  tools?: boolean;
}) {
  const mode = useSignal<{ forced: 'all' | 'none' | undefined; generation: number }>({ forced: undefined, generation: 0 });
  const query = useSignal('');
  const search = query.value.trim() ? findMatches(value, query.value.trim().toLowerCase()) : undefined;
  const container = value !== null && typeof value === 'object';
  return (
    <div class="json-tree" role="tree" aria-label={name ?? tr('jsonTree.jsonValue')}>
      {tools && container && (
        <div class="json-tools">
          <button type="button" class="link" onClick={() => (mode.value = { forced: 'all', generation: mode.value.generation + 1 })}>
            {tr('jsonTree.expandAll')}
          </button>
          <button type="button" class="link" onClick={() => (mode.value = { forced: 'none', generation: mode.value.generation + 1 })}>
            {tr('jsonTree.collapseAll')}
          </button>
          <TextInput bound={query} class="json-search" type="search" label={tr('jsonTree.searchInThisValue')} placeholder={tr('jsonTree.searchKeysAndValues')} />
          {search && (
            <span class="muted">
              {search.hits.size === 0 ? tr('jsonTree.noMatch') : trn(search.capped ? 'jsonTree.matchesOver' : 'jsonTree.matches', search.hits.size)}
            </span>
          )}
        </div>
      )}
      <Node
        key={`${mode.value.generation}:${query.value}`}
        value={value}
        name={name}
        depth={0}
        ctx={{ openDepth: open, highlight, forced: mode.value.forced, search }}
        path=""
      />
    </div>
  );
}

const STRING_LIMIT = 300;
const CHILD_LIMIT = 200;
const SEARCH_LIMIT = 20_000;

interface Search {
  /** Paths of the values or keys that match. */
  hits: Set<string>;
  /** Paths on the way to a match (opened). */
  ways: Set<string>;
  capped: boolean;
}

interface Ctx {
  openDepth: number;
  highlight: ReadonlySet<string> | undefined;
  forced: 'all' | 'none' | undefined;
  search: Search | undefined;
}

export const escapeKey = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every key or scalar that contains the text, by path (a bounded walk: huge values stay fast). */
function findMatches(root: unknown, text: string): Search {
  const hits = new Set<string>();
  const ways = new Set<string>();
  let visited = 0;
  /** Whether the subtree at `path` holds a match; containers with one below are opened. */
  const walk = (v: unknown, path: string, key: string | undefined): boolean => {
    if (++visited > SEARCH_LIMIT) return false;
    const container = v !== null && typeof v === 'object';
    let below = false;
    if (container) for (const [k, child] of Object.entries(v as Record<string, unknown>)) if (walk(child, `${path}/${escapeKey(k)}`, k)) below = true;
    const hit = (key !== undefined && key.toLowerCase().includes(text)) || (!container && String(v).toLowerCase().includes(text));
    if (hit) hits.add(path);
    if (below) ways.add(path);
    return hit || below;
  };
  walk(root, '', undefined);
  return { hits, ways, capped: visited > SEARCH_LIMIT };
}

function Scalar({ value }: { value: unknown }) {
  const [full, setFull] = useState(false);
  if (typeof value === 'string') {
    const long = value.length > STRING_LIMIT && !full;
    return (
      <span class="j-string" translate={false}>
        "<Visible text={long ? value.slice(0, STRING_LIMIT) : value} multiline />"
        {long && (
          <button type="button" class="link" onClick={() => setFull(true)}>{tr('jsonTree.showAllCharacters', { length: num(value.length) })}</button>
        )}
      </span>
    );
  }
  // JSON's own words and the values themselves are data: not translated.
  if (value === null || value === undefined)
    return (
      <span class="j-null" translate={false}>
        {String(value)}
      </span>
    );
  if (typeof value === 'number' || typeof value === 'boolean')
    return (
      <span class={typeof value === 'number' ? 'j-number' : 'j-bool'} translate={false}>
        {String(value)}
      </span>
    );
  return <span translate={false}>{String(value)}</span>;
}

function RowActions({ value, path }: { value: unknown; path: string }) {
  const pointer = path === '' ? '' : path;
  return (
    <span class="j-actions">
      <button
        type="button"
        class="j-action"
        title={tr('jsonTree.copyTheValueJson')}
        aria-label={pointer ? tr('jsonTree.copyValueAt', { pointer }) : tr('jsonTree.copyRootValue')}
        onClick={(e) => {
          e.stopPropagation();
          void copyText(typeof value === 'string' ? value : JSON.stringify(value, null, 2) ?? String(value));
        }}
      >
        {tr('common.copy')}
      </button>
      <button
        type="button"
        class="j-action"
        title={tr('jsonTree.copyThePathJsonPointer')}
        aria-label={tr('jsonTree.copyPathOf', { pointer: pointer || tr('diffTab.root') })}
        onClick={(e) => {
          e.stopPropagation();
          void copyText(pointer);
        }}
      >
        {tr('jsonTree.path')}
      </button>
    </span>
  );
}

function Node(props: { value: unknown; name?: string | undefined; depth: number; ctx: Ctx; path: string }) {
  const { value, name, depth, ctx, path } = props;
  const container = value !== null && typeof value === 'object';
  const [open, setOpen] = useState(ctx.search?.ways.has(path) || (ctx.forced ? ctx.forced === 'all' : depth < ctx.openDepth));
  const [limit, setLimit] = useState(CHILD_LIMIT);
  const marked = ctx.highlight?.has(path);
  const hit = ctx.search?.hits.has(path);
  // The root's name is the view's (State, B's final state); a key below it is data.
  const label = name !== undefined && (
    <span class="j-key" translate={depth > 0 ? false : undefined}>
      <Visible text={name} />:{' '}
    </span>
  );
  if (!container) {
    return (
      <div class={`j-row ${marked ? 'j-marked' : ''} ${hit ? 'j-hit' : ''}`} data-path={path} role="treeitem" aria-level={depth + 1}>
        {label}
        <Scalar value={value} />
        <RowActions value={value} path={path} />
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries = isArray ? (value as unknown[]).map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
  const summary = isArray ? <span translate={false}>Array({entries.length})</span> : `{${trn('jsonTree.keys', entries.length)}}`;
  return (
    <div class={`j-node ${marked ? 'j-marked' : ''}`} data-path={path}>
      <div
        class={`j-row j-toggle ${hit ? 'j-hit' : ''}`}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), setOpen(!open))}
        role="treeitem"
        aria-expanded={open}
        aria-level={depth + 1}
        tabIndex={0}
      >
        <span class="j-arrow">{open ? '▾' : '▸'}</span>
        {label}
        <span class="j-summary">{summary}</span>
        <RowActions value={value} path={path} />
      </div>
      {open && (
        <div class="j-children" role="group">
          {entries.slice(0, limit).map(([k, v]) => (
            <Node key={k} value={v} name={k} depth={depth + 1} ctx={ctx} path={`${path}/${escapeKey(k)}`} />
          ))}
          {entries.length > limit && (
            <button type="button" class="link" onClick={() => setLimit(limit + CHILD_LIMIT)}>{tr('jsonTree.showMoreOf', { CHILD_LIMIT: Math.min(CHILD_LIMIT, entries.length - limit), value: entries.length - limit })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
