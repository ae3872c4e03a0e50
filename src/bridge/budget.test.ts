import { describe, expect, it } from 'vitest';
import { batches, partsOf, Reassembler, recordSize } from './budget';
import type { Sequenced } from './messages';

const chunk = (seq: number, base64: string): Sequenced => ({ seq, e: seq, record: { kind: 'chunk', id: 1, t: 0, base64, n: 1 } });

describe('message budget', () => {
  it('groups records in batches that never exceed the budget', () => {
    const items = Array.from({ length: 100 }, (_, i) => chunk(i, 'A'.repeat(1000)));
    const out = [...batches(items, 10_000)];
    for (const batch of out) expect(batch.reduce((n, i) => n + recordSize(i.record), 0)).toBeLessThanOrEqual(10_000);
    expect(out.flat().map((i) => i.seq)).toEqual(items.map((i) => i.seq));
  });

  it('sends a record bigger than the budget in parts, and joins them back byte for byte', () => {
    const big = chunk(7, 'QUJD'.repeat(10_000));
    const parts = partsOf(big, 4096);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(recordSize(p.record)).toBeLessThanOrEqual(4096);
    const joiner = new Reassembler<Sequenced>();
    const results = parts.map((p) => joiner.take('d:7', p));
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
    expect(results.at(-1)).toEqual(big);
  });

  it('a resend that starts again at part 0 is joined once, whole', () => {
    const big = chunk(1, 'QUJD'.repeat(3000));
    const parts = partsOf(big, 4096);
    const joiner = new Reassembler<Sequenced>();
    joiner.take('k', parts[0]!);
    const again = parts.map((p) => joiner.take('k', p));
    expect(again.at(-1)).toEqual(big);
    expect(joiner.size).toBe(0);
  });

  it('a record carrying bytes (Firefox) travels in parts of bytes, each owning its buffer, joined back byte for byte', () => {
    const bytes = Uint8Array.from({ length: 50_000 }, (_, i) => i % 251);
    const big: Sequenced = { seq: 3, e: 3, record: { kind: 'chunk', id: 1, t: 0, bytes, n: 1 } };
    const parts = partsOf(big, 4096);
    expect(parts.length).toBe(Math.ceil(50_000 / (4096 - 160)));
    for (const p of parts) {
      expect(recordSize(p.record)).toBeLessThanOrEqual(4096);
      const piece = p.record.kind === 'chunk' ? p.record.bytes! : new Uint8Array(1);
      expect(piece.byteLength).toBe(piece.buffer.byteLength);
    }
    const joiner = new Reassembler<Sequenced>();
    expect(parts.map((p) => joiner.take('d:3', p)).at(-1)).toEqual(big);
  });
});
