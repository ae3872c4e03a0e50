/** Linting one input file: its problems, each located in the file where the format has lines or bytes. */
import { locateEvents } from '../engine/io/locate';
import { InputError, type InputFormat, readInput } from '../engine/io/readInput';
import { replaySession } from '../engine/replay/replaySession';
import type { Severity } from '../engine/diagnostics';
import { type FeatureCounts, featuresOf } from '../engine/verify/coverage';
import { transportTimed } from '../engine/verify/transportRules';

export interface LintedProblem {
  ruleId: string;
  severity: Severity;
  /** Index of the input event (0 = the first). */
  eventIndex: number;
  message: string;
  /** 1-based line of the event in the file, where the format has lines. */
  line?: number;
  /** The event's bytes in the file (SSE, protobuf). */
  byteOffset?: number;
  byteLength?: number;
  /** Where inside the event (a JSON path), when the problem is about one field. */
  path?: (string | number)[];
}

export interface FileLint {
  file: string;
  format?: InputFormat;
  events: number;
  problems: LintedProblem[];
  /** Why the file could not be linted at all. */
  error?: string;
  /** Whether its streams carry a capture's timing, so that the transport rules applied. */
  timed?: boolean;
  /** The protocol features its events exercise (lint --coverage). */
  features?: FeatureCounts;
  /** Where the page's client (@ag-ui/client) stops a run, by event index. */
  stops?: number[];
  ms: number;
}

export function lintBytes(file: string, bytes: Uint8Array): FileLint {
  const started = performance.now();
  try {
    const { session, format } = readInput(bytes, file);
    const replay = replaySession(session);
    const where = locateEvents(bytes, format, session.frames);
    const problems = [...replay.problems]
      .sort((a, b) => a.eventIndex - b.eventIndex)
      .map(({ ruleId, severity, eventIndex, message, path }): LintedProblem => ({ ruleId, severity, eventIndex, message, ...where[eventIndex], ...(path && path.length > 0 && { path }) }));
    return {
      file,
      format,
      events: session.frames.length,
      problems,
      timed: [...session.streams.values()].some(transportTimed),
      features: featuresOf(session.frames, session),
      ...(replay.stops.length > 0 && { stops: replay.stops.map((s) => s.index) }),
      ms: performance.now() - started,
    };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { file, events: 0, problems: [], error: error.message, ms: performance.now() - started };
  }
}

export const countOf = (results: readonly FileLint[], severity: Severity): number =>
  results.reduce((n, r) => n + r.problems.filter((p) => p.severity === severity).length, 0);
