/** JSON Patch as the reference applies it, with shared copies and a bound on what copies may grow a document to. */
import jsonpatch, { type Operation } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { applyPatchImmutable, DOCUMENT_MAX_BYTES } from './patch';

/** What fast-json-patch itself makes of it (the reference's call): the document, or that it failed. */
const reference = (doc: unknown, ops: unknown[]): { doc: unknown } | { failed: true } => {
  try {
    return { doc: jsonpatch.applyPatch(structuredClone(doc), ops as Operation[], true, false).newDocument };
  } catch {
    return { failed: true };
  }
};
const ours = (doc: unknown, ops: unknown[]): { doc: unknown } | { failed: true } => {
  const r = applyPatchImmutable(doc, ops);
  return r.ok ? { doc: r.doc } : { failed: true };
};

describe('copy', () => {
  const base = () => ({ a: { b: [1, { c: 2 }], d: 'x' }, list: [0, 1, 2], n: null as unknown });
  const cases: [string, unknown[]][] = [
    ['an object to a new key', [{ op: 'copy', from: '/a', path: '/e' }]],
    ['into an array at an index', [{ op: 'copy', from: '/a/d', path: '/list/1' }]],
    ['to the end of an array', [{ op: 'copy', from: '/a', path: '/list/-' }]],
    ['past the end of an array (appended, as fast-json-patch does)', [{ op: 'copy', from: '/a/d', path: '/list/9' }]],
    ['from a path that does not exist', [{ op: 'copy', from: '/nope', path: '/e' }]],
    ['from an array with a key that is not an index', [{ op: 'copy', from: '/list/x', path: '/e' }]],
    ['to a path whose parent does not exist', [{ op: 'copy', from: '/a', path: '/no/where' }]],
    ['to an array key that is not an index', [{ op: 'copy', from: '/a', path: '/list/x' }]],
    ['into its own child', [{ op: 'copy', from: '/a', path: '/a/self' }]],
    ['the root into a key', [{ op: 'copy', from: '', path: '/root' }]],
    ['the root into a key of a child, then writes on both sides', [{ op: 'copy', from: '', path: '/a/b/1/root' }, { op: 'add', path: '/a/b/1/root/a/d', value: 'in copy' }, { op: 'add', path: '/a/d', value: 'in doc' }]],
    ['into a deeper child of itself', [{ op: 'copy', from: '/a', path: '/a/b/1/self' }, { op: 'replace', path: '/a/b/1/self/d', value: 'changed' }]],
    ['to the root', [{ op: 'copy', from: '/a', path: '' }]],
    ['without from', [{ op: 'copy', path: '/e' }]],
    ['then a write into the copy', [{ op: 'copy', from: '/a', path: '/e' }, { op: 'add', path: '/e/b/0', value: 'new' }, { op: 'replace', path: '/e/d', value: 'y' }]],
    ['of a part written earlier in the patch, then written again', [{ op: 'add', path: '/a/b/1/z', value: 1 }, { op: 'copy', from: '/a', path: '/e' }, { op: 'add', path: '/e/b/1/w', value: 2 }, { op: 'add', path: '/a/b/1/v', value: 3 }]],
    ['then a move out of the copy', [{ op: 'copy', from: '/a', path: '/e' }, { op: 'move', from: '/e/b', path: '/moved' }]],
    ['after a move of the root into its own child (the document then contains itself)', [{ op: 'move', path: '/items', from: '' }, { op: 'copy', path: '/a', from: '/items' }]],
    ['twice, then a remove in one', [{ op: 'copy', from: '/a', path: '/e' }, { op: 'copy', from: '/a', path: '/f' }, { op: 'remove', path: '/f/b/0' }]],
  ];
  for (const [what, ops] of cases) {
    it(`${what}: as fast-json-patch, and the old document is untouched`, () => {
      const doc = base();
      const before = structuredClone(doc);
      expect(ours(doc, ops)).toEqual(reference(doc, ops));
      expect(doc).toEqual(before);
    });
  }

  it('a copy shared with a later document stays as it was when that one is patched', () => {
    const first = applyPatchImmutable(base(), [{ op: 'copy', from: '/a', path: '/e' }]);
    expect(first.ok).toBe(true);
    const doc1 = (first as { doc: { a: unknown; e: unknown } }).doc;
    const second = applyPatchImmutable(doc1, [{ op: 'add', path: '/e/b/1/c', value: 99 }]);
    expect((second as { doc: { e: { b: [number, { c: number }] }; a: { b: [number, { c: number }] } } }).doc.e.b[1].c).toBe(99);
    expect((second as { doc: { a: { b: [number, { c: number }] } } }).doc.a.b[1].c).toBe(2);
    expect((doc1 as { e: { b: [number, { c: number }] } }).e.b[1].c).toBe(2);
  });

  it('40 copies of the root, each doubling the document, stop at the bound with a located failure', () => {
    let doc: unknown = { seed: 'x'.repeat(100) };
    let failedAt = -1;
    let failure = '';
    for (let k = 0; k < 40; k++) {
      const r = applyPatchImmutable(doc, [{ op: 'add', path: '/n', value: k }, { op: 'copy', from: '', path: `/c${k}` }]);
      if (r.ok) doc = r.doc;
      else if (failedAt === -1) {
        failedAt = k;
        failure = `${r.failure.opIndex} ${r.failure.code}: ${r.failure.message}`;
      }
    }
    // 100-byte seed: 2^20 times that passes 64 MiB.
    expect(failedAt).toBeGreaterThan(15);
    expect(failedAt).toBeLessThan(22);
    expect(failure).toMatch(/^1 DOCUMENT_TOO_LARGE: copying the root to \/c\d+ would grow the document to about \d+ MiB, more than 64 MiB$/);
    expect(DOCUMENT_MAX_BYTES).toBe(64 * 1024 * 1024);
  });
});

