import { describe, expect, it } from 'vitest';
import { OrderedIntake } from './ordered';

const item = (seq: number, docKey = 'd') => ({ docKey, seq });

describe('OrderedIntake', () => {
  it('hands records on once and in order, whatever order and repetition they arrive in', () => {
    const intake = new OrderedIntake<{ docKey: string; seq: number }>();
    const out = [2, 0, 0, 3, 1, 2, 4].flatMap((s) => intake.offer(item(s)));
    expect(out.map((i) => i.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(intake.have()).toEqual({ d: 4 });
  });
  it('moves past records dropped at the source', () => {
    const intake = new OrderedIntake<{ docKey: string; seq: number }>();
    expect(intake.offer(item(5))).toEqual([]);
    expect(intake.skipTo('d', 5).map((i) => i.seq)).toEqual([5]);
    expect(intake.offer(item(6)).map((i) => i.seq)).toEqual([6]);
  });
  it('keeps documents apart', () => {
    const intake = new OrderedIntake<{ docKey: string; seq: number }>();
    expect([item(0, 'a'), item(0, 'b'), item(1, 'a')].flatMap((i) => intake.offer(i))).toHaveLength(3);
  });
});
