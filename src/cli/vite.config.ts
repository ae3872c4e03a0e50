import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The CLI: one self-contained ES module for Node 20, dist/cli/agui-devtools.mjs (package.json "bin"). */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: 'src/cli/agui-devtools.ts',
    outDir: 'dist/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { entryFileNames: 'agui-devtools.mjs', banner: '#!/usr/bin/env node' } },
  },
  ssr: { noExternal: true, target: 'node' },
});
