/**
 * The standalone viewer: opens exported sessions (and HAR files, JSON, JSONL, SSE or protobuf event files)
 * without the extension or DevTools. Drop a file anywhere, use Import, paste text, or give `?src=URL`.
 */
import { render } from 'preact';
import { App } from '../panel/components/App';
import { downloadExport } from '../panel/fileIO';
import { type ImportSource, startImport, stopImport } from '../panel/import/importer';
import '../panel/panel.css';
import { createSessionStore } from '../panel/store/sessionStore';
import { localeFor, setLocale, tr } from '../i18n/i18n';

// A page, not an extension page: the browser's language is navigator.language; `?lang=` overrides it.
setLocale(localeFor(new URLSearchParams(location.search).get('lang') ?? navigator.language));

const store = createSessionStore({
  emptyText: tr('viewer.emptyText'),
});
document.title = tr('viewer.title');

const open = (source: ImportSource, name: string) =>
  startImport(store, source, name, {
    onShow: (session, shown) => {
      store.reset(session);
      store.imported.value = { name: shown };
    },
  });

addEventListener('dragover', (e) => e.preventDefault());
addEventListener('drop', (e) => {
  e.preventDefault();
  const file = e.dataTransfer?.files[0];
  if (file) open({ kind: 'blob', blob: file }, file.name);
  else {
    const text = e.dataTransfer?.getData('text/plain');
    if (text) open({ kind: 'text', text }, 'dropped text');
  }
});
// Paste: a file from the clipboard, or its text (events, JSONL, SSE…), unless typing somewhere.
addEventListener('paste', (e) => {
  if ((e.target as HTMLElement | null)?.closest('input, textarea, [contenteditable]')) return;
  const file = e.clipboardData?.files[0];
  const text = e.clipboardData?.getData('text/plain');
  if (file) open({ kind: 'blob', blob: file }, file.name);
  else if (text) open({ kind: 'text', text }, 'pasted text');
  else return;
  e.preventDefault();
});

const src = new URLSearchParams(location.search).get('src');
if (src) {
  let url: URL | null = null;
  try {
    url = new URL(src, location.href);
  } catch {
    store.notify('error', tr('viewer.srcNotUrl', { src }));
  }
  if (url) open({ kind: 'url', url: url.href }, decodeURIComponent(url.pathname.split('/').pop() || url.host));
}

render(
  <App
    store={store}
    actions={{
      onClear: () => {
        stopImport();
        store.imported.value = null;
        store.dismissView('import');
        store.reset();
      },
      onExport: (choice) => downloadExport(store.session.value, choice),
      onImport: (file) => open({ kind: 'blob', blob: file }, file.name),
    }}
  />,
  document.getElementById('app')!,
);
