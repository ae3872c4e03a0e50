/**
 * The preview of an A2UI surface: preview.html (an extension page, or the viewer's copy of it) in an iframe, drawn by
 * the real A2UI Lit renderer from the operations that built the surface; the selected component outlined. The page
 * is told what to draw by postMessage (to its own origin only) and says its height back.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { tr } from '../../../i18n/i18n';

export function A2uiPreview({ surfaceId, messages, highlight }: { surfaceId: string; messages: unknown[]; highlight: string | undefined }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState(120);
  useEffect(() => {
    const onMessage = (e: MessageEvent<{ kind?: string; height?: number; surfaceId?: string }>) => {
      if (e.source !== frame.current?.contentWindow || e.origin !== location.origin) return;
      if (e.data?.kind === 'a2ui-preview-ready') setReady(true);
      else if (e.data?.kind === 'a2ui-preview-drawn' && typeof e.data.height === 'number') setHeight(Math.min(600, Math.max(40, Math.ceil(e.data.height))));
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
    <iframe
      ref={frame}
      class="ui-preview"
      data-testid="ui-preview"
      src="preview.html"
      title={tr('uiTab.previewOf', { surfaceId })}
      style={{ height: `${height}px` }}
      referrerpolicy="no-referrer"
    />
  );
}
