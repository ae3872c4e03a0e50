import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from './rules';
import { RULE_PASSAGES, SPEC_FILES, type SpecSource } from './specPassages';

const ROOT = join(__dirname, '../../..');
const flat = (text: string) => text.replace(/\s+/g, ' ');
const sources = Object.fromEntries(
  Object.entries(SPEC_FILES).map(([source, files]) => [source, flat(files.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n'))]),
) as Record<SpecSource, string>;

describe('the spec passage of each rule', () => {
  it('every rule has one, and no passage names a rule that does not exist', () => {
    expect(Object.keys(RULES).filter((id) => !RULE_PASSAGES[id])).toEqual([]);
    expect(Object.keys(RULE_PASSAGES).filter((id) => !RULES[id])).toEqual([]);
  });

  it('each quote is in its source word for word, under the heading it names', () => {
    const wrong: string[] = [];
    for (const [id, p] of Object.entries(RULE_PASSAGES)) {
      const text = sources[p.source];
      const at = text.indexOf(flat(p.quote));
      if (at < 0) wrong.push(`${id}: quote not in ${p.source}`);
      else if (!text.slice(0, at).includes(p.heading)) wrong.push(`${id}: heading "${p.heading}" not before the quote`);
      if (!/^[\x20-\x7e\u2018-\u201d\u2026]+$/.test(p.summary)) wrong.push(`${id}: the summary is not plain English`);
    }
    expect(wrong).toEqual([]);
  });
});
