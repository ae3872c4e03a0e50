import type { Captured } from '../../bridge/messages';

type Entry = { kind: 'captured'; items: Captured[] } | { kind: 'navigated'; url: string; t: number };

/** Default bound on records kept per tab for panels opened later; beyond it the oldest go and are counted. */
export const DEFAULT_MAX_RECORDS = 200_000;

/** One tab's captured records, in arrival order, with navigation markers between pages. */
export class TabLog {
  private entries: (Captured | { nav: true; url: string; t: number })[] = [];
  private records = 0;
  dropped = 0;
  /** The top-level document's URL, as its content script reported it. */
  url = '';

  constructor(private readonly maxRecords = DEFAULT_MAX_RECORDS) {}

  /** Adds one record; returns how many old records were dropped to make room. */
  add(item: Captured): number {
    this.entries.push(item);
    this.records++;
    let dropped = 0;
    while (this.records > this.maxRecords) {
      const first = this.entries.shift();
      if (first && !('nav' in first)) {
        this.records--;
        dropped++;
      }
    }
    this.dropped += dropped;
    return dropped;
  }

  /** A new top-level document. Without "Preserve log" the previous page's records go. */
  navigated(url: string, t: number, preserve = false): void {
    if (!preserve) this.clear();
    this.url = url;
    this.entries.push({ nav: true, url, t });
  }

  get size(): number {
    return this.records;
  }

  clear(): void {
    this.entries = [];
    this.records = 0;
    this.dropped = 0;
  }

  /** The log as panel messages, records grouped in batches. */
  *backlog(batch: number): Generator<Entry> {
    let items: Captured[] = [];
    for (const entry of this.entries) {
      if ('nav' in entry) {
        if (items.length > 0) yield { kind: 'captured', items };
        items = [];
        yield { kind: 'navigated', url: entry.url, t: entry.t };
      } else {
        items.push(entry);
        if (items.length >= batch) {
          yield { kind: 'captured', items };
          items = [];
        }
      }
    }
    if (items.length > 0) yield { kind: 'captured', items };
  }
}
