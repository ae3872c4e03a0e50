import { useSignal } from '@preact/signals';
import { siteLabel, sitePattern } from '../../bridge/sitePatterns';
import type { CaptureControl } from '../capture/captureControl';
import { Modal } from './Modal';

/**
 * Capture is off for the inspected page: say so, and offer to turn it on for this site (the browser asks the
 * user), then to reload. Capture runs on local development pages without asking.
 */
export function CaptureBar({ capture }: { capture: CaptureControl }) {
  const { status, enabledHere } = capture;
  if (enabledHere && (status?.on || !status?.url)) {
    return (
      <div class="banner banner-info" role="status" data-testid="capture-enabled">
        <span class="banner-text">
          Capture is on for {siteLabel(enabledHere)}. Reload the page to capture its streams from the start.
        </span>
        <button type="button" class="button primary" onClick={capture.reload}>
          Reload
        </button>
      </div>
    );
  }
  if (!status || status.on) return null;
  if (!status.url) return <SiteEntry capture={capture} />;
  const pattern = sitePattern(status.url);
  return (
    <div class="banner banner-info" role="status" data-testid="capture-off">
      <span class="banner-text">
        Capture is off on <b>{pattern ? siteLabel(pattern) : status.url}</b>. AG-UI DevTools captures local development pages (localhost,
        127.0.0.1, [::1], file:) out of the box, and other sites only when you allow it. Nothing captured ever leaves this browser.
      </span>
      {pattern && (
        <button type="button" class="button primary" onClick={capture.captureHere}>
          Capture on this site
        </button>
      )}
    </div>
  );
}

/**
 * A panel opened as a tab does not know its tab's page until capture reports from it: the user names the site.
 * (In DevTools the panel knows the inspected page and offers its site directly.)
 */
function SiteEntry({ capture }: { capture: CaptureControl }) {
  const site = useSignal('');
  return (
    <form
      class="banner banner-info"
      data-testid="capture-unknown"
      onSubmit={(e) => {
        e.preventDefault();
        const value = site.value.trim();
        capture.captureSite(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
      }}
    >
      <span class="banner-text">
        Nothing captured from this tab yet. Capture runs on local development pages out of the box; for another site, name it:
      </span>
      <input
        class="filter"
        type="text"
        aria-label="Site to capture"
        placeholder="http://agent.test:8080"
        value={site.value}
        onInput={(e) => (site.value = (e.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit" class="button primary">
        Capture on this site
      </button>
    </form>
  );
}

/** Where capture runs: the local pages, the sites enabled here (each removable), and "all sites". */
export function CaptureSettings({ capture, onClose }: { capture: CaptureControl; onClose(): void }) {
  const sites = capture.sites;
  const all = sites?.enabled.includes('<all_urls>') ?? false;
  return (
    <Modal onClose={onClose} title="Where capture runs" testId="settings">
      <p>
        Always, on local development pages: <span class="muted">{sites?.local.map(siteLabel).join(', ') ?? '…'}</span>.
      </p>
      <h3>Sites you enabled</h3>
      {sites && sites.enabled.length === 0 ? (
        <p class="muted">None. Open DevTools on a site and choose "Capture on this site".</p>
      ) : (
        <ul class="site-list">
          {sites?.enabled.map((p) => (
            <li key={p} data-site={p}>
              <span>{siteLabel(p)}</span>
              <button type="button" class="button" onClick={() => capture.remove(p)} aria-label={`Remove ${siteLabel(p)}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {!all && (
        <p>
          <button type="button" class="button" onClick={capture.captureAllSites}>
            Capture on all sites…
          </button>{' '}
          <span class="muted">The extension then runs in every page you open, as a network panel would.</span>
        </p>
      )}
    </Modal>
  );
}
