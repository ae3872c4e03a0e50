/**
 * `npm run package`: builds, then writes under release/ (ignored by git) the files a maintainer uploads:
 * agui-devtools-<version>-chrome.zip (Chrome Web Store, Edge Add-ons), agui-devtools-<version>-firefox.zip
 * (addons.mozilla.org, made by web-ext build), agui-devtools-<version>-source.zip (the committed source at HEAD,
 * which AMO asks for) and SHA256SUMS. The store checks (`npm run release:check`) run before anything is written.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, VERSION as version, zipExtension, zipName } from './release';

const RELEASE = join(ROOT, 'release');
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });

if (execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '' && !process.argv.includes('--dirty')) {
  process.stderr.write('package: the working tree has changes; the source zip is HEAD, so commit first (or pass --dirty).\n');
  process.exit(2);
}
run('npm', ['run', '--silent', 'build']);
run('npm', ['run', '--silent', 'release:check']);
rmSync(RELEASE, { recursive: true, force: true });
mkdirSync(RELEASE, { recursive: true });
const names: string[] = [];
for (const browser of ['chrome', 'firefox'] as const) {
  zipExtension(browser, RELEASE);
  names.push(zipName(browser));
}
const source = zipName('source');
run('git', ['archive', '--format=zip', `--prefix=agui-devtools-${version}/`, '-o', join(RELEASE, source), 'HEAD']);
names.push(source);
const sums = names.map((n) => `${createHash('sha256').update(readFileSync(join(RELEASE, n))).digest('hex')}  ${n}`).join('\n');
writeFileSync(join(RELEASE, 'SHA256SUMS'), `${sums}\n`);
for (const n of names) process.stdout.write(`release/${n}: ${(readFileSync(join(RELEASE, n)).length / 1024).toFixed(0)} KB\n`);
process.stdout.write('release/SHA256SUMS\n');