describe('owned containers', () => {
  it('a one-operation patch writes into the containers its caller owns, and copies only what it does not', () => {
    const shared = { keep: 1 };
    const first = applyPatchImmutable({ a: { b: 1 }, shared }, [{ op: 'replace', path: '/a/b', value: 2 }]);
    if (!first.ok) throw new Error('the first patch failed');
    const doc = first.doc as { a: { b: number }; shared: object };
    const second = applyPatchImmutable(doc, [{ op: 'add', path: '/a/c', value: 3 }], first.fresh);
    if (!second.ok) throw new Error('the second patch failed');
    // Written in place: the same root and the same /a, which the first patch had copied.
    expect(second.doc).toBe(doc);
    expect(doc.a).toEqual({ b: 2, c: 3 });
    expect(doc.shared).toBe(shared);
    // A container the caller does not own is copied, not written.
    const third = applyPatchImmutable(doc, [{ op: 'add', path: '/shared/x', value: 1 }], second.fresh);
    expect(shared).toEqual({ keep: 1 });
    expect(third.ok && (third.doc as { shared: object }).shared).toEqual({ keep: 1, x: 1 });
  });

  it('a patch of several operations, or a move, copies even what the caller owns (a failure then leaves it whole)', () => {
    const first = applyPatchImmutable({ a: { b: 1 } }, [{ op: 'replace', path: '/a/b', value: 2 }]);
    if (!first.ok) throw new Error('the first patch failed');
    const doc = first.doc as { a: { b: number } };
    const failed = applyPatchImmutable(doc, [{ op: 'replace', path: '/a/b', value: 3 }, { op: 'remove', path: '/nope' }], first.fresh);
    expect(failed.ok).toBe(false);
    expect(doc).toEqual({ a: { b: 2 } });
    const moved = applyPatchImmutable(doc, [{ op: 'move', from: '/a', path: '/z' }], first.fresh);
    expect(moved.ok && moved.doc).toEqual({ z: { b: 2 } });
    expect(doc).toEqual({ a: { b: 2 } });
  });
});
