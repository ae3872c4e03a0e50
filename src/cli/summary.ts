import type { Frame } from '../engine/decode/frames';
import type { Replay, ReplayView } from '../engine/replay/replay';
import { runStatusAt } from '../engine/replay/timeline';

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function contentOf(m: Record<string, unknown>): string {
  if (typeof m.content === 'string') return m.content;
  const calls = m.toolCalls as { function: { name: string; arguments: string } }[] | undefined;
  if (calls?.length) return calls.map((c) => `→ ${c.function.name}(${c.function.arguments})`).join(' ');
  if (m.content !== undefined) return JSON.stringify(m.content);
  return '';
}

/** The readable output of `replay` without --json. */
export function formatSummary(o: { file: string; format: string; frames: readonly Frame[]; replay: Replay; view: ReplayView }): string {
  const { replay, view } = o;
  const lines: string[] = [];
  const errors = replay.problems.filter((p) => p.severity === 'error').length;
  const warnings = replay.problems.filter((p) => p.severity === 'warning').length;
  const runs = replay.timeline.runs.filter((r) => r.start <= view.index);
  lines.push(`${o.file}: ${o.frames.length} events (${o.format}), ${runs.length} run${runs.length === 1 ? '' : 's'}, ${errors} errors, ${warnings} warnings`);
  lines.push('', `Runs (as of event ${view.index})`);
  for (const r of runs) {
    lines.push(`  ${r.runId.padEnd(24)} thread ${r.threadId.padEnd(16)} ${runStatusAt(r, view.index).padEnd(12)} events ${r.start}–${r.end ?? '…'}`);
  }
  lines.push('', `Messages (conversation ${view.lane})`);
  if (view.messages.length === 0) lines.push('  (none)');
  for (const m of view.messages) {
    lines.push(`  ${String(m.role).padEnd(10)} ${clip(oneLine(contentOf(m as Record<string, unknown>)), 100)}`);
  }
  if (view.pendingInterrupts.length) {
    lines.push('', 'Pending interrupts');
    for (const i of view.pendingInterrupts) lines.push(`  ${i.id} (${i.reason})${i.message ? `: ${i.message}` : ''}`);
  }
  lines.push('', 'State', ...JSON.stringify(view.state, null, 2).split('\n').map((l) => `  ${l}`));
  if (errors + warnings > 0) lines.push('', `Problems: agui-devtools lint ${o.file}`);
  return `${lines.join('\n')}\n`;
}
