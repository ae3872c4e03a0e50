/**
 * Per-run latency and volume, from the capture's own times: each event's time is the arrival of the chunk that
 * completed it (epoch ms, from the page's performance clock). Pure: the panel's Waterfall, the CLI's summary and
 * the tests compute the same numbers.
 *
 * "Time to first …" counts from the request for the first run of a stream (the fetch call, or the response when the
 * request time is unknown) and from RUN_STARTED's arrival for a later run in the same stream.
 */
import type { TokenUsage } from '@ag-ui/core';
import type { Frame } from '../decode/frames';
import type { Session } from '../session/session';
import type { Replay } from './replay';
import type { RunEntity } from './timeline';

export const DEFAULT_STALL_MS = 2000;

export interface Stall {
  /** When the stall ended (the chunk after it arrived), ms after the run's base. */
  at: number;
  ms: number;
  /** The last event before the stall. */
  afterIndex: number;
}

export interface ToolCallTiming {
  toolCallId: string;
  name: string;
  /** TOOL_CALL_START to TOOL_CALL_END. */
  argsMs?: number;
  /** TOOL_CALL_END to its TOOL_CALL_RESULT (which may come in a later run, after a resume). */
  resultMs?: number;
}

export interface RunMetrics {
  runKey: number;
  runId: string;
  /** Epoch ms the "time to first …" figures count from. */
  base: number;
  /** Whether the times are the capture's (false for event lists read from a file, which carry none). */
  timed: boolean;
  firstEventMs?: number;
  firstTextMs?: number;
  firstReasoningMs?: number;
  /** To RUN_FINISHED / RUN_ERROR (absent while running). */
  durationMs?: number;
  text: { chars: number; deltas: number; streamingMs?: number; charsPerSecond?: number; tokensPerSecond?: number; tokensEstimated: boolean };
  gaps: { count: number; p50?: number; p95?: number; max?: number; stalls: Stall[] };
  bytes: number;
  chunks: number;
  statePatches: { count: number; bytes: number };
  toolCalls: ToolCallTiming[];
  /** This run's usage (RUN_FINISHED / RUN_ERROR, or the metadata of its events when those carry none). */
  usage: TokenUsage[];
  /** Summed over the run and the runs that resume it (or that it resumes): one conversation turn. */
  chainUsage: TokenUsage[];
  /** The runs of that chain, by key. */
  chain: number[];
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

const COUNTS = ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens', 'cacheWriteInputTokens'] as const;

/**
 * Usage entries summed per provider and model. Reasoning and cached tokens are parts of the input and output totals
 * (the protocol's accounting), so they are summed as the breakdowns they are, never added to the totals; a count no
 * entry reported stays absent, not zero.
 */
export function sumUsage(entries: readonly TokenUsage[]): TokenUsage[] {
  const groups = new Map<string, TokenUsage>();
  for (const e of entries) {
    const key = `${e.provider ?? ''}\u0000${e.model ?? ''}`;
    let g = groups.get(key);
    if (!g) {
      g = {};
      if (e.provider !== undefined) g.provider = e.provider;
      if (e.model !== undefined) g.model = e.model;
      groups.set(key, g);
    }
    for (const c of COUNTS) if (typeof e[c] === 'number') g[c] = (g[c] ?? 0) + e[c]!;
  }
  return [...groups.values()];
}

/** A usage value as entries: TokenUsage[], one TokenUsage, or nothing usable. */
export function usageEntries(value: unknown): TokenUsage[] {
  const one = (v: unknown): TokenUsage | undefined => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const o = v as Record<string, unknown>;
    const u: TokenUsage = {};
    if (typeof o.provider === 'string') u.provider = o.provider;
    if (typeof o.model === 'string') u.model = o.model;
    let any = false;
    for (const c of COUNTS) {
      if (typeof o[c] === 'number' && Number.isFinite(o[c])) {
        u[c] = o[c] as number;
        any = true;
      }
    }
    return any ? u : undefined;
  };
  const list = Array.isArray(value) ? value : [value];
  return list.map(one).filter((u): u is TokenUsage => u !== undefined);
}

