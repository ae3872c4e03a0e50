/**
 * Runs in the page's MAIN world at document_start, in every frame, before any page script. It tees AG-UI
 * streams (fetch, EventSource, WebSocket, XMLHttpRequest) to the content script; the page must not be able
 * to tell:
 *  - fetch returns the native promise and the original Response; only AG-UI bodies are cloned and read.
 *  - Every native, getter and string or collection method used is captured now and called with `apply`, so later
 *    page patches neither see nor break us; no page object meets `instanceof`, iteration, `await` or a property
 *    read its prototype could answer.
 *  - The page's fetch arguments are read once, by the browser, as fetch itself reads them: the wrapper calls fetch
 *    with the Request the browser builds from them (fetch builds exactly that Request first).
 *  - Wrappers are Proxies of the natives, and Function.prototype.toString answers for them as for the natives.
 *  - Listeners we add observe only; nothing the page reads changes.
 *  - Errors thrown through a wrapper are the natives' own, their stacks name no extension frame, and they hold as
 *    many of the page's frames as Error.stackTraceLimit gives without us.
 * No runtime imports: this file is bundled alone into every page, and must stay small.
 */
import { REQUEST_BODY_MAX_BYTES } from '../bridge/limits';
import { ARMED_KEY, ARMED_WAIT_MS, HANDSHAKE_KEY, type HookMessage, type PageMessage, RELAY_READY_EVENT, type ReplayMatch, type StreamFormat, type StreamOpen, type Transport } from './wire';

// Top-level code of a module bundled alone as an IIFE (vite.config.ts: standalone): nothing here is global.
const win = window;
const { apply, construct, deleteProperty } = Reflect;
const P = Proxy;
const O = Object;
const defineProperty = O.defineProperty;
const getOwn = O.getOwnPropertyDescriptor;
const getter = (proto: object, key: string) => getOwn(proto, key)!.get!;
/** The getters of `keys` (space-separated) on `proto`, taken now (nothing of the page has run yet). */
type Getter = () => unknown;
const getters = (proto: object, keys: string) => keys.split(' ').map((k) => getter(proto, k)) as [Getter, Getter, Getter, Getter, Getter, Getter, Getter];
const then = Promise.prototype.then;
const NativeResponse = Response;
const RsP = NativeResponse.prototype;
const clone = RsP.clone;
const [responseHeaders, responseStatus, responseStatusText, getBody] = getters(RsP, 'headers status statusText body');
/** What a Response the relay feeds shows of the network's. */
const PASSED = 'url redirected type';
const passedNames = PASSED.split(' ');
const passedGetters = getters(RsP, PASSED);
const responseUrl = passedGetters[0];
const NativeRequest = Request;
const RqP = NativeRequest.prototype;
const [requestUrl, requestMethod, requestHeaders, requestSignal, requestCredentials, requestMode] = getters(RqP, 'url method headers signal credentials mode');
const requestClone = RqP.clone;
const requestText = RqP.text;
const { get: headersGet, forEach: headersForEach } = Headers.prototype;
const [aborted, reasonOf] = getters(AbortSignal.prototype, 'aborted reason');
const NativeStream = ReadableStream;
const { getReader, cancel: cancelStream } = NativeStream.prototype;
const read = ReadableStreamDefaultReader.prototype.read;
const bufferOf = getter(O.getPrototypeOf(Uint8Array.prototype) as object, 'buffer');
const post = MessagePort.prototype.postMessage;
const listen = EventTarget.prototype.addEventListener;
const eventType = getter(Event.prototype, 'type');
const [dataOf, lastEventIdOf] = getters(MessageEvent.prototype, 'data lastEventId');
const { indexOf, slice, startsWith, toLowerCase, toUpperCase, trim, charCodeAt } = String.prototype;
const exec = RegExp.prototype.exec;
const NativeWeakMap = WeakMap;
const { get: mapGet, set: mapSet } = WeakMap.prototype;
const NativeMap = Map;
const { get: mGet, set: mSet, delete: mDelete } = Map.prototype;
const [domName, domMessage] = getters(DOMException.prototype, 'name message');
const NativeError = Error;
const now = performance.now.bind(performance);
const origin = performance.timeOrigin;
const NativePromise = Promise;
const resolved = NativePromise.resolve.bind(NativePromise);
const rejected = NativePromise.reject.bind(NativePromise);
const disguised = new NativeWeakMap<object, unknown>();

