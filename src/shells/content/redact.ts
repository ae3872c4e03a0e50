/**
 * What leaves the page is redacted by allow-list: a header keeps its value only when its name is known to be
 * harmless, a URL's query value only when its name is; JSON request bodies lose the values of keys that name
 * secrets (forwardedProps.apiKey). Runs in the content relay, before anything reaches the extension.
 */

export const REDACTED = '[redacted]';

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

export const redactHeaders = (list: [string, string][]): [string, string][] =>
  list.map(([name, value]) => [name, HARMLESS_HEADERS.has(name.toLowerCase()) ? value : REDACTED]);

/** Query (and fragment) parameters whose values are about paging, formats and ids, never credentials. */
const HARMLESS_PARAMS = new Set([
  'agent',
  'agentid',
  'cursor',
  'debug',
  'format',
  'gap',
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
  'run',
  'runid',
  'sort',
  'status',
  'stream',
  'thread',
  'threadid',
  'utmcampaign',
  'utmmedium',
  'utmsource',
  'v',
  'version',
]);

const normalizeName = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, '');
const harmlessParam = (name: string) => HARMLESS_PARAMS.has(normalizeName(name));

/** `a=1&b=2` with the values of the pairs `keep` refuses masked. */
const maskParams = (text: string, keep: (name: string) => boolean): string =>
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
      return keep(name) || eq === pair.length - 1 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');

/** A URL with its credentials and the values of unknown query and fragment parameters masked. */
export function redactUrl(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*@)?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url);
  if (!m) return url;
  const [, scheme, userinfo, rest, query, fragment] = m;
  const user = userinfo ? `${userinfo.split(':')[0]!.replace(/@$/, '')}${userinfo.includes(':') ? `:${REDACTED}` : ''}@` : '';
  const q = query ? `?${maskParams(query.slice(1), harmlessParam)}` : '';
  const f = fragment ? (fragment.includes('=') ? `#${maskParams(fragment.slice(1), harmlessParam)}` : fragment) : '';
  return `${scheme}${user}${rest}${q}${f}`;
}

/** Key names (normalized) whose values are secrets. */
const SECRET_KEYS = new Set([
  'accesscode',
  'apikey',
  'auth',
  'authorization',
  'bearer',
  'clientsecret',
  'cookie',
  'credential',
  'credentials',
  'passwd',
  'password',
  'privatekey',
  'pwd',
  'secret',
  'sessionid',
  'signature',
  'token',
]);
const isSecretKey = (key: string): boolean => {
  const k = normalizeName(key);
  return SECRET_KEYS.has(k) || k.endsWith('apikey') || k.endsWith('secret') || k.endsWith('password') || k.endsWith('token');
};

/** Masks secret-named values in place (the object is our own parse); says whether it masked any. */
const maskJson = (value: unknown, depth: number): boolean => {
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  let masked = false;
  if (Array.isArray(value)) {
    for (const v of value) masked = maskJson(v, depth + 1) || masked;
    return masked;
  }
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    const v = record[k];
    if (isSecretKey(k) && v !== null && typeof v !== 'object') {
      if (v !== REDACTED) record[k] = REDACTED;
      masked = true;
    } else masked = maskJson(v, depth + 1) || masked;
  }
  return masked;
};

/**
 * A request body with secret-named JSON values masked (a truncated body is not JSON: form-encoded pairs are
 * masked like a query, anything else is kept as the page sent it).
 */
export function redactBody(body: string): string {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(body);
      return maskJson(parsed, 0) ? JSON.stringify(parsed) : body;
    } catch {
      return body;
    }
  }
  if (/^[\w.%+-]+=[^&]*(&[\w.%+-]+=[^&]*)*$/.test(body.slice(0, 4096))) return maskParams(body, (name) => !isSecretKey(name));
  return body;
}
