import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };

type Browser = 'chrome' | 'firefox';

/** One manifest.json; Firefox gets an event-page background and its gecko settings. */
function manifestFor(browser: Browser): ManifestV3Export {
  if (browser === 'chrome') return baseManifest as ManifestV3Export;
  const { background, minimum_chrome_version: _chromeOnly, ...rest } = baseManifest;
  return {
    ...rest,
    background: { scripts: [background.service_worker], type: 'module' },
    browser_specific_settings: {
      gecko: {
        id: 'agui-devtools@ag-ui.dev',
        strict_min_version: '142.0',
        data_collection_permissions: { required: ['none'] },
      },
    },
  } as ManifestV3Export;
}

export default defineConfig(({ mode }) => {
  const browser: Browser = mode === 'firefox' ? 'firefox' : 'chrome';
  return {
    plugins: [
      preact(),
      crx({
        manifest: manifestFor(browser),
        browser,
        // Without a module loader these run at document_start, before any page script.
        contentScripts: { standaloneFiles: ['src/capture/hook.ts', 'src/shells/content/relay.ts'] },
      }),
    ],
    build: {
      outDir: `dist/${browser}`,
      emptyOutDir: true,
      target: 'es2023',
      sourcemap: false,
      minify: process.env.NOMINIFY ? false : 'oxc',
      chunkSizeWarningLimit: 2048,
      // panel.html is opened only from code (devtools.panels.create), so it must be an input to be emitted.
      rollupOptions: { input: { panel: 'panel.html', viewer: 'viewer.html' } },
    },
  };
});
