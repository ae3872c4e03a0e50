import { useEffect, useState } from 'preact/hooks';
import { type KnownTab, listTabs } from '../bridge';
import { tr } from '../../i18n/i18n';
import { num } from '../format';

/** A tab's panel, in the language this page was asked for (`?lang=`). */
const panelHref = (tabId: number) => {
  const lang = new URLSearchParams(location.search).get('lang');
  return `?tabId=${tabId}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`;
};

/** Shown when the panel page is opened on its own, without ?tabId: pick the tab to inspect. */
export function TabPicker() {
  const [tabs, setTabs] = useState<KnownTab[] | null>(null);
  useEffect(() => {
    void listTabs().then(setTabs);
  }, []);
  return (
    <div class="tab-picker">
      <h2>{tr('tabPicker.agUiDevtools')}</h2>
      <p>{tr('tabPicker.openThisPanelFromDevtools')}</p>
      {tabs === null ? (
        <p class="muted">{tr('tabPicker.loading')}</p>
      ) : tabs.length === 0 ? (
        <p class="muted">{tr('tabPicker.noTabHasLoadedA')}</p>
      ) : (
        <ul>
          {tabs.map((tab) => (
            <li key={tab.tabId}>
              <a href={panelHref(tab.tabId)} data-tab-id={tab.tabId} data-url={tab.url} translate={tab.url ? false : undefined}>
                {tab.url || tr('tabPicker.tab', { tabId: tab.tabId })}
              </a>{' '}
              <span class="muted">{tr('tabPicker.tabRecords', { tabId: tab.tabId, records: num(tab.records) })}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
