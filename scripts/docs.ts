/** Writes RULES.md and SESSION_FORMAT.md from the code (npm run docs); unit tests check both are current. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSessionFormatDoc } from '../src/engine/io/formatDoc';
import { renderRulesDoc } from '../src/engine/rulebook/rulesDoc';

const root = join(import.meta.dirname, '..');
writeFileSync(join(root, 'RULES.md'), renderRulesDoc());
writeFileSync(join(root, 'SESSION_FORMAT.md'), renderSessionFormatDoc(readFileSync(join(root, 'src/engine/io/exportFormat.ts'), 'utf8')));
console.log('wrote RULES.md and SESSION_FORMAT.md');
