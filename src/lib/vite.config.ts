import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The engine as a library: dist/lib/agui-devtools.mjs, the package's "exports" (what generated tests import). */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: 'src/lib/index.ts',
    outDir: 'dist/lib',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { entryFileNames: 'agui-devtools.mjs' } },
  },
  ssr: { noExternal: true, target: 'node' },
});
