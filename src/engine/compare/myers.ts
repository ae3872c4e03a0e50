/**
 * Myers' O((N+M)·D) difference of two sequences of integers (each item interned to a number first): the shortest
 * edit script, as runs of equal, removed (only in A) and added (only in B) items. The common head and tail are
 * taken off before the search; the search keeps one vector of 2d+1 furthest points per step d, so its memory is
 * O(D²) beside the inputs, and it stops at `maxD` differences: the rest is then one removed and one added run
 * (said by `capped`), never a stall or quadratic memory on two wholly different inputs.
 */

export type EditOp = 'equal' | 'removed' | 'added';

/** A run of `length` items: from `a` in A and `b` in B (for equal), from `a` (removed) or from `b` (added). */
export interface Edit {
  op: EditOp;
  a: number;
  b: number;
  length: number;
}

export interface EditScript {
  edits: Edit[];
  /** The number of removed plus added items (the edit distance), or a lower bound when capped. */
  distance: number;
  /** The search stopped at maxD: the items between the common head and tail are not aligned. */
  capped: boolean;
}

export const DEFAULT_MAX_D = 2000;

export function diffSequences(a: ArrayLike<number>, b: ArrayLike<number>, maxD = DEFAULT_MAX_D): EditScript {
  const n = a.length;
  const m = b.length;
  let head = 0;
  while (head < n && head < m && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < n - head && tail < m - head && a[n - 1 - tail] === b[m - 1 - tail]) tail++;
  const edits: Edit[] = [];
  const push = (op: EditOp, ia: number, ib: number, length: number) => {
    if (length <= 0) return;
    const last = edits[edits.length - 1];
    if (last && last.op === op && last.a + (op === 'added' ? 0 : last.length) === ia && last.b + (op === 'removed' ? 0 : last.length) === ib) last.length += length;
    else edits.push({ op, a: ia, b: ib, length });
  };
  push('equal', 0, 0, head);
  const inner = middle(a, b, head, n - tail, head, m - tail, maxD);
  let distance = 0;
  if (inner) {
    for (const e of inner) {
      push(e.op, e.a, e.b, e.length);
      if (e.op !== 'equal') distance += e.length;
    }
  } else {
    push('removed', head, head, n - tail - head);
    push('added', n - tail, head, m - tail - head);
    distance = maxD + 1;
  }
  push('equal', n - tail, m - tail, tail);
  return { edits, distance, capped: !inner };
}

/** The edit script of a[a0..a1) against b[b0..b1), or undefined past maxD. */
function middle(a: ArrayLike<number>, b: ArrayLike<number>, a0: number, a1: number, b0: number, b1: number, maxD: number): Edit[] | undefined {
  const n = a1 - a0;
  const m = b1 - b0;
  if (n === 0 && m === 0) return [];
  if (n === 0) return [{ op: 'added', a: a0, b: b0, length: m }];
  if (m === 0) return [{ op: 'removed', a: a0, b: b0, length: n }];
  const max = Math.min(n + m, maxD);
  const offset = max + 1;
  // v[k + offset]: the furthest x on diagonal k (x - y = k); trace[d]: v as it was after step d (only 2d+1 cells kept).
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[k - 1 + offset]! < v[k + 1 + offset]!) ? v[k + 1 + offset]! : v[k - 1 + offset]! + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) (x++, y++);
      v[k + offset] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(trace, n, m, a0, b0);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

/** Walks the kept vectors back from (n, m) to (0, 0), then writes the edits forwards. */
function backtrack(trace: Int32Array[], n: number, m: number, a0: number, b0: number): Edit[] {
  const out: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1]!;
    // prev holds diagonals -(d-1)..(d-1) at indices 0..2d-2.
    const at = (k: number) => prev[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const pk = down ? k + 1 : k - 1;
    const px = at(pk);
    const py = px - pk;
    // The snake after the edit: equal items from (edit end) to (x, y).
    const sx = down ? px : px + 1;
    const sy = down ? py + 1 : py;
    if (x > sx) out.push({ op: 'equal', a: a0 + sx, b: b0 + sy, length: x - sx });
    if (down) out.push({ op: 'added', a: a0 + px, b: b0 + py, length: 1 });
    else out.push({ op: 'removed', a: a0 + px, b: b0 + py, length: 1 });
    x = px;
    y = py;
  }
  if (x > 0) out.push({ op: 'equal', a: a0, b: b0, length: x });
  out.reverse();
  // Join neighbours of one kind.
  const joined: Edit[] = [];
  for (const e of out) {
    const last = joined[joined.length - 1];
    if (last && last.op === e.op && last.a + (e.op === 'added' ? 0 : last.length) === e.a && last.b + (e.op === 'removed' ? 0 : last.length) === e.b) last.length += e.length;
    else joined.push({ ...e });
  }
  return joined;
}
