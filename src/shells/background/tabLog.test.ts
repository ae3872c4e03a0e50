import { describe, expect, it } from 'vitest';
import type { Captured } from '../../bridge/messages';
import { TabLog } from './tabLog';

const open = (seq: number, id = 1): Captured => ({
  docKey: 'd',
  frameId: 0,
  seq,
  record: { kind: 'open', id, t: seq, transport: 'fetch', format: 'sse', url: 'u', method: 'POST', status: 200, statusText: 'OK', frameUrl: 'f', requestHeaders: [], responseHeaders: [] },
});
const chunk = (seq: number, n: number, id = 1): Captured => ({ docKey: 'd', frameId: 0, seq, record: { kind: 'chunk', id, t: seq, base64: 'AAAA', n } });

describe('TabLog', () => {
  it('drops the oldest events beyond its bound, counts them, and keeps the stream opening', () => {
    const log = new TabLog(10, 1e9);
    log.add(open(0));
    // Chunks of 3 events each.
    for (let s = 1; s <= 8; s++) log.add(chunk(s, 3));
    const held = [...log.backlog(100)];
    const pinned = held.find((m) => m.kind === 'captured' && m.pinned);
    expect(pinned && pinned.kind === 'captured' && pinned.items.map((i) => i.seq)).toEqual([0]);
    const kept = held.filter((m) => m.kind === 'captured' && !m.pinned).flatMap((m) => (m.kind === 'captured' ? m.items : []));
    const keptEvents = kept.reduce((n, i) => n + (i.record.kind === 'chunk' ? i.record.n : 0), 0);
    expect(keptEvents + log.dropped).toBe(24);
    expect(keptEvents).toBeLessThanOrEqual(10);
    expect(log.resume.d).toBe(kept[0]!.seq);
  });

  it('takes repeated and early records once, in order', () => {
    const log = new TabLog();
    expect(log.add(chunk(1, 1)).map((i) => i.seq)).toEqual([]);
    expect(log.add(open(0)).map((i) => i.seq)).toEqual([0, 1]);
    expect(log.add(chunk(1, 1))).toEqual([]);
    expect(log.have()).toEqual({ d: 1 });
  });

  it('a navigation without Preserve log forgets the previous page, but not records stamped after it', () => {
    const log = new TabLog();
    log.add(open(0));
    log.add(chunk(1, 1));
    log.navigated('http://next/', 1.5, false);
    expect([...log.backlog(100)].filter((m) => m.kind === 'captured')).toEqual([]);
    log.add(chunk(2, 1));
    expect([...log.backlog(100)].map((m) => m.kind)).toEqual(['navigated', 'captured']);
  });
});
