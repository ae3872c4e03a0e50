/**
 * Refreshes the committed screenshots in artifacts/ on purpose (tests write theirs into the ignored
 * test-results/artifacts): the e2e files that take them, run with AGUI_ARTIFACTS=1, after a build.
 *
 *   npm run artifacts
 */
import { spawnSync } from 'node:child_process';

const env = { ...process.env, AGUI_ARTIFACTS: '1' };
const steps: [string, string[]][] = [
  ['npx', ['playwright', 'test', '--project=light', '--workers=1', 'e2e/chromium/panel.spec.ts', 'e2e/chromium/runs.spec.ts', 'e2e/chromium/replay.spec.ts', 'e2e/chromium/narrow.spec.ts', 'e2e/chromium/following.spec.ts', 'e2e/chromium/runmodel.spec.ts', 'e2e/chromium/compare.spec.ts', 'e2e/chromium/locale.spec.ts', 'e2e/chromium/genui.spec.ts', 'e2e/chromium/previewSafety.spec.ts']],
  ['npx', ['playwright', 'test', '--project=heavy', '--workers=1', 'e2e/chromium/limits.spec.ts', '-g', '100,004 events']],
  ['npx', ['vitest', 'run', '--project', 'firefox', 'e2e/firefox/limits.test.ts', 'e2e/firefox/panel.test.ts', 'e2e/firefox/replay.test.ts', 'e2e/firefox/following.test.ts', 'e2e/firefox/compare.test.ts', 'e2e/firefox/locale.test.ts', 'e2e/firefox/genui.test.ts']],
];
for (const [command, args] of steps) {
  const run = spawnSync(command, args, { stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
console.log('artifacts/ refreshed: review the pictures, then commit them.');
