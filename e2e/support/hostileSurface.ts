/**
 * A page's A2UI surface that tries to make the extension act (issue 54): every function with an effect of the basic
 * catalog (openUrl) called with hostile URLs where the renderer evaluates values as it draws (a Text's text, a
 * formatString's interpolation, a check), and every action kind (a functionCall, an event for the agent) on Buttons to
 * click. The URLs point at this test server's /beacon, at the extension's own viewer with ?src= of a beacon, at
 * javascript: and data: that would fetch a beacon: any request to /beacon means the preview acted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const BASIC = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

/** The hostile URLs, for a server at `origin` and the extension's pages at `extensionOrigin` (chrome-extension://ID). */
export const hostileUrls = (origin: string, extensionOrigin: string): string[] => [
  `${origin}/beacon/http`,
  `${extensionOrigin}/viewer.html?src=${encodeURIComponent(`${origin}/beacon/viewer-src`)}`,
  `javascript:fetch(${JSON.stringify(`${origin}/beacon/javascript`)})`,
  `data:text/html,<img src="${origin}/beacon/data">`,
];

/** The surface's components: for each URL, a Text drawn with it, an interpolated Text, a checked Button, and two Buttons to click. */
export function hostileComponents(urls: readonly string[]): object[] {
  const open = (url: string) => ({ call: 'openUrl', args: { url }, returnType: 'void' });
  const children: string[] = [];
  const components: object[] = [];
  urls.forEach((url, i) => {
    children.push(`drawn-${i}`, `interpolated-${i}`, `checked-${i}`, `call-${i}`, `event-${i}`);
    components.push(
      { id: `drawn-${i}`, component: 'Text', text: open(url) },
      // A value's interpolation calls functions too: `${openUrl(url: '…')}` (the parser's own syntax).
      { id: `interpolated-${i}`, component: 'Text', text: { call: 'formatString', args: { value: `see \${openUrl(url: '${url.replace(/'/g, '%27')}')}` } } },
      // A check is evaluated as the button is drawn (its result, nothing, leaves the button disabled).
      { id: `checked-${i}`, component: 'Button', child: `checked-label-${i}`, action: { event: { name: 'checked' } }, checks: [{ condition: open(`${url}#check`), message: 'checked' }] },
      { id: `checked-label-${i}`, component: 'Text', text: `checked ${i}` },
      { id: `call-${i}`, component: 'Button', child: `call-label-${i}`, action: { functionCall: open(url) } },
      { id: `call-label-${i}`, component: 'Text', text: `open ${i}` },
      { id: `event-${i}`, component: 'Button', child: `event-label-${i}`, action: { event: { name: 'navigate', context: { url } } } },
      { id: `event-label-${i}`, component: 'Text', text: `send ${i}` },
    );
  });
  return [{ id: 'root', component: 'Column', children }, ...components];
}

/** The events of a run that draws the hostile surface. */
export function hostileSurfaceEvents(urls: readonly string[]): object[] {
  const operations = [
    { version: 'v0.9', createSurface: { surfaceId: 'hostile', catalogId: BASIC } },
    { version: 'v0.9', updateComponents: { surfaceId: 'hostile', components: hostileComponents(urls) } },
  ];
  return [
    { type: 'RUN_STARTED', threadId: 'hostile-thread', runId: 'hostile-run' },
    { type: 'ACTIVITY_SNAPSHOT', messageId: 'hostile-surface', activityType: 'a2ui-surface', content: { a2ui_operations: operations } },
    { type: 'RUN_FINISHED', threadId: 'hostile-thread', runId: 'hostile-run' },
  ];
}

export interface Beacons {
  /** The paths of the requests /beacon got. */
  hits: string[];
  route(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

/**
 * `/hostile-surface?ext=ORIGIN` streams the run; every request to `/beacon…` is noted. (The extension's origin comes
 * from the test: the page does not know it.)
 */
export function hostileRoutes(): Beacons {
  const hits: string[] = [];
  return {
    hits,
    route(req, res, url) {
      if (url.pathname.startsWith('/beacon')) {
        hits.push(url.pathname);
        res.writeHead(204).end();
        return true;
      }
      if (url.pathname !== '/hostile-surface') return false;
      const origin = `http://${req.headers.host}`;
      const events = hostileSurfaceEvents(hostileUrls(origin, url.searchParams.get('ext') ?? ''));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
      return true;
    },
  };
}

/** In a page of the test server: reads the hostile run, as an app's client would. */
export const readHostileInPage = async (ext: string): Promise<number> => {
  const r = await fetch(`/hostile-surface?ext=${encodeURIComponent(ext)}`);
  return (await r.text()).length;
};