/** The runs linked with this one by resumes (root first, then each run's resumers in turn). */
function chainOf(timeline: Replay['timeline'], run: RunEntity): RunEntity[] {
  const runs = timeline.runs;
  let root = run;
  const seen = new Set<number>();
  while (root.resumes !== undefined && runs[root.resumes] && !seen.has(root.key)) {
    seen.add(root.key);
    root = runs[root.resumes]!;
  }
  const chain = [root];
  const inChain = new Set([root.key]);
  for (let k = 0; k < chain.length; k++) {
    for (const key of timeline.resumersOf(chain[k]!.key)) {
      if (!inChain.has(key)) {
        inChain.add(key);
        chain.push(runs[key]!);
      }
    }
  }
  return chain;
}

/**
 * Metrics are computed once per run and as-of point: what they read of a finished run (its events, its tool calls'
 * results, the runs of its chain) is keyed, so a repaint that follows the latest event finds them.
 */
const cache = new WeakMap<Replay, Map<string, RunMetrics>>();
function cacheKey(session: Session, replay: Replay, run: RunEntity, asOf: number, stallMs: number): string {
  const t = replay.timeline;
  const at = Math.min(asOf, replay.length - 1);
  // A running run changes with every chunk of its stream.
  if (run.end === undefined || run.end > at) return `${run.key}|run|${at}|${session.streams.get(run.streamId)?.chunks.length ?? 0}|${stallMs}`;
  // Its tool calls may end, and get their results, after the run (a resume answers them).
  let results = 0;
  for (const c of t.entitiesOf(run.key).toolCalls) {
    if (c.resultAt !== undefined && c.resultAt <= at) results++;
    if (c.end !== undefined && c.end <= at) results += 1e6;
  }
  const chain = chainOf(t, run)
    .map((r) => (r.start > at ? '' : r.end !== undefined && r.end <= at ? `${r.key}:${r.end}` : `${r.key}:open`))
    .join(',');
  return `${run.key}|${run.end}|${run.status}|${results}|${chain}|${stallMs}`;
}

/** The metrics of one run, as of event index `asOf` (nothing after it counts); cached. */
export function runMetrics(session: Session, replay: Replay, run: RunEntity, options: { stallMs?: number; asOf?: number } = {}): RunMetrics {
  const asOf = options.asOf ?? Number.POSITIVE_INFINITY;
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  let byKey = cache.get(replay);
  if (!byKey) cache.set(replay, (byKey = new Map()));
  const key = cacheKey(session, replay, run, asOf, stallMs);
  const known = byKey.get(key);
  if (known) return known;
  const m = computeMetrics(session, replay, run, asOf, stallMs);
  byKey.set(key, m);
  return m;
}

