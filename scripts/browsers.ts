/**
 * Finds or installs the browsers the tests drive (e2e/support/browsers.ts), and a font with Hangul.
 *
 *   npx tsx scripts/browsers.ts [chromium] [firefox]    ensure, and print the paths (and a Korean font: fonts-nanum)
 */
import { type BrowserName, browserVersion, ensureBrowsers, ensureKoreanFont } from '../e2e/support/browsers';

const asked = process.argv.slice(2).filter((a): a is BrowserName => a === 'chromium' || a === 'firefox');
try {
  const paths = ensureBrowsers(asked.length ? asked : ['chromium', 'firefox']);
  ensureKoreanFont();
  for (const [name, path] of Object.entries(paths)) console.log(`${name}: ${path} (${browserVersion(path)})`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
