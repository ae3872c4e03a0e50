import { Reassembler, recordSize } from '../../bridge/budget';
import { TAB_MAX_BYTES, TAB_MAX_EVENTS } from '../../bridge/limits';
import type { Captured, DropPlace } from '../../bridge/messages';
import { OrderedIntake } from '../../bridge/ordered';
import { EventCounter } from '../../bridge/eventCounter';
import { type Need, needOver, RecordLog, type RecordShape } from '../../bridge/recordLog';
import { chunkBytes, cutBlobRecord, withChunkBytes } from '../../bridge/chunkData';

type Nav = { nav: true; url: string; t: number };
type Entry = Captured | Nav;
/** Records of a document before `to` are gone; `e` events came before `to`. */
export interface Cut {
  docKey: string;
  to: number;
  e: number;
  where: DropPlace | 'cleared';
}
export type BacklogEntry = { kind: 'reading'; docKey: string; read: number } | { kind: 'pinned'; items: Captured[] } | ({ kind: 'gap' } & Cut) | { kind: 'navigated'; url: string; t: number } | { kind: 'item'; item: Captured };

const eventsOf = (item: Captured): number => (item.record.kind === 'chunk' ? item.record.n : 0);
const isNav = (e: Entry): e is Nav => 'nav' in e;
/** Navigation markers count nothing and are never pinned. */
const SHAPE: RecordShape<Entry> = {
  events: (e) => (isNav(e) ? 0 : eventsOf(e)),
  bytes: (e) => (isNav(e) ? 0 : recordSize(e.record)),
  role: (e) => (isNav(e) ? 'other' : e.record.kind === 'open' ? 'open' : e.record.kind === 'notice' ? 'notice' : e.record.kind === 'close' ? 'close' : 'other'),
  stream: (e) => (isNav(e) || (e.record.kind !== 'open' && e.record.kind !== 'close') ? undefined : `${e.docKey}:${e.record.id}`),
};

type Format = 'sse' | 'proto' | 'json';

/** A chunk without its first events, the fewest that make `need` go (cut at an event boundary, as in the relay). */
const cutCaptured = (item: Captured, format: Format | undefined, need: Need): Captured | undefined => {
  if (!format || item.record.kind !== 'chunk' || item.record.n < 2) return undefined;
  if (item.record.blob) {
    // Cut where its events end, as the relay noted them: the rest is a slice of the Blob, nothing read.
    const cut = cutBlobRecord(item.record, need.events, need.bytes);
    return cut && { ...item, e: item.e + cut.events, record: cut.record };
  }
  const bytes = chunkBytes(item.record);
  const at = EventCounter.cutPoint(format, bytes, need.events, need.bytes);
  if (!at || at.events >= item.record.n) return undefined;
  return { ...item, e: item.e + at.events, record: { ...withChunkBytes(item.record, bytes.subarray(at.offset)), n: item.record.n - at.events } };
};

/**
 * One tab's captured records in order, with navigation markers between pages, bounded by events and bytes.
 * Beyond the bound the oldest records go; every record carries the count of events before it in its document
 * (`e`), so whoever asks later learns exactly how many events a gap held, and where they were dropped.
 */
export class TabLog {
  /** The records and navigations; stream openings (and notices) whose records were dropped are pinned there. */
  private readonly log = new RecordLog<Entry>({
    ...SHAPE,
    cut: (entry, need) => {
      if (isNav(entry) || entry.record.kind !== 'chunk') return undefined;
      const rest = cutCaptured(entry, this.formats.get(`${entry.docKey}:${entry.record.id}`), need);
      // The panels learn of the cut as of a gap before this record's rest.
      if (rest) this.cutAt({ docKey: entry.docKey, to: entry.seq, e: rest.e, where: 'extension' });
      return rest;
    },
  });
  /** Per document, the events its page had read when it last sent (a panel catching up says how far it is). */
  private readonly reads = new Map<string, number>();
  /** Each stream's format (from its opening), so that a chunk can be cut at an event boundary. */
  private readonly formats = new Map<string, Format>();
  private readonly intake = new OrderedIntake<Captured>();
  private readonly parts = new Reassembler<Captured>();
  /** Per document, the next seq and the events before it, as this log has them. */
  private readonly ends = new Map<string, { seq: number; e: number }>();
  /** Per document and place, the latest cut. */
  private cuts = new Map<string, Partial<Record<Cut['where'], Cut>>>();
  /** The top-level document's URL, as its content script reported it. */
  url = '';

  constructor(
    private readonly maxEvents = TAB_MAX_EVENTS,
    private readonly maxBytes = TAB_MAX_BYTES,
  ) {}

  get size(): number {
    return this.log.size;
  }

  /** Openings (and notices) of dropped records: still sent first, so the rest can be read. */
  private get pinned(): Captured[] {
    return this.log.pinned as Captured[];
  }

  /** What the log holds without gaps, per document (a resync asks for what comes after). */
  have(): Record<string, number> {
    return this.intake.have();
  }

  /** Takes one record or part (maybe repeated, maybe early); returns the records now accepted, in order. */
  add(item: Captured): Captured[] {
    const whole = this.parts.take(`${item.docKey}:${item.seq}`, item);
    if (!whole) return [];
    const accepted = this.intake.offer(whole);
    for (const a of accepted) this.push(a);
    return accepted;
  }

