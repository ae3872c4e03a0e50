import { defineConfig } from '@playwright/test';

/**
 * Chromium end-to-end tests: the built extension in Debian's Chromium (see e2e/support/chromium.ts).
 * Two projects: "heavy" holds the tests that measure (memory, long tasks, floods of events, chunk timing) and runs one at a time;
 * "light" holds the rest, two at a time. `npm run test:chromium` runs light then heavy; npm test runs the two at once.
 */
/**
 * Measured or timing-sensitive: memory, long tasks, floods, the chunks the page reads with and without us
 * (transparency), and a real mouse click at a position in the DevTools window (optin).
 */
const HEAVY = ['**/limits.spec.ts', '**/lossless.spec.ts', '**/import.spec.ts', '**/transparency.spec.ts', '**/optin.spec.ts'];
export default defineConfig({
  testDir: 'e2e/chromium',
  timeout: 90_000,
  // What a test waits for comes in well under a second on an idle machine. npm test runs three browsers and the CLI's
  // processes on 2 cores, and CI's machine may be busy besides (99% of the cores busy throughout): a wait that ends
  // in failure only once the thing has not come in 30 s says the product is wrong, not that the machine was slow.
  expect: { timeout: 30_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/chromium',
  projects: [
    // Each its own folder: npm test runs the two projects at the same time, and a run clears its project's folder.
    { name: 'light', testIgnore: HEAVY, outputDir: 'test-results/chromium/light' },
    { name: 'heavy', testMatch: HEAVY, outputDir: 'test-results/chromium/heavy' },
  ],
});
