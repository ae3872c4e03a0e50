/**
 * Runs npm scripts at the same time, each as soon as the scripts it waits for have passed (npm test uses it so that
 * the two cores are busy throughout: the browsers' tests start once the build is done, beside the unit tests).
 * `name@a,b` waits for a and b. Each script's output is printed whole once it ends, in the order they end; the exit
 * code is 1 when any script failed or could not run, and those are named at the end, each with its failures said
 * again (a CI log is often read from its end). On Linux it prints beside
 * each script's wall time the CPU time of the processes it waited for (a browser's processes that outlive their
 * parent are not among them), and at the end how busy the machine's cores were throughout.
 *
 *   npx tsx scripts/parallel.ts typecheck test:unit build test:cli@build
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

type Result = { name: string; code: number; out: string; ms: number; cpu?: number };

/**
 * The CPU seconds of this process's waited-for children so far (Linux: /proc/self/stat's cutime and cstime). A
 * script's own is the rise when it is reaped: its npm, and every process it waited for in turn.
 */
const childCpu = (): number | undefined => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
};

/** The machine's CPU ticks, busy and all (Linux: the first line of /proc/stat). */
const machineTicks = (): { busy: number; all: number } | undefined => {
  try {
    const [user, nice, system, idle, iowait, ...rest] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number) as number[];
    const busy = user! + nice! + system! + rest.reduce((a, b) => a + b, 0);
    return { busy, all: busy + idle! + iowait! };
  } catch {
    return undefined;
  }
};

const specs = process.argv.slice(2).map((arg) => {
  const [name, deps = ''] = arg.split('@') as [string, string?];
  return { name, deps: deps ? deps.split(',') : [] };
});
const known = new Set(specs.map((s) => s.name));
for (const s of specs) for (const d of s.deps) if (!known.has(d)) throw new Error(`${s.name} waits for ${d}, which is not among the scripts`);

const started = Date.now();
const machineAtStart = machineTicks();
let cpuSoFar = childCpu();
const run = (name: string): Promise<Result> =>
  new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    let cpu: number | undefined;
    child.on('exit', () => {
      // Read at once: another script reaped at the same moment would be counted here instead.
      const before = cpuSoFar;
      cpuSoFar = childCpu() ?? cpuSoFar;
      if (before !== undefined && cpuSoFar !== undefined) cpu = cpuSoFar - before;
    });
    child.on('close', (code) => resolve({ name, code: code ?? 1, out, ms: Date.now() - t0, ...(cpu !== undefined && { cpu }) }));
  });

/**
 * What a failed script said of its failures: from Playwright's or Vitest's first failure heading (else the end of its
 * output), at most 120 lines.
 */
const failuresOf = (out: string): string => {
  const lines = out.split('\n');
  const first = lines.findIndex((l) => /^\s+\d+\) \[|^\s*⎯+ Failed Tests|^\s*FAIL\s/.test(l));
  return (first >= 0 ? lines.slice(first, first + 120) : lines.slice(-120)).join('\n');
};

const failed: string[] = [];
const results = new Map<string, Promise<Result>>();
const resultOf = (name: string): Promise<Result> => {
  let r = results.get(name);
  if (!r) {
    const spec = specs.find((s) => s.name === name)!;
    r = Promise.all(spec.deps.map(resultOf)).then((deps) => {
      const bad = deps.filter((d) => d.code !== 0).map((d) => d.name);
      return bad.length ? { name, code: 1, out: `not run: ${bad.join(', ')} failed\n`, ms: 0 } : run(name);
    });
    results.set(name, r);
    void r.then((x) => {
      const at = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${x.name} (${(x.ms / 1000).toFixed(1)} s${x.cpu !== undefined ? `, CPU ${x.cpu.toFixed(1)} s waited for` : ''}, ended at ${at} s${x.code ? `, exit code ${x.code}` : ''})\n${x.out}`);
      if (x.code !== 0) failed.push(x.name);
    });
  }
  return r;
};
await Promise.all(specs.map((s) => resultOf(s.name)));
await new Promise((r) => setImmediate(r));
const machine = machineTicks();
if (machine && machineAtStart && machine.all > machineAtStart.all)
  process.stdout.write(`\nAll: ${((Date.now() - started) / 1000).toFixed(1)} s; the machine's cores were busy ${((100 * (machine.busy - machineAtStart.busy)) / (machine.all - machineAtStart.all)).toFixed(0)}% of that time\n`);
if (failed.length) {
  // A CI log is often read from its end: each failed script's failures are said again here.
  for (const name of failed) {
    const out = (await results.get(name)!).out.replace(/\x1b\[[0-9;]*m/g, '');
    process.stdout.write(`\n> ${name} failed; its failures again:\n${failuresOf(out)}\n`);
  }
  process.stdout.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
