/** The Waterfall's rows on hand-built timings: the shared clock, and runs aligned at their own start. */
import { describe, expect, it } from 'vitest';
import { Session } from '../../engine/session/session';
import { timedStream } from '../../engine/testing/timedSession';
import { replaySession } from '../../engine/replay/replaySession';
import { waterfall } from './waterfall';

const stream = (session: Session, id: string, chunks: [number, object[]][]) => timedStream(session, id, chunks, { openedAt: chunks[0]![0], startedAt: chunks[0]![0] });
/** A run of `ms` with one text message, starting at `at`. */
const run = (session: Session, runId: string, at: number, ms: number) =>
  stream(session, runId, [
    [at, [{ type: 'RUN_STARTED', threadId: 't', runId }]],
    [at + ms / 2, [{ type: 'TEXT_MESSAGE_START', messageId: `m-${runId}`, role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${runId}`, delta: 'Hi' }, { type: 'TEXT_MESSAGE_END', messageId: `m-${runId}` }]],
    [at + ms, [{ type: 'RUN_FINISHED', threadId: 't', runId }]],
  ]);

describe('the Waterfall', () => {
  const session = new Session();
  // Two runs a minute apart: 400 ms, then 1,000 ms.
  run(session, 'r1', 10_000, 400);
  run(session, 'r2', 70_000, 1000);
  const replay = replaySession(session);
  const last = session.frames.length - 1;
  const runSpan = (w: ReturnType<typeof waterfall>, key: number) => w.rows.find((r) => r.key === `run:${key}`)!.spans[0]!;

  it('on the clock, the axis spans the session and each run sits where it ran', () => {
    const w = waterfall(session, replay, last, 2000);
    expect(w.aligned).toBe(false);
    expect(w.t1 - w.t0).toBe(61_000);
    expect(runSpan(w, 0).from - w.t0).toBe(0);
    expect(runSpan(w, 1).from - w.t0).toBe(60_000);
    expect(w.now).toBe(71_000);
  });

  it('aligned, every run starts at 0 on one duration axis, its spans where they were in it, the marker in its run', () => {
    const w = waterfall(session, replay, last, 2000, true);
    expect(w.aligned).toBe(true);
    expect([w.t0, w.t1]).toEqual([0, 1000]);
    expect([runSpan(w, 0).from, runSpan(w, 0).to]).toEqual([0, 400]);
    expect([runSpan(w, 1).from, runSpan(w, 1).to]).toEqual([0, 1000]);
    const text = w.rows.find((r) => r.key.startsWith('text:m-r2'))!.spans[0]!;
    expect([text.from, text.to]).toEqual([500, 500]);
    // The selected event is r2's RUN_FINISHED: the marker is 1,000 ms into r2.
    expect(w.now).toBe(1000);
  });

  it('aligned, a tool call still waiting for its result when its run ended is drawn to the run\'s end', () => {
    const s2 = new Session();
    stream(s2, 'a', [
      [1000, [{ type: 'RUN_STARTED', threadId: 't', runId: 'a' }, { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'lookup' }]],
      [1100, [{ type: 'TOOL_CALL_END', toolCallId: 'c' }]],
      [1200, [{ type: 'RUN_FINISHED', threadId: 't', runId: 'a' }]],
    ]);
    run(s2, 'b', 60_000, 300);
    const r2 = replaySession(s2);
    const w = waterfall(s2, r2, s2.frames.length - 1, 2000, true);
    const result = w.rows.find((r) => r.key.startsWith('tool:c'))!.spans.find((sp) => sp.kind === 'result')!;
    expect([result.from, result.to]).toEqual([100, 200]);
    expect(w.t1).toBe(300);
    // On the clock it waits on to the selected event.
    const clock = waterfall(s2, r2, s2.frames.length - 1, 2000).rows.find((r) => r.key.startsWith('tool:c'))!.spans.find((sp) => sp.kind === 'result')!;
    expect(clock.to - clock.from).toBe(60_300 - 1100);
  });

  it('is memoized per alignment: the same inputs give the same rows, the other alignment its own', () => {
    const a = waterfall(session, replay, last, 2000, true);
    expect(waterfall(session, replay, last, 2000, true)).toBe(a);
    expect(waterfall(session, replay, last, 2000, false)).not.toBe(a);
  });
});
