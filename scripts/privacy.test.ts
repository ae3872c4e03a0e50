import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as { permissions: string[]; optional_permissions?: string[]; optional_host_permissions?: string[]; host_permissions?: string[] };
const privacy = readFileSync(join(ROOT, 'PRIVACY.md'), 'utf8');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

it("PRIVACY.md's table names every permission and host permission of the manifest, and no other; README's Privacy section names them too", () => {
  const asked = [...manifest.permissions, ...(manifest.optional_permissions ?? []), ...(manifest.host_permissions ?? []), ...(manifest.optional_host_permissions ?? [])].sort();
  const rows = privacy
    .split('\n')
    .filter((l) => /^\| `[^`]+`/.test(l))
    .map((l) => /^\| `([^`]+)`/.exec(l)![1]!)
    .sort();
  expect(rows).toEqual(asked);
  const section = readme.slice(readme.indexOf('## Privacy'), readme.indexOf('\n## ', readme.indexOf('## Privacy') + 3));
  for (const p of asked) expect(section, p).toContain(`\`${p}\``);
  expect(section).toContain('PRIVACY.md');
});
