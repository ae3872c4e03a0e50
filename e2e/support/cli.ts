/** The built CLI (dist/cli/agui-devtools.mjs), run as a user runs it: its exit code and what it printed. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths';

export const CLI = join(ROOT, 'dist', 'cli', 'agui-devtools.mjs');

export function runCli(args: string[], cwd?: string, env?: Record<string, string>): { code: number; stdout: string; stderr: string } {
  try {
    return { code: 0, stdout: execFileSync('node', [CLI, ...args], { encoding: 'utf8', stdio: 'pipe', ...(cwd && { cwd }), ...(env && { env: { ...process.env, ...env } }) }), stderr: '' };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}
