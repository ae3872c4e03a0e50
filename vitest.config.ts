import { defineConfig } from 'vitest/config';

/** Unit tests (Node, no browser) and the Firefox end-to-end tests (puppeteer-core driving Firefox ESR). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'demo/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // npm test runs them beside the browsers' tests: a property test over thousands of sequences may take a
          // while on a busy machine, and its time is not what it checks (speed is in npm run bench).
          testTimeout: 60_000,
          // The files share their workers' modules (no test mocks a module or leaves a global changed): the suite's
          // CPU time halves, and npm test runs it beside both browsers on 2 cores.
          isolate: false,
        },
      },
      {
        test: {
          name: 'cli',
          include: ['e2e/cli/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['e2e/firefox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
