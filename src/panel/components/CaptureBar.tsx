import { useSignal } from '@preact/signals';
import { siteLabel, sitePattern } from '../../bridge/sitePatterns';
import type { CaptureControl } from '../capture/captureControl';
import { Modal } from './Modal';
import { tr } from '../../i18n/i18n';
import { TextInput } from './TextInput';
import type { LocalShareControl } from '../capture/localShareControl';

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
export function CaptureSettings({ capture, share, onClose }: { capture: CaptureControl; share?: LocalShareControl; onClose(): void }) {
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
      {share && <LocalShareSettings share={share} />}
    </Modal>
  );
}

/** Sharing this tab with local tools: off by default, per tab; control is a second, separate choice. */
function LocalShareSettings({ share }: { share: LocalShareControl }) {
  const { shared, control, connected, error } = share.state.value;
  return (
    <section data-testid="local-share">
      <h3>{tr('localShare.title')}</h3>
      <label class="check">
        <input type="checkbox" checked={shared} onChange={(e) => void share.setShared((e.currentTarget as HTMLInputElement).checked)} data-testid="share-tab" /> {tr('localShare.share')}
      </label>
      <p class="muted">{tr('localShare.shareNote')}</p>
      <label class="check">
        <input type="checkbox" checked={control} disabled={!shared} onChange={(e) => share.setControl((e.currentTarget as HTMLInputElement).checked)} data-testid="share-control" /> {tr('localShare.control')}
      </label>
      <p class="muted">{tr('localShare.controlNote')}</p>
      {shared && (connected ? (
        <p data-testid="local-share-status">{tr('localShare.connected')}</p>
      ) : (
        <div data-testid="local-share-status" class="error-text">
          <p>{tr('localShare.notReached')}{error && <span translate={false}> ({error})</span>}</p>
          <p>{tr('localShare.installOnce')}</p>
          <pre class="raw" translate={false} data-testid="local-share-install">{share.installCommand}</pre>
        </div>
      ))}
    </section>
  );
}
