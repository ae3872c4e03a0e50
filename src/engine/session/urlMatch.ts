/** How a replay rule's URL pattern matches a request's URL (shared by the panel and the content script). */
export type UrlMatch = 'exact' | 'prefix' | 'glob';

/** A glob as a regular expression: `*` is any run of characters, everything else itself. */
export const globToRegExp = (pattern: string): RegExp => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** Whether a request URL matches a pattern: exactly, by its start, or as a glob. */
export function urlMatches(pattern: string, mode: UrlMatch, url: string): boolean {
  if (mode === 'exact') return url === pattern;
  if (mode === 'prefix') return url.startsWith(pattern);
  return globToRegExp(pattern).test(url);
}
