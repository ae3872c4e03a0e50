/**
 * The real Chrome DevTools window, reached over CDP: Chromium started with --auto-open-devtools-for-tabs opens
 * DevTools for each tab; we attach to its front end and select the extension's "AG-UI" panel.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export interface DevToolsFrontend {
  evaluate<T>(expression: string): Promise<T>;
  /** Selects a panel by its title (extension panels: "AG-UI"). Returns the panel ids DevTools knows. */
  showPanel(title: string): Promise<string[]>;
  /** Docks DevTools: "bottom", "right", "left" or "undocked". */
  dock(side: 'bottom' | 'right' | 'left' | 'undocked'): Promise<void>;
  /** Sizes the (undocked) DevTools window. */
  resize(width: number, height: number): Promise<void>;
  /** A PNG of the DevTools window. */
  screenshot(): Promise<Buffer>;
  /** The session attached to the extension panel's own frame, once the panel is shown. */
  panelFrame(extensionId: string): Promise<{ evaluate<T>(expression: string): Promise<T> }>;
  /**
   * Clicks an element of the extension panel with real (trusted) mouse input, as a user would: what needs a user
   * gesture (a permission request) works.
   */
  clickInPanel(extensionId: string, selector: string): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A CDP session for another target, through Target.sendMessageToTarget (works from any page session). */
function childSession(cdp: CDPSession, sessionId: string) {
  let nextId = 1;
  const pending = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) {
      pending.get(message.id)?.(message);
      pending.delete(message.id);
    }
  });
  return <T>(method: string, params: object = {}): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result as T)));
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
}

async function attach(cdp: CDPSession, match: (t: { type: string; url: string }) => boolean, what: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
    const target = targetInfos.find(match);
    if (target) {
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as {
        sessionId: string;
      };
      return Object.assign(childSession(cdp, sessionId), { targetId: target.targetId });
    }
    await sleep(100);
  }
  throw new Error(`No ${what} target appeared`);
}

const evaluator =
  (send: ReturnType<typeof childSession>) =>
  async <T>(expression: string): Promise<T> => {
    const result = await send<{ result: { value: T }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
    );
    if (result.exceptionDetails) {
      throw new Error(result.exceptionDetails.exception?.description ?? result.exceptionDetails.text);
    }
    return result.result.value;
  };

export async function devtoolsFor(context: BrowserContext, page: Page): Promise<DevToolsFrontend> {
  const cdp = await context.newCDPSession(page);
  const send = await attach(cdp, (t) => t.url.startsWith('devtools://devtools/'), 'DevTools front-end');
  const evaluate = evaluator(send);
  return {
    evaluate,
    async showPanel(title: string) {
      let lastError: unknown;
      for (let attempt = 0; attempt < 150; attempt++) {
        // Until the front end has finished starting, InspectorView is not there yet: try again.
        const ids = await evaluate<string[]>(`(async () => {
          const UI = await import('./ui/legacy/legacy.js');
          const view = UI.InspectorView.InspectorView.maybeGetInspectorViewInstance?.() ?? UI.InspectorView.InspectorView.instance();
          const ids = view.tabbedPane.tabIds();
          const id = ids.find((id) => id.endsWith(${JSON.stringify(title)}) && id.startsWith('chrome-extension://'));
          if (id) await view.showPanel(id);
          return id ? ids : [];
        })()`).catch((error: unknown) => {
          lastError = error;
          return [] as string[];
        });
        if (ids.length > 0) return ids;
        await sleep(100);
      }
      throw new Error(`DevTools has no "${title}" panel${lastError ? `: ${String(lastError)}` : ''}`);
    },
    async dock(side) {
      await evaluate(`(async () => {
        const UI = await import('./ui/legacy/legacy.js');
        UI.DockController.DockController.instance().setDockSide(${JSON.stringify(side)});
      })()`);
      await sleep(300);
    },
    async resize(width, height) {
      const { windowId } = (await cdp.send('Browser.getWindowForTarget', { targetId: send.targetId })) as { windowId: number };
      await cdp.send('Browser.setWindowBounds', { windowId, bounds: { width, height } });
      await sleep(300);
    },
    async screenshot() {
      const { data } = await send<{ data: string }>('Page.captureScreenshot', { format: 'png' });
      return Buffer.from(data, 'base64');
    },
    async clickInPanel(extensionId: string, selector: string) {
      const frame = { evaluate: evaluator(await attach(cdp, (t) => t.type === 'iframe' && t.url.startsWith(`chrome-extension://${extensionId}/panel.html`), 'AG-UI panel frame')) };
      const [x, y] = await frame.evaluate<[number, number]>(`(() => {
        const el = document.querySelector(${JSON.stringify(selector)});
        if (!el) throw new Error('No ' + ${JSON.stringify(selector)} + ' in the panel');
        const r = el.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      })()`);
      // Where the panel's iframe sits in the DevTools window (DevTools nests shadow roots).
      const [fx, fy] = await evaluate<[number, number]>(`(() => {
        const find = (root) => {
          for (const el of root.querySelectorAll('*')) {
            if (el.tagName === 'IFRAME' && (el.src || '').startsWith('chrome-extension://${extensionId}/panel.html')) return el;
            if (el.shadowRoot) { const hit = find(el.shadowRoot); if (hit) return hit; }
          }
          return null;
        };
        const r = find(document).getBoundingClientRect();
        return [r.x, r.y];
      })()`);
      for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
        await send('Input.dispatchMouseEvent', { type, x: fx + x, y: fy + y, button: 'left', clickCount: type === 'mouseMoved' ? 0 : 1 });
      }
    },
    async panelFrame(extensionId: string) {
      const frame = await attach(
        cdp,
        (t) => t.type === 'iframe' && t.url.startsWith(`chrome-extension://${extensionId}/panel.html`),
        'AG-UI panel frame',
      );
      return { evaluate: evaluator(frame) };
    },
  };
}
