/** The release's files, made one way for `npm run package` and for the tests that load them. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export const zipName = (kind: 'chrome' | 'firefox' | 'source') => `agui-devtools-${VERSION}-${kind}.zip`;

/** Zips a built extension (dist/<browser>) with web-ext build; returns the zip's path. */
export function zipExtension(browser: 'chrome' | 'firefox', outDir: string, distDir = join(ROOT, 'dist', browser)): string {
  execFileSync(
    join(ROOT, 'node_modules', '.bin', 'web-ext'),
    ['build', '--source-dir', distDir, '--artifacts-dir', outDir, '--filename', zipName(browser), '--overwrite-dest', '--no-config-discovery'],
    { cwd: ROOT, stdio: 'pipe' },
  );
  return join(outDir, zipName(browser));
}
