/** The release's files, made one way for `npm run package` and for the tests that load them. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import AdmZip from 'adm-zip';

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

/** The source zip of `rev` (HEAD for a release; the tests pass the working tree's tracked files, `git stash create`). */
export function zipSource(outDir: string, rev = 'HEAD'): string {
  const out = join(outDir, zipName('source'));
  execFileSync('git', ['archive', '--format=zip', `--prefix=agui-devtools-${VERSION}/`, '-o', out, rev], { cwd: ROOT });
  return out;
}

/**
 * A tree of the working tree as it is now, new files included and ignored ones not (what a commit of everything
 * would hold), written through a scratch index: the repository's own index and files are not touched.
 */
export function worktreeRev(): string {
  const index = join(mkdtempSync(join(tmpdir(), 'agui-index-')), 'index');
  const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, GIT_INDEX_FILE: index } }).trim();
  try {
    git(['read-tree', 'HEAD']);
    git(['add', '-A']);
    return git(['write-tree']);
  } finally {
    rmSync(dirname(index), { recursive: true, force: true });
  }
}

/** The commands README's "Build from source" block gives, in order, without their comments. */
export function buildCommands(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): string[] {
  const section = readme.slice(readme.indexOf('### Build from source'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

/** Each file of a folder or a zip, by its path inside, with its SHA-256. */
export function hashes(from: string): Map<string, string> {
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  if (from.endsWith('.zip')) {
    return new Map(
      new AdmZip(from)
        .getEntries()
        .filter((e) => !e.isDirectory)
        .map((e) => [e.entryName, sha(e.getData())]),
    );
  }
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
  return new Map(walk(from).map((f) => [relative(from, f).split(sep).join('/'), sha(readFileSync(f))]));
}

/** The environment of a maintainer's shell: without what a test runner sets (vitest's NODE_ENV=test changes a build). */
const shellEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(NODE_ENV|VITEST.*|VITE_.*|TEST|NOMINIFY|npm_.*)$/.test(k)));

/**
 * Unpacks the source zip in `workDir`, runs README's "Build from source" commands there and compares every file of
 * the two extension zips with what that build wrote (dist/chrome, dist/firefox). `install: 'link'` stands a link to
 * this checkout's node_modules in for `npm ci` (the same package-lock.json, checked) so that a test need not install
 * 300 MB; `npm run package` runs `npm ci` for real. Returns one line per difference (none: byte-identical).
 */
export function rebuildFromSource(sourceZip: string, packages: { chrome: string; firefox: string }, workDir: string, install: 'npm ci' | 'link'): string[] {
  new AdmZip(sourceZip).extractAllTo(workDir);
  const tree = join(workDir, `agui-devtools-${VERSION}`);
  const differences: string[] = [];
  if (readFileSync(join(tree, 'package-lock.json'), 'utf8') !== readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) differences.push('package-lock.json differs from the checkout\'s');
  for (const command of buildCommands(readFileSync(join(tree, 'README.md'), 'utf8'))) {
    if (command === 'npm ci' && install === 'link') {
      symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
      continue;
    }
    execFileSync('sh', ['-c', command], { cwd: tree, stdio: 'pipe', env: shellEnv() });
  }
  for (const browser of ['chrome', 'firefox'] as const) {
    const want = hashes(packages[browser]);
    const got = hashes(join(tree, 'dist', browser));
    for (const [path, sum] of want) if (got.get(path) !== sum) differences.push(`${browser}: ${path} ${got.has(path) ? 'differs' : 'is not built from the source'}`);
    for (const path of got.keys()) if (!want.has(path)) differences.push(`${browser}: ${path} is built from the source but not in the package`);
  }
  return differences;
}
