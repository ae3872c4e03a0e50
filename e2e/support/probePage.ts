/**
 * The probe page's script: plain JavaScript run by the page itself. Each scenario returns what the page
 * observed (bytes as they arrived in each chunk, response properties, errors, events, native function
 * properties), so a run with the extension can be compared with a run without it, property by property.
 */
export const PROBE_SCRIPT = String.raw`
(function () {
  var decoder = new TextDecoder();
  var input = { threadId: 't', runId: 'r', state: {}, messages: [{ id: 'u1', role: 'user', content: 'hi' }], tools: [], context: [], forwardedProps: {} };
  function props(res) {
    var h = []; res.headers.forEach(function (v, k) { h.push([k, v]); });
    return { status: res.status, statusText: res.statusText, ok: res.ok, type: res.type, url: res.url, redirected: res.redirected, headers: h, bodyUsed: res.bodyUsed };
  }
  // A stream asked for with ack=KEY is paced by its reader: after each chunk, the page says so.
  function ackKey(res) { var m = /[?&]ack=([\w-]+)/.exec(res.url); return m && m[1]; }
  async function read(res, binary, stopAfter) {
    var out = props(res); out.chunks = [];
    var reader = res.body.getReader();
    var ack = ackKey(res);
    try {
      for (;;) {
        var r = await reader.read();
        if (r.done) break;
        out.chunks.push(binary ? Array.from(r.value) : decoder.decode(r.value));
        if (stopAfter && out.chunks.length === stopAfter.after) stopAfter.then();
        else if (ack) await fetch('/ack?key=' + ack).then(function (x) { return x.text(); });
      }
    } catch (e) { out.error = e.name + ': ' + e.message; }
    return out;
  }
  function caught(e) { return { error: e.name + ': ' + e.message }; }
  var scenarios = {
    'fetch-string': function () { return fetch('/sse?n=5&ack=fetch-string').then(function (r) { return read(r); }); },
    'fetch-url': function () { return fetch(new URL('/sse?n=5&ack=fetch-url', location.href)).then(function (r) { return read(r); }); },
    'fetch-request': function () {
      return fetch(new Request('/echo', { method: 'POST', body: JSON.stringify(input), headers: { 'content-type': 'application/json', authorization: 'Bearer page-secret' } })).then(function (r) { return read(r); });
    },
    'fetch-init-body': function () {
      return fetch('/echo', { method: 'POST', body: JSON.stringify(input), headers: { 'content-type': 'application/json', 'x-api-key': 'page-key' } }).then(function (r) { return read(r); });
    },
    'proto': function () { return fetch('/proto?n=4&ack=proto').then(function (r) { return read(r, true); }); },
    'http-500': function () { return fetch('/sse?status=500&n=2&ack=http-500').then(function (r) { return read(r); }); },
    'network-error': function () { return fetch('http://127.0.0.1:9/nothing').then(function (r) { return props(r); }, caught); },
    'abort-mid': function () {
      var c = new AbortController();
      return fetch('/sse?n=100&ack=abort-mid', { signal: c.signal }).then(function (r) { return read(r, false, { after: 2, then: function () { c.abort(); } }); }, caught);
    },
    'abort-before-read': function () {
      var c = new AbortController();
      return fetch('/sse?n=100&gap=20', { signal: c.signal }).then(function (r) { c.abort(); return read(r); }, caught);
    },
    'json': function () { return fetch('/json').then(function (r) { return r.text().then(function (t) { var o = props(r); o.text = t; return o; }); }); },
    'big': function () {
      return fetch('/big?mb=30').then(async function (r) {
        var o = props(r); var reader = r.body.getReader(); var n = 0; var sum = 0;
        for (;;) { var x = await reader.read(); if (x.done) break; n += x.value.length; for (var i = 0; i < x.value.length; i++) sum = (sum + x.value[i]) % 1000003; }
        o.bytes = n; o.sum = sum; return o;
      });
    },
    'es': function () {
      return new Promise(function (resolve) {
        var events = []; var states = [];
        var es = new EventSource('/es?key=' + Math.random());
        function note(e) { events.push([e.type, e.data, e.lastEventId]); }
        es.onmessage = note;
        es.addEventListener('agui', note);
        es.onopen = function () { states.push('open'); };
        es.onerror = function () { states.push('error:' + es.readyState); if (es.readyState === 2) resolve({ events: events, states: states }); };
      });
    },
    'es-close': function () {
      return new Promise(function (resolve) {
        var es = new EventSource('/es?key=' + Math.random());
        es.onmessage = function (e) { es.close(); resolve({ data: e.data, state: es.readyState }); };
      });
    },
    'ws': function () {
      return new Promise(function (resolve) {
        var got = [];
        var ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
        ws.onopen = function () {
          ws.send(JSON.stringify({ type: 'CUSTOM', name: 'from-page', value: 1 }));
          ws.send('not json at all');
          ws.send('go');
        };
        ws.onmessage = function (e) { got.push(e.data); if (got.length === 4) ws.close(); };
        ws.onclose = function (e) { resolve({ got: got, code: e.code, wasClean: e.wasClean }); };
      });
    },
    'xhr': function () {
      return new Promise(function (resolve) {
        var xhr = new XMLHttpRequest(); var lengths = [];
        xhr.open('GET', '/sse?n=5&gap=30');
        xhr.onprogress = function () { lengths.push(xhr.responseText.length); };
        xhr.onload = function () { resolve({ status: xhr.status, text: xhr.responseText, progressed: lengths.length > 1, type: xhr.getResponseHeader('content-type') }); };
        xhr.send();
      });
    },
    'errors': function () {
      // What a picky page reads from errors thrown through the wrapped natives: the same type and message, and no
      // stack frame that names an extension.
      function probe(f) {
        try { var r = f(); return Promise.resolve(r).then(function () { return 'no error'; }, describe); } catch (e) { return Promise.resolve(describe(e)); }
      }
      function describe(e) { return [e && e.name, e && e.message, /extension:\/\//.test(String(e && e.stack))]; }
      return Promise.all([
        probe(function () { return XMLHttpRequest.prototype.open.call(null, 'GET', '/'); }),
        probe(function () { return XMLHttpRequest.prototype.send.call(null); }),
        probe(function () { var x = new XMLHttpRequest(); x.open('BAD METHOD', '/'); }),
        probe(function () { return new EventSource('http://[bad'); }),
        probe(function () { return EventSource.prototype.close.call({}); }),
        probe(function () { return new WebSocket('nope://x'); }),
        probe(function () { return WebSocket.prototype.send.call(null, 'x'); }),
        probe(function () { return EventTarget.prototype.addEventListener.call(null, 'x', function () {}); }),
        probe(function () { return Function.prototype.toString.call({}); }),
        probe(function () { return fetch(); }),
        probe(function () { return fetch('http://[bad'); }),
        probe(function () { return EventSource(); }),
      ]);
    },
    'observers': function () {
      // What a picky page can watch while it uses the transports: every getter and method a wrapper might touch,
      // spied on the prototypes, an init object whose reads are logged, and an input that says when it is made a
      // string. With the extension the log must be the same as without it.
      var log = [];
      var undo = [];
      var push = Array.prototype.push;
      function note(x) { push.call(log, x); }
      function spyGet(proto, key, label) {
        var d = Object.getOwnPropertyDescriptor(proto, key);
        if (!d) return; // Firefox has no Request.prototype.body.
        Object.defineProperty(proto, key, { configurable: true, enumerable: d.enumerable, get: function () { note(label); return d.get.call(this); } });
        undo.push(function () { Object.defineProperty(proto, key, d); });
      }
      function spy(proto, key, label) {
        var f = proto[key];
        var d = Object.getOwnPropertyDescriptor(proto, key);
        Object.defineProperty(proto, key, { configurable: true, writable: true, enumerable: d.enumerable, value: function () { note(label); return f.apply(this, arguments); } });
        undo.push(function () { Object.defineProperty(proto, key, d); });
      }
      ['url', 'headers', 'method', 'signal', 'body', 'bodyUsed'].forEach(function (k) { spyGet(Request.prototype, k, 'Request.' + k); });
      ['url', 'headers', 'status', 'statusText', 'body', 'ok', 'type'].forEach(function (k) { spyGet(Response.prototype, k, 'Response.' + k); });
      spyGet(Object.getPrototypeOf(Uint8Array.prototype), 'buffer', 'TypedArray.buffer');
      spyGet(MessageEvent.prototype, 'data', 'MessageEvent.data');
      spyGet(Event.prototype, 'type', 'Event.type');
      spyGet(DOMException.prototype, 'name', 'DOMException.name');
      spyGet(AbortSignal.prototype, 'aborted', 'AbortSignal.aborted');
      ['toUpperCase', 'toLowerCase', 'split', 'slice', 'trim', 'startsWith', 'indexOf', 'charCodeAt', 'replace'].forEach(function (k) { spy(String.prototype, k, 'String.' + k); });
      ['has', 'get', 'set'].forEach(function (k) { spy(WeakMap.prototype, k, 'WeakMap.' + k); spy(Map.prototype, k, 'Map.' + k); });
      ['has', 'add'].forEach(function (k) { spy(Set.prototype, k, 'Set.' + k); });
      ['push', 'map', 'join', 'filter'].forEach(function (k) { spy(Array.prototype, k, 'Array.' + k); });
      ['get', 'forEach'].forEach(function (k) { spy(Headers.prototype, k, 'Headers.' + k); });
      ['exec', 'test'].forEach(function (k) { spy(RegExp.prototype, k, 'RegExp.' + k); });
      var ctor = Object.getOwnPropertyDescriptor(Promise.prototype, 'constructor');
      Object.defineProperty(Promise.prototype, 'constructor', { configurable: true, get: function () { note('Promise.constructor'); return Promise; } });
      undo.push(function () { Object.defineProperty(Promise.prototype, 'constructor', ctor); });
      function watched(target, name) {
        return new Proxy(target, { get: function (t, k) { note(name + '.' + String(k)); return t[k]; }, has: function (t, k) { note(name + ' has ' + String(k)); return k in t; } });
      }
      var input = { toString: function () { note('input.toString'); return '/echo?n=1'; } };
      var init = watched({ method: 'post', body: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: {} }), headers: { 'content-type': 'application/json' } }, 'init');
      // The page reads each body whole (one promise each, however the bytes are chunked: the log is the same every time).
      function drain(res) { return res.text(); }
      var stack = {};
      function deep(n, f) { return n === 0 ? f() : deep(n - 1, f); }
      var old = Error.stackTraceLimit;
      return (async function () {
        await fetch(input, init).then(drain);
        await fetch('/sse?n=2&gap=0').then(drain);
        await fetch('/json').then(function (r) { return r.text(); });
        await fetch('http://127.0.0.1:9/nothing').catch(function (e) { note('rejected ' + e.name); });
        var c = new AbortController();
        // One event, then nothing for seconds: aborted while the body streams (once the response is there: aborting
        // a fetch still waiting for its response is another path, with other promises, and a busy machine may be slow).
        var aborted = fetch('/sse?n=50&gap=5000', { signal: c.signal }).then(function (r) { setTimeout(function () { c.abort(); }, 100); return drain(r); }).catch(function (e) { note('aborted ' + e.name); });
        await aborted;
        document.addEventListener('probe-x', function () {});
        Function.prototype.toString.call(fetch);
        // A stack under a small limit has as many page frames as without us.
        Error.stackTraceLimit = 10;
        try { deep(20, function () { return new WebSocket('nope://x'); }); } catch (e) { stack.ws = String(e.stack).split('\n').length; }
        try { deep(20, function () { var x = new XMLHttpRequest(); x.open('BAD METHOD', '/'); }); } catch (e) { stack.xhr = String(e.stack).split('\n').length; }
        await deep(20, function () { return fetch('http://[bad'); }).catch(function (e) { stack.fetch = String(e.stack).split('\n').length; });
        Error.stackTraceLimit = old;
        // Whatever the extension does after the page's read ends happens within this wait, spies on.
        await new Promise(function (r) { setTimeout(r, 200); });
        while (undo.length) undo.pop()();
        return { log: log, stack: stack };
      })();
    },
    'response-shape': function () {
      // What a page can read of a Response besides its bytes: its own properties (a native has none), its prototype,
      // what the prototype's getters say for it and for its clone, and whether session storage names the extension.
      var shape = function (r) {
        return { own: Object.getOwnPropertyNames(r).concat(Object.getOwnPropertySymbols(r).map(String)), proto: Object.getPrototypeOf(r) === Response.prototype, url: r.url, redirected: r.redirected, type: r.type };
      };
      return fetch('/sse?n=3').then(function (r) {
        var before = shape(r);
        var copy = shape(r.clone());
        var getters = ['url', 'redirected', 'type'].map(function (k) { var g = Object.getOwnPropertyDescriptor(Response.prototype, k).get; return [g.name, g.length, Function.prototype.toString.call(g)]; });
        return r.text().then(function (t) {
          var keys = [];
          for (var i = 0; i < sessionStorage.length; i++) keys.push(sessionStorage.key(i));
          return { response: before, clone: copy, getters: getters, storage: keys, bytes: t.length };
        });
      });
    },
    'natives': function () {
      var d = Object.getOwnPropertyDescriptor(window, 'fetch');
      return Promise.resolve({
        fetch: [fetch.name, fetch.length, String(fetch), Function.prototype.toString.call(fetch)],
        toString: [String(Function.prototype.toString), Function.prototype.toString.name, Function.prototype.toString.length],
        descriptor: [d.writable, d.enumerable, d.configurable, typeof d.value],
        eventSource: [String(EventSource), EventSource.name, EventSource.length, String(EventSource.prototype.close), new EventSource('data:,') instanceof EventSource],
        webSocket: [String(WebSocket), WebSocket.name, WebSocket.length, String(WebSocket.prototype.send)],
        xhr: [String(XMLHttpRequest.prototype.open), String(XMLHttpRequest.prototype.send), XMLHttpRequest.prototype.open.length],
        addEventListener: [String(EventTarget.prototype.addEventListener), EventTarget.prototype.addEventListener.length],
        windowKeys: Object.getOwnPropertyNames(window).filter(function (k) { return /agui|devtools/i.test(k); }),
        constructors: [EventSource.prototype.constructor === EventSource, WebSocket.prototype.constructor === WebSocket, XMLHttpRequest.prototype.constructor === XMLHttpRequest,
          Object.getOwnPropertyDescriptor(EventSource.prototype, 'constructor').enumerable, Object.getOwnPropertyDescriptor(WebSocket.prototype, 'constructor').writable],
        messages: window.__messages.slice(),
      });
    },
  };
  window.probe = {
    names: Object.keys(scenarios),
    run: function (name) { return scenarios[name](); },
  };
})();
`;

/** Every scenario the probe page runs, in the order the transparency tests run them. */
export const SCENARIOS = ['natives', 'response-shape', 'errors', 'observers', 'fetch-string', 'fetch-url', 'fetch-request', 'fetch-init-body', 'proto', 'http-500', 'network-error', 'abort-mid', 'abort-before-read', 'json', 'big', 'es', 'es-close', 'ws', 'xhr'] as const;

/** What both Playwright's and puppeteer's pages offer. */
export interface DrivenPage {
  goto(url: string): Promise<unknown>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

/** Runs every scenario in the probe page and returns what the page observed, by scenario. */
export async function observeProbe(page: DrivenPage, origin: string): Promise<Record<string, unknown>> {
  await page.goto(`${origin}/probe`);
  const out: Record<string, unknown> = {};
  for (const name of SCENARIOS) {
    out[name] = await page.evaluate((n: string) => (window as unknown as { probe: { run(n: string): Promise<unknown> } }).probe.run(n), name);
  }
  return out;
}
