/**
 * The import rules that keep the layers one-way (ARCHITECTURE.md), checked by `npm run lint:deps` in `npm test`:
 * dependency-cruiser over src/ (and the test support and scripts for loops). TypeScript is read through Babel
 * (scripts/depcruise/): dependency-cruiser's own TypeScript reader stops before TypeScript 7.
 */
const { join } = require('node:path');

const TEST = '\\.test\\.tsx?$';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-is-pure',
      comment: 'The engine (src/engine) imports no panel, shell, capture or browser code, no UI library and no Node API: the panel, the CLI, the viewer and the benchmarks run it as it is.',
      severity: 'error',
      from: { path: '^src/engine/', pathNot: [TEST, '^src/engine/testing/'] },
      to: { path: ['^src/(panel|shells|capture|bridge|viewer|preview|cli|lib|i18n)/', 'node_modules/(webextension-polyfill|preact|@preact|lit|@a2ui)/'] },
    },
    {
      name: 'engine-no-node',
      comment: 'The engine runs in browsers too: no node: module.',
      severity: 'error',
      from: { path: '^src/engine/', pathNot: [TEST, '^src/engine/testing/'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'components-use-the-query-api',
      comment: 'Components read the engine through its one door (src/engine/query/index.ts): no engine internal.',
      severity: 'error',
      from: { path: '^src/panel/components/' },
      to: { path: '^src/engine/', pathNot: '^src/engine/query/index\\.ts$' },
    },
    {
      name: 'views-below-components',
      comment: 'derive/ and the store are what components read: they never import a component.',
      severity: 'error',
      from: { path: '^src/panel/(derive|store|debugger|pageReplay|import|capture|settings)/' },
      to: { path: '^src/panel/components/' },
    },
    {
      name: 'no-tests-in-src',
      comment: 'Nothing the product is built from imports a test, the engine\'s test helpers (src/engine/testing) or e2e/.',
      severity: 'error',
      from: { path: '^src/', pathNot: [TEST, '^src/engine/testing/'] },
      to: { path: [TEST, '^src/engine/testing/', '^e2e/'] },
    },
    {
      name: 'support-not-scripts',
      comment: 'The tests\' support code does not import the scripts (the scripts use it: scripts/start.ts, scripts/browsers.ts).',
      severity: 'error',
      from: { path: '^e2e/support/' },
      to: { path: '^scripts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results)/' },
    tsConfig: { fileName: join(__dirname, 'tsconfig.json') },
    babelConfig: { fileName: join(__dirname, 'scripts/depcruise/babel.config.cjs') },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
