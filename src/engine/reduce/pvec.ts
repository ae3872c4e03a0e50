/**
 * A persistent vector: an array in chunks, copied on write per epoch. `snapshot()` costs a copy of the chunk
 * directory (length / 32 references); writes after it copy only the chunks they touch. This is how a replay
 * keeps a checkpoint of the whole message list every few hundred events without copying every message.
 */
const BITS = 5;
const SIZE = 1 << BITS;
const MASK = SIZE - 1;

interface Chunk<T> {
  epoch: number;
  items: T[];
}

export interface PVecSnapshot<T> {
  readonly chunks: readonly Chunk<T>[];
  readonly length: number;
}

let epochs = 0;

export class PVec<T> {
  private chunks: Chunk<T>[] = [];
  private epoch = ++epochs;
  length = 0;

  static from<T>(snapshot: PVecSnapshot<T>): PVec<T> {
    const v = new PVec<T>();
    v.chunks = snapshot.chunks.slice();
    v.length = snapshot.length;
    return v;
  }

  static of<T>(items: readonly T[]): PVec<T> {
    const v = new PVec<T>();
    for (const item of items) v.push(item);
    return v;
  }

  /** Freezes the current content; later writes copy what they touch. */
  snapshot(): PVecSnapshot<T> {
    const snap = { chunks: this.chunks.slice(), length: this.length };
    this.epoch = ++epochs;
    return snap;
  }

  get(i: number): T | undefined {
    if (i < 0 || i >= this.length) return undefined;
    return this.chunks[i >> BITS]!.items[i & MASK];
  }

  private own(c: number): Chunk<T> {
    const chunk = this.chunks[c]!;
    if (chunk.epoch === this.epoch) return chunk;
    const copy = { epoch: this.epoch, items: chunk.items.slice() };
    this.chunks[c] = copy;
    return copy;
  }

  set(i: number, value: T): void {
    this.own(i >> BITS).items[i & MASK] = value;
  }

  push(value: T): void {
    const c = this.length >> BITS;
    if (c === this.chunks.length) this.chunks.push({ epoch: this.epoch, items: [value] });
    else this.own(c).items.push(value);
    this.length++;
  }

  /** Inserts at `i`, shifting the tail: cost grows with the tail, which is short where results land. */
  insert(i: number, value: T): void {
    if (i >= this.length) {
      this.push(value);
      return;
    }
    this.push(this.get(this.length - 1)!);
    for (let j = this.length - 2; j > i; j--) this.set(j, this.get(j - 1)!);
    this.set(i, value);
  }

  toArray(): T[] {
    const out: T[] = new Array(this.length);
    let k = 0;
    for (const chunk of this.chunks) for (const item of chunk.items) out[k++] = item;
    return out;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.chunks) yield* chunk.items;
  }
}
