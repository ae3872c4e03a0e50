/**
 * JSON Patch (RFC 6902) with the exact semantics of fast-json-patch's `applyPatch(doc, patch, true, false)`, the
 * call the reference client makes, but without its deep clone of the whole document per patch: before each
 * operation, only the containers on its path (and `from` path) are copied, then fast-json-patch applies the
 * operation to those copies. The previous document is never touched, so old states share everything else.
 */
import jsonpatch, { type Operation } from 'fast-json-patch';

export interface PatchFailure {
  /** Index of the operation that failed. */
  opIndex: number;
  /** fast-json-patch's error name (OPERATION_PATH_UNRESOLVABLE, TEST_OPERATION_FAILED, …) or our own. */
  code: string;
  message: string;
}

export type PatchResult = { ok: true; doc: unknown } | { ok: false; failure: PatchFailure };

/** Keys a patch may never write: writing them could reach an object's prototype. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => typeof v === 'object' && v !== null;

const unescape = (token: string): string => (token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token);

const shallowCopy = (v: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] =>
  Array.isArray(v) ? v.slice() : { ...v };

/**
 * Copies the containers along `pointer` (those not created during this patch), linking each copy into its
 * parent copy. Stops where the path leaves the document; fast-json-patch then reports that.
 */
function copyPath(root: unknown, pointer: string, fresh: WeakSet<object>): unknown {
  if (!isContainer(root)) return root;
  let doc = root;
  if (!fresh.has(doc)) {
    doc = shallowCopy(doc);
    fresh.add(doc);
  }
  const tokens = pointer.split('/');
  let parent: Record<string, unknown> | unknown[] = doc;
  // The last token names the target inside its parent; only containers above it need copying.
  for (let t = 1; t < tokens.length - 1; t++) {
    const key = unescape(tokens[t]!);
    if (FORBIDDEN.has(key) || !Object.prototype.hasOwnProperty.call(parent, key)) break;
    const child = (parent as Record<string, unknown>)[key];
    if (!isContainer(child)) break;
    let copy = child;
    if (!fresh.has(child)) {
      copy = shallowCopy(child);
      fresh.add(copy);
      (parent as Record<string, unknown>)[key] = copy;
    }
    parent = copy;
  }
  return doc;
}

const forbiddenToken = (pointer: unknown): string | undefined => {
  if (typeof pointer !== 'string') return undefined;
  for (const token of pointer.split('/').slice(1)) {
    const key = unescape(token);
    if (FORBIDDEN.has(key)) return key;
  }
  return undefined;
};

/** Applies `patch` to `doc` without changing `doc`. On failure the document is unchanged and the failing op is named. */
export function applyPatchImmutable(doc: unknown, patch: unknown): PatchResult {
  if (!Array.isArray(patch)) {
    return { ok: false, failure: { opIndex: -1, code: 'SEQUENCE_NOT_AN_ARRAY', message: 'Patch sequence must be an array' } };
  }
  const fresh = new WeakSet<object>();
  let current = doc;
  let movedIntoItself = -1;
  for (let i = 0; i < patch.length; i++) {
    const op = patch[i] as { op?: unknown; path?: unknown; from?: unknown } | null;
    const banned = op && typeof op === 'object' ? (forbiddenToken(op.path) ?? forbiddenToken(op.from)) : undefined;
    if (banned !== undefined) {
      return {
        ok: false,
        failure: {
          opIndex: i,
          code: 'FORBIDDEN_KEY',
          message: `The path writes "${banned}", which could reach an object's prototype; the patch is refused.`,
        },
      };
    }
    // RFC 6902 §4.4: "from" must not be a proper prefix of "path". fast-json-patch does not check it: the
    // document then contains itself. The reference goes on with that (a later op may replace it); so do we, and
    // refuse the patch only if the result still contains itself, which no JSON can represent.
    if (op && typeof op === 'object' && op.op === 'move' && typeof op.from === 'string' && typeof op.path === 'string') {
      if (op.path !== op.from && op.path.startsWith(op.from === '' ? '/' : `${op.from}/`)) movedIntoItself = i;
    }
    if (op && typeof op === 'object' && typeof op.path === 'string' && op.path !== '') {
      current = copyPath(current, op.path, fresh);
      if (op.op === 'move' && typeof op.from === 'string' && op.from !== '') current = copyPath(current, op.from, fresh);
    }
    try {
      // The operation object is copied so that fast-json-patch's bookkeeping never writes into the event.
      const result = jsonpatch.applyOperation(current, { ...(op as object) } as Operation, true, true, true, i);
      // A root add/replace makes the op's own value the document: it is not ours to write into, so not `fresh`.
      current = result.newDocument;
    } catch (error) {
      const e = error as { name?: string; message?: string };
      const code = e.name && e.name !== 'Error' && e.name !== 'TypeError' ? e.name : 'OPERATION_FAILED';
      return { ok: false, failure: { opIndex: i, code, message: firstLine(e.message ?? String(error)) } };
    }
  }
  if (movedIntoItself !== -1 && hasCycle(current)) {
    return {
      ok: false,
      failure: {
        opIndex: movedIntoItself,
        code: 'MOVE_INTO_ITSELF',
        message: 'A move into its own child (RFC 6902 §4.4 forbids it) left the document containing itself',
      },
    };
  }
  return { ok: true, doc: current };
}

function hasCycle(root: unknown): boolean {
  const onPath = new Set<object>();
  const visit = (v: unknown): boolean => {
    if (!isContainer(v)) return false;
    if (onPath.has(v)) return true;
    onPath.add(v);
    for (const child of Object.values(v)) if (visit(child)) return true;
    onPath.delete(v);
    return false;
  };
  return visit(root);
}

const firstLine = (s: string): string => s.split('\n')[0] ?? s;
