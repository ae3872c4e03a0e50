import type { SessionStore } from '../store/sessionStore';
import { currentLocale, tr, trn } from '../../i18n/i18n';

/**
 * A message the capture wrote in English (it is part of the session, as the page's script recorded it): as it is in
 * English; elsewhere the catalog's lead, then the original, marked as English.
 */
function Recorded({ lead, original }: { lead: string; original: string }) {
  if (currentLocale() === 'en') return <>{original}</>;
  return (
    <>
      {lead}{' '}
      <span class="banner-detail" lang="en" translate={false}>
        {original}
      </span>
    </>
  );
}

/**
 * Messages inline at the top of the panel: what the capture reported (an impersonation attempt, an event too big
 * to keep) and what failed (a bad file, a delivery the browser refused). Each names the problem; errors can be
 * dismissed. Never alert(): some DevTools hosts swallow it.
 */
export function Banners({ store }: { store: SessionStore }) {
  const notices = store.notices.value;
  const impersonations = notices.filter((n) => n.code === 'impersonation');
  const oversize = notices.filter((n) => n.code === 'oversize' || n.code === 'pause-released');
  const banners = store.banners.value;
  if (impersonations.length === 0 && oversize.length === 0 && banners.length === 0) return null;
  return (
    <div class="banners">
      {impersonations.length > 0 && (
        <div class="banner banner-error" role="alert" data-testid="impersonation">
          <strong>{tr('banners.thisPageTriedToImpersonate')}</strong>
{' ('}
          <span class="banner-detail" lang="en" translate={false}>
            {/\((.*)\)/.exec(impersonations[0]!.message)?.[1] ?? impersonations[0]!.message}
          </span>
          {')'}
          {impersonations.length > 1 ? ` (${trn('banners.documents', impersonations.length)})` : ''}
          {tr('banners.impersonationIgnored')}
        </div>
      )}
      {oversize.map((n, i) => (
        <div class="banner banner-warning" role="status" key={`o${i}`} data-testid={n.code}>
          <Recorded lead={tr(n.code === 'oversize' ? 'banners.oversize' : 'banners.pauseReleased')} original={n.message} />
        </div>
      ))}
      {banners.map((b) => (
        <div class={`banner banner-${b.kind}`} role={b.kind === 'error' ? 'alert' : 'status'} key={b.id} data-testid="banner">
          <span class="banner-text">
            {b.text}
            {b.detail !== undefined && (
              <>
                {' '}
                <span class="banner-detail" lang="en" translate={false}>
                  {b.detail}
                </span>
              </>
            )}
          </span>
          {b.action && (
            <button
              type="button"
              class="button"
              onClick={() => {
                b.action!.run();
                store.dismiss(b.id);
              }}
            >
              {b.action.label}
            </button>
          )}
          <button type="button" class="icon-button" aria-label={tr('common.dismiss')} title={tr('common.dismiss')} onClick={() => store.dismiss(b.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
