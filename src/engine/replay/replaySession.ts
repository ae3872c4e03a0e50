import type { RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { MAX_DEPTH, textDeeperThan } from '../decode/event';
import { Replay, type ReplayOptions } from './replay';
import type { Session } from '../session/session';

/** The RunAgentInput a stream's request carried, when its body is one. */
export function requestInputOf(session: Session, streamId: string): RunAgentInput | undefined {
  const body = session.streams.get(streamId)?.info.requestBody;
  // Too deep to read safely (events that deep are refused the same way).
  if (!body || textDeeperThan(body, MAX_DEPTH)) return undefined;
  try {
    const parsed = RunAgentInputSchema.safeParse(JSON.parse(body));
    return parsed.success ? (parsed.data as RunAgentInput) : undefined;
  } catch {
    return undefined;
  }
}

/** Replays a whole (finished or live) session; later frames and closes are followed when `live` is set. */
export function replaySession(session: Session, options: ReplayOptions & { live?: boolean } = {}): Replay {
  const inputs = new Map<string, RunAgentInput | null>();
  const inputOf = (streamId: string) => {
    if (!inputs.has(streamId)) inputs.set(streamId, requestInputOf(session, streamId) ?? null);
    return inputs.get(streamId) ?? undefined;
  };
  const replay = new Replay({ ...options, inputOf, startDroppedOf: (id) => session.streams.get(id)?.info.startDropped === true, recordOf: (id) => session.streams.get(id) });
  replay.push(session.frames);
  for (const [id, stream] of session.streams) if (stream.info.closedAt !== undefined) replay.endStream(id, stream.info.error);
  if (options.live) {
    const off = session.subscribe((frames, from) => replay.push(frames, from));
    const offClose = session.onClose((id, error) => replay.endStream(id, error));
    replay.dispose = () => {
      off();
      offClose();
    };
  }
  return replay;
}
