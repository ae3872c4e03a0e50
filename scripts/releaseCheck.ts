/**
 * What the stores check, checked on the built extensions (`npm run release:check`, after `npm run build`; npm test
 * runs it): one version (package.json's) in both manifests; the manifest's name and description within the Chrome
 * Web Store's lengths; icons at 16, 32, 48 and 128 px that are those sizes; no remotely hosted code, no eval, no
 * Function constructor and no string setTimeout in any built file; the minimum browser versions those of the newest
 * feature the built extension really uses (NEEDS, each found in the manifest or the built code); and no permission
 * that no code uses. (`web-ext lint`, with warnings as errors, is `npm run lint:firefox`.)
 * Prints each check; exits 1 when one fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

type Manifest = {
  name: string;
  description: string;
  default_locale?: string;
  version: string;
  icons: Record<string, string>;
  permissions?: string[];
  minimum_chrome_version?: string;
  content_scripts?: { world?: string; match_origin_as_fallback?: boolean }[];
  message_serialization?: string;
  browser_specific_settings?: { gecko?: { strict_min_version?: string; data_collection_permissions?: unknown } };
};

/**
 * What sets the minimum browser versions: each feature the extension relies on without a fallback, the first
 * Chrome and Firefox versions that have it (MDN's browser-compat-data), and how to find it in a built extension.
 * The manifest's minimum must be the newest found, no older (it would install where it cannot work) and no newer
 * (it would refuse browsers that can run it). Feature-tested code (Uint8Array.fromBase64, String isWellFormed,
 * scripting's matchOriginAsFallback, which sites.ts retries without) sets nothing.
 */
