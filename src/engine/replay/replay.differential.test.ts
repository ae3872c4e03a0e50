import { describe, expect, it } from 'vitest';
import { expectSameAsReference } from '../testing/differential';
import { conformanceSequences } from '../testing/fixtures';
import { generateSequence } from '../testing/generator';
import { SWEEP, sweepSeeds } from '../testing/sweep';
import { RULE_EXAMPLES } from '../rulebook/ruleExamples';

describe('replay agrees with @ag-ui/client 1.0.0 on the conformance fixtures', () => {
  for (const sequence of conformanceSequences()) {
    it(sequence.name, async () => {
      await expectSameAsReference(sequence.events);
    });
  }
});

describe('replay agrees with @ag-ui/client 1.0.0 on generated sequences', () => {
  const COUNT = SWEEP;
  it(`${COUNT} seeded sequences, valid and broken`, async () => {
    const failures: string[] = [];
    let stopped = 0;
    for (const seed of sweepSeeds()) {
      const events = generateSequence(seed);
      try {
        const { reference } = await expectSameAsReference(events);
        if (reference.stoppedAt !== undefined) stopped++;
      } catch (error) {
        failures.push(`seed ${seed}: ${String((error as Error).message).split('\n').slice(0, 12).join('\n')}`);
        if (failures.length >= 5) break;
      }
    }
    expect(failures).toEqual([]);
    // Both kinds were exercised: some the reference accepted to the end, some it stopped.
    expect(stopped).toBeGreaterThan(COUNT / 10);
    expect(stopped).toBeLessThan(COUNT);
  }, 600_000);
});

describe('replay agrees with @ag-ui/client 1.0.0 on every rule example given as events', () => {
  for (const [id, example] of Object.entries(RULE_EXAMPLES)) {
    if (!('events' in example)) continue;
    it(id, async () => {
      await expectSameAsReference(example.events);
    });
  }
});