/** Calls `method` on `self` as captured now (a page patch of the prototype changes nothing). */
const call = <R>(method: (...a: never[]) => unknown, self: unknown, ...args: unknown[]): R => apply(method as (...a: unknown[]) => R, self, args);

/**
 * `then` on a native promise without the `constructor` lookup `then` makes (SpeciesConstructor): an own
 * `constructor` of undefined answers it for that one call, and is gone before anything else runs.
 */
const quietThen = (promise: Promise<unknown>, ok: (v: never) => unknown, fail: (e: unknown) => unknown): void => {
  defineProperty(promise, 'constructor', { value: undefined, configurable: true });
  try {
    call(then, promise, ok, fail);
  } finally {
    deleteProperty(promise, 'constructor');
  }
};

// Frames of this script in a stack name the extension: errors thrown through our wrappers lose them.
const ownStack = String(new NativeError().stack);
// Where this script's frames say they are: `chrome-extension://…/hook.js` in Chromium; Firefox shows page scripts
// none of an extension's URLs, only `<anonymous code>`.
const self = `${/(<anonymous code>|[^\s(@]+?):\d+:\d+/.exec(ownStack)?.[1] ?? '\0'}:`;
/** V8 (Chromium): stacks of "    at" frames, cut at Error.stackTraceLimit. */
const v8 = /\n {4}at /.test(ownStack);
/** Our frames out of an error's stack, and (when we raised the limit) no more page frames than the page's limit. */
const scrub = (e: unknown, limit?: number): unknown => {
  try {
    if (e === null || typeof e !== 'object') return e;
    // V8 keeps `stack` on the error, SpiderMonkey on Error.prototype: the browser's own accessor either way.
    let d: PropertyDescriptor | undefined;
    for (let o: object | null = e; o && !(d = getOwn(o, 'stack')); ) o = O.getPrototypeOf(o);
    const stack: unknown = d?.get ? call(d.get, e) : d?.value;
    if (typeof stack !== 'string' || (limit === undefined && call<number>(indexOf, stack, self) === -1)) return e;
    let out = '';
    let lines = 0;
    let frames = 0;
    for (let from = 0; from <= stack.length; ) {
      let end = call<number>(indexOf, stack, '\n', from);
      if (end === -1) end = stack.length;
      const line = call<string>(slice, stack, from, end);
      from = end + 1;
      if (call<number>(indexOf, line, self) !== -1) continue;
      if (call<boolean>(startsWith, line, '    at ') && limit !== undefined && ++frames > limit) continue;
      out += lines++ === 0 ? line : `\n${line}`;
    }
    if (out !== stack) (e as Error).stack = out;
  } catch {
    // Left as it is.
  }
  return e;
};
/**
 * V8 cuts a stack at Error.stackTraceLimit frames, ours included: while a native runs under a wrapper the limit
 * is raised by our frames' worth, and the stack cut back to the page's limit (a data property: no page code runs).
 */
const raiseLimit = (): number | undefined => {
  if (!v8) return undefined;
  const d = getOwn(NativeError, 'stackTraceLimit');
  if (!d || !d.writable || typeof d.value !== 'number') return undefined;
  (NativeError as { stackTraceLimit?: number }).stackTraceLimit = d.value + 8;
  return d.value;
};
/** The page's own limit while a wrapper runs (for errors a native makes now and rejects with later). */
let pageLimit: number | undefined;
const restoreLimit = (limit: number | undefined): void => {
  if (limit !== undefined) (NativeError as { stackTraceLimit?: number }).stackTraceLimit = limit;
};

