/** Sites as match patterns: where capture runs without asking, and whether a pattern covers a page. Pure. */

/** The local development origins captured without asking (also the manifest's content script matches). */
export const LOCAL_PATTERNS = [
  'http://localhost/*',
  'https://localhost/*',
  'http://*.localhost/*',
  'https://*.localhost/*',
  'http://127.0.0.1/*',
  'https://127.0.0.1/*',
  'http://[::1]/*',
  'https://[::1]/*',
  'file:///*',
];
export const ALL_SITES = '<all_urls>';

/** A URL's site as a match pattern (match patterns ignore ports): http://agent.test:8080/x → http://agent.test/*. */
export function sitePattern(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.protocol}//${u.hostname}/*`;
  } catch {
    return null;
  }
}

/** Whether a pattern (or the local list) covers a URL. Only the pattern forms used here: scheme://host/* and <all_urls>. */
export function covers(pattern: string, url: string): boolean {
  if (pattern === ALL_SITES) return /^(https?|file):/.test(url);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (pattern === 'file:///*') return u.protocol === 'file:';
  const m = /^(\w+):\/\/(\*\.)?([^/]+)\/\*$/.exec(pattern);
  if (!m || `${m[1]}:` !== u.protocol) return false;
  const host = u.hostname;
  return m[2] ? host === m[3] || host.endsWith(`.${m[3]}`) : host === m[3];
}

export const isLocal = (url: string): boolean => LOCAL_PATTERNS.some((p) => covers(p, url));

/** "http://agent.test/*" → "agent.test"; "<all_urls>" → "all sites". */
export const siteLabel = (pattern: string): string => (pattern === ALL_SITES ? 'all sites' : pattern.replace(/^\w+:\/\//, '').replace(/\/\*$/, ''));