function computeMetrics(session: Session, replay: Replay, run: RunEntity, asOf: number, stallMs: number): RunMetrics {
  const t = replay.timeline;
  const events = t.eventsAsOf(run.key, asOf);
  const frames: readonly Frame[] = session.frames;
  const stream = session.streams.get(run.streamId);
  const info = stream?.info;
  const first = frames[run.start];
  const timed = info !== undefined && info.transport !== 'file';
  const base = first && first.streamIndex === 0 && info ? (info.startedAt ?? info.openedAt) : (first?.t ?? 0);
  const ended = run.end !== undefined && run.end <= asOf;
  const last = Math.min(ended ? run.end! : frames.length - 1, asOf);
  const since = (t: number) => t - base;

  const m: RunMetrics = {
    runKey: run.key,
    runId: run.runId,
    base,
    timed,
    text: { chars: 0, deltas: 0, tokensEstimated: true },
    gaps: { count: 0, stalls: [] },
    bytes: 0,
    chunks: 0,
    statePatches: { count: 0, bytes: 0 },
    toolCalls: [],
    usage: [],
    chainUsage: [],
    chain: [],
  };
  if (first) m.firstEventMs = since(first.t);
  let firstTextAt: number | undefined;
  let lastTextAt: number | undefined;
  const metadataUsage = new Map<string, TokenUsage[]>();
  // Indexed loops: this runs once per run over every event, mostly before the JIT has warmed up.
  const steps = replay.steps;
  for (let n = 0; n < events.length; n++) {
    const i = events[n]!;
    const frame = frames[i]!;
    for (let s = replay.stepsFrom(i), to = replay.stepsTo(i); s < to; s++) {
      const e = steps[s]!.event as Record<string, unknown>;
      if (e.type === 'TEXT_MESSAGE_CONTENT' && typeof e.delta === 'string' && e.delta !== '') {
        m.text.chars += e.delta.length;
        m.text.deltas++;
        firstTextAt ??= frame.t;
        lastTextAt = frame.t;
      } else if (e.type === 'REASONING_MESSAGE_CONTENT' && m.firstReasoningMs === undefined) m.firstReasoningMs = since(frame.t);
      else if (e.type === 'STATE_DELTA') {
        m.statePatches.count++;
        m.statePatches.bytes += frame.raw.length;
      }
      const meta = e.metadata as Record<string, unknown> | undefined;
      if (meta === undefined) continue;
      const fromMeta = usageEntries(meta.usage ?? (meta['ag-ui'] as Record<string, unknown> | undefined)?.usage);
      // Metadata accumulates per message, the last write winning.
      if (fromMeta.length) metadataUsage.set(String(e.messageId ?? e.toolCallId ?? `#${i}`), fromMeta);
    }
  }
  if (firstTextAt !== undefined) m.firstTextMs = since(firstTextAt);
  if (ended && frames[run.end!]) m.durationMs = since(frames[run.end!]!.t);

  // The wire: this run's chunks, and the gaps between them.
  if (stream && first) {
    const from = first.streamIndex === 0 ? Number.NEGATIVE_INFINITY : first.t;
    const to = frames[last]?.t ?? first.t;
    const times: number[] = [];
    for (const c of stream.chunks) {
      if (c.t < from || c.t > to) continue;
      times.push(c.t);
      m.bytes += c.size;
    }
    m.chunks = times.length;
    const gaps: number[] = [];
    for (let k = 1; k < times.length; k++) {
      const gap = times[k]! - times[k - 1]!;
      gaps.push(gap);
      if (gap > stallMs) {
        let afterIndex = run.start;
        for (const i of events) if (frames[i]!.t <= times[k - 1]!) afterIndex = i;
        m.gaps.stalls.push({ at: since(times[k]!), ms: gap, afterIndex });
      }
    }
    const sorted = [...gaps].sort((a, b) => a - b);
    m.gaps.count = gaps.length;
    if (sorted.length) {
      m.gaps.p50 = percentile(sorted, 50);
      m.gaps.p95 = percentile(sorted, 95);
      m.gaps.max = sorted[sorted.length - 1];
    }
  }

  // Tool calls of this run.
  for (const c of t.entitiesOf(run.key).toolCalls) {
    if (c.start > asOf) continue;
    const timing: ToolCallTiming = { toolCallId: c.toolCallId, name: c.name };
    if (c.end !== undefined && c.end <= asOf) timing.argsMs = frames[c.end]!.t - frames[c.start]!.t;
    if (c.end !== undefined && c.resultAt !== undefined && c.resultAt <= asOf) timing.resultMs = frames[c.resultAt]!.t - frames[c.end]!.t;
    m.toolCalls.push(timing);
  }

  // Usage: the run's own, or its events' metadata; summed over the chain of resumes.
  const own = (r: RunEntity): TokenUsage[] => {
    if (r.end === undefined || r.end > asOf) return [];
    const fromRun = usageEntries(r.usage);
    return fromRun.length ? fromRun : r === run ? [...metadataUsage.values()].flat() : [];
  };
  m.usage = sumUsage(own(run));
  const chain = chainOf(t, run).filter((r) => r.start <= asOf);
  m.chain = chain.map((r) => r.key);
  m.chainUsage = sumUsage(chain.flatMap(own));

  const outputTokens = m.usage.reduce((n, u) => n + (u.outputTokens ?? 0), 0);
  if (firstTextAt !== undefined && lastTextAt !== undefined && lastTextAt > firstTextAt) {
    const seconds = (lastTextAt - firstTextAt) / 1000;
    m.text.streamingMs = lastTextAt - firstTextAt;
    m.text.charsPerSecond = m.text.chars / seconds;
    m.text.tokensEstimated = outputTokens === 0;
    // Without a token count, about four characters make a token.
    m.text.tokensPerSecond = (outputTokens || m.text.chars / 4) / seconds;
  }
  return m;
}
