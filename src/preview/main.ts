/**
 * The A2UI preview: an extension page the UI tab shows in an iframe. It draws one surface with the real A2UI v0.9
 * Lit renderer (@a2ui/lit with its basic catalog, on @a2ui/web_core's MessageProcessor) from the operations that
 * built it, as the panel's engine applied them, and outlines the component the tab selected. It takes messages only
 * from the panel that holds it (its parent, this extension's origin); its CSP lets nothing load from the network.
 * It never acts on what a surface says: functions with an effect and actions for the agent are recorded and told
 * to the panel, which shows them (catalog.ts); the frame is sandboxed without popups, top navigation or forms.
 */
import { basicCatalog, Context } from '@a2ui/lit/v0_9';
import { Catalog, MessageProcessor } from '@a2ui/web_core/v0_9';
import { type PreviewCall, previewFunctions } from './catalog';

/** The calls a surface made that the preview did not carry out, as told to the panel (bounded). */
export interface PreviewCalls {
  kind: 'a2ui-preview-calls';
  surfaceId: string;
  calls: { call: PreviewCall; times: number }[];
  /** Distinct calls past the first MAX_CALLS, not listed. */
  more: number;
}

export interface PreviewRequest {
  kind: 'a2ui-preview';
  surfaceId: string;
  /** The A2UI messages that built the surface, in order (each `{ version, <one operation> }`). */
  messages: unknown[];
  highlight?: string;
}

const host = document.getElementById('surface')!;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The renderer's Text widget writes a variant as a markdown heading and draws markdown through the renderer given
 * to it. This one knows headings only and escapes everything: what a page sent is never markup here.
 */
const markdown = (text: string): Promise<string> => {
  const heading = /^(#{1,5}) ([\s\S]*)$/.exec(text);
  return Promise.resolve(heading ? `<h${heading[1]!.length}>${escape(heading[2]!)}</h${heading[1]!.length}>` : `<span>${escape(text)}</span>`);
};

// The context protocol (@lit/context) the renderer's widgets ask their markdown renderer by.
host.addEventListener('context-request', (e) => {
  const request = e as Event & { context?: unknown; callback?: (value: unknown) => void };
  if (request.context !== Context.markdown) return;
  e.stopPropagation();
  request.callback?.(markdown);
});
let current: { dispose?: () => void } = {};

/** Every element under `root`, through shadow roots. */
function* deep(root: ParentNode): Generator<Element> {
  for (const el of root.querySelectorAll('*')) {
    yield el;
    if (el.shadowRoot) yield* deep(el.shadowRoot);
  }
}

function highlight(id: string | undefined): void {
  for (const el of deep(host)) {
    const cid = (el as { context?: { componentModel?: { id?: string } } }).context?.componentModel?.id;
    if (cid === undefined) continue;
    (el as HTMLElement).style.outline = cid === id ? '2px solid #2563eb' : '';
    (el as HTMLElement).style.outlineOffset = cid === id ? '1px' : '';
  }
}

const MAX_CALLS = 50;

/** Keeps the distinct calls of one drawing (the renderer may evaluate a value more than once) and tells the panel. */
function callLog(surfaceId: string) {
  const calls = new Map<string, { call: PreviewCall; times: number }>();
  let more = 0;
  let told = false;
  const tell = () => {
    told = false;
    const message: PreviewCalls = { kind: 'a2ui-preview-calls', surfaceId, calls: [...calls.values()], more };
    parent.postMessage(message, location.origin);
  };
  const record = (call: PreviewCall) => {
    let key: string;
    try {
      key = JSON.stringify(call);
    } catch {
      key = `${call.kind} ${call.name}`;
    }
    const seen = calls.get(key);
    if (seen) seen.times++;
    else if (calls.size < MAX_CALLS) calls.set(key, { call, times: 1 });
    else more++;
    // Once per task: a drawing evaluates many values at once.
    if (!told) {
      told = true;
      queueMicrotask(tell);
    }
  };
  return { record, tell };
}

function draw(request: PreviewRequest): void {
  current.dispose?.();
  host.replaceChildren();
  const { record, tell } = callLog(request.surfaceId);
  // An action the renderer would send to the agent: recorded, as a function with an effect is.
  const catalog = new Catalog(basicCatalog.id, [...basicCatalog.components.values()], previewFunctions(record));
  const processor = new MessageProcessor([catalog], (action: { name?: unknown; context?: unknown }) =>
    record({ kind: 'event', name: String(action.name), args: action.context ?? {} }),
  );
  const subscription = processor.onSurfaceCreated((surface: { id: string }) => {
    if (surface.id !== request.surfaceId) return;
    const el = document.createElement('a2ui-surface') as HTMLElement & { surface: unknown };
    el.surface = surface;
    host.append(el);
  });
  try {
    processor.processMessages(request.messages as never);
  } catch (error) {
    const p = document.createElement('p');
    p.textContent = `The renderer stopped: ${(error as Error).message}`;
    host.append(p);
  }
  current = { dispose: () => (subscription as { unsubscribe?: () => void } | undefined)?.unsubscribe?.() };
  // The renderer draws in microtasks and frames: outline once it has.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      highlight(request.highlight);
      tell();
      parent.postMessage({ kind: 'a2ui-preview-drawn', surfaceId: request.surfaceId, height: host.getBoundingClientRect().bottom + 8 }, location.origin);
    }),
  );
}

addEventListener('message', (e: MessageEvent<PreviewRequest>) => {
  if (e.source !== parent || e.origin !== location.origin || e.data?.kind !== 'a2ui-preview') return;
  draw(e.data);
});
parent.postMessage({ kind: 'a2ui-preview-ready' }, location.origin);
