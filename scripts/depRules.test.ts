/**
 * The import rules (.dependency-cruiser.cjs) fail when they are broken: a scratch project laid out like src/, cruised
 * with the real config, where a component imports an engine internal, the engine imports the panel and Node, derive/
 * imports a component, the product imports a test helper, and two modules import each other. The project's own
 * sources pass them in `npm test` (`npm run lint:deps`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ROOT } from '../e2e/support/paths';

const dir = mkdtempSync(join(tmpdir(), 'agui-deprules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

/** The rule each violation broke, as `rule: from -> to`, from dependency-cruiser's JSON report. */
function violations(): string[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

test('each rule reports the import that breaks it, and nothing else', () => {
  write({
    'src/engine/replay/timeline.ts': "export type RunEntity = { key: number };\nexport const runAt = (i: number) => i;\n",
    'src/engine/query/index.ts': "export { runAt } from '../replay/timeline';\nexport type { RunEntity } from '../replay/timeline';\n",
    'src/engine/testing/helper.ts': 'export const fixture = 1;\n',
    'src/panel/components/Good.tsx': "import { runAt, type RunEntity } from '../../engine/query';\nexport const Good = (r: RunEntity) => <b>{runAt(r.key)}</b>;\n",
  });
  expect(violations()).toEqual([]);
  write({
    // A type-only import counts too: a component reads types through the door as well.
    'src/panel/components/Bad.tsx': "import type { RunEntity } from '../../engine/replay/timeline';\nexport const Bad = (r: RunEntity) => <b>{r.key}</b>;\n",
    'src/engine/replay/usesPanel.ts': "import { Good } from '../../panel/components/Good';\nimport { readFileSync } from 'node:fs';\nexport const x = [Good, readFileSync];\n",
    'src/panel/derive/view.ts': "import { Good } from '../components/Good';\nexport const v = Good;\n",
    'src/engine/replay/usesTests.ts': "import { fixture } from '../testing/helper';\nexport const y = fixture;\n",
    'src/engine/replay/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'src/engine/replay/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  });
  expect(violations()).toEqual(
    [
      'components-use-the-query-api: src/panel/components/Bad.tsx -> src/engine/replay/timeline.ts',
      'engine-is-pure: src/engine/replay/usesPanel.ts -> src/panel/components/Good.tsx',
      'engine-no-node: src/engine/replay/usesPanel.ts -> fs',
      'views-below-components: src/panel/derive/view.ts -> src/panel/components/Good.tsx',
      'no-tests-in-src: src/engine/replay/usesTests.ts -> src/engine/testing/helper.ts',
      // (A loop is reported once, at the module where the cruise met it.)
      'no-circular: src/engine/replay/a.ts -> src/engine/replay/b.ts',
    ].sort(),
  );
});
