/**
 * The reference: @ag-ui/client 1.0.0's own pipeline (CompatibilityBoundary, enforceEvents, transformChunks,
 * verifyEvents, defaultApplyEvents), fed one event at a time, for differential tests and benchmarks.
 * Test-only: @ag-ui/client is a dev dependency.
 */
import {
  CompatibilityBoundary,
  defaultApplyEvents,
  enforceEvents,
  transformChunks,
  verifyEvents,
  type AbstractAgent,
  type BaseEvent,
  type RunAgentInput,
} from '@ag-ui/client';
import { Subject } from 'rxjs';
import { map, tap } from 'rxjs/operators';

export interface ReferenceResult {
  messages: unknown[];
  state: unknown;
  /** Index of the input event the reference stopped at (it threw), if it did. */
  stoppedAt?: number;
  error?: string;
  /** The events the app's subscribers receive (after the boundary, enforceEvents, transformChunks and verifyEvents), each with the input event it came from. */
  used: { index: number; event: Record<string, unknown> }[];
}

const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

process.env.SUPPRESS_TRANSFORMATION_WARNINGS = 'true';

/** Runs events through the reference client, returning what its agent would hold. */
export async function runReference(events: readonly unknown[]): Promise<ReferenceResult> {
  const subject = new Subject<BaseEvent>();
  const boundary = new CompatibilityBoundary();
  let current = -1;
  let messages: unknown[] = [];
  let state: unknown = {};
  let error: unknown;
  let stoppedAt: number | undefined;
  const used: ReferenceResult['used'] = [];
  const agent = { messages: [], state: {}, pendingInterrupts: [] } as unknown as AbstractAgent;
  const input: RunAgentInput = { threadId: 't', runId: 'r', messages: [], state: {}, tools: [], context: [], forwardedProps: {} };
  const pipeline = subject.pipe(
    map((e) => (boundary as unknown as { transformEvent(e: BaseEvent): BaseEvent }).transformEvent(e)),
    enforceEvents(),
    transformChunks(),
    verifyEvents(),
    tap((e) => used.push({ index: current, event: structuredClone(e) as unknown as Record<string, unknown> })),
  );
  const warn = console.warn;
  console.warn = () => undefined;
  const subscription = defaultApplyEvents(input, pipeline, agent, []).subscribe({
    next: (mutation) => {
      if (mutation.messages !== undefined) messages = mutation.messages;
      if (mutation.state !== undefined) state = mutation.state;
    },
    error: (e: unknown) => {
      error = e;
      stoppedAt = current;
    },
  });
  try {
    for (let i = 0; i < events.length && error === undefined; i++) {
      current = i;
      try {
        // The reference mutates events (patch values it inserted are patched in place later): give it copies.
        subject.next(structuredClone(events[i]) as BaseEvent);
      } catch (e) {
        error = e;
        stoppedAt = i;
      }
      await drain();
    }
    if (error === undefined) subject.complete();
    await drain();
  } finally {
    subscription.unsubscribe();
    console.warn = warn;
  }
  const result: ReferenceResult = { messages, state, used };
  if (error !== undefined) {
    result.stoppedAt = stoppedAt;
    result.error = error instanceof Error ? error.message : String(error);
  }
  return result;
}
