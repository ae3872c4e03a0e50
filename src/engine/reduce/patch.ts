/**
 * JSON Patch (RFC 6902) with the exact semantics of fast-json-patch's `applyPatch(doc, patch, true, false)`, the
 * call the reference client makes, but without its deep clone of the whole document per patch: before each
 * operation, only the containers on its path (and `from` path) are copied, then fast-json-patch applies the
 * operation to those copies. The previous document is never touched, so old states share everything else.
 *
 * `copy` is ours (fast-json-patch deep-clones the whole document to validate it and the value to copy it): the
 * copied value is shared, as every other unchanged part is, and a copy may not grow the document past
 * DOCUMENT_MAX_BYTES. Without that bound 40 copies of the root, 3 KB of events, double the document 40 times.
 */
import jsonpatch, { type Operation } from 'fast-json-patch';
import { jsonSize } from './jsonSize';

/** What a patch's copies may grow a document to (about JSON bytes), as big as one event may be. */
export const DOCUMENT_MAX_BYTES = 64 * 1024 * 1024;

export interface PatchFailure {
  /** Index of the operation that failed. */
  opIndex: number;
  /** fast-json-patch's error name (OPERATION_PATH_UNRESOLVABLE, TEST_OPERATION_FAILED, …) or our own. */
  code: string;
  message: string;
}

export type PatchResult = { ok: true; doc: unknown; /** The containers of `doc` this patch made (with `owned`'s, when it wrote into them). */ fresh: WeakSet<object> } | { ok: false; failure: PatchFailure };

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

/**
 * Operations that change the document only once they are known to succeed (fast-json-patch validates them first):
 * a patch of one of these alone may write into containers its caller owns, as a failure leaves them as they were.
 */
const IN_PLACE_OPS = new Set<unknown>(['add', 'replace', 'remove', 'test']);

/**
 * Applies `patch` to `doc` without changing `doc`. On failure the document is unchanged and the failing op is named.
 *
 * `owned`: containers of `doc` that no one else holds (copies an earlier patch made, which nothing has seen since).
 * A one-operation patch writes into those instead of copying them again; the containers it copies join them. The
 * caller forgets them as soon as anything else may hold the document (a checkpoint, a view).
 */
export function applyPatchImmutable(doc: unknown, patch: unknown, owned?: WeakSet<object>): PatchResult {
  if (!Array.isArray(patch)) {
    return { ok: false, failure: { opIndex: -1, code: 'SEQUENCE_NOT_AN_ARRAY', message: 'Patch sequence must be an array' } };
  }
  const single = patch.length === 1 && patch[0] !== null && typeof patch[0] === 'object' && IN_PLACE_OPS.has((patch[0] as { op?: unknown }).op);
  const fresh = owned && single ? owned : new WeakSet<object>();
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
      // After a move into its own child the document may contain itself: fast-json-patch's copy (which fails on
      // that, as the reference does) decides.
      if (op && typeof op === 'object' && op.op === 'copy' && op.path !== '' && movedIntoItself === -1) current = copyShared(current, op as Operation & { from: string }, i, fresh);
      else {
        // The operation object is copied so that fast-json-patch's bookkeeping never writes into the event.
        const result = jsonpatch.applyOperation(current, { ...(op as object) } as Operation, true, true, true, i);
        // A root add/replace makes the op's own value the document: it is not ours to write into, so not `fresh`.
        current = result.newDocument;
      }
    } catch (error) {
      if (error instanceof TooLarge) return { ok: false, failure: { opIndex: i, code: 'DOCUMENT_TOO_LARGE', message: error.message } };
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
  return { ok: true, doc: current, fresh };
}

class TooLarge extends Error {}

const MIB = 1024 * 1024;

/**
 * fast-json-patch's `copy` with validation (the same checks in the same order, so the same operations fail), but
 * the copied value is shared instead of cloned, and refused when the document would outgrow DOCUMENT_MAX_BYTES.
 * `document` is this patch's own copy along `op.path` (copyPath ran), so the target container is ours to write.
 */
