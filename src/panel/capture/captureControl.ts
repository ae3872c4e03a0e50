/**
 * Where capture runs, as the panel shows and changes it: whether it is on for the inspected page, the sites the
 * user enabled, and the actions (capture on this site: the browser's own permission prompt, then the scripts are
 * registered; remove a site; all sites).
 */
import { signal } from '@preact/signals';
import browser from 'webextension-polyfill';
import { ALL_SITES, siteLabel, sitePattern } from '../../bridge/sitePatterns';
import { tr } from '../../i18n/i18n';

export interface SitesState {
  local: string[];
  enabled: string[];
}

export interface CaptureControl {
  status: { url: string; on: boolean } | null;
  sites: SitesState | null;
  /** Set after a site was enabled here: offer a reload. */
  enabledHere: string | null;
  captureHere(): void;
  /** Capture on the site of a URL the user named. */
  captureSite(url: string): void;
  captureAllSites(): void;
  remove(pattern: string): void;
  reload(): void;
}

interface Bridge {
  requestSites(): void;
  enableSite(pattern: string): void;
  disableSite(pattern: string): void;
  captureStatus(url?: string): void;
}

/**
 * Asks the browser for a site's permission on the user's click. The request is made at once, inside the click
 * (browsers require it); where the browser refuses to ask (no user input, as in automation), a permission that
 * is already granted still counts.
 */
async function grant(pattern: string): Promise<boolean> {
  const origins = [pattern];
  try {
    if (await browser.permissions.request({ origins })) return true;
  } catch {
    // Not asked (no user input): what is granted already decides.
  }
  return browser.permissions.contains({ origins }).catch(() => false);
}

export function createCaptureControl(tabId: number, bridge: Bridge, notify: (kind: 'error' | 'info', text: string, extra?: { detail?: string }) => void) {
  const status = signal<{ url: string; on: boolean } | null>(null);
  const sites = signal<SitesState | null>(null);
  const enabledHere = signal<string | null>(null);
  const devtools = (browser.devtools as typeof browser.devtools | undefined)?.inspectedWindow;

  /** The inspected page's URL: DevTools knows it; a panel opened as a tab asks the background. */
  const refresh = async () => {
    let url: string | undefined;
    if (devtools) {
      try {
        // Firefox answers [result, exceptionInfo]; Chrome (through the polyfill) the result alone.
        const answer = (await devtools.eval('location.href')) as unknown;
        const value = Array.isArray(answer) ? answer[0] : answer;
        if (typeof value === 'string') url = value;
      } catch {
        // Not readable (a privileged page): the background answers what it knows.
      }
    }
    bridge.captureStatus(url);
  };

  const enable = (pattern: string) => {
    void grant(pattern).then((ok) => {
      if (!ok) {
        notify('error', tr('capture.notGranted', { site: siteLabel(pattern) }));
        return;
      }
      enabledHere.value = pattern;
      bridge.enableSite(pattern);
    });
  };

  const control = {
    status,
    sites,
    enabledHere,
    refresh,
    onSites(state: SitesState & { error?: string }) {
      sites.value = { local: state.local, enabled: state.enabled };
      // The browser's own words (a refused registration), after the catalog's.
      if (state.error) notify('error', tr('capture.settingsError'), { detail: state.error });
      void refresh();
    },
    onStatus(s: { url: string; on: boolean }) {
      status.value = s;
    },
    view(): CaptureControl {
      return {
        status: status.value,
        sites: sites.value,
        enabledHere: enabledHere.value,
        captureHere: () => {
          const pattern = status.value ? sitePattern(status.value.url) : null;
          if (pattern) enable(pattern);
          else notify('error', tr('capture.notHttp'));
        },
        captureSite: (url) => {
          const pattern = sitePattern(url);
          if (pattern) enable(pattern);
          else notify('error', tr('capture.notHttpAddress', { url }));
        },
        captureAllSites: () => enable(ALL_SITES),
        remove: (pattern) => {
          if (enabledHere.value === pattern) enabledHere.value = null;
          bridge.disableSite(pattern);
        },
        reload: () => {
          enabledHere.value = null;
          if (devtools) devtools.reload({});
          else void browser.tabs.reload(tabId);
        },
      };
    },
  };
  (browser.devtools as typeof browser.devtools | undefined)?.network?.onNavigated.addListener(() => void refresh());
  bridge.requestSites();
  void refresh();
  return control;
}
