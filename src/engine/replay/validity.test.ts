/**
 * No error where other suites and the reference client call a stream valid (issue 56): each case of the validity
 * suites (testing/validityCases.ts) judged again by @ag-ui/client 1.0.0. Where it accepts the stream, the engine
 * reports no error (warnings and notes may say what the spec would rather); where it refuses it, the engine says the
 * client stops at that very event. A new rule that raises a false alarm on a valid stream fails here.
 */
import { describe, expect, test } from 'vitest';
import { runReference } from '../testing/reference';
import { VALIDITY_CASES } from '../testing/validityCases';
import { replayValues } from './fromEvents';

describe('the validity suites, judged by @ag-ui/client 1.0.0', () => {
  for (const c of VALIDITY_CASES) {
    test(c.name, async () => {
      const reference = await runReference(c.events);
      const { replay } = replayValues(c.events);
      const errors = replay.problems.filter((p) => p.severity === 'error').map((p) => `#${p.eventIndex} ${p.ruleId}: ${p.message}`);
      if (c.valid) {
        // Valid for the suites, and for the reference client: not one error.
        expect(reference.stoppedAt, reference.error).toBeUndefined();
        expect(errors).toEqual([]);
        expect(replay.stops).toEqual([]);
      } else if (reference.stoppedAt !== undefined) {
        expect(replay.stops.map((s) => s.index), `the reference stops at #${reference.stoppedAt}: ${reference.error}`).toEqual([reference.stoppedAt]);
      } else {
        // The client goes on, but the spec forbids it: an error, and no stop.
        expect(errors).not.toEqual([]);
        expect(replay.stops).toEqual([]);
      }
    });
  }

  test('the suites hold both kinds: streams the client accepts and streams it refuses', async () => {
    const judged = await Promise.all(VALIDITY_CASES.map((c) => runReference(c.events)));
    const refused = judged.filter((r) => r.stoppedAt !== undefined).length;
    expect(refused).toBeGreaterThanOrEqual(10);
    expect(VALIDITY_CASES.filter((c) => c.valid).length).toBeGreaterThanOrEqual(25);
  });
});
