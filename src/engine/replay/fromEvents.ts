import type { Frame } from '../decode/frames';
import { StreamDecoder } from '../decode/frames';
import { Replay, type ReplayOptions } from './replay';

/** Frames for a list of already-parsed events (a JSON array, JSONL lines), one stream. */
export function framesFromValues(values: readonly unknown[], streamId = 'input', t0 = 0): Frame[] {
  const decoder = new StreamDecoder(streamId, 'json');
  return values.map((value, i) => decoder.pushValue(value, t0 + i));
}

/** Replays a list of events as one stream. */
export function replayValues(values: readonly unknown[], options: ReplayOptions = {}): { frames: Frame[]; replay: Replay } {
  const frames = framesFromValues(values);
  const replay = new Replay(options);
  replay.push(frames);
  replay.endStream('input');
  return { frames, replay };
}