const NEEDS: { what: string; chrome?: number; firefox?: number; found: (m: Manifest, code: string, css: string) => boolean }[] = [
  { what: 'content scripts in the page\'s world (manifest world "MAIN")', chrome: 111, firefox: 128, found: (m) => Boolean(m.content_scripts?.some((s) => s.world === 'MAIN')) },
  // Captured bytes go as bytes (relay.ts): with JSON messaging they would arrive as empty objects.
  { what: 'extension messaging that clones structured data (manifest message_serialization)', chrome: 148, found: (m) => m.message_serialization === 'structured_clone' },
  { what: 'content scripts in about:blank and blob: frames (match_origin_as_fallback)', chrome: 99, firefox: 128, found: (m) => Boolean(m.content_scripts?.some((s) => s.match_origin_as_fallback)) },
  // Firefox 140 on desktop, 142 on Android: addons-linter asks that the minimum covers both.
  { what: 'Firefox\'s built-in data consent (gecko data_collection_permissions)', firefox: 142, found: (m) => m.browser_specific_settings?.gecko?.data_collection_permissions !== undefined },
  { what: 'storage.session', chrome: 102, firefox: 115, found: (_m, code) => /\.storage\.session\b/.test(code) },
  { what: 'scripting.registerContentScripts', chrome: 96, firefox: 102, found: (_m, code) => /\.registerContentScripts\b/.test(code) },
  { what: 'CSS color-mix()', chrome: 111, firefox: 113, found: (_m, _c, css) => css.includes('color-mix(') },
  { what: 'CSS container queries', chrome: 105, firefox: 110, found: (_m, _c, css) => css.includes('@container') },
  { what: 'structuredClone', chrome: 98, firefox: 94, found: (_m, code) => /\bstructuredClone\(/.test(code) },
  { what: 'Array.prototype.findLast (ES2023)', chrome: 97, firefox: 104, found: (_m, code) => /\.findLast(?:Index)?\(/.test(code) },
];

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  process.stdout.write(`${ok ? '✓' : '✗'} ${what}\n`);
  if (!ok) failures.push(what);
};

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(path: string): [number, number] | undefined {
  const b = readFileSync(path);
  if (b.length < 24 || b.toString('latin1', 1, 4) !== 'PNG' || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

/** Code the stores refuse, with the pattern that finds it in minified output. */
const FORBIDDEN: [RegExp, string][] = [
  // (devtools.inspectedWindow.eval, a method, is the DevTools API that reads the inspected page's URL: not this.)
  [/(?<![.\w$])eval\s*\(/, 'eval()'],
  [/\bnew\s+Function\s*\(|\bFunction\s*\(\s*[`'"]/, 'Function constructor'],
  [/\bset(?:Timeout|Interval)\s*\(\s*[`'"]/, 'string setTimeout or setInterval'],
  [/<script[^>]+src\s*=\s*["']?https?:/i, 'remote script'],
  [/\bimport(?:Scripts)?\s*\(\s*[`'"]https?:/, 'remote import'],
];

/** Each permission and the API calls that use it (in the built code). */
const USES: Record<string, RegExp> = {
  storage: /\.storage\.(?:local|session|sync)\b/,
  scripting: /\.scripting\.(?:registerContentScripts|executeScript|insertCSS)\b/,
  nativeMessaging: /\bconnectNative\b/,
};

/** The locales the manifest is written in (`_locales`), with its `__MSG_name__` strings resolved in each. */
function localized(dir: string, manifest: Manifest, browser: string): [string, { name: string; description: string }][] {
  const uses = (v: string) => /^__MSG_(\w+)__$/.exec(v)?.[1];
  const keys = [manifest.name, manifest.description].map(uses);
  if (keys.every((k) => k === undefined)) return [['as written', manifest]];
  const root = join(dir, '_locales');
  let locales: string[] = [];
  try {
    locales = readdirSync(root).sort();
  } catch {
    // Checked below.
  }
  check(locales.length > 0 && manifest.default_locale !== undefined && locales.includes(manifest.default_locale), `${browser}: default_locale (${manifest.default_locale ?? 'none'}) is among _locales (${locales.join(', ') || 'none'})`);
  const catalogs = locales.map((l) => [l, JSON.parse(readFileSync(join(root, l, 'messages.json'), 'utf8')) as Record<string, { message: string }>] as const);
  const first = catalogs[0]?.[1] ?? {};
  for (const [l, c] of catalogs.slice(1)) check(Object.keys(c).sort().join() === Object.keys(first).sort().join(), `${browser}: _locales/${l} has the same messages as _locales/${catalogs[0]![0]}`);
  const resolve = (c: Record<string, { message: string }>, v: string) => {
    const k = uses(v);
    return k === undefined ? v : (c[k]?.message ?? '');
  };
  return catalogs.map(([l, c]) => {
    const m = { name: resolve(c, manifest.name), description: resolve(c, manifest.description) };
    check(m.name !== '' && m.description !== '', `${browser} (${l}): the name and description messages exist`);
    return [l, m];
  });
}

for (const browser of ['chrome', 'firefox'] as const) {
  const dir = join(ROOT, 'dist', browser);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    check(false, `${browser}: dist/${browser}/manifest.json exists (run npm run build first)`);
    continue;
  }
  check(manifest.version === pkg.version, `${browser}: version ${manifest.version} is package.json's (${pkg.version})`);
  for (const [locale, m] of localized(dir, manifest, browser)) {
    check(m.name.length <= 75, `${browser} (${locale}): name "${m.name}" is ${m.name.length} characters (at most 75)`);
    check(m.description.length <= 132, `${browser} (${locale}): description is ${m.description.length} characters (at most 132)`);
  }
  for (const size of ['16', '32', '48', '128']) {
    const icon = manifest.icons[size];
    const got = icon ? pngSize(join(dir, icon)) : undefined;
    check(got?.[0] === Number(size) && got[1] === Number(size), `${browser}: icon ${size} is a ${size}×${size} PNG${got ? ` (${got.join('×')})` : icon ? ' (not a PNG)' : ' (missing)'}`);
  }
  const code = files(dir).filter((f) => /\.(m?js|html)$/.test(f));
  const texts = code.map((f) => [relative(dir, f), readFileSync(f, 'utf8')] as const);
  const css = files(dir)
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const used = NEEDS.filter((n) => n[browser] !== undefined && n.found(manifest, texts.map(([, t]) => t).join('\n'), css));
  const newest = used.reduce<(typeof NEEDS)[number] | undefined>((a, n) => (a === undefined || n[browser]! > a[browser]! ? n : a), undefined);
  const declared = Number.parseFloat((browser === 'chrome' ? manifest.minimum_chrome_version : manifest.browser_specific_settings?.gecko?.strict_min_version) ?? 'NaN');
  const key = browser === 'chrome' ? 'minimum_chrome_version' : 'strict_min_version';
  check(
    newest !== undefined && declared === newest[browser],
    `${browser}: ${key} ${Number.isNaN(declared) ? 'is not set' : declared} is the newest needed: ${newest ? `${newest[browser]}, for ${newest.what}` : 'none found'} (also ${used.filter((n) => n !== newest).map((n) => `${n.what} ${n[browser]}`).join(', ')})`,
  );
  for (const [pattern, what] of FORBIDDEN) {
    const found = texts.filter(([, text]) => pattern.test(text)).map(([f]) => f);
    check(found.length === 0, `${browser}: no ${what} in ${code.length} built files${found.length ? ` (found in ${found.join(', ')})` : ''}`);
  }
  for (const permission of manifest.permissions ?? []) {
    const use = USES[permission];
    check(use !== undefined && texts.some(([, text]) => use.test(text)), `${browser}: permission "${permission}" is used by the code${use ? '' : ' (no known use: add it to USES)'}`);
  }
}

if (failures.length) {
  process.stdout.write(`\n${failures.length} store check${failures.length === 1 ? '' : 's'} failed.\n`);
  process.exit(1);
}
process.stdout.write('\nEvery store check passed.\n');
