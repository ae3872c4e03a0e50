import { useEffect, useState } from 'preact/hooks';
import { type KnownTab, listTabs } from '../bridge';

/** Shown when the panel page is opened on its own, without ?tabId: pick the tab to inspect. */
export function TabPicker() {
  const [tabs, setTabs] = useState<KnownTab[] | null>(null);
  useEffect(() => {
    void listTabs().then(setTabs);
  }, []);
  return (
    <div class="tab-picker">
      <h2>AG-UI DevTools</h2>
      <p>Open this panel from DevTools (the "AG-UI" tab), or pick a tab to inspect:</p>
      {tabs === null ? (
        <p class="muted">Loading…</p>
      ) : tabs.length === 0 ? (
        <p class="muted">No tab has loaded a page since the extension started.</p>
      ) : (
        <ul>
          {tabs.map((tab) => (
            <li key={tab.tabId}>
              <a href={`?tabId=${tab.tabId}`} data-tab-id={tab.tabId} data-url={tab.url}>
                {tab.url || `(tab ${tab.tabId})`}
              </a>{' '}
              <span class="muted">
                tab {tab.tabId} · {tab.records} records
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
