/**
 * What the stores check, checked on the built extensions (`npm run release:check`, after `npm run build`; npm test
 * runs it): one version (package.json's) in both manifests; the manifest's name and description within the Chrome
 * Web Store's lengths; icons at 16, 32, 48 and 128 px that are those sizes; no remotely hosted code, no eval, no
 * Function constructor and no string setTimeout in any built file; the minimum browser versions set; and no
 * permission that no code uses. (`web-ext lint`, with warnings as errors, is `npm run lint:firefox`.)
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
  browser_specific_settings?: { gecko?: { strict_min_version?: string } };
};

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
  if (browser === 'chrome') check(Boolean(manifest.minimum_chrome_version), `chrome: minimum_chrome_version is set (${manifest.minimum_chrome_version ?? 'none'})`);
  else check(Boolean(manifest.browser_specific_settings?.gecko?.strict_min_version), `firefox: strict_min_version is set (${manifest.browser_specific_settings?.gecko?.strict_min_version ?? 'none'})`);
  const code = files(dir).filter((f) => /\.(m?js|html)$/.test(f));
  const texts = code.map((f) => [relative(dir, f), readFileSync(f, 'utf8')] as const);
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
