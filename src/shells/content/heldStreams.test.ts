import { expect, test } from 'vitest';
import { HeldStreams } from './heldStreams';

const enc = new TextEncoder();

function held(limit?: number) {
  const hook: { kind: string; rid: number; bytes?: Uint8Array; error?: string }[] = [];
  const notices: string[] = [];
  const streams = new HeldStreams({ toHook: (m) => hook.push(m), notice: (_id, message) => notices.push(message), copy: (b) => b.slice() }, limit);
  const given = () => new TextDecoder().decode(Buffer.concat(hook.filter((m) => m.kind === 'replay-data').map((m) => m.bytes!)));
  return { streams, hook, notices, given };
}

test('the page gets the bytes only as far as it is let, in order and whole; the end once it has every byte', () => {
  const { streams, hook, given } = held();
  streams.setArmed(true);
  streams.onPageMessage({ kind: 'open', id: 7, held: 7 });
  streams.onPageMessage({ kind: 'chunk', id: 7, bytes: enc.encode('data: a\n\ndata: b') });
  expect(hook).toEqual([]);
  streams.release(7, 9);
  expect(given()).toBe('data: a\n\n');
  streams.onPageMessage({ kind: 'chunk', id: 7, bytes: enc.encode('\n\n') });
  streams.onPageMessage({ kind: 'close', id: 7 });
  // Nothing goes back: a smaller offset than what was given changes nothing.
  streams.release(7, 3);
  expect(given()).toBe('data: a\n\n');
  expect(hook.some((m) => m.kind === 'replay-end')).toBe(false);
  streams.release(7, null);
  expect(given()).toBe('data: a\n\ndata: b\n\n');
  expect(hook.at(-1)).toEqual({ kind: 'replay-end', rid: 7 });
});

test('a network error reaches the page after the bytes before it, in its own words; a stream not held is not touched', () => {
  const { streams, hook, given } = held();
  streams.setArmed(true);
  streams.onPageMessage({ kind: 'open', id: 1 });
  streams.onPageMessage({ kind: 'chunk', id: 1, bytes: enc.encode('x') });
  expect(hook).toEqual([]);
  streams.onPageMessage({ kind: 'open', id: 2, held: 2 });
  streams.onPageMessage({ kind: 'chunk', id: 2, bytes: enc.encode('data: a\n\n') });
  streams.onPageMessage({ kind: 'close', id: 2, error: 'TypeError: network error' });
  expect(hook).toEqual([]);
  streams.release(2, null);
  expect(given()).toBe('data: a\n\n');
  expect(hook.at(-1)).toEqual({ kind: 'replay-end', rid: 2, error: 'network error' });
});

test('disarmed, every held stream goes on; past the limit one is let go and the panel is told; a cancel is the page’s', () => {
  const { streams, hook, notices, given } = held(10);
  streams.setArmed(true);
  streams.onPageMessage({ kind: 'open', id: 3, held: 3 });
  streams.onPageMessage({ kind: 'chunk', id: 3, bytes: enc.encode('0123456789abc') });
  expect(given()).toBe('0123456789abc');
  expect(notices[0]).toMatch(/pause was released/);
  streams.onPageMessage({ kind: 'open', id: 4, held: 4 });
  streams.onPageMessage({ kind: 'chunk', id: 4, bytes: enc.encode('four') });
  expect(streams.onPageMessage({ kind: 'replay-cancel', rid: 4 })).toBe(true);
  expect(notices[1]).toMatch(/cancelled the paused stream/);
  expect(streams.onPageMessage({ kind: 'replay-cancel', rid: 99 })).toBe(false);
  streams.onPageMessage({ kind: 'open', id: 5, held: 5 });
  streams.onPageMessage({ kind: 'chunk', id: 5, bytes: enc.encode('five') });
  streams.setArmed(false);
  expect(given()).toBe('0123456789abcfive');
  expect(hook.filter((m) => m.rid === 4)).toEqual([]);
});