const channel = new MessageChannel();
const port = channel.port1;
// The relay's capture listener takes the hand-over and stops it. This guard (registered before any page
// script) stops it instead when no relay is there, so no page listener ever sees it. Browsers inject the two
// scripts in either order: a relay injected after us says so with a synchronous event, and then the guard
// (which comes first) no longer knows our message and lets it through to the relay. The nonce tells our message
// from any other the page marks (no secret: the relay trusts only the first hand-over, made before any page script).
let nonce = now();
call(listen, win, RELAY_READY_EVENT, () => (nonce = NaN));
call(listen, win, 'message', (e: MessageEvent) => {
  try {
    if ((call<Record<string, unknown> | null>(dataOf, e) ?? {})[HANDSHAKE_KEY] === nonce) e.stopImmediatePropagation();
  } catch {
    // Not ours.
  }
}, true);
// Firefox: a port handed over in an event stays where it is, and the hook's messages stay in this process (a port
// moved by postMessage sends each through another thread: a fast stream's read took 1.4 times as long). The relay
// takes it there and cancels the event; Chrome's worlds share no objects, so there the port is moved.
if (win.dispatchEvent(new CustomEvent(HANDSHAKE_KEY, { detail: channel, cancelable: true }))) win.postMessage({ [HANDSHAKE_KEY]: nonce }, '*', [channel.port2]);

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
/** Pause on an event is armed for this tab: AG-UI fetch bodies reach the page through the relay, as far as it lets them. */
let hold: boolean | undefined;
const answers = new NativeMap<number, ReadableStreamDefaultController<Uint8Array>>();
/**
 * Something was armed for the tab when its last document went (wire ARMED_KEY, read before any page script): the
 * fetches this document makes before the relay knows what is armed wait for it, at most ARMED_WAIT_MS from here.
 * The key is taken away here, before the page's first script, and the relay is told: the page never reads it.
 */
