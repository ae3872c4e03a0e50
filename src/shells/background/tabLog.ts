import type { Captured } from '../../bridge/messages';
import { OrderedIntake } from '../../bridge/ordered';

type Nav = { nav: true; url: string; t: number };
type Entry = Captured | Nav;
export type BacklogMessage = { kind: 'captured'; items: Captured[]; pinned?: boolean } | { kind: 'navigated'; url: string; t: number };

/** Defaults: at least 50,000 events kept for a panel opened later (the floor), and a byte ceiling. */
export const DEFAULT_MAX_EVENTS = 100_000;
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

const sizeOf = (item: Captured): number => (item.record.kind === 'chunk' ? item.record.base64.length : 256);
const eventsOf = (item: Captured): number => (item.record.kind === 'chunk' ? item.record.n : 0);

/**
 * One tab's captured records in order, with navigation markers between pages, bounded by events and bytes.
 * Beyond the bound the oldest records go, and both the count of events they held and where each document
 * resumes are kept, so a panel says how much is missing instead of showing a silent gap.
 */
export class TabLog {
  private entries: Entry[] = [];
  private head = 0;
  /** Stream openings whose stream lost its start to the bound: still sent first, so the rest can be read. */
  private pinned: Captured[] = [];
  private events = 0;
  private bytes = 0;
  private readonly intake = new OrderedIntake<Captured>();
  /** Events dropped to stay within bounds (or dropped by a document before we got them). */
  dropped = 0;
  /** Per document, the first seq still held when earlier ones were dropped. */
  readonly resume: Record<string, number> = {};
  /** The top-level document's URL, as its content script reported it. */
  url = '';

  constructor(
    private readonly maxEvents = DEFAULT_MAX_EVENTS,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  get size(): number {
    return this.entries.length - this.head;
  }

  /** What the log holds without gaps, per document (a resync asks for what comes after). */
  have(): Record<string, number> {
    return this.intake.have();
  }

  /** Takes one record (maybe repeated, maybe early); returns the records now accepted, in order. */
  add(item: Captured): Captured[] {
    const accepted = this.intake.offer(item);
    for (const a of accepted) this.push(a);
    return accepted;
  }

  /**
   * A document says records before `to` are gone from its own buffer too; `opens` are the openings of the
   * streams cut that way, kept so the rest can be read.
   */
  gap(docKey: string, to: number, events: number, opens: Captured[] = []): Captured[] {
    for (const open of opens) if (!this.pinned.some((p) => p.docKey === open.docKey && p.seq === open.seq)) this.pinned.push(open);
    const accepted = this.intake.skipTo(docKey, to);
    if (accepted.length > 0 || (this.resume[docKey] ?? 0) < to) {
      this.dropped += events;
      this.resume[docKey] = Math.max(this.resume[docKey] ?? 0, to);
    }
    for (const a of accepted) this.push(a);
    return accepted;
  }

  private push(item: Captured): void {
    this.entries.push(item);
    this.events += eventsOf(item);
    this.bytes += sizeOf(item);
    // Records end at event boundaries (the relay cuts them so): dropping whole records never splits an event.
    while (this.size > 1 && (this.events > this.maxEvents || this.bytes > this.maxBytes)) {
      const old = this.entries[this.head++]!;
      if ('nav' in old) continue;
      this.events -= eventsOf(old);
      this.bytes -= sizeOf(old);
      this.dropped += eventsOf(old);
      this.resume[old.docKey] = old.seq + 1;
      if (old.record.kind === 'open') this.pinned.push(old);
    }
    // Compact now and then so dropped entries are freed.
    if (this.head > 4096 && this.head > this.entries.length / 2) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /**
   * A new top-level document. Without "Preserve log" the previous pages' records go; records stamped after
   * the navigation stay (a new page's first records can overtake its hello).
   */
  navigated(url: string, t: number, preserve: boolean): void {
    this.url = url;
    if (!preserve) {
      const keep = this.entries.slice(this.head).filter((e) => !('nav' in e) && e.record.t >= t) as Captured[];
      this.entries = [];
      this.head = 0;
      this.events = 0;
      this.bytes = 0;
      this.dropped = 0;
      this.pinned = [];
      for (const key of Object.keys(this.resume)) delete this.resume[key];
      for (const k of keep) {
        this.entries.push(k);
        this.events += eventsOf(k);
        this.bytes += sizeOf(k);
      }
    }
    this.entries.push({ nav: true, url, t });
  }

  clear(): void {
    this.entries = [];
    this.pinned = [];
    this.head = 0;
    this.events = 0;
    this.bytes = 0;
    this.dropped = 0;
    for (const key of Object.keys(this.resume)) delete this.resume[key];
    // The intake stays: sequence numbers keep growing, so nothing cleared comes back.
  }

  /** The log as panel messages after what the panel already has, records grouped in batches. */
  *backlog(batch: number, have: Record<string, number> = {}): Generator<BacklogMessage> {
    const pinned = this.pinned.filter((p) => p.seq > (have[p.docKey] ?? -1));
    if (pinned.length) yield { kind: 'captured', items: pinned, pinned: true };
    let items: Captured[] = [];
    for (let i = this.head; i < this.entries.length; i++) {
      const entry = this.entries[i]!;
      if ('nav' in entry) {
        if (items.length > 0) yield { kind: 'captured', items };
        items = [];
        yield { kind: 'navigated', url: entry.url, t: entry.t };
      } else if (entry.seq > (have[entry.docKey] ?? -1)) {
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
