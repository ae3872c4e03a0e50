/**
 * The published engine API of `agui-devtools` (package.json "exports"): what a generated `.agui.test.ts` and a
 * project's own tests use to replay and lint recorded AG-UI sessions with the debugger's semantics.
 */
import type { Problem } from '../engine/verify/rules';
import { finalLanes } from '../engine/session/exportFormats';
import { importSession } from '../engine/session/exportFormat';
import { readInput } from '../engine/session/readInput';
import { replaySession } from '../engine/session/replaySession';
import type { Session } from '../engine/session/session';

export type { Problem } from '../engine/verify/rules';
export { buildExport, deriveSession, finalLanes } from '../engine/session/exportFormats';
export { exportSession, importSession, SESSION_FORMAT, SESSION_VERSION } from '../engine/session/exportFormat';
export { InputError, readInput } from '../engine/session/readInput';
export { replaySession } from '../engine/session/replaySession';
export { Session } from '../engine/session/session';
export { RULES } from '../engine/verify/rules';
export { runMetrics } from '../engine/replay/metrics';

export interface ReplayResult {
  /** Every problem found, in event order. */
  problems: Problem[];
  /** Per conversation (thread): the final messages and state, as @ag-ui/client holds them. */
  lanes: Record<string, { messages: unknown[]; state: unknown }>;
  session: Session;
}

const replayed = (session: Session): ReplayResult => {
  const replay = replaySession(session);
  return { problems: [...replay.problems].sort((a, b) => a.eventIndex - b.eventIndex), lanes: finalLanes(session), session };
};

/** Replays a session file (the parsed object, or its JSON text). */
export function replaySessionFile(file: unknown): ReplayResult {
  return replayed(importSession(typeof file === 'string' ? JSON.parse(file) : file));
}

/** Replays any input the CLI reads (session file, JSON array, JSONL, SSE text, protobuf dump). */
export function replayInput(input: Uint8Array | string, name = 'input'): ReplayResult {
  return replayed(readInput(typeof input === 'string' ? new TextEncoder().encode(input) : input, name).session);
}

/** The problems of any input, in event order. */
export function lint(input: Uint8Array | string, name = 'input'): Problem[] {
  return replayInput(input, name).problems;
}
