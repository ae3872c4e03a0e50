/**
 * About how many bytes a JSON value takes as text, without writing it: strings by length, numbers by their digits.
 * Containers not being written (`mutable` says which are) are measured once and remembered, so the size of a
 * document that shares most of its parts with the previous one costs only its new parts. No recursion: any depth.
 * A document that contains itself has no JSON size: Infinity.
 */
const sizes = new WeakMap<object, number>();

const scalarSize = (v: unknown): number =>
  typeof v === 'string' ? v.length + 2 : typeof v === 'number' ? String(v).length : typeof v === 'boolean' ? (v ? 4 : 5) : 4;

export function jsonSize(root: unknown, mutable?: WeakSet<object>): number {
  if (root === null || typeof root !== 'object') return scalarSize(root);
  const known = (o: object) => (mutable?.has(o) ? undefined : sizes.get(o));
  const first = known(root);
  if (first !== undefined) return first;
  // Post-order without recursion: a container is summed once all its children are known.
  type Entry = { node: object; keys: string[]; next: number; total: number };
  const enter = (node: object): Entry => {
    const keys = Object.keys(node);
    const array = Array.isArray(node);
    // Brackets, commas, and for objects each key with its quotes and colon.
    let total = 2 + Math.max(0, keys.length - 1);
    if (!array) for (const k of keys) total += k.length + 3;
    return { node, keys, next: 0, total };
  };
  const stack: Entry[] = [enter(root)];
  const onPath = new Set<object>([root]);
  let result = 0;
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.keys.length) {
      stack.pop();
      onPath.delete(top.node);
      if (!mutable?.has(top.node)) sizes.set(top.node, top.total);
      if (stack.length) stack[stack.length - 1]!.total += top.total;
      else result = top.total;
      continue;
    }
    const child = (top.node as Record<string, unknown>)[top.keys[top.next++]!];
    if (child === null || typeof child !== 'object') {
      top.total += scalarSize(child);
      continue;
    }
    if (onPath.has(child)) return Number.POSITIVE_INFINITY;
    const size = known(child);
    if (size !== undefined) top.total += size;
    else {
      onPath.add(child);
      stack.push(enter(child));
    }
  }
  return result;
}
