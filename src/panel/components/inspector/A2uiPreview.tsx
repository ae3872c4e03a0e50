/**
 * The preview of an A2UI surface: preview.html (an extension page, or the viewer's copy of it) in an iframe, drawn by
 * the real A2UI Lit renderer from the operations that built the surface; the selected component outlined. The page
 * is told what to draw by postMessage (to its own origin only) and says its height back, and what the surface asked
 * for that it did not do (a URL to open, an action for the agent): shown here as text, never carried out. The frame
 * is sandboxed without popups, top navigation, forms or modals, whatever the renderer does.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { tr } from '../../../i18n/i18n';
import type { PreviewCall } from '../../../preview/catalog';

interface Calls {
  calls: { call: PreviewCall; times: number }[];
  more: number;
}
const NO_CALLS: Calls = { calls: [], more: 0 };
const CALL_TEXT_MAX = 300;

/** The preview's list of calls, checked: its values came from a page. */
function callsOf(data: { calls?: unknown; more?: unknown }): Calls | undefined {
  if (!Array.isArray(data.calls) || typeof data.more !== 'number') return undefined;
  const calls = data.calls.filter(
    (c): c is Calls['calls'][number] =>
      typeof c === 'object' && c !== null && typeof c.times === 'number' && typeof c.call?.name === 'string' && (c.call.kind === 'function' || c.call.kind === 'event'),
  );
  return { calls, more: data.more };
}

/** A value as one line of text, cut to CALL_TEXT_MAX with how much was cut. */
const cut = (text: string): string => (text.length > CALL_TEXT_MAX ? `${text.slice(0, CALL_TEXT_MAX)}${tr('longText.moreCharacters', { value: (text.length - CALL_TEXT_MAX).toLocaleString() })}` : text);
const asText = (value: unknown): string => {
  try {
    return cut(JSON.stringify(value) ?? String(value));
  } catch {
    return '?';
  }
};

function CallLine({ call, times }: { call: PreviewCall; times: number }) {
  const url = call.name === 'openUrl' && typeof (call.args as { url?: unknown } | null)?.url === 'string' ? (call.args as { url: string }).url : undefined;
  return (
    <li data-call={call.name}>
      {url !== undefined ? (
        <>
          {tr('uiTab.wouldOpen')} <code translate={false}>{cut(url)}</code>
        </>
      ) : call.kind === 'event' ? (
        <>
          {tr('uiTab.wouldSend')} <code translate={false}>{cut(call.name)}</code> <span class="muted" translate={false}>{asText(call.args)}</span>
        </>
      ) : (
        <>
          {tr('uiTab.wouldCall')} <code translate={false}>{cut(call.name)}</code> <span class="muted" translate={false}>{asText(call.args)}</span>
        </>
      )}
      {times > 1 && <span class="muted"> ×{times}</span>}
    </li>
  );
}

export function A2uiPreview({ surfaceId, messages, highlight }: { surfaceId: string; messages: unknown[]; highlight: string | undefined }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState(120);
  const [calls, setCalls] = useState<Calls>(NO_CALLS);
  useEffect(() => {
    const onMessage = (e: MessageEvent<{ kind?: string; height?: number; surfaceId?: string; calls?: unknown; more?: unknown }>) => {
      if (e.source !== frame.current?.contentWindow || e.origin !== location.origin) return;
      if (e.data?.kind === 'a2ui-preview-ready') setReady(true);
      else if (e.data?.kind === 'a2ui-preview-drawn' && typeof e.data.height === 'number') setHeight(Math.min(600, Math.max(40, Math.ceil(e.data.height))));
      else if (e.data?.kind === 'a2ui-preview-calls') setCalls(callsOf(e.data) ?? NO_CALLS);
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    if (!ready) return;
    // (Its colours follow the browser's scheme by themselves: `color-scheme: light dark`.)
    frame.current?.contentWindow?.postMessage({ kind: 'a2ui-preview', surfaceId, messages, ...(highlight !== undefined && { highlight }) }, location.origin);
  }, [ready, surfaceId, messages, highlight]);
  return (
    <>
      <iframe
        ref={frame}
        class="ui-preview"
        data-testid="ui-preview"
        src="preview.html"
        title={tr('uiTab.previewOf', { surfaceId })}
        style={{ height: `${height}px` }}
        referrerpolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin"
      />
      {calls.calls.length > 0 && (
        <div class="ui-calls" data-testid="ui-preview-calls">
          <p class="muted">{tr('uiTab.callsNotDone')}</p>
          <ul>
            {calls.calls.map((c, i) => (
              <CallLine key={i} call={c.call} times={c.times} />
            ))}
          </ul>
          {calls.more > 0 && <p class="muted">{tr('uiTab.moreCalls', { n: calls.more.toLocaleString() })}</p>}
        </div>
      )}
    </>
  );
}
