/**
 * A bounded log of capture records, oldest first: the content relay keeps one per document, the background one per
 * tab. Beyond its limits the fewest oldest events go: whole records, and the first events of the oldest one where
 * the shape can cut it (records begin and end at event boundaries, so a cut never splits an event); a dropped
 * stream opening (or notice) is pinned, since the rest of its stream cannot be read without it, until a dropped
 * close says its stream ended before what is kept. Dropped entries are compacted away now and then.
 */

/** What the log needs to know of a record. */
export interface RecordShape<T> {
  events(item: T): number;
  bytes(item: T): number;
  /** An opening or a notice is pinned when dropped; a close unpins its stream's opening. */
  role(item: T): 'open' | 'notice' | 'close' | 'other';
  /** The stream an opening or a close is of (unique within the log). */
  stream(item: T): string | undefined;
  /**
   * The record without its first events, the fewest that make at least `need` go (it begins at an event boundary,
   * so it can be cut at one); undefined when it cannot be cut or the cut would take all of it.
   */
  cut?(item: T, need: Need): T | undefined;
}

/** How far over its limits a log is (both 0 or more, one above 0). */
export interface Need {
  events: number;
  bytes: number;
}

/** What is over the limits `maxEvents` and `maxBytes`, or null when within them. */
export const needOver = (events: number, maxEvents: number, bytes: number, maxBytes: number): Need | null =>
  events > maxEvents || bytes > maxBytes ? { events: Math.max(0, events - maxEvents), bytes: Math.max(0, bytes - maxBytes) } : null;

const COMPACT_AT = 4096;

export class RecordLog<T> {
  private items: T[] = [];
  private head = 0;
  /** Events and bytes of the records kept. */
  events = 0;
  bytes = 0;
  /** Openings and notices of dropped records whose streams may still have records here. */
  pinned: T[] = [];
  pinnedBytes = 0;

  constructor(private readonly shape: RecordShape<T>) {}

  /** Records kept. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** The k-th record kept (0: the oldest). */
  at(k: number): T | undefined {
    return k < 0 ? undefined : this.items[this.head + k];
  }

  /** The records kept, oldest first. */
  *[Symbol.iterator](): Generator<T> {
    for (let i = this.head; i < this.items.length; i++) yield this.items[i]!;
  }

  push(item: T): void {
    this.items.push(item);
    this.events += this.shape.events(item);
    this.bytes += this.shape.bytes(item);
  }

  /**
   * Drops the oldest events while `over()` says the log is over its limits (one record always stays): the oldest
   * record's first events when cutting them is enough, else the whole record; `dropped` hears of each record that
   * went whole.
   */
  trim(over: () => Need | null, dropped?: (item: T) => void): void {
    for (let need = over(); need && this.size > 0; need = over()) {
      const oldest = this.items[this.head]!;
      if (this.shape.cut && this.shape.events(oldest) > need.events && this.shape.bytes(oldest) > need.bytes) {
        const rest = this.shape.cut(oldest, need);
        if (rest && this.shape.events(rest) < this.shape.events(oldest)) {
          this.items[this.head] = rest;
          this.events -= this.shape.events(oldest) - this.shape.events(rest);
          this.bytes -= this.shape.bytes(oldest) - this.shape.bytes(rest);
          continue;
        }
      }
      if (this.size === 1) break;
      const old = this.items[this.head++]!;
      this.events -= this.shape.events(old);
      this.bytes -= this.shape.bytes(old);
      const role = this.shape.role(old);
      if (role === 'open' || role === 'notice') this.pin(old);
      else if (role === 'close') this.unpin(this.shape.stream(old));
      dropped?.(old);
    }
    if (this.head > COMPACT_AT && this.head > this.items.length / 2) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  /** Keeps an opening or a notice the log no longer holds. */
  pin(item: T): void {
    this.pinned.push(item);
    this.pinnedBytes += this.shape.bytes(item);
  }

  /** A stream ended before what is kept begins: its opening is no longer needed. */
  private unpin(stream: string | undefined): void {
    const left = this.pinned.filter((p) => !(this.shape.role(p) === 'open' && this.shape.stream(p) === stream));
    if (left.length === this.pinned.length) return;
    this.pinned = left;
    this.pinnedBytes = left.reduce((n, p) => n + this.shape.bytes(p), 0);
  }

  /** Keeps only `items` (in order) and the pins `pinned` (a new page, a Clear). */
  replace(items: Iterable<T>, pinned: T[] = []): void {
    this.items = [];
    this.head = 0;
    this.events = 0;
    this.bytes = 0;
    for (const item of items) this.push(item);
    this.pinned = [];
    this.pinnedBytes = 0;
    for (const p of pinned) this.pin(p);
  }
}
