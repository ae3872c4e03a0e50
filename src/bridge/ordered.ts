/**
 * Records arrive per document with gap-free sequence numbers, but a resync can deliver them twice or out of
 * order. This hands them on exactly once, in order; what arrives early waits for the gap to fill.
 */
export interface Sequenced {
  docKey: string;
  seq: number;
}

export class OrderedIntake<T extends Sequenced> {
  private next = new Map<string, number>();
  private early = new Map<string, Map<number, T>>();

  /** The highest seq handed on per document (what to ask a resync to start after). */
  have(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [doc, n] of this.next) out[doc] = n - 1;
    return out;
  }

  /** Takes one record; returns the records that are now in order (possibly none, possibly several). */
  offer(item: T): T[] {
    const expected = this.next.get(item.docKey) ?? 0;
    if (item.seq < expected) return [];
    if (item.seq > expected) {
      let waiting = this.early.get(item.docKey);
      if (!waiting) this.early.set(item.docKey, (waiting = new Map()));
      waiting.set(item.seq, item);
      return [];
    }
    const out = [item];
    let n = expected + 1;
    const waiting = this.early.get(item.docKey);
    while (waiting?.has(n)) {
      out.push(waiting.get(n)!);
      waiting.delete(n);
      n++;
    }
    this.next.set(item.docKey, n);
    return out;
  }

  /** Records before `seq` will never come (dropped at the source): move on, and hand on what was waiting. */
  skipTo(docKey: string, seq: number): T[] {
    const expected = this.next.get(docKey) ?? 0;
    if (seq <= expected) return [];
    this.next.set(docKey, seq);
    const waiting = this.early.get(docKey);
    if (waiting) for (const s of [...waiting.keys()]) if (s < seq) waiting.delete(s);
    const first = waiting?.get(seq);
    if (!first) return [];
    waiting!.delete(seq);
    return this.offer(first);
  }

  /** Forgets a document (its page is gone and its records were dropped). */
  forget(docKey: string): void {
    this.next.delete(docKey);
    this.early.delete(docKey);
  }

  clear(): void {
    this.next.clear();
    this.early.clear();
  }
}
