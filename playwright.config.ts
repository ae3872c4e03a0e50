import { defineConfig } from '@playwright/test';

/** Chromium end-to-end tests: the built extension in Debian's Chromium (see e2e/support/chromium.ts). */
export default defineConfig({
  testDir: 'e2e/chromium',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/chromium',
});
