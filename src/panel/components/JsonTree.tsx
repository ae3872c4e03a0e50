import { useState } from 'preact/hooks';

/**
 * A JSON value as a tree: objects and arrays open on click, children are only built when open (so a 10,000-deep
 * or 10 MB value costs nothing until someone looks), long strings are cut with a way to see all of them.
 */
export function JsonTree({ value, name, open = 1, highlight }: { value: unknown; name?: string; open?: number; highlight?: ReadonlySet<string> }) {
  return (
    <div class="json-tree">
      <Node value={value} name={name} depth={0} openDepth={open} path="" highlight={highlight} />
    </div>
  );
}

const STRING_LIMIT = 300;
const CHILD_LIMIT = 200;

function Scalar({ value }: { value: unknown }) {
  const [full, setFull] = useState(false);
  if (typeof value === 'string') {
    const long = value.length > STRING_LIMIT && !full;
    return (
      <span class="j-string">
        "{long ? value.slice(0, STRING_LIMIT) : value}"
        {long && (
          <button type="button" class="link" onClick={() => setFull(true)}>
            … {value.length - STRING_LIMIT} more characters
          </button>
        )}
      </span>
    );
  }
  if (value === null) return <span class="j-null">null</span>;
  if (value === undefined) return <span class="j-null">undefined</span>;
  if (typeof value === 'number') return <span class="j-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span class="j-bool">{String(value)}</span>;
  return <span>{String(value)}</span>;
}

const escapeKey = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

function Node(props: { value: unknown; name?: string | undefined; depth: number; openDepth: number; path: string; highlight?: ReadonlySet<string> | undefined }) {
  const { value, name, depth, openDepth, path, highlight } = props;
  const container = value !== null && typeof value === 'object';
  const [open, setOpen] = useState(depth < openDepth);
  const [limit, setLimit] = useState(CHILD_LIMIT);
  const marked = highlight?.has(path);
  const label = name !== undefined && <span class="j-key">{name}: </span>;
  if (!container) {
    return (
      <div class={`j-row ${marked ? 'j-marked' : ''}`} data-path={path}>
        {label}
        <Scalar value={value} />
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries = isArray ? (value as unknown[]).map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
  const summary = isArray ? `Array(${entries.length})` : `{${entries.length} key${entries.length === 1 ? '' : 's'}}`;
  return (
    <div class={`j-node ${marked ? 'j-marked' : ''}`} data-path={path}>
      <div class="j-row j-toggle" onClick={() => setOpen(!open)} role="treeitem" aria-expanded={open}>
        <span class="j-arrow">{open ? '▾' : '▸'}</span>
        {label}
        <span class="j-summary">{summary}</span>
      </div>
      {open && (
        <div class="j-children">
          {entries.slice(0, limit).map(([k, v]) => (
            <Node key={k} value={v} name={k} depth={depth + 1} openDepth={openDepth} path={`${path}/${escapeKey(k)}`} highlight={highlight} />
          ))}
          {entries.length > limit && (
            <button type="button" class="link" onClick={() => setLimit(limit + CHILD_LIMIT)}>
              Show {Math.min(CHILD_LIMIT, entries.length - limit)} more of {entries.length - limit}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
