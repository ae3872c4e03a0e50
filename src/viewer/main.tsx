/**
 * The standalone viewer: opens exported sessions (and JSON, JSONL, SSE or protobuf event files) without the
 * extension or DevTools. Drop a file anywhere, or use Import. `?src=URL` loads one from a URL.
 */
import { render } from 'preact';
import { App } from '../panel/components/App';
import { downloadExport, readSessionFile } from '../panel/fileIO';
import '../panel/panel.css';
import { createSessionStore } from '../panel/store/sessionStore';

const store = createSessionStore({ emptyText: 'Drop a session file here or choose one with Import… (a session export, JSON or JSONL events, SSE text or a protobuf dump).' });
document.title = 'AG-UI session viewer';

const open = (file: File) =>
  readSessionFile(file).then(
    (session) => {
      store.reset(session);
      store.imported.value = { name: file.name };
    },
    (error: unknown) => store.notify('error', error instanceof Error ? error.message : String(error)),
  );

addEventListener('dragover', (e) => e.preventDefault());
addEventListener('drop', (e) => {
  e.preventDefault();
  const file = e.dataTransfer?.files[0];
  if (file) void open(file);
});

const src = new URLSearchParams(location.search).get('src');
if (src) {
  void fetch(src)
    .then((r) => r.blob())
    .then((b) => open(new File([b], src.split('/').pop() || 'session.json')));
}

render(
  <App
    store={store}
    actions={{
      onClear: () => {
        store.imported.value = null;
        store.reset();
      },
      onExport: (choice) => downloadExport(store.session.value, choice),
      onImport: (file) => void open(file),
    }}
  />,
  document.getElementById('app')!,
);
