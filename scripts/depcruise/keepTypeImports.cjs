/**
 * A Babel plugin for dependency-cruiser only: it makes every `import type` (and `export type … from`) a plain import
 * before @babel/preset-typescript strips types, so the import rules see type dependencies as the TypeScript
 * compiler would (dependency-cruiser reads TypeScript through Babel here: its own TypeScript support stops before 7).
 * It works on the Program as it is entered: the preset removes type imports there too, after plugins.
 */
module.exports = function keepTypeImports() {
  return {
    name: 'keep-type-imports',
    visitor: {
      Program(path) {
        for (const node of path.node.body) {
          if (node.type === 'ImportDeclaration') {
            node.importKind = 'value';
            for (const s of node.specifiers) if (s.importKind) s.importKind = 'value';
          } else if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
            node.exportKind = 'value';
            for (const s of node.specifiers ?? []) if (s.exportKind) s.exportKind = 'value';
          }
        }
      },
    },
  };
};
