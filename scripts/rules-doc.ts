/** Writes RULES.md from the rule table and its examples (npm run docs:rules). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderRulesDoc } from '../src/engine/verify/rulesDoc';

const file = join(import.meta.dirname, '..', 'RULES.md');
writeFileSync(file, renderRulesDoc());
console.log(`wrote ${file}`);
