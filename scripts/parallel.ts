/**
 * Runs npm scripts at the same time and waits for all of them (npm test uses it for the steps that do not depend on
 * each other). Each script's output is printed whole, in the order given, once it is known; the exit code is 1 when
 * any script failed, and the failures are named at the end.
 *
 *   npx tsx scripts/parallel.ts typecheck test:unit build
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise<{ name: string; code: number; out: string; ms: number }>((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.stderr.on('data', (d: Buffer) => (out += d));
      child.on('close', (code) => resolve({ name, code: code ?? 1, out, ms: Date.now() - started }));
    }),
);
let failed: string[] = [];
for (const run of runs) {
  const r = await run;
  process.stdout.write(`\n> ${r.name} (${(r.ms / 1000).toFixed(1)} s${r.code ? `, exit code ${r.code}` : ''})\n${r.out}`);
  if (r.code !== 0) failed = [...failed, r.name];
}
if (failed.length) {
  process.stdout.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
