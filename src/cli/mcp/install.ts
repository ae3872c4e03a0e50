/**
 * `agui-devtools mcp --install [--browser chrome|chromium|edge|firefox] [--profile DIR] [--extension-id ID]`: writes
 * the native messaging host's manifest where that browser reads user-level ones, and a launcher beside the
 * extension's home folder that starts this CLI as the host; `--uninstall` removes both. `--profile DIR` is a browser
 * profile (Chromium family: its user data directory, which holds `NativeMessagingHosts/`) or, for Firefox, a folder
 * used as the home directory (`DIR/.mozilla/native-messaging-hosts/`), for tests and portable setups.
 */
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors';
import { homeDir } from './nativeHost';

export const HOST_NAME = 'dev.agui_devtools.host';
/** The Firefox add-on's id (vite.config.ts, browser_specific_settings.gecko.id). */
export const FIREFOX_ID = 'agui-devtools@ag-ui.dev';

export type Browser = 'chrome' | 'chromium' | 'edge' | 'firefox';
const BROWSERS: readonly Browser[] = ['chrome', 'chromium', 'edge', 'firefox'];

/** Where a browser reads a user-level host manifest. */
export function manifestDir(browser: Browser, profile?: string, platform = process.platform, home = homedir()): string {
  if (browser === 'firefox') {
    if (profile) return join(profile, '.mozilla', 'native-messaging-hosts');
    return platform === 'darwin' ? join(home, 'Library', 'Application Support', 'Mozilla', 'NativeMessagingHosts') : join(home, '.mozilla', 'native-messaging-hosts');
  }
  if (profile) return join(profile, 'NativeMessagingHosts');
  const mac = { chrome: 'Google/Chrome', chromium: 'Chromium', edge: 'Microsoft Edge' }[browser];
  const linux = { chrome: 'google-chrome', chromium: 'chromium', edge: 'microsoft-edge' }[browser];
  return platform === 'darwin' ? join(home, 'Library', 'Application Support', mac, 'NativeMessagingHosts') : join(home, '.config', linux, 'NativeMessagingHosts');
}

export interface InstallOptions {
  browser?: string;
  profile?: string;
  extensionId?: string;
  /** This CLI's bundle, which the launcher runs. */
  cli: string;
  node?: string;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function install(options: InstallOptions): { manifest: string; launcher: string } {
  const browser = (options.browser ?? 'chromium') as Browser;
  if (!BROWSERS.includes(browser)) throw new UsageError(`--browser is ${BROWSERS.join(', ')}`);
  if (process.platform === 'win32') throw new UsageError('--install writes the host for Linux and macOS (Windows reads hosts from the registry)');
  const id = options.extensionId ?? (browser === 'firefox' ? FIREFOX_ID : undefined);
  if (!id) throw new UsageError(`--install --browser ${browser} needs --extension-id ID (the AG-UI panel's ⚙ menu shows the command with it)`);
  if (browser !== 'firefox' && !/^[a-p]{32}$/.test(id)) throw new UsageError(`--extension-id: ${id} is not a Chromium extension id (32 letters a to p)`);
  const base = options.profile ?? homeDir();
  const launcher = join(base, `agui-devtools-host-${browser}`);
  mkdirSync(dirname(launcher), { recursive: true });
  // The host's sockets go where the MCP server looks for them: the same folder, fixed at install time.
  writeFileSync(
    launcher,
    `#!/bin/sh\n# AG-UI DevTools native messaging host (written by agui-devtools mcp --install)\nAGUI_DEVTOOLS_HOME=\${AGUI_DEVTOOLS_HOME:-${shellQuote(homeDir())}}\nexport AGUI_DEVTOOLS_HOME\nexec ${shellQuote(options.node ?? process.execPath)} ${shellQuote(options.cli)} native-host "$@"\n`,
  );
  chmodSync(launcher, 0o755);
  const dir = manifestDir(browser, options.profile);
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, `${HOST_NAME}.json`);
  const body = {
    name: HOST_NAME,
    description: 'AG-UI DevTools: shares the tabs you choose with local tools (MCP)',
    path: launcher,
    type: 'stdio',
    ...(browser === 'firefox' ? { allowed_extensions: [id] } : { allowed_origins: [`chrome-extension://${id}/`] }),
  };
  writeFileSync(manifest, `${JSON.stringify(body, null, 2)}\n`);
  return { manifest, launcher };
}

export function uninstall(options: { browser?: string; profile?: string }): string[] {
  const browser = (options.browser ?? 'chromium') as Browser;
  if (!BROWSERS.includes(browser)) throw new UsageError(`--browser is ${BROWSERS.join(', ')}`);
  const removed: string[] = [];
  for (const file of [join(manifestDir(browser, options.profile), `${HOST_NAME}.json`), join(options.profile ?? homeDir(), `agui-devtools-host-${browser}`)]) {
    if (existsSync(file)) {
      rmSync(file);
      removed.push(file);
    }
  }
  return removed;
}
