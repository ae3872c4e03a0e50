import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The demo page: a plain page that runs the demo agent with @ag-ui/client's HttpAgent, as real apps do. */
export default defineConfig({
  root: fileURLToPath(new URL('./page', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/demo', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
    // The server's generative-UI scenarios (the A2UI middleware, a Node package): the page only shows their titles.
    rollupOptions: { external: [/\/demo\/genui(\.ts)?$/] },
  },
});
