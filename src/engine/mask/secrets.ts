/**
 * Masking: the secrets of the request side, masked wherever a session takes them in (the content relay before
 * anything leaves the page, and every import: session files, HAR files), so what is shown and exported never
 * holds them. By allow-list for headers and URL parameters (a value is kept only when its name is known to be
 * harmless); by key name and by value pattern in request bodies and the messages a page sends over a WebSocket
 * (`forwardedProps.apiKey`, a JWT in the state, `Bearer …`, `sk-…` keys, PEM blocks). Idempotent. Sharing
 * redaction (engine/io/redact.ts) is another thing: response content the user chooses to leave out.
 */

/** What a masked value becomes (it reads the same in every view and file). */
export const REDACTED = '[redacted]';
export const MASK = REDACTED;

/** Headers whose values say how the exchange went and never who made it. */
const HARMLESS_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'accept-ranges',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-max-age',
  'access-control-request-headers',
  'access-control-request-method',
  'age',
  'alt-svc',
  'cache-control',
  'connection',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-length',
  'content-type',
  'date',
  'etag',
  'expires',
  'keep-alive',
  'last-event-id',
  'last-modified',
  'pragma',
  'retry-after',
  'server',
  'server-timing',
  'strict-transport-security',
  'timing-allow-origin',
  'traceparent',
  'tracestate',
  'transfer-encoding',
  'upgrade',
  'vary',
  'via',
  'x-accel-buffering',
  'x-content-type-options',
  'x-correlation-id',
  'x-frame-options',
  'x-powered-by',
  'x-request-id',
  'x-trace-id',
]);

export const maskHeaders = (list: [string, string][]): [string, string][] =>
  list.map(([name, value]) => [name, HARMLESS_HEADERS.has(name.toLowerCase()) ? value : REDACTED]);

/** Query (and fragment) parameters whose values are about paging, formats, timing, layout and ids, never credentials. */
const HARMLESS_PARAMS = new Set([
  'agent',
  'agentid',
  'case',
  'color',
  'count',
  'cursor',
  'debug',
  'delay',
  'env',
  'format',
  'frame',
  'gap',
  'height',
  'hl',
  'lang',
  'limit',
  'locale',
  'mode',
  'model',
  'n',
  'offset',
  'order',
  'page',
  'pagesize',
  'perpage',
  'region',
  'retry',
  'run',
  'runid',
  'scenario',
  'seed',
  'size',
  'sort',
  'status',
  'step',
  'stream',
  'tab',
  'test',
  'theme',
  'thread',
  'threadid',
  'timeout',
  'utmcampaign',
  'utmmedium',
  'utmsource',
  'v',
  'variant',
  'version',
  'view',
  'width',
]);

const normalizeName = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, '');
const harmlessParam = (name: string) => HARMLESS_PARAMS.has(normalizeName(name));

/** `a=1&b=2` with the values of the pairs `keep` refuses masked (the kept ones through `also`). */
const maskParams = (text: string, keep: (name: string) => boolean, also: (value: string) => string = (v) => v): string =>
  text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // Undecodable: judged as written.
      }
      if (eq === pair.length - 1) return pair;
      if (!keep(name)) return `${pair.slice(0, eq)}=${REDACTED}`;
      let value = pair.slice(eq + 1);
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        // Undecodable: judged as written.
      }
      return also(value) === value ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');

/** A URL with its credentials and the values of unknown (or credential-shaped) query and fragment parameters masked. */
export function maskUrl(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*@)?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url);
  if (!m) return url;
  const [, scheme, userinfo, rest, query, fragment] = m;
  const user = userinfo ? `${userinfo.split(':')[0]!.replace(/@$/, '')}${userinfo.includes(':') ? `:${REDACTED}` : ''}@` : '';
  const q = query ? `?${maskParams(query.slice(1), harmlessParam, maskText)}` : '';
  const f = fragment ? (fragment.includes('=') ? `#${maskParams(fragment.slice(1), harmlessParam, maskText)}` : fragment) : '';
  return `${scheme}${user}${rest}${q}${f}`;
}

/** Key names (normalized: lower case, no `-_. `) whose values are secrets, and parts of names that say so. */
const SECRET_KEYS = new Set(['accesscode', 'auth', 'bearer', 'pass', 'pin', 'pwd', 'refresh', 'sid', 'ssn']);
const SECRET_PARTS = ['apikey', 'accesskey', 'secretkey', 'privatekey', 'password', 'passwd', 'passphrase', 'secret', 'credential', 'cookie', 'jwt', 'session', 'signature'];
export const isSecretKey = (key: string): boolean => {
  const k = normalizeName(key);
  // A token is secret (accessToken, x-csrf-token); tokens are counts (maxTokens, inputTokens).
  if (SECRET_KEYS.has(k) || k.endsWith('pem') || k.endsWith('token') || SECRET_PARTS.some((p) => k.includes(p))) return true;
  // x-auth, authHeader, authorization, oauth…: but not author.
  return k.includes('auth') && !/author(?!i[sz])/.test(k);
};

