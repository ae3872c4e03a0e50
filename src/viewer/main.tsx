/**
 * The standalone viewer: opens exported sessions (and HAR files, JSON, JSONL, SSE or protobuf event files)
 * without the extension or DevTools. Drop a file anywhere, use Import, paste text, or give `?src=URL`: a URL is
 * loaded only once the user says so (any page can open the viewer with a `?src=` of its choosing, and the
 * extension's viewer fetches with the extension's rights).
 */
import { render } from 'preact';
import { App } from '../panel/components/App';
import { downloadExport } from '../panel/fileIO';
import { type ImportSource, startImport, stopImport } from '../panel/import/importer';
import '../panel/panel.css';
import { createSessionStore } from '../panel/store/sessionStore';
import { localeFor, setLocale, tr } from '../i18n/i18n';
import { escapeInvisible } from '../engine/util/encode';

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
  if (url) {
    const { href } = url;
    let name = url.host;
    try {
      name = decodeURIComponent(url.pathname.split('/').pop() || url.host);
    } catch {
      // A name that is not valid percent-encoding is shown as it was written.
      name = url.pathname.split('/').pop() || url.host;
    }
    // Asked, with the whole URL as text: loading it makes a request, which only the user may decide.
    store.notify('info', tr('viewer.srcAsk'), { detail: escapeInvisible(href), action: { label: tr('viewer.srcOpen'), run: () => open({ kind: 'url', url: href }, name) } });
  }
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
