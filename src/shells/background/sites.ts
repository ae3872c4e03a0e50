/**
 * Where capture runs. Out of the box only on local development pages (the manifest's content scripts); every
 * other site is the user's choice: the panel asks the browser for that site's permission, and then the capture
 * scripts are registered for it here (scripting.registerContentScripts), relay first, hook second. Nothing is
 * injected anywhere else.
 */
import browser from 'webextension-polyfill';
import { ALL_SITES, covers, isLocal, LOCAL_PATTERNS } from '../../bridge/sitePatterns';

const STORAGE_KEY = 'capture-sites';
const SCRIPT_IDS = { relay: 'agui-relay', hook: 'agui-hook' };

export interface SitesState {
  local: string[];
  /** Sites the user enabled (patterns; ALL_SITES for every site), with the browser's permission. */
  enabled: string[];
}

async function stored(): Promise<string[]> {
  const value = (await browser.storage.local.get(STORAGE_KEY))[STORAGE_KEY];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The enabled sites the browser still grants (the user may have removed a permission in its own settings). */
async function granted(patterns: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of patterns) if (await browser.permissions.contains({ origins: [p] }).catch(() => false)) out.push(p);
  return out;
}

/** The built files of the capture scripts, as the manifest lists them: the relay first, the hook second. */
function scriptFiles(): { relay: string; hook: string } {
  // Firefox lists them as full moz-extension:// URLs; registration wants paths within the extension.
  const [relay, hook] = (browser.runtime.getManifest().content_scripts ?? []).map((s) => s.js?.[0]?.replace(/^[\w-]+:\/\/[^/]+\//, ''));
  if (!relay || !hook) throw new Error('The manifest lists no capture scripts.');
  return { relay, hook };
}

/** Registers the capture scripts for exactly these patterns (none: unregistered). */
async function register(patterns: string[]): Promise<void> {
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: Object.values(SCRIPT_IDS) }).catch(() => []);
  if (existing.length > 0) await browser.scripting.unregisterContentScripts({ ids: existing.map((s) => s.id) });
  if (patterns.length === 0) return;
  const { relay, hook } = scriptFiles();
  // Local pages have the manifest's scripts already: "all sites" must not inject a second pair there.
  const excludeMatches = patterns.includes(ALL_SITES) ? LOCAL_PATTERNS : [];
  const common = { matches: patterns.includes(ALL_SITES) ? [ALL_SITES] : patterns, excludeMatches, runAt: 'document_start' as const, allFrames: true, persistAcrossSessions: true };
  const withFallback = { matchOriginAsFallback: true };
  const scripts = (extra: object) => [
    { id: SCRIPT_IDS.relay, js: [relay], ...common, ...extra },
    { id: SCRIPT_IDS.hook, js: [hook], world: 'MAIN', ...common, ...extra },
  ];
  try {
    await browser.scripting.registerContentScripts(scripts(withFallback) as Parameters<typeof browser.scripting.registerContentScripts>[0]);
  } catch {
    // A browser without matchOriginAsFallback for registered scripts: about:blank frames of those sites are missed.
    await browser.scripting.registerContentScripts(scripts({}) as Parameters<typeof browser.scripting.registerContentScripts>[0]);
  }
}

export async function sitesState(): Promise<SitesState> {
  return { local: LOCAL_PATTERNS, enabled: await granted(await stored()) };
}

/** Brings the registered scripts in line with what is stored and granted (at start, and when permissions change). */
export async function reconcile(): Promise<SitesState> {
  const enabled = await granted(await stored());
  await browser.storage.local.set({ [STORAGE_KEY]: enabled });
  await register(enabled);
  return { local: LOCAL_PATTERNS, enabled };
}

/** Adds a site whose permission the user has just granted (the panel asked, on the user's click). */
export async function enableSite(pattern: string): Promise<SitesState> {
  if (!(await browser.permissions.contains({ origins: [pattern] }))) throw new Error(`The browser has not granted access to ${pattern}.`);
  const list = await stored();
  if (!list.includes(pattern)) list.push(pattern);
  await browser.storage.local.set({ [STORAGE_KEY]: list });
  return reconcile();
}

/** Removes a site: its scripts are unregistered and its permission given back. */
export async function disableSite(pattern: string): Promise<SitesState> {
  await browser.storage.local.set({ [STORAGE_KEY]: (await stored()).filter((p) => p !== pattern) });
  const state = await reconcile();
  await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
  return state;
}

/** Whether capture runs on a page at this URL. */
export async function captureOn(url: string): Promise<boolean> {
  if (isLocal(url)) return true;
  return (await sitesState()).enabled.some((p) => covers(p, url));
}
