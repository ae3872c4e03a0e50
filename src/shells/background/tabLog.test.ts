import { describe, expect, it } from 'vitest';
import { type Captured, CapturedSchema } from '../../bridge/messages';
import { type BacklogEntry, TabLog } from './tabLog';

const open = (seq: number, id = 1, e = 0): Captured => ({
  docKey: 'd',
  frameId: 0,
  seq,
  e,
  record: { kind: 'open', id, t: seq, transport: 'fetch', format: 'sse', url: 'u', method: 'POST', status: 200, statusText: 'OK', frameUrl: 'f', requestHeaders: [], responseHeaders: [] },
});
const chunk = (seq: number, n: number, e: number, id = 1): Captured => ({ docKey: 'd', frameId: 0, seq, e, record: { kind: 'chunk', id, t: seq, base64: 'AAAA', n } });

const items = (entries: BacklogEntry[]) => entries.flatMap((m) => (m.kind === 'item' ? [m.item] : []));
const eventsIn = (list: Captured[]) => list.reduce((n, i) => n + (i.record.kind === 'chunk' ? i.record.n : 0), 0);

describe('TabLog', () => {
  it('drops the oldest events beyond its bound and tells a later panel exactly how many, keeping the stream opening', () => {
    const log = new TabLog(10, 1e9);
    log.add(open(0));
    // Chunks of 3 events each: 24 events in all.
    for (let s = 1; s <= 8; s++) log.add(chunk(s, 3, (s - 1) * 3));
    const backlog = [...log.backlog()];
    const pinned = backlog.find((m) => m.kind === 'pinned');
    expect(pinned?.kind === 'pinned' && pinned.items.map((i) => i.seq)).toEqual([0]);
    const gaps = backlog.filter((m) => m.kind === 'gap');
    expect(gaps).toHaveLength(1);
    const gap = gaps[0]!;
    const kept = items(backlog);
    expect(gap.kind === 'gap' && gap.to).toBe(kept[0]!.seq);
    // Shown + dropped = sent, exactly.
    expect(eventsIn(kept) + (gap.kind === 'gap' ? gap.e : 0)).toBe(24);
    expect(eventsIn(kept)).toBeLessThanOrEqual(10);
  });

  it('drops only the events over its bound: the oldest chunk is cut at an event boundary, and a later panel is told exactly', () => {
    const log = new TabLog(10, 1e9);
    log.add(open(0));
    const sse = (from: number) => Buffer.from([0, 1, 2].map((i) => `data: {"n":${from + i}}\n\n`).join('')).toString('base64');
    for (let s = 1; s <= 8; s++) log.add({ ...chunk(s, 3, (s - 1) * 3), record: { kind: 'chunk', id: 1, t: s, base64: sse((s - 1) * 3), n: 3 } });
    const backlog = [...log.backlog()];
    const kept = items(backlog);
    expect(eventsIn(kept)).toBe(10);
    const gap = backlog.find((m) => m.kind === 'gap');
    expect(gap).toMatchObject({ to: kept[0]!.seq, e: 14 });
    // The cut record starts at the first event kept.
    const first = kept[0]!.record;
    expect(first.kind === 'chunk' && Buffer.from(first.base64!, 'base64').toString()).toBe('data: {"n":14}\n\n');
    expect(kept[0]!.e).toBe(14);
  });

  it('cuts a Blob record (Chrome) where its events end, without reading it: the same figure as for bytes', async () => {
    const log = new TabLog(10, 1e9);
    log.add(open(0));
    const text = (from: number) => [0, 1, 2].map((i) => `data: {"n":${from + i}}\n\n`).join('');
    for (let s = 1; s <= 8; s++) {
      const bytes = Buffer.from(text((s - 1) * 3));
      const ends = Uint32Array.from([1, 2, 3], (k) => Buffer.from(text((s - 1) * 3).split('\n\n').slice(0, k).join('\n\n') + '\n\n').length);
      const record = { kind: 'chunk' as const, id: 1, t: s, blob: new Blob([bytes]), ends, n: 3 };
      expect(CapturedSchema.safeParse({ ...chunk(s, 3, (s - 1) * 3), record }).success).toBe(true);
      log.add({ ...chunk(s, 3, (s - 1) * 3), record });
    }
    const backlog = [...log.backlog()];
    const kept = items(backlog);
    expect(eventsIn(kept)).toBe(10);
    expect(backlog.find((m) => m.kind === 'gap')).toMatchObject({ to: kept[0]!.seq, e: 14 });
    const first = kept[0]!.record;
    if (first.kind !== 'chunk' || !first.blob) throw new Error('not a Blob record');
    // The same Blob, a shorter span of it.
    expect(Buffer.from(await first.blob.arrayBuffer()).subarray(...first.span!).toString()).toBe('data: {"n":14}\n\n');
    expect([...first.ends!]).toEqual([16]);
    expect(CapturedSchema.safeParse(kept[0]).success).toBe(true);
  });

  it('refuses a Blob record whose event ends do not fit it', () => {
    const record = (ends: number[], n = ends.length) => ({ kind: 'chunk', id: 1, t: 0, blob: new Blob(['data: 1\n\ndata: 2\n\n']), ends: Uint32Array.from(ends), n });
    const ok = (r: object) => CapturedSchema.safeParse({ docKey: 'd', frameId: 0, seq: 1, e: 0, record: r }).success;
    expect(ok(record([9, 18]))).toBe(true);
    expect(ok(record([9, 18], 3))).toBe(false);
    expect(ok(record([18, 9]))).toBe(false);
    expect(ok(record([9, 19]))).toBe(false);
    expect(ok({ ...record([9, 18]), bytes: new Uint8Array(1) })).toBe(false);
    // A span of a shared Blob: within it, and the ends within the span.
    expect(ok({ ...record([9]), span: [9, 18] })).toBe(true);
    expect(ok({ ...record([9]), span: [9, 19] })).toBe(false);
    expect(ok({ ...record([10]), span: [9, 18] })).toBe(false);
  });

  it('tells a later panel how many events each page has read, first, so it can say "receiving N of M"', () => {
    const log = new TabLog();
    log.add(open(0));
    expect(log.noteRead('d', 40)).toBe(true);
    expect(log.noteRead('d', 30)).toBe(false);
    expect([...log.backlog()][0]).toEqual({ kind: 'reading', docKey: 'd', read: 40 });
  });

  it('tells a panel that already has the records nothing about them', () => {
    const log = new TabLog(10, 1e9);
    log.add(open(0));
    for (let s = 1; s <= 8; s++) log.add(chunk(s, 3, (s - 1) * 3));
    expect([...log.backlog({ d: 8 })].filter((m) => m.kind !== 'reading')).toEqual([]);
  });

  it('takes repeated and early records once, in order', () => {
    const log = new TabLog();
    expect(log.add(chunk(1, 1, 0)).map((i) => i.seq)).toEqual([]);
    expect(log.add(open(0)).map((i) => i.seq)).toEqual([0, 1]);
    expect(log.add(chunk(1, 1, 0))).toEqual([]);
    expect(log.have()).toEqual({ d: 1 });
  });

  it('joins a record that came in parts', () => {
    const log = new TabLog();
    log.add(open(0));
    const whole = chunk(1, 1, 0);
    const a = { ...whole, record: { ...whole.record, base64: 'AAAA' }, part: { index: 0, of: 2 } } as Captured;
    const b = { ...whole, record: { ...whole.record, base64: 'BBBB' }, part: { index: 1, of: 2 } } as Captured;
    expect(log.add(a)).toEqual([]);
    const [joined] = log.add(b);
    expect(joined?.record.kind === 'chunk' && joined.record.base64).toBe('AAAABBBB');
    expect(joined?.part).toBeUndefined();
  });

  it('a page gap is passed on once, with the events it held', () => {
    const log = new TabLog();
    expect(log.pageGap('d', 5, 40).cut).toEqual({ docKey: 'd', to: 5, e: 40, where: 'page' });
    expect(log.pageGap('d', 5, 40).cut).toBeNull();
    expect(log.add(chunk(5, 2, 40)).map((i) => i.seq)).toEqual([5]);
  });

  it('after Clear a later panel is told the records were cleared, not dropped', () => {
    const log = new TabLog();
    log.add(open(0));
    log.add(chunk(1, 3, 0));
    log.clear();
    expect([...log.backlog()]).toEqual([{ kind: 'gap', docKey: 'd', to: 2, e: 3, where: 'cleared' }]);
  });

  it('a navigation without Preserve log forgets the previous page, but not records stamped after it', () => {
    const log = new TabLog();
    log.add(open(0));
    log.add(chunk(1, 1, 0));
    log.navigated('http://next/', 1.5, false);
    expect([...log.backlog()].filter((m) => m.kind === 'item')).toEqual([]);
    log.add(chunk(2, 1, 1));
    expect([...log.backlog()].map((m) => m.kind)).toEqual(['navigated', 'item']);
  });
});

describe('TabLog.clear up to what the panel had', () => {
  it('keeps later records and the opening of a stream that goes on past the cut', () => {
    const log = new TabLog();
    log.add(open(0));
    log.add(chunk(1, 3, 0));
    log.add(chunk(2, 2, 3));
    log.clear({ d: 1 });
    const backlog = [...log.backlog()];
    expect(backlog.find((m) => m.kind === 'pinned')).toMatchObject({ items: [{ seq: 0 }] });
    expect(backlog.find((m) => m.kind === 'gap')).toEqual({ kind: 'gap', docKey: 'd', to: 2, e: 3, where: 'cleared' });
    expect(items(backlog).map((i) => i.seq)).toEqual([2]);
  });
});
