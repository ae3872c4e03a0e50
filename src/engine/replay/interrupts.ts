/**
 * Interrupts and resumes of one conversation: a RUN_FINISHED with outcome "interrupt" raises them, the next run's
 * `resume` answers them. Each interrupt's verdict (resolved, cancelled, missing, expired, payload fits its schema or
 * not) is judged here once, and the problems are reported from that very verdict, so the interrupt card and the
 * Problems tab can never disagree. Times are the protocol's: an event's `timestamp`, else its arrival.
 */
import type { Interrupt, ResumeEntry, RunFinishedEvent, RunStartedEvent } from '@ag-ui/core';
import { validateJsonSchema } from '../verify/jsonSchema';
import type { Report } from './conversationRules';
import type { InterruptEntity, RunEntity, SubagentEntity, Timeline } from './timeline';

const CORE_REASONS = new Set(['tool_call', 'input_required', 'confirmation']);

/** The time of an event by the protocol's clock: its `timestamp` when it has one, its arrival otherwise. */
export const eventTime = (ev: { timestamp?: unknown }, arrival: number): number => (typeof ev.timestamp === 'number' ? ev.timestamp : arrival);

export class ConversationInterrupts {
  /** Interrupts raised and not yet answered (entity indices). */
  private open: number[] = [];
  /** Tool calls a resumed tool_call interrupt expects a TOOL_CALL_RESULT for, per run key. */
  private readonly awaitingResults = new Map<number, Set<string>>();

  constructor(private readonly t: Timeline) {}

  /** A run starts (its entity made): what it resumes, and how each open interrupt is answered. */
  runStarted(ev: RunStartedEvent, i: number, arrival: number, run: RunEntity, report: Report): void {
    const t = this.t;
    const open = this.open.map((k) => t.interrupts[k]!);
    const resume: ResumeEntry[] = Array.isArray(run.input?.resume) ? (run.input!.resume as ResumeEntry[]) : [];
    const now = eventTime(ev, arrival);
    if (open.length > 0) {
      const prior = t.runs[open[0]!.runKey];
      if (prior) t.linkResume(run, prior);
      const answered = new Set(resume.map((r) => r.interruptId));
      // A run that says nothing of what the client sent (no input on RUN_STARTED, no captured request) says nothing
      // of its resume either: its interrupts are not judged missing.
      const missing = run.input === undefined ? [] : open.filter((o) => !answered.has(o.interrupt.id));
      for (const m of missing) m.verdict = { ...m.verdict, state: 'missing', missingIn: run.key };
      if (run.input === undefined) {
        // (Nothing to say.)
      } else if (resume.length === 0) {
        report(
          'resume/missing',
          `Run '${ev.runId}' starts without resume, but ${open.length} interrupt(s) of the previous run are open: ${open.map((o) => o.interrupt.id).join(', ')}. Every open interrupt must be answered.`,
        );
      } else if (missing.length > 0) {
        report('resume/partial', `The resume answers ${resume.length} interrupt(s) but leaves ${missing.map((m) => `'${m.interrupt.id}'`).join(', ')} open: a resume must cover every open interrupt.`, ['input', 'resume']);
      }
    } else if (resume.length > 0) {
      report('resume/without-interrupt', `Run '${ev.runId}' carries a resume, but no interrupt is open in this conversation.`, ['input', 'resume']);
    }
    resume.forEach((entry, k) => {
      const found = this.open.find((e) => t.interrupts[e]!.interrupt.id === entry.interruptId);
      const verdict = found !== undefined ? 'answers' : open.length > 0 ? 'unknown-id' : 'nothing-open';
      t.add('resumes', { runKey: run.key, at: i, position: k, entry, ...(found !== undefined && { interrupt: found }), verdict });
      if (found === undefined) {
        if (open.length > 0) report('resume/unknown-id', `The resume names interrupt '${entry.interruptId}', which is not open.`, ['input', 'resume', k, 'interruptId']);
        return;
      }
      this.answer(t.interrupts[found]!, entry, k, i, now, run, report);
    });
    this.open = [];
  }

