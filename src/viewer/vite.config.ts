import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The viewer as a plain web page (dist/viewer), served by the demo server at /viewer/. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  plugins: [preact()],
  build: {
    outDir: 'dist/viewer',
    emptyOutDir: true,
    target: 'es2023',
    chunkSizeWarningLimit: 2048,
    // preview.html: the UI tab's A2UI preview, beside the viewer as beside the panel.
    rollupOptions: { input: { index: 'viewer.html', preview: 'preview.html' } },
  },
});
