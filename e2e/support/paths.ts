import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CHROME_EXTENSION = fileURLToPath(new URL('../../dist/chrome', import.meta.url));
export const FIREFOX_EXTENSION = fileURLToPath(new URL('../../dist/firefox', import.meta.url));

export function assertBuilt(dir: string): void {
  if (!existsSync(`${dir}/manifest.json`)) throw new Error(`${dir} is not built: run \`npm run build\` first.`);
}
