import { render } from 'preact';
import browser from 'webextension-polyfill';
import { connectPanel } from './bridge';
import { App } from './components/App';
import { TabPicker } from './components/TabPicker';
import './panel.css';
import { createSessionStore } from './store/sessionStore';

/** The inspected tab: from `?tabId=N` when opened as a page, else from DevTools. */
const tabIdOf = (): number | null => {
  const fromUrl = new URLSearchParams(location.search).get('tabId');
  if (fromUrl !== null && /^\d+$/.test(fromUrl)) return Number(fromUrl);
  const inspected = (browser.devtools as typeof browser.devtools | undefined)?.inspectedWindow?.tabId;
  return typeof inspected === 'number' ? inspected : null;
};

const store = createSessionStore();
const tabId = tabIdOf();
const app = document.getElementById('app')!;

if (tabId === null) {
  render(<TabPicker />, app);
} else {
  document.title = `AG-UI · tab ${tabId}`;
  const bridge = connectPanel(tabId, () => store.session.value, {
    onDropped: (count) => (store.dropped.value = count),
    onNavigated: (url, t) => store.session.value.navigate(url, t),
    onActivity: () => undefined,
  });
  const onClear = () => {
    bridge.clear();
    store.reset();
  };
  render(<App store={store} onClear={onClear} />, app);
}