function copyShared(document: unknown, op: Operation & { from: string }, index: number, fresh: WeakSet<object>): unknown {
  const { JsonPatchError } = jsonpatch;
  // The operation's shape (fast-json-patch checks it with no document first).
  jsonpatch.validator(op, 0);
  const from = op.from;
  const keys = op.path.split('/');
  let obj = document as Record<string | number, unknown>;
  let existing: string | undefined;
  for (let t = 1; ; ) {
    let key: string | number = keys[t]!;
    if (key && key.includes('~')) key = unescape(key);
    if (key === '__proto__' || (key === 'prototype' && keys[t - 1] === 'constructor')) throw new TypeError('JSON-Patch: modifying `__proto__` or `constructor/prototype` prop is banned');
    if (existing === undefined) {
      if (obj[key] === undefined) existing = keys.slice(0, t).join('/');
      else if (t === keys.length - 1) existing = op.path;
      if (existing !== undefined) fromMustResolve(document, op, index);
    }
    t++;
    if (Array.isArray(obj)) {
      if (key === '-') key = obj.length;
      else if (!/^\d*$/.test(key as string)) {
        throw new JsonPatchError('Expected an unsigned base-10 integer value, making the new referenced value the array element with the zero-based index', 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX', index, op, document);
      } else key = ~~(key as string);
    }
    if (t >= keys.length) {
      const value = copiedValue(document, op, fresh);
      if (Array.isArray(obj)) obj.splice(key as number, 0, value);
      else obj[key] = value;
      return document;
    }
    obj = obj[key] as Record<string | number, unknown>;
    if (!obj || typeof obj !== 'object') throw new JsonPatchError('Cannot perform operation at the desired path', 'OPERATION_PATH_UNRESOLVABLE', index, op, document);
  }
}

/** fast-json-patch validates `from` by reading it from a clone of the document; reading it needs no clone. */
function fromMustResolve(document: unknown, op: Operation & { from: string }, index: number): void {
  try {
    jsonpatch.applyOperation(document, { op: '_get', path: op.from } as Operation, true, true, true, 0);
  } catch (error) {
    if (!(error instanceof jsonpatch.JsonPatchError)) throw error;
    if (error.name === 'OPERATION_PATH_UNRESOLVABLE') throw new jsonpatch.JsonPatchError('Cannot perform the operation from a path that does not exist', 'OPERATION_FROM_UNRESOLVABLE', index, op, document);
  }
}

/**
 * The value at `from`, as fast-json-patch's copy inserts it (its clone turns `undefined` into null), shared. Its
 * containers made during this patch stop being ours to write in place: a later write through either path copies.
 * When the value holds the target (a copy into its own child, the root into a key), the containers between them
 * are copied: sharing those would make the document contain itself.
 */
function copiedValue(document: unknown, op: Operation & { from: string }, fresh: WeakSet<object>): unknown {
  const found: unknown = jsonpatch.getValueByPointer(document, op.from);
  if (found === undefined) return null;
  if (!isContainer(found)) return found;
  const size = jsonSize(document, fresh) + jsonSize(found, fresh);
  if (size > DOCUMENT_MAX_BYTES) {
    throw new TooLarge(`copying ${op.from || 'the root'} to ${op.path} would grow the document to about ${Math.round(size / MIB)} MiB, more than ${DOCUMENT_MAX_BYTES / MIB} MiB`);
  }
  let value: Record<string, unknown> | unknown[] = found;
  const copies = new Set<object>();
  if (op.path.startsWith(op.from === '' ? '/' : `${op.from}/`)) {
    value = shallowCopy(found);
    copies.add(value);
    let parent = value;
    for (const token of op.path.slice(op.from.length).split('/').slice(1, -1)) {
      const key = unescape(token);
      const child = (parent as Record<string, unknown>)[key];
      if (!isContainer(child)) break;
      const copy = shallowCopy(child);
      copies.add(copy);
      (parent as Record<string, unknown>)[key] = copy;
      parent = copy;
    }
  }
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (isContainer(v) && (fresh.has(v) || copies.has(v))) {
      fresh.delete(v);
      for (const child of Object.values(v)) stack.push(child);
    }
  }
  return value;
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