/**
 * Values that are credentials whatever their key: a JWT, an HTTP credential (Bearer, Basic, Digest, Token), the
 * key formats of the common model and cloud providers, and PEM blocks. Only the credential is masked (a message
 * "my key is sk-…" keeps its words); a Bearer keeps its scheme.
 */
const SECRET_VALUE = new RegExp(
  [
    '\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*',
    '\\b(?:Bearer|Basic|Digest|Token)\\s+(?!\\[redacted\\])[A-Za-z0-9._~+/=-]{8,}',
    '\\b(?:sk|pk|rk)-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_]{16,}',
    '\\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}',
    '\\bgithub_pat_[A-Za-z0-9_]{30,}',
    '\\bxox[abprs]-[A-Za-z0-9-]{10,}',
    '\\bAKIA[0-9A-Z]{16}\\b',
    '\\bAIza[0-9A-Za-z_-]{35}',
    '-----BEGIN [A-Z0-9 ]+-----[\\s\\S]*?-----END [A-Z0-9 ]+-----',
  ].join('|'),
  'g',
);
const SCHEME = /^(Bearer|Basic|Digest|Token)\s+/;

/** A string with every credential-shaped part masked; the same string when it holds none. */
export function maskText(text: string): string {
  SECRET_VALUE.lastIndex = 0;
  if (!SECRET_VALUE.test(text)) return text;
  SECRET_VALUE.lastIndex = 0;
  return text.replace(SECRET_VALUE, (m) => {
    const scheme = SCHEME.exec(m);
    return scheme ? `${scheme[0]}${REDACTED}` : REDACTED;
  });
}

/** Masks secret-named and secret-looking values in place (the value is our own parse); says whether it masked any. */
const maskJson = (root: unknown): boolean => {
  let masked = false;
  // Without recursion: a request body may nest as deep as it likes.
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      const v = record[k];
      if (typeof v === 'string') {
        const out = !Array.isArray(value) && isSecretKey(k) ? REDACTED : maskText(v);
        if (out !== v) {
          record[k] = out;
          masked = true;
        }
      } else if (v !== null && typeof v === 'object') stack.push(v);
      else if (!Array.isArray(value) && isSecretKey(k) && v !== null && v !== undefined) {
        record[k] = REDACTED;
        masked = true;
      }
    }
  }
  return masked;
};

/**
 * A request body with secret-named JSON values masked (a truncated body is not JSON: form-encoded pairs are
 * masked like a query, anything else is kept as the page sent it).
 */
export function maskBody(body: string): string {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(body);
      return maskJson(parsed) ? JSON.stringify(parsed) : body;
    } catch {
      // Not JSON (a body cut at the limit): its credential-shaped parts are masked in the text.
      return maskText(body);
    }
  }
  if (/^[\w.%+-]+=[^&]*(&[\w.%+-]+=[^&]*)*$/.test(body.slice(0, 4096))) return maskParams(body, (name) => !isSecretKey(name), maskText);
  return maskText(body);
}

/** Headers, URLs and bodies as every session holds them. */
export interface MaskedRequest {
  url: string;
  frameUrl: string;
  requestHeaders: [string, string][];
  responseHeaders: [string, string][];
  requestBody?: string;
}

/** A stream's request side masked (a new object when anything changed; the same when it was already). */
export function maskRequest<T extends MaskedRequest>(info: T): T {
  const url = maskUrl(info.url);
  const frameUrl = maskUrl(info.frameUrl);
  const requestHeaders = maskHeaders(info.requestHeaders);
  const responseHeaders = maskHeaders(info.responseHeaders);
  const requestBody = info.requestBody === undefined ? undefined : maskBody(info.requestBody);
  const same = (a: [string, string][], b: [string, string][]) => a.every((h, i) => h[1] === b[i]![1]);
  if (url === info.url && frameUrl === info.frameUrl && requestBody === info.requestBody && same(requestHeaders, info.requestHeaders) && same(responseHeaders, info.responseHeaders)) return info;
  return { ...info, url, frameUrl, requestHeaders, responseHeaders, ...(requestBody !== undefined && { requestBody }) };
}
