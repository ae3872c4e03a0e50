import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repaintScheduler } from './sessionStore';

describe('repaintScheduler', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  /** A scheduler whose repaints each take `cost` ms of the clock it reads; it has repainted once, at 16 ms. */
  const slowRepaints = (cost: number) => {
    let spent = 0;
    const flushes: number[] = [];
    const schedule = repaintScheduler(
      () => {
        flushes.push(Date.now() + spent);
        spent += cost;
      },
      () => Date.now() + spent,
    );
    schedule();
    // The repaint at 16 ms, and the task after it, which measures what it cost.
    vi.advanceTimersByTime(17);
    expect(flushes).toHaveLength(1);
    return { schedule, flushes };
  };

  it('after a repaint of 120 ms, waits three times that before the next one', () => {
    const { schedule, flushes } = slowRepaints(120);
    schedule();
    vi.advanceTimersByTime(200);
    expect(flushes).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(flushes).toHaveLength(2);
  });

  it('once the intake has caught up, repaints at the repaint rate, cutting a longer wait short', () => {
    const { schedule, flushes } = slowRepaints(120);
    schedule();
    vi.advanceTimersByTime(50);
    schedule(true);
    // More than 100 ms have gone by since the last repaint began: due now, on the next frame (16 ms without one).
    vi.advanceTimersByTime(16);
    expect(flushes).toHaveLength(2);
    // And it is one repaint, not two: the cut wait does not fire later.
    vi.advanceTimersByTime(1000);
    expect(flushes).toHaveLength(2);
  });

  it('never repaints more often than every 100 ms, caught up or not', () => {
    const { schedule, flushes } = slowRepaints(0);
    schedule(true);
    vi.advanceTimersByTime(80);
    expect(flushes).toHaveLength(1);
    vi.advanceTimersByTime(40);
    expect(flushes).toHaveLength(2);
  });
});
