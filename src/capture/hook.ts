/**
 * Runs in the page's MAIN world at document_start, in every frame, before any page script.
 * It wraps fetch and tees AG-UI streams to the content script; the page must not be able to tell.
 *  - The page gets the native promise and the original Response; we read a clone() of AG-UI bodies only.
 *  - Every native we use is captured now, so later page patches neither see nor break us.
 *  - The wrapper is a Proxy of the native fetch, and Function.prototype.toString answers for it as for the native.
 * No imports with runtime code: this file is bundled alone into every page.
 */
import { HANDSHAKE_KEY, type PageMessage, type StreamFormat } from './wire';

(() => {
  const win = window;
  const { apply } = Reflect;
  const nativeFetch = win.fetch;
  const then = Promise.prototype.then;
  const clone = Response.prototype.clone;
  const headersGet = Headers.prototype.get;
  const headersForEach = Headers.prototype.forEach;
  const getBody = Object.getOwnPropertyDescriptor(Response.prototype, 'body')!.get!;
  const getReader = ReadableStream.prototype.getReader;
  const read = ReadableStreamDefaultReader.prototype.read;
  const postMessage = MessagePort.prototype.postMessage;
  const fnToString = Function.prototype.toString;
  const now = performance.now.bind(performance);
  const timeOrigin = performance.timeOrigin;
  const ProxyCtor = Proxy;
  const frameUrl = String(location.href);

  const channel = new MessageChannel();
  const port = channel.port1;
  // Dispatched after this task; the relay's capture listener (registered at document_start, before any page
  // listener) takes the port and stops the event, so page listeners never see it.
  win.postMessage({ [HANDSHAKE_KEY]: 1 }, '*', [channel.port2]);

  const send = (message: PageMessage): void => {
    try {
      apply(postMessage, port, [message]);
    } catch {
      // A message that cannot be cloned is dropped rather than breaking the page.
    }
  };

  const SENSITIVE = /^(authorization|cookie|set-cookie|proxy-authorization)$|key|token|secret/i;
  const headerList = (headers: Headers | undefined): [string, string][] => {
    const list: [string, string][] = [];
    if (headers) {
      apply(headersForEach, headers, [
        (value: string, name: string) => list.push([name, SENSITIVE.test(name) ? '[redacted]' : value]),
      ]);
    }
    return list;
  };

  const formatOf = (contentType: string | null): StreamFormat | null => {
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    return type === 'text/event-stream' ? 'sse' : type === 'application/vnd.ag-ui.event+proto' ? 'proto' : null;
  };

  let nextId = 0;
  const stamp = (): number => timeOrigin + now();

  const requestOf = (args: unknown[]): { url: string; method: string; headers: [string, string][]; body?: string } => {
    const [input, init] = args as [unknown, RequestInit | undefined];
    const request = input instanceof Request ? input : undefined;
    const url = request ? request.url : String(input instanceof URL ? input.href : input);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    let headers: [string, string][] = [];
    try {
      headers = headerList(new Headers(init?.headers ?? request?.headers));
    } catch {
      // Malformed headers make the native fetch reject; nothing to record.
    }
    const body = typeof init?.body === 'string' ? init.body : undefined;
    return body === undefined ? { url, method, headers } : { url, method, headers, body };
  };

  const tee = async (response: Response, request: ReturnType<typeof requestOf>, format: StreamFormat): Promise<void> => {
    const id = ++nextId;
    const copy = apply(clone, response, []) as Response;
    const body = apply(getBody, copy, []) as ReadableStream<Uint8Array> | null;
    send({
      kind: 'open',
      id,
      t: stamp(),
      transport: 'fetch',
      format,
      url: response.url || request.url,
      method: request.method,
      status: response.status,
      statusText: response.statusText,
      frameUrl,
      requestHeaders: request.headers,
      responseHeaders: headerList(response.headers),
      ...(request.body === undefined ? {} : { requestBody: request.body }),
    });
    if (!body) {
      send({ kind: 'close', id, t: stamp() });
      return;
    }
    const reader = apply(getReader, body, []) as ReadableStreamDefaultReader<Uint8Array>;
    try {
      for (;;) {
        const { done, value } = await (apply(read, reader, []) as Promise<ReadableStreamReadResult<Uint8Array>>);
        if (done) break;
        send({ kind: 'chunk', id, t: stamp(), bytes: value });
      }
      send({ kind: 'close', id, t: stamp() });
    } catch (error) {
      send({ kind: 'close', id, t: stamp(), error: String((error as Error)?.name ?? error) + ': ' + String((error as Error)?.message ?? '') });
    }
  };

  const observe = (response: Response, args: unknown[]): void => {
    const format = formatOf(apply(headersGet, response.headers, ['content-type']) as string | null);
    if (!format) return;
    void tee(response, requestOf(args), format);
  };

  const wrapped = new ProxyCtor(nativeFetch, {
    apply(target, thisArg, args: unknown[]) {
      const promise = apply(target, thisArg, args) as Promise<Response>;
      apply(then, promise, [
        (response: Response) => {
          try {
            observe(response, args);
          } catch {
            // Never let the debugger break the page.
          }
        },
        () => undefined,
      ]);
      return promise;
    },
  });

  const disguised = new Map<unknown, unknown>([[wrapped, nativeFetch]]);
  const toStringProxy = new ProxyCtor(fnToString, {
    apply(target, thisArg, args) {
      return apply(target, disguised.has(thisArg) ? disguised.get(thisArg) : thisArg, args);
    },
  });
  disguised.set(toStringProxy, fnToString);
  Function.prototype.toString = toStringProxy;
  win.fetch = wrapped;
})();
