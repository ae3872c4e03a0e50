/**
 * Runs in the page's MAIN world at document_start, in every frame, before any page script. It tees AG-UI
 * streams (fetch, EventSource, WebSocket, XMLHttpRequest) to the content script; the page must not be able
 * to tell:
 *  - fetch returns the native promise and the original Response; only AG-UI bodies are cloned and read.
 *  - Every native used is captured now, so later page patches neither see nor break us.
 *  - Wrappers are Proxies of the natives, and Function.prototype.toString answers for them as for the natives.
 *  - Listeners we add observe only; nothing the page reads changes.
 *  - Errors thrown through a wrapper are the natives' own, and their stacks name no extension frame.
 * No runtime imports: this file is bundled alone into every page, and must stay small.
 */
import { REQUEST_BODY_MAX_BYTES } from '../bridge/limits';
import { HANDSHAKE_KEY, type HookMessage, type PageMessage, RELAY_READY_EVENT, type ReplayMatch, type StreamFormat, type StreamOpen, type Transport } from './wire';

(() => {
  const win = window;
  const { apply, construct } = Reflect;
  const P = Proxy;
  const then = Promise.prototype.then;
  const clone = Response.prototype.clone;
  const headersGet = Headers.prototype.get;
  const headersForEach = Headers.prototype.forEach;
  const getBody = Object.getOwnPropertyDescriptor(Response.prototype, 'body')!.get!;
  const getReader = ReadableStream.prototype.getReader;
  const read = ReadableStreamDefaultReader.prototype.read;
  const requestClone = Request.prototype.clone;
  const requestText = Request.prototype.text;
  const post = MessagePort.prototype.postMessage;
  const listen = EventTarget.prototype.addEventListener;
  const now = performance.now.bind(performance);
  const origin = performance.timeOrigin;
  const disguised = new WeakMap<object, unknown>();
  const defineProperty = Object.defineProperty;
  const getOwn = Object.getOwnPropertyDescriptor;
  const NativeResponse = Response;
  const NativeStream = ReadableStream;
  const NativeURL = URL;
  const resolved = Promise.resolve.bind(Promise);
  const rejected = Promise.reject.bind(Promise);
  // What replay matching uses, taken now: a page that patches them later learns nothing of the rules.
  const dataOf = getOwn(MessageEvent.prototype, 'data')!.get!;
  const startsWith = String.prototype.startsWith;
  const exec = RegExp.prototype.exec;

  // Frames of this script in a stack name the extension: errors thrown through our wrappers lose them.
  const self = /\w+-extension:\/\/[^/\s)]+\/[^\s):]+/.exec(String(new Error().stack))?.[0] ?? '\0';
  const scrub = (e: unknown): unknown => {
    try {
      const stack = (e as Error | null)?.stack;
      if (typeof stack === 'string' && stack.includes(self)) {
        (e as Error).stack = stack
          .split('\n')
          .filter((line) => !line.includes(self))
          .join('\n');
      }
    } catch {
      // Left as it is.
    }
    return e;
  };

  const channel = new MessageChannel();
  const port = channel.port1;
  // The relay's capture listener takes the hand-over and stops it. This guard (registered before any page
  // script) stops it instead when no relay is there, so no page listener ever sees it. Browsers inject the two
  // scripts in either order: a relay injected after us says so with a synchronous event, and then the guard
  // (which comes first) lets the hand-over through to it. The nonce tells our message from any other.
  const nonce = Math.random();
  let relayAfterUs = false;
  apply(listen, win, [RELAY_READY_EVENT, () => (relayAfterUs = true), true]);
  apply(listen, win, [
    'message',
    (e: MessageEvent) => {
      try {
        if (!relayAfterUs && (e.data as Record<string, unknown> | null)?.[HANDSHAKE_KEY] === nonce) e.stopImmediatePropagation();
      } catch {
        // Not ours.
      }
    },
    true,
  ]);
  win.postMessage({ [HANDSHAKE_KEY]: nonce }, '*', [channel.port2]);

  const send = (m: PageMessage, transfer?: Transferable[]): void => {
    try {
      apply(post, port, transfer ? [m, transfer] : [m]);
    } catch {
      // A message that cannot be cloned is dropped rather than breaking the page.
    }
  };
  const stamp = (): number => origin + now();
  let nextId = 0;

  // ---- Replay to page: rules armed in the panel reach us over the private port (patterns only); a matching
  // request is answered with bytes the relay sends. With no rule armed, nothing here runs.
  let rules: ReplayMatch[] = [];
  const answers = new Map<number, ReadableStreamDefaultController<Uint8Array>>();
  port.onmessage = (e: MessageEvent) => {
    try {
      const m = apply(dataOf, e, []) as HookMessage;
      if (m.kind === 'rules') rules = m.rules;
      else {
        const c = answers.get(m.rid);
        if (m.kind === 'replay-data') c?.enqueue(m.bytes);
        else {
          answers.delete(m.rid);
          if (m.error) c?.error(new TypeError(m.error));
          else c?.close();
        }
      }
    } catch {
      // A stream the page already cancelled.
    }
  };
  /** The rule that answers this request, used up when it is for the next request only. */
  const ruleFor = (url: string, method: string): ReplayMatch | undefined => {
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i]!;
      const hit = (!r.method || r.method === method) && (r.match === 'exact' ? url === r.url : r.match === 'prefix' ? apply(startsWith, url, [r.url]) : r.re && apply(exec, r.re, [url]) !== null);
      if (hit) {
        if (r.once) {
          const left: ReplayMatch[] = [];
          for (let j = 0; j < rules.length; j++) if (j !== i) left[left.length] = rules[j]!;
          rules = left;
        }
        return r;
      }
    }
    return undefined;
  };

  /**
   * Replaces obj[key] with a Proxy of it that answers toString as the original; what its traps throw is scrubbed.
   * A constructor's prototype.constructor points at the Proxy, as it points at the native.
   */
  const wrap = <T extends object>(obj: object, key: string, handler: ProxyHandler<T>): void => {
    const original = (obj as Record<string, T>)[key];
    if (typeof original !== 'function') return;
    const traps: ProxyHandler<T> = {};
    for (const trap of ['apply', 'construct'] as const) {
      const fn = handler[trap] as ((...a: unknown[]) => unknown) | undefined;
      if (fn)
        (traps as Record<string, unknown>)[trap] = (...a: unknown[]) => {
          try {
            return apply(fn, handler, a);
          } catch (e) {
            throw scrub(e);
          }
        };
    }
    const proxy = new P(original, traps);
    disguised.set(proxy, original);
    (obj as Record<string, T>)[key] = proxy;
    const proto = (original as { prototype?: object }).prototype;
    const ctor = proto && getOwn(proto, 'constructor');
    if (ctor?.value === original) defineProperty(proto, 'constructor', { ...ctor, value: proxy });
  };
  wrap(Function.prototype, 'toString', {
    apply: (target, self, args) => apply(target as () => string, disguised.has(self) ? disguised.get(self) : self, args),
  });

  const headerList = (headers: Headers | undefined): [string, string][] => {
    const list: [string, string][] = [];
    // Redacted by the relay (by allow-list) before anything leaves the page.
    if (headers) apply(headersForEach, headers, [(v: string, n: string) => list.push([n, v])]);
    return list;
  };
  /** A request body up to the limit, and its whole size when it was cut. */
  const bodyOf = (text: string): Pick<StreamOpen, 'requestBody' | 'requestBodyBytes'> => {
    if (text.length * 3 <= REQUEST_BODY_MAX_BYTES) return { requestBody: text };
    let bytes = 0;
    let cut = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
      if (cut < 0 && bytes > REQUEST_BODY_MAX_BYTES) cut = i;
    }
    return cut < 0 ? { requestBody: text } : { requestBody: text.slice(0, cut), requestBodyBytes: bytes };
  };
  const formatOf = (contentType: string | null): StreamFormat | null => {
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    return type === 'text/event-stream' ? 'sse' : type === 'application/vnd.ag-ui.event+proto' ? 'proto' : null;
  };
  const open = (transport: Transport, format: StreamFormat, url: string, extra: Partial<StreamOpen> = {}): number => {
    const id = ++nextId;
    send({ kind: 'open', id, t: stamp(), transport, format, url, method: 'GET', status: 0, statusText: '', requestHeaders: [], responseHeaders: [], ...extra });
    return id;
  };
  const close = (id: number, error?: string) => send(error === undefined ? { kind: 'close', id, t: stamp() } : { kind: 'close', id, t: stamp(), error });
  const errorText = (e: unknown) => `${String((e as Error)?.name ?? 'Error')}: ${String((e as Error)?.message ?? e)}`;

  // ---- fetch: SSE and protobuf responses are cloned and read; nothing else is touched.
  wrap<typeof fetch>(win, 'fetch', {
    apply(target, self, args: unknown[]) {
      let request: Request | undefined;
      let body: Request | string | undefined;
      try {
        const [input, init] = args as [unknown, RequestInit | undefined];
        if (input instanceof Request) request = input;
        if (typeof init?.body === 'string') body = init.body;
        // A JSON Request's body is consumed by fetch: a clone keeps it, read only if the response is AG-UI.
        else if (request && !init?.body && /json/i.test(apply(headersGet, request.headers, ['content-type']) ?? '')) {
          body = apply(requestClone, request, []) as Request;
        }
      } catch {
        // Whatever the page passed, fetch itself decides; we only look.
      }
      const asked = stamp();
      if (rules.length) {
        const answer = replayed(args, request, body, asked);
        if (answer) return answer;
      }
      const promise = apply(target, self, args) as Promise<Response>;
      apply(then, promise, [
        (response: Response) => {
          try {
            const format = formatOf(apply(headersGet, response.headers, ['content-type']) as string | null);
            if (format) void tee(response, args, request, body, format, asked);
          } catch {
            // Never let the debugger break the page.
          }
        },
        scrub,
      ]);
      return promise;
    },
  });

  /** The extension's answer to a request a rule matches: an ordinary streaming Response, fed by the relay. */
  const replayed = (args: unknown[], request: Request | undefined, body: Request | string | undefined, asked: number): Promise<Response> | undefined => {
    const init = args[1] as RequestInit | undefined;
    let url: string;
    let method: string;
    try {
      url = request ? request.url : new NativeURL(String(args[0]), location.href).href;
      method = String(init?.method ?? request?.method ?? 'GET').toUpperCase();
    } catch {
      return undefined;
    }
    const rule = ruleFor(url, method);
    if (!rule) return undefined;
    const signal = init?.signal ?? request?.signal;
    if (signal?.aborted) return rejected(signal.reason);
    const rid = ++nextId;
    const stream = new NativeStream<Uint8Array>({
      start: (c) => void answers.set(rid, c),
      cancel: () => {
        answers.delete(rid);
        send({ kind: 'replay-cancel', rid });
      },
    });
    const response = new NativeResponse(stream, { status: rule.status, statusText: rule.statusText, headers: { 'content-type': rule.contentType } });
    if (signal)
      apply(listen, signal, [
        'abort',
        () => {
          answers.get(rid)?.error(signal.reason);
          answers.delete(rid);
          send({ kind: 'replay-cancel', rid });
        },
      ]);
    send({ kind: 'replay-ask', rid, rule: rule.id, url, method });
    void tee(response, args, request, body, formatOf(rule.contentType) ?? 'sse', asked, { replay: rule.id, url });
    return resolved(response);
  };

  const tee = async (response: Response, args: unknown[], request: Request | undefined, body: Request | string | undefined, format: StreamFormat, startedAt: number, replay?: { replay: string; url: string }) => {
    const copy = apply(clone, response, []) as Response;
    const stream = apply(getBody, copy, []) as ReadableStream<Uint8Array> | null;
    const init = args[1] as RequestInit | undefined;
    let requestHeaders: [string, string][] = [];
    try {
      requestHeaders = headerList(new Headers(init?.headers ?? request?.headers));
    } catch {
      // Unreadable headers: shown as none.
    }
    // A Request's body is read from the clone made before fetch consumed it (the page's stream waits meanwhile
    // in the tee, unaffected).
    let requestBody: Pick<StreamOpen, 'requestBody' | 'requestBodyBytes'> = {};
    try {
      if (body !== undefined) requestBody = bodyOf(typeof body === 'string' ? body : ((await apply(requestText, body, [])) as string));
    } catch {
      // Unreadable: recorded without it.
    }
    const id = open('fetch', format, replay?.url || response.url || (request ? request.url : String(args[0])), {
      method: String(init?.method ?? request?.method ?? 'GET').toUpperCase(),
      status: response.status,
      statusText: response.statusText,
      requestHeaders,
      responseHeaders: headerList(response.headers),
      startedAt,
      ...requestBody,
      ...(replay && { replay: replay.replay }),
    });
    if (!stream) return close(id);
    const reader = apply(getReader, stream, []) as ReadableStreamDefaultReader<Uint8Array>;
    try {
      for (;;) {
        const { done, value } = await (apply(read, reader, []) as Promise<ReadableStreamReadResult<Uint8Array>>);
        if (done) break;
        // The clone's chunks are its own copies (the page reads the other branch): moved, not copied.
        send({ kind: 'chunk', id, t: stamp(), bytes: value }, [value.buffer]);
      }
      close(id);
    } catch (error) {
      close(id, errorText(error));
    }
  };

  // ---- EventSource: each connection is a stream; events are re-encoded as SSE text.
  const NativeES = win.EventSource;
  if (NativeES) {
    const watched = new WeakMap<EventSource, { id: number; types: Set<string>; on: (e: Event) => void }>();
    const sse = (e: MessageEvent) =>
      `${e.type === 'message' ? '' : `event: ${e.type}\n`}${e.lastEventId ? `id: ${e.lastEventId}\n` : ''}${String(e.data)
        .split('\n')
        .map((l) => `data: ${l}\n`)
        .join('')}\n`;
    wrap<typeof EventSource>(win, 'EventSource', {
      construct(target, args, newTarget) {
        const es = construct(target, args, newTarget) as EventSource;
        try {
          let connection = 0;
          const state = {
            id: 0,
            types: new Set(['message']),
            on: (e: Event) => {
              if (e.type === 'open') {
                state.id = open('eventsource', 'sse', es.url, { status: 200, note: `EventSource connection ${++connection}, re-encoded from its events` });
              } else if (e.type === 'error') {
                if (state.id) close(state.id, es.readyState === NativeES.CLOSED ? 'EventSource: connection failed' : 'EventSource: connection lost, reconnecting');
                state.id = 0;
              } else if (state.id) send({ kind: 'chunk', id: state.id, t: stamp(), text: sse(e as MessageEvent) });
            },
          };
          watched.set(es, state);
          for (const type of ['open', 'error', 'message']) apply(listen, es, [type, state.on]);
        } catch {
          // Not watched; the page's EventSource works as ever.
        }
        return es;
      },
    });
    // Named events are seen when the page listens for them.
    wrap<typeof listen>(EventTarget.prototype, 'addEventListener', {
      apply(target, self, args: unknown[]) {
        const state = watched.get(self as EventSource);
        if (state && typeof args[0] === 'string' && !state.types.has(args[0]) && args[0] !== 'open' && args[0] !== 'error') {
          state.types.add(args[0]);
          apply(listen, self, [args[0], state.on]);
        }
        return apply(target, self, args);
      },
    });
    wrap<() => void>(NativeES.prototype, 'close', {
      apply(target, self: EventSource, args) {
        const state = watched.get(self);
        if (state?.id) close(state.id);
        if (state) state.id = 0;
        return apply(target, self, args);
      },
    });
  }

  // ---- WebSocket: JSON text messages that are AG-UI events, both ways.
  const NativeWS = win.WebSocket;
  if (NativeWS) {
    const sockets = new WeakMap<WebSocket, number>();
    const isEvent = (data: unknown): data is string => typeof data === 'string' && data.charCodeAt(0) === 123 && /"type"\s*:\s*"[A-Z][A-Z_]+"/.test(data.slice(0, 2048));
    const note = (ws: WebSocket, data: unknown, dir: 'in' | 'out') => {
      if (!isEvent(data)) return;
      let id = sockets.get(ws);
      if (!id) sockets.set(ws, (id = open('websocket', 'json', ws.url, { status: 101 })));
      send({ kind: 'chunk', id, t: stamp(), text: data, dir });
    };
    wrap<typeof WebSocket>(win, 'WebSocket', {
      construct(target, args, newTarget) {
        const ws = construct(target, args, newTarget) as WebSocket;
        try {
          apply(listen, ws, ['message', (e: MessageEvent) => note(ws, e.data, 'in')]);
          apply(listen, ws, ['close', () => sockets.has(ws) && close(sockets.get(ws)!)]);
        } catch {
          // Not watched.
        }
        return ws;
      },
    });
    wrap<WebSocket['send']>(NativeWS.prototype, 'send', {
      apply(target, self: WebSocket, args: unknown[]) {
        const result = apply(target, self, args);
        try {
          note(self, args[0], 'out');
        } catch {
          // Not recorded.
        }
        return result;
      },
    });
  }

  // ---- XMLHttpRequest: text/event-stream responses, read as they progress.
  const XHR = win.XMLHttpRequest;
  if (XHR) {
    const calls = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
    wrap<XMLHttpRequest['open']>(XHR.prototype, 'open', {
      apply(target, self: XMLHttpRequest, args: unknown[]) {
        // The native first: whatever it refuses, it refuses as without us.
        const result = apply(target, self, args);
        calls.set(self, { method: String(args[0]).toUpperCase(), url: String(args[1]) });
        return result;
      },
    });
    wrap<XMLHttpRequest['send']>(XHR.prototype, 'send', {
      apply(target, self: XMLHttpRequest, args: unknown[]) {
        try {
          const call = calls.get(self);
          const asked = stamp();
          let id = 0;
          let seen = 0;
          const pull = () => {
            if (!id && self.readyState >= 2 && formatOf(self.getResponseHeader('content-type')) === 'sse' && (self.responseType === '' || self.responseType === 'text')) {
              id = open('xhr', 'sse', self.responseURL || call?.url || '', {
                method: call?.method ?? 'GET',
                status: self.status,
                statusText: self.statusText,
                startedAt: asked,
                ...(typeof args[0] === 'string' ? bodyOf(args[0]) : {}),
              });
            }
            if (id && self.readyState >= 3) {
              const text = self.responseText;
              if (text.length > seen) send({ kind: 'chunk', id, t: stamp(), text: text.slice(seen) });
              seen = text.length;
            }
          };
          const finish = (error?: string) => {
            if (!id) return;
            if (!error) pull();
            close(id, error);
            id = 0;
          };
          apply(listen, self, ['readystatechange', pull]);
          apply(listen, self, ['progress', pull]);
          for (const end of ['error', 'abort', 'timeout']) apply(listen, self, [end, () => finish(`XMLHttpRequest: ${end}`)]);
          apply(listen, self, ['load', () => finish()]);
        } catch {
          // Not watched.
        }
        return apply(target, self, args);
      },
    });
  }
})();
