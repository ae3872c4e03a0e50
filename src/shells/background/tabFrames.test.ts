import { expect, test, vi } from 'vitest';
import type { RelayCommand } from '../../bridge/messages';
import { FRAME_WAIT_MS, TabFrames } from './tabFrames';

const hold: RelayCommand = { kind: 'hold', on: true };

/** A tab whose frames answer when the test says so. */
function setup() {
  const sent: string[] = [];
  const answer = new Map<string, () => void>();
  const frames = new TabFrames((tabId, _command, frameId) => {
    const key = `${tabId}/${frameId ?? 'all'}`;
    sent.push(key);
    if (frameId === 13) return Promise.reject(new Error('Could not establish connection. Receiving end does not exist.'));
    return new Promise<void>((ok) => answer.set(key, ok));
  });
  return { frames, sent, answer };
}

test('a command is waited for in every frame that said hello, not only in the first to answer', async () => {
  const { frames, sent, answer } = setup();
  frames.hello(7, 0);
  frames.hello(7, 5);
  let done = false;
  const told = frames.toEvery(7, hold).then(() => (done = true));
  expect(sent).toEqual(['7/0', '7/5']);
  // The other origin's frame answers first: not yet.
  answer.get('7/5')!();
  await new Promise((r) => setTimeout(r, 0));
  expect(done).toBe(false);
  answer.get('7/0')!();
  await told;
  expect(done).toBe(true);
});

test('a frame that is gone does not hold the command up; a navigation of the top frame starts the list again', async () => {
  const { frames, sent, answer } = setup();
  frames.hello(7, 0);
  frames.hello(7, 13);
  const told = frames.toEvery(7, hold);
  answer.get('7/0')!();
  await told;
  frames.hello(7, 0);
  sent.length = 0;
  void frames.toEvery(7, hold);
  expect(sent).toEqual(['7/0']);
});

test('a tab not heard from (the worker restarted) gets the command tab-wide and in its top frame; a forgotten tab too', async () => {
  const { frames, sent } = setup();
  void frames.toEvery(9, hold);
  expect(sent).toEqual(['9/0', '9/all']);
  frames.hello(9, 0);
  frames.forget(9);
  sent.length = 0;
  void frames.toEvery(9, hold);
  expect(sent).toEqual(['9/0', '9/all']);
});

test('a page with more frames than are listed: those past the limit get the command tab-wide', () => {
  const { frames, sent } = setup();
  for (let f = 0; f < 400; f++) frames.hello(3, f);
  void frames.toEvery(3, hold);
  expect(sent).toHaveLength(257);
  expect(sent.at(-1)).toBe('3/all');
});

test('a frame that never answers (its thread hung) holds the word up for FRAME_WAIT_MS, no longer', async () => {
  vi.useFakeTimers();
  try {
    const { frames, answer } = setup();
    frames.hello(7, 0);
    frames.hello(7, 5);
    let done = false;
    void frames.toEvery(7, hold).then(() => (done = true));
    answer.get('7/0')!();
    await vi.advanceTimersByTimeAsync(FRAME_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
