/**
 * CLI benchmark (`npm run bench:cli`; run `npm run build:cli` first): linting 1,000 session files in one call
 * (`lint 'dir/*.jsonl'`, worker threads) against 1,000 separate calls (`for f in dir/*; do lint "$f"; done`),
 * both measured in this run on the same files. Also the one call with a single worker, to show what the
 * threads add. Target: the one call is faster than the separate calls.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { defaultJobs } from '../src/cli/pool';
import { generateSequence } from '../src/engine/testing/generator';

const FILES = Number(process.env.FILES ?? 1000);
const CLI = join(import.meta.dirname, '..', 'dist', 'cli', 'agui-devtools.mjs');
const dir = mkdtempSync(join(tmpdir(), 'agui-cli-bench-'));
mkdirSync(join(dir, 's'));
let events = 0;
for (let i = 0; i < FILES; i++) {
  const seq = generateSequence(i + 1);
  events += seq.length;
  writeFileSync(join(dir, 's', `${String(i).padStart(4, '0')}.agui.jsonl`), `${seq.map((e) => JSON.stringify(e)).join('\n')}\n`);
}
const files = readdirSync(join(dir, 's')).map((f) => join('s', f));

const time = (fn: () => void) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
const lintOnce = (args: string[]) => spawnSync('node', [CLI, 'lint', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });

try {
  const one = time(() => lintOnce(['s/*.agui.jsonl', '--format', 'json']));
  const single = time(() => lintOnce(['s/*.agui.jsonl', '--format', 'json', '--jobs', '1']));
  const two = time(() => lintOnce(['s/*.agui.jsonl', '--format', 'json', '--jobs', '2']));
  const separate = time(() => {
    for (const f of files) lintOnce([f, '--format', 'json']);
  });
  const check = JSON.parse(lintOnce(['s/*.agui.jsonl', '--format', 'json']).stdout) as unknown[];
  console.log(`${FILES} files, ${events} events (generated sessions), ${check.length} problems found`);
  console.log(`one call (default --jobs ${defaultJobs(FILES)} on ${availableParallelism()} cores): ${(one / 1000).toFixed(2)} s`);
  console.log(`one call, --jobs 1 (in the main thread): ${(single / 1000).toFixed(2)} s`);
  console.log(`one call, --jobs 2 (two worker threads): ${(two / 1000).toFixed(2)} s`);
  console.log(`${FILES} separate calls:       ${(separate / 1000).toFixed(2)} s`);
  console.log(`separate / one call: ${(separate / one).toFixed(1)}x  (target > 1)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
