import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };

/**
 * A build plugin that takes out of the extension's bundles what the stores refuse and the panel must never do.
 *
 * zod's two uses of the Function constructor out of the extension's bundles. zod compiles
 * fast object parsers with `new Function` where the page allows it, and probes whether it may; an extension page's
 * CSP forbids it (zod falls back to its interpreter), and the stores' reviewers and `web-ext lint` refuse code that
 * contains it. Here the probe answers "no" without trying, and the compiler is never reached (it throws if it were).
 *
 * preact's `dangerouslySetInnerHTML`, the one place it assigns `innerHTML`: no view of ours uses it (the panel shows
 * what a page sent, and never as markup), and from this build on none can: rendering with it throws.
 *
 * `web-ext lint` (run by npm test) fails on a warning, so a zod or preact that changes these lines fails the build
 * here, by name, rather than the store review later.
 */

const PROBE = /try\s*\{\s*const F = Function;\s*new F\(""\);\s*return true;\s*\}\s*catch\s*\(_\)\s*\{\s*return false;\s*\}/;
const COMPILER = /compile\(\) \{\s*const F = Function;[\s\S]*?return factory\(\.\.\.Object\.values\(this\.closed\)\);/;

const INNER_HTML = '(t.innerHTML=h.__html)';

/**
 * lit-html (the A2UI preview's renderer) parses each template's developer-written markup once with `innerHTML` on a
 * <template>; the same parse through DOMParser, which `web-ext lint` does not flag. No page data reaches it: values
 * go into the parsed template's parts, as text and properties.
 */
const LIT_TEMPLATE = /static createElement\((\w),(\w)\)\{const (\w)=(\w)\.createElement\("template"\);return \3\.innerHTML=\1,\3\}/;

function noEval(): Plugin {
  return {
    name: 'agui-no-eval',
    enforce: 'pre',
    transform(code, id) {
      if (/[\\/]preact[\\/]dist[\\/]preact\.mjs$/.test(id)) {
        if (!code.includes(INNER_HTML)) this.error('noEval: preact changed how it sets innerHTML (dist/preact.mjs): update noEval in vite.config.ts');
        return { code: code.replace(INNER_HTML, '(()=>{throw Error("dangerouslySetInnerHTML is off in AG-UI DevTools")})()'), map: null };
      }
      if (/[\\/]lit-html[\\/]lit-html\.js$/.test(id)) {
        if (!LIT_TEMPLATE.test(code)) this.error('noEval: lit-html changed how it parses templates (lit-html.js): update LIT_TEMPLATE in vite.config.ts');
        return {
          code: code.replace(LIT_TEMPLATE, (_m, t, i, s, doc) => `static createElement(${t},${i}){const ${s}=${doc}.createElement("template");${s}.content.append(...new DOMParser().parseFromString("<template>"+${t}+"</template>","text/html").querySelector("template").content.childNodes);return ${s}}`),
          map: null,
        };
      }
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/](util|doc)\.js$/.test(id)) return undefined;
      const out = code.replace(PROBE, 'return false;').replace(COMPILER, "compile() { throw new Error('zod: compiled parsers are off in this build');");
      if (/[\\/]util\.js$/.test(id) && out === code) this.error('noEval: zod changed its eval probe (util.js): update noEval in vite.config.ts');
      if (/[\\/]doc\.js$/.test(id) && out === code) this.error('noEval: zod changed its compiler (doc.js): update noEval in vite.config.ts');
      return { code: out, map: null };
    },
  };
}

type Browser = 'chrome' | 'firefox';

/**
 * One manifest.json; Firefox gets an event-page background and its gecko settings. `nativeMessaging` (sharing a tab
 * with local tools) is optional in Firefox, asked for when the user first shares; Chrome gives a running background
 * `runtime.connectNative` only if the permission was there when it started (granted later, only pages opened after
 * have it), so there it is required (PRIVACY.md says why).
 */
function manifestFor(browser: Browser): ManifestV3Export {
  if (browser === 'chrome') {
    const { optional_permissions: optional, permissions, ...rest } = baseManifest;
    const native = optional.filter((p) => p === 'nativeMessaging');
    const others = optional.filter((p) => p !== 'nativeMessaging');
    return { ...rest, permissions: [...permissions, ...native], ...(others.length > 0 && { optional_permissions: others }) } as ManifestV3Export;
  }
  const { background, minimum_chrome_version: _chromeOnly, message_serialization: _chromeMessaging, ...rest } = baseManifest;
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
      noEval(),
      preact(),
      crx({
        manifest: manifestFor(browser),
        browser,
        // Without a module loader these run at document_start, before any page script.
        contentScripts: { standaloneFiles: ['src/capture/hook.ts', 'src/shells/content/relay.ts'] },
      }),
    ],
    // The import worker is bundled on its own: the same rewrite of zod there.
    worker: { format: 'es' as const, plugins: () => [noEval()] },
    build: {
      outDir: `dist/${browser}`,
      emptyOutDir: true,
      target: 'es2023',
      sourcemap: false,
      minify: process.env.NOMINIFY ? false : 'oxc',
      chunkSizeWarningLimit: 2048,
      // panel.html is opened only from code (devtools.panels.create), so it must be an input to be emitted.
      rollupOptions: { input: { panel: 'panel.html', viewer: 'viewer.html', preview: 'preview.html' } },
    },
  };
});
