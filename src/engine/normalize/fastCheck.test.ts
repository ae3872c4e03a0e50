import { EventSchema } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import { generateSequence, generateSession, rng } from '../testing/generator';
import { conformanceSequences } from '../testing/fixtures';
import { fastCheck, fastTypes } from './fastCheck';

/** Small random changes to an event: the fast path must never say yes where zod says no. */
function mutations(event: Record<string, unknown>, seed: number): Record<string, unknown>[] {
  const r = rng(seed);
  const keys = Object.keys(event);
  const values = [null, undefined, 0, 1.5, 2 ** 60, '', 'x', true, {}, [], [1], { op: 'add' }, [{ op: 'add', path: 'no-slash', value: 1 }]];
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < 12; i++) {
    const copy: Record<string, unknown> = { ...event };
    const key = r() < 0.8 && keys.length ? keys[Math.floor(r() * keys.length)]! : ['extra', 'metadata', 'timestamp', 'rawEvent', 'subagentRunId', 'role'][Math.floor(r() * 6)]!;
    if (key === 'type') continue;
    if (r() < 0.2) delete copy[key];
    else copy[key] = values[Math.floor(r() * values.length)];
    out.push(copy);
  }
  return out;
}

describe('fastCheck', () => {
  it('covers the frequent event types', () => {
    expect(fastTypes()).toEqual(expect.arrayContaining(['TEXT_MESSAGE_CONTENT', 'TOOL_CALL_ARGS', 'REASONING_MESSAGE_CONTENT', 'STATE_DELTA', 'TEXT_MESSAGE_START']));
  });

  it('says yes only where zod accepts the event as it is, on fixtures, generated and mutated events', () => {
    const events: Record<string, unknown>[] = [];
    for (const s of conformanceSequences()) events.push(...(s.events as Record<string, unknown>[]));
    for (let seed = 1; seed <= 300; seed++) events.push(...generateSequence(seed));
    events.push(...generateSession(3000, 3));
    const all = events.flatMap((e, i) => (e && typeof e === 'object' ? [e, ...mutations(e, i)] : []));
    let fast = 0;
    for (const event of all) {
      if (!fastCheck(event)) continue;
      fast++;
      const parsed = EventSchema.safeParse(event);
      expect(parsed.success, JSON.stringify(event)).toBe(true);
      // Nothing to strip: zod's output has exactly the input's keys.
      const out = parsed.data as Record<string, unknown>;
      expect(Object.keys(out).filter((k) => out[k] !== undefined).sort()).toEqual(Object.keys(event).filter((k) => event[k] !== undefined).sort());
    }
    expect(fast).toBeGreaterThan(all.length / 5);
  });
});