let armed: Promise<void> | undefined;
/** The relay said what is armed (or ARMED_WAIT_MS went by): the fetches waiting on `armed` go on, in order. */
let known: (() => void) | undefined;
try {
  const storage = win.sessionStorage;
  if (storage.getItem(ARMED_KEY)) {
    storage.removeItem(ARMED_KEY);
    armed = new NativePromise<void>((ok) => {
      known = () => ok((armed = undefined));
      win.setTimeout(known, ARMED_WAIT_MS);
    });
    send({ kind: 'armed-wait' });
  }
} catch {
  // No storage for this document: nothing waits.
}
port.onmessage = (e: MessageEvent) => {
  try {
    const m = call<HookMessage>(dataOf, e);
    if (m.kind === 'rules') {
      rules = m.rules;
      hold = m.hold;
      if (m.known) known?.();
    }
    else {
      const c = call<ReadableStreamDefaultController<Uint8Array> | undefined>(mGet, answers, m.rid);
      if (m.kind === 'replay-data') c?.enqueue(m.bytes);
      else {
        call(mDelete, answers, m.rid);
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
    if ((!r.method || r.method === method) && call(exec, r.re, url) !== null) {
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
 * Replaces obj[key] (or, with `get`, the getter of obj's accessor `key`) with a Proxy of it that answers toString as
 * the original; what its traps throw is scrubbed. A constructor's prototype.constructor points at the Proxy, as it
 * points at the native.
 */
const wrap = <T extends object>(obj: object, key: string, handler: ProxyHandler<T>, get?: boolean): void => {
  const accessor = get ? getOwn(obj, key) : undefined;
  const original = (accessor ? accessor.get : (obj as Record<string, T>)[key]) as T;
  if (typeof original !== 'function') return;
  const traps: ProxyHandler<T> = {};
  for (const trap of ['apply', 'construct'] as const) {
    const fn = handler[trap] as ((...a: unknown[]) => unknown) | undefined;
    if (fn)
      (traps as Record<string, unknown>)[trap] = (...a: unknown[]) => {
        const limit = raiseLimit();
        const outer = pageLimit;
        pageLimit = limit;
        try {
          return apply(fn, handler, a);
        } catch (e) {
          throw scrub(e, limit);
        } finally {
          pageLimit = outer;
          restoreLimit(limit);
        }
      };
  }
  const proxy = new P(original, traps);
  call(mapSet, disguised, proxy, original);
  if (accessor) defineProperty(obj, key, { ...accessor, get: proxy as () => unknown });
  else (obj as Record<string, T>)[key] = proxy;
  const proto = (original as { prototype?: object }).prototype;
  const ctor = proto && getOwn(proto, 'constructor');
  if (ctor?.value === original) defineProperty(proto, 'constructor', { ...ctor, value: proxy });
};
wrap(Function.prototype, 'toString', {
  apply: (target, self, args) => apply(target as () => string, call(mapGet, disguised, self) ?? self, args),
});
/**
 * A Response the relay feeds (a pause, a replay rule) reads its url, redirected and type as the network's would: the
 * natives' getters answer for it from here, so it has no own property a native Response lacks.
 */
const fedAs = new NativeWeakMap<object, unknown[]>();
for (let i = 0; i < 3; i++)
  wrap(RsP, passedNames[i]!, { apply: (target, self, args) => { const as = call<unknown[] | undefined>(mapGet, fedAs, self); return as ? as[i] : apply(target as () => unknown, self, args); } }, true);
// Its clone reads the same, as a network Response's clone does.
wrap(RsP, 'clone', {
  apply(target, self, args) {
    const copy = apply(target as () => Response, self, args);
    const as = call<unknown[] | undefined>(mapGet, fedAs, self);
    if (as) call(mapSet, fedAs, copy, as);
    return copy;
  },
});
/** This document's origin (a replay answer's type is 'basic' for it, 'cors' for another). */
const pageOrigin = `${win.location.origin}/`;

/** Headers by name (Headers joins a name's values), in an object nothing of the page's stands behind. */
const headerRecord = (headers: Headers): Record<string, string> => {
  const record = O.create(null) as Record<string, string>;
  // Masked by the relay before anything leaves the page.
  call(headersForEach, headers, (v: string, n: string) => (record[n] = v));
  return record;
};
/** A request body up to the limit, and its whole size when it was cut. */
const bodyOf = (text: string): Pick<StreamOpen, 'requestBody' | 'requestBodyBytes'> => {
  if (text.length * 3 <= REQUEST_BODY_MAX_BYTES) return { requestBody: text };
  let bytes = 0;
  let cut = -1;
  for (let i = 0; i < text.length; i++) {
    const c = call<number>(charCodeAt, text, i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
    if (cut < 0 && bytes > REQUEST_BODY_MAX_BYTES) cut = i;
  }
  return cut < 0 ? { requestBody: text } : { requestBody: call(slice, text, 0, cut), requestBodyBytes: bytes };
};
const methodOf = (request: Request): string => call(toUpperCase, call<string>(requestMethod, request));
/** A content type's media type, lower case (`text/event-stream; charset=utf-8` → `text/event-stream`). */
const mediaType = (contentType: string | null): string => {
  const type = contentType ?? '';
  const semi = call<number>(indexOf, type, ';');
  return call(toLowerCase, call(trim, semi === -1 ? type : call(slice, type, 0, semi)));
};
const formatOf = (contentType: string | null): StreamFormat | null => {
  const type = mediaType(contentType);
  return type === 'text/event-stream' ? 'sse' : type === 'application/vnd.ag-ui.event+proto' ? 'proto' : null;
};
/** Bodies kept for the record: text (JSON, a RunAgentInput, is text). */
const TEXT_BODY = /^text\/|^application\/([\w.-]+\+)?(json|x-www-form-urlencoded)$/;
/** A copy of a request whose body is text, to read it later (the request's own body is the fetch's). */
const textCopy = (request: Request): Request | undefined =>
  call(exec, TEXT_BODY, mediaType(call(headersGet, call(requestHeaders, request), 'content-type'))) !== null ? call(requestClone, request) : undefined;
const open = (transport: Transport, format: StreamFormat, url: string, extra: Partial<StreamOpen>, id = ++nextId): number => {
  send({ kind: 'open', id, t: stamp(), transport, format, url, ...extra });
  return id;
};
/** A chunk of stream `id`: its bytes (moved) or its text. */
const chunk = (id: number, part: { bytes: Uint8Array } | { text: string; dir?: 'in' | 'out'; sse?: [string, string] }, transfer?: Transferable[]) => send({ kind: 'chunk', id, t: stamp(), ...part }, transfer);
const close = (id: number, error?: string) => send({ kind: 'close', id, t: stamp(), ...(error !== undefined && { error }) });
/** An error's name (its prototype's, as TypeError's) and message, read without calling a getter the page could have put there. */
const errorText = (e: unknown): string => {
  try {
    return `${call<string>(domName, e)}: ${call<string>(domMessage, e)}`;
  } catch {
    // Not a DOMException: an Error, whose name is a data property up its prototype chain.
  }
  const own = (o: unknown, key: string): unknown => (o !== null && typeof o === 'object' ? getOwn(o, key)?.value : undefined);
  return `${own(O.getPrototypeOf(e), 'name') ?? 'Error'}: ${own(e, 'message') ?? ''}`;
};

// ---- fetch: SSE and protobuf responses are cloned and read; nothing else is touched.
wrap<typeof fetch>(win, 'fetch', {
  apply(target, self, args: unknown[]) {
    // The Request fetch builds from its arguments first, built here instead: the page's input and init are read
    // once, in the order fetch reads them. Whatever the browser refuses (or another `this`), the native says so.
    let request: Request;
    const limit = pageLimit;
    const native = () => {
      const p = apply(target, self, args) as Promise<Response>;
      quietThen(p, () => undefined, (e) => void scrub(e, limit));
      return p;
    };
    if (args.length === 0 || (self !== undefined && self !== null && self !== win)) return native();
    try {
      request = construct(NativeRequest, [args[0], args[1]]) as Request;
    } catch {
      return native();
    }
    const asked = stamp();
    const go = () => fetched(target, self, request, asked, limit);
    const wait = armed;
    if (!wait) return go();
    return new NativePromise<Response>((ok, fail) =>
      quietThen(
        wait,
        () => {
          try {
            quietThen(go(), ok, fail);
          } catch (e) {
            fail(e);
          }
        },
        fail,
      ),
    );
  },
});

/** fetch(request) as the page asked for it at `asked`: answered by a replay rule, fed by the relay (a pause), or the network's. */
const fetched = (target: typeof fetch, self: unknown, request: Request, asked: number, limit: number | undefined): Promise<Response> => {
  if (rules.length) {
    const answer = replayed(request, asked);
    if (answer) return answer;
  }
  // A text body is kept in a copy (fetch consumes the request's): read only if the response is AG-UI.
  let body: Request | undefined;
  try {
    body = textCopy(request);
  } catch {
    // Not kept: the stream is recorded without it.
  }
  const promise = apply(target, self, [request]) as Promise<Response>;
  const held = hold;
  // Armed: the page's promise is one of ours, resolved with the Response the relay feeds (an AG-UI one) or the network's.
  const watch = (ok?: (r: Response) => void, fail?: (e: unknown) => void): void =>
    quietThen(
      promise,
      (response: Response) => {
        let out = response;
        let rid: number | undefined;
        try {
          const format = formatOf(call(headersGet, call(responseHeaders, response), 'content-type'));
          if (format && held) {
            rid = ++nextId;
            out = fed(rid, call(requestSignal, request), { status: call(responseStatus, response), statusText: call(responseStatusText, response), headers: headerRecord(call(responseHeaders, response)) });
            // What the page reads of it is the network Response's.
            call(mapSet, fedAs, out, [call(passedGetters[0], response), call(passedGetters[1], response), call(passedGetters[2], response)]);
          }
          if (format) tee(response, request, body, format, asked, undefined, rid);
          // The network's own branch is not read by anyone when the relay feeds the page: it must not fill up.
          if (rid) call(cancelStream, call(getBody, response));
        } catch {
          // Never let the debugger break the page.
        }
        ok?.(out);
      },
      // Nothing returned: an object would be looked at as a thenable, which the page could see.
      (e) => void fail?.(scrub(e, limit)),
    );
  if (held) return new NativePromise(watch);
  watch();
  return promise;
};

/**
 * A streaming Response whose bytes the relay sends (under `rid`), errored by the page's abort as fetch's body is;
 * the relay is told when the page cancels or aborts it.
 */
const fed = (rid: number, signal: AbortSignal, init: ResponseInit): Response => {
  const source = O.create(null) as UnderlyingDefaultSource<Uint8Array>;
  const drop = () => {
    call(mDelete, answers, rid);
    send({ kind: 'replay-cancel', rid });
  };
  source.start = (c) => void call(mSet, answers, rid, c);
  source.cancel = drop;
  call(listen, signal, 'abort', () => {
    call<ReadableStreamDefaultController | undefined>(mGet, answers, rid)?.error(call(reasonOf, signal));
    drop();
  });
  return new NativeResponse(new NativeStream<Uint8Array>(source), init);
};

/** The extension's answer to a request a rule matches: an ordinary streaming Response, fed by the relay. */
const replayed = (request: Request, asked: number): Promise<Response> | undefined => {
  const url = call<string>(requestUrl, request);
  const method = methodOf(request);
  const rule = ruleFor(url, method);
  if (!rule) return undefined;
  const signal = call<AbortSignal>(requestSignal, request);
  if (call(aborted, signal)) return rejected(call(reasonOf, signal));
  const rid = ++nextId;
  const response = fed(rid, signal, rule.init);
  call(mapSet, fedAs, response, [url, false, call(startsWith, url, pageOrigin) ? 'basic' : 'cors']);
  send({ kind: 'replay-ask', rid, rule: rule.id, url, method });
  tee(response, request, textCopy(request), rule.format, asked, { replay: rule.id, url });
  return resolved(response);
};

/**
 * Reads the clone of an AG-UI response to its end (each read watched with quietThen: nothing for the page to see).
 * `held`: the stream's id when the page is fed by the relay (a pause is armed).
 */
const tee = (response: Response, request: Request, body: Request | undefined, format: StreamFormat, startedAt: number, replay?: { replay: string; url: string }, held?: number): void => {
  const stream = call<ReadableStream<Uint8Array> | null>(getBody, call<Response>(clone, response));
  const start = (requestBody: Pick<StreamOpen, 'requestBody' | 'requestBodyBytes'>) => {
    const id = open('fetch', format, replay?.url || call<string>(responseUrl, response) || call<string>(requestUrl, request), {
      method: methodOf(request),
      status: call(responseStatus, response),
      statusText: call(responseStatusText, response),
      requestHeaders: headerRecord(call(requestHeaders, request)),
      responseHeaders: headerRecord(call(responseHeaders, response)),
      credentials: call(requestCredentials, request),
      mode: call(requestMode, request),
      startedAt,
      ...requestBody,
      ...(replay && { replay: replay.replay }),
      ...(held && { held }),
    }, held);
    if (!stream) return close(id);
    const reader = call<ReadableStreamDefaultReader<Uint8Array>>(getReader, stream);
    const next = (): void =>
      quietThen(
        call(read, reader),
        (r: ReadableStreamReadResult<Uint8Array>) => {
          if (r.done) return void close(id);
          // The clone's chunks are its own copies (the page reads the other branch, or the relay feeds it): moved.
          chunk(id, { bytes: r.value }, [call(bufferOf, r.value)]);
          next();
        },
        (e) => void close(id, errorText(e)),
      );
    next();
  };
  // A request's body is read from the copy made before fetch consumed it (the page's stream waits meanwhile in
  // the tee, unaffected).
  if (!body) return start({});
  quietThen(call(requestText, body), (text: string) => void start(bodyOf(text)), () => void start({}));
};

// ---- EventSource: each connection is a stream; each event goes as its type, last id and data (the relay writes it as SSE).
const NativeES = win.EventSource;
if (NativeES) {
  const EP = NativeES.prototype;
  const [esUrl, esState] = getters(EP, 'url readyState');
  /** `types`: the event types listened to (a prototype-less record: no page code runs on a lookup). */
  type Watch = { id: number; types: Record<string, true>; on: (e: Event) => void };
  const watched = new NativeWeakMap<EventSource, Watch>();
  wrap<typeof EventSource>(win, 'EventSource', {
    construct(target, args, newTarget) {
      const es = construct(target, args, newTarget) as EventSource;
      try {
        let connection = 0;
        const types: Record<string, true> = O.create(null);
        types.message = true;
        const state: Watch = {
          id: 0,
          types,
          on: (e: Event) => {
            const type = call<string>(eventType, e);
            if (type === 'open') {
              state.id = open('eventsource', 'sse', call(esUrl, es), { status: 200, connection: ++connection });
            } else if (type === 'error') {
              // 2: CLOSED.
              if (state.id) close(state.id, call(esState, es) === 2 ? 'failed' : 'reconnecting');
              state.id = 0;
            } else if (state.id) chunk(state.id, { text: String(call(dataOf, e)), sse: [type, call<string>(lastEventIdOf, e)] });
          },
        };
        call(mapSet, watched, es, state);
        call(listen, es, 'open', state.on);
        call(listen, es, 'error', state.on);
        call(listen, es, 'message', state.on);
      } catch {
        // Not watched; the page's EventSource works as ever.
      }
      return es;
    },
  });
  // Named events are seen when the page listens for them.
  wrap<typeof listen>(EventTarget.prototype, 'addEventListener', {
    apply(target, self, args: unknown[]) {
      const state = call<Watch | undefined>(mapGet, watched, self);
      const type = args[0];
      if (state && typeof type === 'string' && !state.types[type] && type !== 'open' && type !== 'error') {
        state.types[type] = true;
        call(listen, self, type, state.on);
      }
      return apply(target, self, args);
    },
  });
  wrap<() => void>(EP, 'close', {
    apply(target, self: EventSource, args) {
      const state = call<Watch | undefined>(mapGet, watched, self);
      if (state?.id) close(state.id);
      if (state) state.id = 0;
      return apply(target, self, args);
    },
  });
}

// ---- WebSocket: JSON text messages that are AG-UI events, both ways.
const NativeWS = win.WebSocket;
if (NativeWS) {
  const wsUrl = getter(NativeWS.prototype, 'url');
  const sockets = new NativeWeakMap<WebSocket, number>();
  const EVENT_TYPE = /"type"\s*:\s*"[A-Z][A-Z_]+"/;
  const isEvent = (data: unknown): data is string => typeof data === 'string' && call(charCodeAt, data, 0) === 123 && call(exec, EVENT_TYPE, call(slice, data, 0, 2048)) !== null;
  const note = (ws: WebSocket, data: unknown, dir: 'in' | 'out') => {
    if (!isEvent(data)) return;
    let id = call<number | undefined>(mapGet, sockets, ws);
    if (!id) call(mapSet, sockets, ws, (id = open('websocket', 'json', call(wsUrl, ws), { status: 101 })));
    chunk(id, { text: data, dir });
  };
  wrap<typeof WebSocket>(win, 'WebSocket', {
    construct(target, args, newTarget) {
      const ws = construct(target, args, newTarget) as WebSocket;
      try {
        call(listen, ws, 'message', (e: MessageEvent) => note(ws, call(dataOf, e), 'in'));
        call(listen, ws, 'close', () => {
          const id = call<number | undefined>(mapGet, sockets, ws);
          if (id) close(id);
        });
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
  const X = XHR.prototype;
  const [xhrState, xhrStatus, xhrStatusText, xhrType, xhrText, xhrUrl] = getters(X, 'readyState status statusText responseType responseText responseURL');
  const xhrHeader = X.getResponseHeader;
  const calls = new NativeWeakMap<XMLHttpRequest, string>();
  wrap<XMLHttpRequest['open']>(X, 'open', {
    apply(target, self: XMLHttpRequest, args: unknown[]) {
      // The native first: whatever it refuses, it refuses as without us. A method that is not a string is the
      // page's to stringify, once (the native did).
      const result = apply(target, self, args);
      call(mapSet, calls, self, typeof args[0] === 'string' ? call(toUpperCase, args[0]) : 'GET');
      return result;
    },
  });
  wrap<XMLHttpRequest['send']>(X, 'send', {
    apply(target, self: XMLHttpRequest, args: unknown[]) {
      try {
        const method = call<string | undefined>(mapGet, calls, self);
        const asked = stamp();
        let id = 0;
        let seen = 0;
        const pull = () => {
          const state = call<number>(xhrState, self);
          const type = state >= 2 ? call<string>(xhrType, self) : '';
          if (!id && state >= 2 && formatOf(call(xhrHeader, self, 'content-type')) === 'sse' && (type === '' || type === 'text')) {
            id = open('xhr', 'sse', call(xhrUrl, self), {
              method,
              status: call(xhrStatus, self),
              statusText: call(xhrStatusText, self),
              startedAt: asked,
              ...(typeof args[0] === 'string' ? bodyOf(args[0]) : {}),
            });
          }
          if (id && state >= 3) {
            const text = call<string>(xhrText, self);
            if (text.length > seen) chunk(id, { text: call(slice, text, seen) });
            seen = text.length;
          }
        };
        const finish = (error?: string) => {
          if (!id) return;
          if (!error) pull();
          close(id, error);
          id = 0;
        };
        call(listen, self, 'readystatechange', pull);
        call(listen, self, 'progress', pull);
        const ends = ['error', 'abort', 'timeout'];
        for (let i = 0; i < 3; i++) call(listen, self, ends[i], () => finish(ends[i]));
        call(listen, self, 'load', () => finish());
      } catch {
        // Not watched.
      }
      return apply(target, self, args);
    },
  });
}
