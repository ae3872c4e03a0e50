import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { RULE_EXAMPLES, RULES_WITHOUT_EXAMPLE } from './ruleExamples';
import { RULES } from '../verify/rules';
import { lintExample, renderRulesDoc } from './rulesDoc';

describe('every rule has an example that breaks it', () => {
  test('each registered rule has an example or says why a file cannot break it', () => {
    const missing = Object.keys(RULES).filter((id) => !(id in RULE_EXAMPLES) && !(id in RULES_WITHOUT_EXAMPLE));
    expect(missing).toEqual([]);
    expect(Object.keys(RULE_EXAMPLES).filter((id) => !(id in RULES))).toEqual([]);
  });
  test.each(Object.keys(RULE_EXAMPLES))('%s', (id) => {
    const problems = lintExample(RULE_EXAMPLES[id]!);
    const found = problems.find((p) => p.ruleId === id);
    expect(found, `${id}: got ${problems.map((p) => p.ruleId).join(', ') || 'nothing'}`).toBeDefined();
    expect(found!.severity).toBe(RULES[id]!.severity);
    expect(found!.spec).toBe(RULES[id]!.spec);
  });
});

test('RULES.md is what the rule table renders (npm run docs writes it)', () => {
  const file = readFileSync(join(import.meta.dirname, '..', '..', '..', 'RULES.md'), 'utf8');
  expect(file).toBe(renderRulesDoc());
});

test('an empty delta is a warning (the reference client accepts it), and its message names the SDKs that reject it', () => {
  const p = lintExample(RULE_EXAMPLES['text/empty-delta']!).find((x) => x.ruleId === 'text/empty-delta')!;
  expect(p.severity).toBe('warning');
  expect(p.message).toMatch(/@ag-ui\/client \(JS\) accepts it/);
  expect(p.message).toMatch(/Python/);
});
