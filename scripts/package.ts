/**
 * `npm run package`: builds, then writes under release/ (ignored by git) the files a maintainer uploads:
 * agui-devtools-<version>-chrome.zip (Chrome Web Store, Edge Add-ons), agui-devtools-<version>-firefox.zip
 * (addons.mozilla.org, made by web-ext build), agui-devtools-<version>-source.zip (the committed source at HEAD,
 * which AMO asks for) and SHA256SUMS. The store checks (`npm run release:check`) run before anything is written;
 * after, the source zip is unpacked in a temporary folder and built with README's "Build from source" commands (a
 * real `npm ci` included), and the package fails unless that build gives the very files of both extension zips.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, rebuildFromSource, worktreeRev, zipExtension, zipName, zipSource } from './release';

const RELEASE = join(ROOT, 'release');
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });

const dirty = process.argv.includes('--dirty');
if (execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '' && !dirty) {
  process.stderr.write('package: the working tree has changes; the source zip is HEAD, so commit first (or pass --dirty for the working tree as it is).\n');
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
zipSource(RELEASE, dirty ? worktreeRev() : 'HEAD');
names.push(zipName('source'));
const work = mkdtempSync(join(tmpdir(), 'agui-package-'));
process.stdout.write('package: building the source zip with README\'s commands (npm ci, the two builds)…\n');
const differences = rebuildFromSource(join(RELEASE, zipName('source')), { chrome: join(RELEASE, zipName('chrome')), firefox: join(RELEASE, zipName('firefox')) }, work, 'npm ci');
rmSync(work, { recursive: true, force: true });
if (differences.length > 0) {
  process.stderr.write(`package: the source zip does not build the packages' files:\n${differences.map((d) => `  ${d}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('package: the source zip builds both packages byte for byte\n');
const sums = names.map((n) => `${createHash('sha256').update(readFileSync(join(RELEASE, n))).digest('hex')}  ${n}`).join('\n');
writeFileSync(join(RELEASE, 'SHA256SUMS'), `${sums}\n`);
for (const n of names) process.stdout.write(`release/${n}: ${(readFileSync(join(RELEASE, n)).length / 1024).toFixed(0)} KB\n`);
process.stdout.write('release/SHA256SUMS\n');
