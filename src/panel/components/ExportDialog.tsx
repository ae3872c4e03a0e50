import { useSignal } from '@preact/signals';
import type { ExportOptions } from '../../engine/session/exportFormat';
import type { Session } from '../../engine/session/session';

const bytes = (n: number) => (n < 1024 ? `${n} bytes` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** What the file would hold, in words, from the session itself. */
function contentsOf(session: Session) {
  const hosts = new Set<string>();
  let headers = 0;
  let bodies = 0;
  let bodyBytes = 0;
  let responseBytes = 0;
  for (const { info, bytes: b } of session.streams.values()) {
    try {
      hosts.add(new URL(info.url).host || info.url);
    } catch {
      hosts.add(info.url);
    }
    if (info.requestHeaders.length + info.responseHeaders.length > 0) headers++;
    if (info.requestBody !== undefined) {
      bodies++;
      bodyBytes += info.requestBody.length;
    }
    responseBytes += b;
  }
  return { streams: session.streams.size, hosts: [...hosts], headers, bodies, bodyBytes, responseBytes, events: session.frames.length };
}

/**
 * Export says what the file will contain before it is written, with one-click choices to leave out request
 * bodies, headers and URLs. The response bytes (every event) are always in: they are the session.
 */
export function ExportDialog({ session, onExport, onClose }: { session: Session; onExport(options: ExportOptions): void; onClose(): void }) {
  const c = contentsOf(session);
  const strip = useSignal({ urls: false, headers: false, requestBodies: false });
  const toggle = (key: keyof typeof strip.value) => (strip.value = { ...strip.value, [key]: !strip.value[key] });
  const none = !strip.value.urls && !strip.value.headers && !strip.value.requestBodies;
  return (
    <div class="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="export-title" data-testid="export-dialog">
        <div class="dialog-head">
          <h2 id="export-title">Export the session</h2>
          <button type="button" class="icon-button" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </div>
        <p>The file will contain:</p>
        <ul class="contents" data-testid="export-contents">
          <li>
            every byte of the {c.events.toLocaleString('en')} events the agent streamed ({bytes(c.responseBytes)} of response bodies: messages, tool
            arguments and results, state, reasoning)
          </li>
          <li class={strip.value.urls ? 'struck' : ''}>
            the URLs of {c.streams} stream{c.streams === 1 ? '' : 's'} and their pages ({c.hosts.slice(0, 3).join(', ')}
            {c.hosts.length > 3 ? ', …' : ''}; query values not known to be harmless are masked)
          </li>
          <li class={strip.value.headers ? 'struck' : ''}>request and response headers of {c.headers} streams (values not known to be harmless are masked)</li>
          <li class={strip.value.requestBodies ? 'struck' : ''}>
            {c.bodies} request bod{c.bodies === 1 ? 'y' : 'ies'} ({bytes(c.bodyBytes)}: the prompts and conversation the page sent, secret-named values
            masked)
          </li>
        </ul>
        <fieldset class="choices">
          <legend>Leave out</legend>
          <label>
            <input type="checkbox" checked={strip.value.requestBodies} onChange={() => toggle('requestBodies')} /> Request bodies
          </label>
          <label>
            <input type="checkbox" checked={strip.value.headers} onChange={() => toggle('headers')} /> Headers
          </label>
          <label>
            <input type="checkbox" checked={strip.value.urls} onChange={() => toggle('urls')} /> URLs
          </label>
        </fieldset>
        <p class="muted">Nothing leaves this browser: the file is saved where you choose, and only there.</p>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            class="button primary"
            data-testid="export-confirm"
            onClick={() => {
              onExport({ strip: strip.value });
              onClose();
            }}
          >
            {none ? 'Export everything' : 'Export'}
          </button>
        </div>
      </div>
    </div>
  );
}
