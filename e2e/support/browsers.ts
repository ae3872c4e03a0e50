/**
 * Finds Chromium and Firefox for `npm start` and `npm test`: an environment variable first
 * (AGUI_CHROMIUM, AGUI_FIREFOX), then Debian's /usr/bin/chromium and /usr/bin/firefox-esr, then what
 * Playwright has installed. Where none is found and apt is usable as root, installs Debian's packages;
 * otherwise stops with the one command that would install them. Never downloads a browser itself.
 *
 * `npm run browsers` (scripts/browsers.ts) ensures both and prints their paths.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type BrowserName = 'chromium' | 'firefox';

const ENV: Record<BrowserName, string> = { chromium: 'AGUI_CHROMIUM', firefox: 'AGUI_FIREFOX' };
const DEBIAN: Record<BrowserName, string[]> = {
  chromium: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
  firefox: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
};
const APT_PACKAGE: Record<BrowserName, string> = { chromium: 'chromium', firefox: 'firefox-esr' };

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Playwright's own Chromium, if someone installed it (we never do). */
function playwrightChromium(): string | undefined {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(root)) return undefined;
  for (const dir of readdirSync(root).filter((d) => d.startsWith('chromium-')).sort().reverse()) {
    for (const sub of ['chrome-linux/chrome', 'chrome-linux64/chrome']) {
      const path = join(root, dir, sub);
      if (executable(path)) return path;
    }
  }
  return undefined;
}

export function findBrowser(name: BrowserName): string | undefined {
  const fromEnv = process.env[ENV[name]];
  if (fromEnv) {
    if (!executable(fromEnv)) throw new Error(`${ENV[name]}=${fromEnv} is not an executable file.`);
    return fromEnv;
  }
  for (const path of DEBIAN[name]) if (executable(path)) return path;
  return name === 'chromium' ? playwrightChromium() : undefined;
}

const canApt = (): boolean =>
  process.platform === 'linux' && typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/usr/bin/apt-get');

/** Returns the executable for each browser asked for, installing Debian's packages when that is possible. */
export function ensureBrowsers(names: BrowserName[]): Record<BrowserName, string> {
  const found: Partial<Record<BrowserName, string>> = {};
  const missing: BrowserName[] = [];
  for (const name of names) {
    const path = findBrowser(name);
    if (path) found[name] = path;
    else missing.push(name);
  }
  if (missing.length > 0) {
    const packages = missing.map((n) => APT_PACKAGE[n]);
    const command = `apt-get update && apt-get install -y ${packages.join(' ')}`;
    if (!canApt()) {
      throw new Error(
        `${missing.join(' and ')} not found. Install ${missing.length === 1 ? 'it' : 'them'} with:\n  sudo sh -c '${command}'\n` +
          `or point ${missing.map((n) => ENV[n]).join(' / ')} at an executable.`,
      );
    }
    console.log(`[browsers] ${missing.join(' and ')} not found; installing Debian's ${packages.join(' ')}…`);
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    for (const name of missing) {
      const path = findBrowser(name);
      if (!path) throw new Error(`Installed ${APT_PACKAGE[name]}, but still cannot find ${name}.`);
      found[name] = path;
    }
  }
  return found as Record<BrowserName, string>;
}

/** Whether a font that covers Korean is installed (fontconfig's own answer). */
const hasKoreanFont = (): boolean => {
  const r = spawnSync('fc-list', [':lang=ko', 'family'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() !== '';
};

/**
 * The Korean panel's screenshots need a font with Hangul (without one, the browsers draw boxes). Installs Debian's
 * fonts-nanum where apt is usable and none is there; otherwise says how, and the text tests still run.
 */
export function ensureKoreanFont(): void {
  if (process.platform !== 'linux' || hasKoreanFont()) return;
  if (!canApt()) {
    console.warn("[browsers] no font with Korean glyphs: the Korean screenshots will show boxes. Install one with:\n  sudo apt-get install -y fonts-nanum");
    return;
  }
  console.log("[browsers] no font with Korean glyphs; installing Debian's fonts-nanum…");
  const apt = (...args: string[]) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  if (apt('install', '-y', '-q', '--no-install-recommends', 'fonts-nanum') !== 0) {
    apt('update', '-q');
    apt('install', '-y', '-q', '--no-install-recommends', 'fonts-nanum');
  }
}

export const browserVersion = (path: string): string =>
  spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim().split('\n').pop() ?? '';

