import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built extensions; AGUI_DIST points the tests at another build (e.g. an older one, to see a test fail before a fix). */
const DIST = process.env.AGUI_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));
export const CHROME_EXTENSION = `${DIST}/chrome`;
export const FIREFOX_EXTENSION = `${DIST}/firefox`;

export function assertBuilt(dir: string): void {
  if (!existsSync(`${dir}/manifest.json`)) throw new Error(`${dir} is not built: run \`npm run build\` first.`);
}

/**
 * Where tests write their screenshots: test-results/artifacts (ignored), so that a checkout stays clean after
 * `npm test`; `npm run artifacts` (AGUI_ARTIFACTS=1) writes the committed pictures in artifacts/ on purpose.
 */
export const ARTIFACTS = process.env.AGUI_ARTIFACTS === '1' ? `${ROOT}artifacts` : `${ROOT}test-results/artifacts`;
mkdirSync(ARTIFACTS, { recursive: true });