  /** One open interrupt answered by resume entry `k` of `run`: its verdict, and the problems it says. */
  private answer(entity: InterruptEntity, entry: ResumeEntry, k: number, i: number, now: number, run: RunEntity, report: Report): void {
    const interrupt = entity.interrupt;
    entity.resolvedAt = i;
    entity.resolution = entry;
    entity.resumedRunKey = run.key;
    const verdict = { ...entity.verdict, state: entry.status === 'cancelled' ? ('cancelled' as const) : ('resolved' as const) };
    const path = ['input', 'resume', k];
    if (entry.status === 'cancelled' && entry.payload !== undefined) {
      verdict.cancelPayload = true;
      report('resume/cancel-payload', `Interrupt '${entry.interruptId}' is cancelled with a payload; a cancelled resume carries none.`, [...path, 'payload']);
    }
    const expires = interrupt.expiresAt ? Date.parse(interrupt.expiresAt) : Number.NaN;
    if (entry.status === 'resolved' && Number.isFinite(expires) && expires < now) {
      verdict.expired = true;
      report('resume/expired', `Interrupt '${entry.interruptId}' expired at ${interrupt.expiresAt}; it can only be cancelled, not resolved.`, path);
    }
    if (entry.status === 'resolved' && interrupt.responseSchema !== undefined) {
      const err = validateJsonSchema(entry.payload, interrupt.responseSchema);
      verdict.payload = err ? { fits: false, reason: err } : { fits: true };
      if (err) report('resume/payload-schema', `The payload for interrupt '${entry.interruptId}' does not fit its responseSchema: ${err}.`, [...path, 'payload']);
    }
    entity.verdict = verdict;
    if (entry.status === 'resolved' && interrupt.reason === 'tool_call' && interrupt.toolCallId) {
      let set = this.awaitingResults.get(run.key);
      if (!set) this.awaitingResults.set(run.key, (set = new Set()));
      set.add(interrupt.toolCallId);
    }
  }

  /** A TOOL_CALL_RESULT came: no resumed tool call waits for it any more. */
  toolCallResult(toolCallId: string): void {
    for (const set of this.awaitingResults.values()) set.delete(toolCallId);
  }

  /**
   * A RUN_FINISHED (its run's entity closed): results the run owed a resume, and the interrupts it raises, under
   * its run (`run`, absent when the event came after the stream's run had already ended).
   */
  runFinished(ev: RunFinishedEvent, i: number, arrival: number, run: RunEntity | undefined, lane: string, report: Report): void {
    const t = this.t;
    const outcome = ev.outcome as { type?: string; interrupts?: Interrupt[] } | undefined;
    const awaiting = run ? this.awaitingResults.get(run.key) : undefined;
    if (awaiting && awaiting.size > 0) {
      report('resume/unanswered-tool-call', `Run '${ev.runId}' resumed tool_call interrupt(s) but sent no TOOL_CALL_RESULT for ${[...awaiting].map((id) => `'${id}'`).join(', ')}.`);
    }
    if (run) this.awaitingResults.delete(run.key);
    if (outcome?.type !== 'interrupt') return;
    const interrupts = Array.isArray(outcome.interrupts) ? outcome.interrupts : [];
    if (interrupts.length === 0) report('interrupt/empty', 'RUN_FINISHED with outcome "interrupt" must list at least one interrupt.', ['outcome', 'interrupts']);
    const raisedAt = eventTime(ev, arrival);
    const seen = new Set<string>();
    interrupts.forEach((interrupt, k) => {
      checkInterrupt(interrupt, ['outcome', 'interrupts', k], seen, report);
      seen.add(interrupt.id);
      const expires = interrupt.expiresAt ? Date.parse(interrupt.expiresAt) : Number.NaN;
      this.open.push(t.interrupts.length);
      t.add('interrupts', {
        interrupt,
        lane,
        runKey: run?.key ?? -1,
        raisedAt: i,
        verdict: { state: 'open', ...(Number.isFinite(expires) && { leftAtRaiseMs: expires - raisedAt }) },
      });
    });
    if (run) run.interrupts = interrupts;
    // A suspended subagent names run-level interrupts that answer it.
    for (const s of t.subagents) if (s.runKey === run?.key && s.status === 'suspended') checkSuspended(s, seen, report);
  }
}

function checkInterrupt(interrupt: Interrupt, path: (string | number)[], seen: ReadonlySet<string>, report: Report): void {
  if (seen.has(interrupt.id)) report('interrupt/duplicate-id', `Interrupt id '${interrupt.id}' appears twice in one outcome.`, [...path, 'id']);
  if (interrupt.reason === 'tool_call' && !interrupt.toolCallId) {
    report('interrupt/tool-call-id', `Interrupt '${interrupt.id}' has reason "tool_call" but no toolCallId.`, [...path, 'toolCallId']);
  }
  if (typeof interrupt.reason !== 'string' || CORE_REASONS.has(interrupt.reason)) return;
  if (interrupt.reason.startsWith('core:')) report('interrupt/reason', `Interrupt reason "${interrupt.reason}": the "core:" namespace is reserved.`, [...path, 'reason']);
  else if (!/^[^:\s]+:[^:\s]+/.test(interrupt.reason)) {
    report('interrupt/reason', `Interrupt reason "${interrupt.reason}" is neither a core reason (tool_call, input_required, confirmation) nor namespaced as "framework:name".`, [...path, 'reason']);
  }
}

function checkSuspended(s: SubagentEntity, raised: ReadonlySet<string>, report: Report): void {
  for (const id of s.interruptIds ?? []) {
    if (!raised.has(id)) report('subagent/suspended-unknown-interrupt', `Subagent '${s.subagentRunId}' is suspended on interrupt '${id}', which this RUN_FINISHED does not raise.`);
  }
}