  /** The page's buffer no longer holds a document's records before `to`. Returns the cut (if new) and what it let through. */
  pageGap(docKey: string, to: number, e: number): { cut: Cut | null; accepted: Captured[] } {
    const expected = (this.intake.have()[docKey] ?? -1) + 1;
    if (to <= expected) return { cut: null, accepted: [] };
    const cut: Cut = { docKey, to, e, where: 'page' };
    this.cutAt(cut);
    this.parts.forget((key) => key.startsWith(`${docKey}:`) && Number(key.slice(docKey.length + 1)) < to);
    const accepted = this.intake.skipTo(docKey, to);
    for (const a of accepted) this.push(a);
    return { cut, accepted };
  }

  /** The page of a document has read `read` events so far; true when that is news. */
  noteRead(docKey: string, read: number): boolean {
    if ((this.reads.get(docKey) ?? -1) >= read) return false;
    this.reads.set(docKey, read);
    return true;
  }

  /** Openings of streams the page's buffer cut: kept once each. */
  pin(items: Captured[]): Captured[] {
    const fresh = items.filter((i) => !this.pinned.some((p) => p.docKey === i.docKey && p.seq === i.seq));
    for (const f of fresh) this.log.pin(f);
    return fresh;
  }

  private cutAt(cut: Cut): void {
    let byPlace = this.cuts.get(cut.docKey);
    if (!byPlace) this.cuts.set(cut.docKey, (byPlace = {}));
    const old = byPlace[cut.where];
    if (!old || old.to < cut.to || (old.to === cut.to && old.e < cut.e)) byPlace[cut.where] = cut;
  }

  private push(item: Captured): void {
    if (item.record.kind === 'open') this.formats.set(`${item.docKey}:${item.record.id}`, item.record.format);
    this.log.push(item);
    this.ends.set(item.docKey, { seq: item.seq + 1, e: item.e + eventsOf(item) });
    // Records end at event boundaries (the relay cuts them so): dropping whole records never splits an event.
    this.log.trim(
      () => needOver(this.log.events, this.maxEvents, this.log.bytes, this.maxBytes),
      (old) => {
        if (!isNav(old)) this.cutAt({ docKey: old.docKey, to: old.seq + 1, e: old.e + eventsOf(old), where: 'extension' });
      },
    );
  }

  /**
   * A new top-level document. Without "Preserve log" the previous pages' records go; records stamped after
   * the navigation stay (a new page's first records can overtake its hello).
   */
  navigated(url: string, t: number, preserve: boolean): void {
    this.url = url;
    if (!preserve) {
      const keep = [...this.log].filter((e): e is Captured => !isNav(e) && e.record.t >= t);
      const keepDocs = new Set(keep.map((k) => k.docKey));
      this.log.replace(keep);
      this.cuts = new Map([...this.cuts].filter(([doc]) => keepDocs.has(doc)));
      for (const doc of [...this.reads.keys()]) if (!keepDocs.has(doc)) this.reads.delete(doc);
      for (const key of [...this.formats.keys()]) if (!keepDocs.has(key.slice(0, key.lastIndexOf(':')))) this.formats.delete(key);
    }
    this.log.push({ nav: true, url, t });
  }

  /**
   * Forgets what a panel had when the user cleared (per document, records up to `upTo`; everything when not
   * given); later records stay. A panel that asks later is told those were cleared, not dropped. Openings of
   * streams that go on past the cut are kept (pinned) so the rest can be read.
   */
  clear(upTo?: Record<string, number>): void {
    const cleared = (e: Captured) => upTo === undefined || e.seq <= (upTo[e.docKey] ?? -1);
    const kept: Entry[] = [];
    const cutOpens: Captured[] = [];
    const reached = new Map<string, { seq: number; e: number }>();
    for (const entry of this.log) {
      if (isNav(entry)) {
        if (upTo !== undefined) kept.push(entry);
        continue;
      }
      if (!cleared(entry)) {
        kept.push(entry);
        continue;
      }
      reached.set(entry.docKey, { seq: entry.seq + 1, e: entry.e + eventsOf(entry) });
      if (entry.record.kind === 'open') cutOpens.push(entry);
      else if (entry.record.kind === 'close') {
        const id = entry.record.id;
        const doc = entry.docKey;
        for (let k = cutOpens.length - 1; k >= 0; k--) if (cutOpens[k]!.docKey === doc && cutOpens[k]!.record.kind === 'open' && cutOpens[k]!.record.id === id) cutOpens.splice(k, 1);
      }
    }
    if (upTo === undefined) for (const [docKey, end] of this.ends) reached.set(docKey, end);
    this.log.replace(kept, upTo === undefined ? [] : [...this.pinned.filter((p) => !cleared(p)), ...cutOpens]);
    for (const [docKey, end] of reached) this.cutAt({ docKey, to: end.seq, e: end.e, where: 'cleared' });
    // The intake stays: sequence numbers keep growing, so nothing cleared comes back.
  }

  /** The log for a panel that holds `have`: pinned openings, the cuts it has not seen, then records and navigations. */
  *backlog(have: Record<string, number> = {}): Generator<BacklogEntry> {
    for (const [docKey, read] of this.reads) yield { kind: 'reading', docKey, read };
    const pinned = this.pinned.filter((p) => p.seq > (have[p.docKey] ?? -1));
    if (pinned.length) yield { kind: 'pinned', items: pinned };
    for (const [docKey, byPlace] of this.cuts) {
      const cuts = Object.values(byPlace)
        .filter((c): c is Cut => c !== undefined && c.to > (have[docKey] ?? -1) + 1)
        .sort((a, b) => a.to - b.to);
      for (const cut of cuts) yield { kind: 'gap', ...cut };
    }
    for (const entry of this.log) {
      if (isNav(entry)) yield { kind: 'navigated', url: entry.url, t: entry.t };
      else if (entry.seq > (have[entry.docKey] ?? -1)) yield { kind: 'item', item: entry };
    }
  }
}
