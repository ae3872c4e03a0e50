import { useSignal } from '@preact/signals';
import { siteLabel, sitePattern } from '../../bridge/sitePatterns';
import type { CaptureControl } from '../capture/captureControl';
import { Modal } from './Modal';
import { tr } from '../../i18n/i18n';
import { TextInput } from './TextInput';

/**
 * Capture is off for the inspected page: say so, and offer to turn it on for this site (the browser asks the
 * user), then to reload. Capture runs on local development pages without asking.
 */
export function CaptureBar({ capture }: { capture: CaptureControl }) {
  const { status, enabledHere } = capture;
  if (enabledHere && (status?.on || !status?.url)) {
    return (
      <div class="banner banner-info" role="status" data-testid="capture-enabled">
        <span class="banner-text">{tr('captureBar.captureIsOnForReload', { enabledHere: siteLabel(enabledHere) })}</span>
        <button type="button" class="button primary" onClick={capture.reload}>
          {tr('captureBar.reload')}
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
        {tr('captureBar.captureIsOffOn')} <b>{pattern ? siteLabel(pattern) : status.url}</b>{tr('captureBar.agUiDevtoolsCapturesLocal')}
      </span>
      {pattern && (
        <button type="button" class="button primary" onClick={capture.captureHere}>
          {tr('captureBar.captureOnThisSite')}
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
        {tr('captureBar.nothingCapturedFromThisTab')}
      </span>
      <TextInput bound={site} label={tr('captureBar.siteToCapture')} placeholder={tr('captureBar.httpAgentTest8080')} />
      <button type="submit" class="button primary">
        {tr('captureBar.captureOnThisSite')}
      </button>
    </form>
  );
}

/** Where capture runs: the local pages, the sites enabled here (each removable), and "all sites". */
export function CaptureSettings({ capture, onClose }: { capture: CaptureControl; onClose(): void }) {
  const sites = capture.sites;
  const all = sites?.enabled.includes('<all_urls>') ?? false;
  return (
    <Modal onClose={onClose} title={tr('common.whereCaptureRuns')} testId="settings">
      <p>
        {tr('captureBar.alwaysOnLocalDevelopmentPages')} <span class="muted" translate={false}>{sites?.local.map(siteLabel).join(', ') ?? '…'}</span>.
      </p>
      <h3>{tr('captureBar.sitesYouEnabled')}</h3>
      {sites && sites.enabled.length === 0 ? (
        <p class="muted">{tr('captureBar.noneOpenDevtoolsOnA')}</p>
      ) : (
        <ul class="site-list">
          {sites?.enabled.map((p) => (
            <li key={p} data-site={p}>
              <span>{siteLabel(p)}</span>
              <button type="button" class="button" onClick={() => capture.remove(p)} aria-label={tr('captureBar.removeSite', { site: siteLabel(p) })}>
                {tr('common.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!all && (
        <p>
          <button type="button" class="button" onClick={capture.captureAllSites}>
            {tr('captureBar.captureOnAllSites')}
          </button>{' '}
          <span class="muted">{tr('captureBar.theExtensionThenRunsIn')}</span>
        </p>
      )}
    </Modal>
  );
}
