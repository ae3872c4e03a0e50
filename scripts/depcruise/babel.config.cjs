/** The Babel options dependency-cruiser reads TypeScript with (.dependency-cruiser.cjs): types stripped, type imports kept. */
const { join } = require('node:path');

module.exports = {
  babelrc: false,
  plugins: [join(__dirname, 'keepTypeImports.cjs')],
  presets: [[require.resolve('@babel/preset-typescript'), { isTSX: true, allExtensions: true, onlyRemoveTypeImports: true }]],
  parserOpts: { plugins: ['jsx'] },
};
