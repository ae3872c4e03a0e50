import type { TokenUsage } from '@ag-ui/core';
import type { Frame } from '../engine/decode/frames';
import { type Replay, type ReplayView, runMetrics, type Session, SessionQuery } from '../engine/query';
import { terminalText } from '../engine/util/encode';

/** A page's string for one column of a line: no line break or control of its own, cut at n characters. */
export const clip = (s: string, n = 100) => {
  const t = terminalText(s);
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function contentOf(m: Record<string, unknown>): string {
  if (typeof m.content === 'string') return m.content;
  const calls = m.toolCalls as { function: { name: string; arguments: string } }[] | undefined;
  if (calls?.length) return calls.map((c) => `→ ${c.function.name}(${c.function.arguments})`).join(' ');
  if (m.content !== undefined) return JSON.stringify(m.content);
  return '';
}

/** One line per run (and its JSON form): status, outcome, events, duration, TTFT, usage. */
export interface RunSummary {
  runId: string;
  threadId: string;
  status: string;
  /** Where the page's client stopped it (status `stopped`): it applied nothing of the run after that event. */
  stoppedAt?: number;
  outcome?: string;
  events: number;
  durationMs?: number;
  ttftMs?: number;
  firstEventMs?: number;
  usage: TokenUsage[];
  /** Summed over the run and its resumes, when it is part of such a chain. */
  chainUsage?: TokenUsage[];
  timed: boolean;
}

export function runSummaries(session: Session, replay: Replay, asOf: number): RunSummary[] {
  return new SessionQuery(session, replay)
    .asOf(asOf)
    .runs.map(({ run: r, status, events }) => {
      const m = runMetrics(session, replay, r, { asOf });
      const outcome = status !== 'running' ? ((r.outcome as { type?: unknown } | undefined)?.type as string | undefined) : undefined;
      const s: RunSummary = { runId: r.runId, threadId: r.threadId, status, events, usage: m.usage, timed: m.timed };
      if (status === 'stopped' && r.stoppedAt !== undefined) s.stoppedAt = r.stoppedAt;
      if (outcome !== undefined) s.outcome = outcome;
      if (m.durationMs !== undefined) s.durationMs = m.durationMs;
      if (m.firstTextMs !== undefined) s.ttftMs = m.firstTextMs;
      if (m.firstEventMs !== undefined) s.firstEventMs = m.firstEventMs;
      if (m.chain.length > 1) s.chainUsage = m.chainUsage;
      return s;
    });
}

const ms = (v: number | undefined, timed: boolean) => (v === undefined || !timed ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`);
const usage = (u: readonly TokenUsage[]) =>
  u.length === 0 ? '—' : u.map((e) => `${e.inputTokens ?? '?'} in / ${e.outputTokens ?? '?'} out / ${e.totalTokens ?? '?'} total${e.model ? ` (${e.model})` : ''}`).join('; ');

export function formatRunSummaries(runs: readonly RunSummary[]): string {
  const lines = ['run                       status       outcome      events  duration  TTFT      usage'];
  for (const r of runs) {
    lines.push(
      `${clip(r.runId, 25).padEnd(25)} ${(r.stoppedAt !== undefined ? `stopped #${r.stoppedAt}` : r.status).padEnd(12)} ${clip(r.outcome ?? '—', 12).padEnd(12)} ${String(r.events).padStart(6)}  ${ms(r.durationMs, r.timed).padEnd(9)} ${ms(r.ttftMs, r.timed).padEnd(9)} ${usage(r.usage)}${r.chainUsage ? `  (with its resumes: ${usage(r.chainUsage)})` : ''}`,
    );
  }
  if (runs.length > 0 && !runs[0]!.timed) lines.push('(no capture times in this input: durations are not shown)');
  return `${lines.join('\n')}\n`;
}

/** The readable output of `replay` without --json. */
export function formatSummary(o: { file: string; format: string; frames: readonly Frame[]; replay: Replay; view: ReplayView; session: Session }): string {
  const { replay, view } = o;
  const lines: string[] = [];
  const errors = replay.problems.filter((p) => p.severity === 'error').length;
  const warnings = replay.problems.filter((p) => p.severity === 'warning').length;
  const runs = replay.timeline.runs.filter((r) => r.start <= view.index);
  lines.push(`${terminalText(o.file)}: ${o.frames.length} events (${o.format}), ${runs.length} run${runs.length === 1 ? '' : 's'}, ${errors} errors, ${warnings} warnings`);
  lines.push('', `Runs (as of event ${view.index})`);
  lines.push(...formatRunSummaries(runSummaries(o.session, replay, view.index)).trimEnd().split('\n').map((l) => `  ${l}`));
  const stop = new SessionQuery(o.session, replay).asOf(view.index).clientStop(view.lane);
  lines.push('', `Messages (conversation ${terminalText(view.lane)})`);
  if (stop) lines.push(`  (what the page's client holds: it stopped a run at #${stop.index}, ${stop.ruleId}, and applied none of that stream's later events)`);
  if (view.messages.length === 0) lines.push('  (none)');
  for (const m of view.messages) {
    lines.push(`  ${clip(String(m.role), 10).padEnd(10)} ${clip(oneLine(contentOf(m as Record<string, unknown>)), 100)}`);
  }
  if (view.pendingInterrupts.length) {
    lines.push('', 'Pending interrupts');
    for (const i of view.pendingInterrupts) lines.push(`  ${terminalText(`${i.id} (${i.reason})${i.message ? `: ${i.message}` : ''}`)}`);
  }
  lines.push('', 'State', ...JSON.stringify(view.state, null, 2).split('\n').map((l) => `  ${l}`));
  if (errors + warnings > 0) lines.push('', `Problems: agui-devtools lint ${terminalText(o.file)}`);
  return `${lines.join('\n')}\n`;
}
