/** How a replay rule's URL pattern matches a request's URL (shared by the panel and the content script). */
export type UrlMatch = 'exact' | 'prefix' | 'glob';

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A glob as a regular expression: `*` is any run of characters, everything else itself. */
export const globToRegExp = (pattern: string): RegExp => new RegExp(`^${pattern.split('*').map(escaped).join('.*')}$`);
/** A pattern in any of the three modes as a regular expression (what the page hook matches with). */
export const patternToRegExp = (pattern: string, mode: UrlMatch): RegExp =>
  mode === 'glob' ? globToRegExp(pattern) : new RegExp(`^${escaped(pattern)}${mode === 'exact' ? '$' : ''}`);

/** Whether a request URL matches a pattern: exactly, by its start, or as a glob. */
export function urlMatches(pattern: string, mode: UrlMatch, url: string): boolean {
  if (mode === 'exact') return url === pattern;
  if (mode === 'prefix') return url.startsWith(pattern);
  return globToRegExp(pattern).test(url);
}

/**
 * The origin a replay rule belongs to, from a page's URL: `scheme://host:port` for the web, `file://` for local
 * files (whose browser origin is opaque), and '' for anything else (no rule ever answers it).
 */
export function originOf(url: string): string {
  if (/^file:/i.test(url)) return 'file://';
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}

/** Whether a rule for `rule` (its origin, and whether frames too) may answer a document at `origin`, top or not. */
export const ruleAppliesTo = (rule: { origin: string; frames: boolean }, origin: string, top: boolean): boolean =>
  rule.origin !== '' && rule.origin === origin && (top || rule.frames);
