import { describe, expect, test } from 'vitest';
import { globMatcher } from './glob';

/** The regular expression the config used before (it backtracks), as the reference for what matches. */
const reference = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .replace(/^\.\//, '')
      .split(/(\*\*\/?|\*|\?)/)
      .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

describe("a config's ignore globs", () => {
  const GLOBS = ['sessions/old/**', '**/*.agui.json', './a/*/c', '**/b/**', 'a?c', '*', '**', '**/', 'a/**/b/**/c.json', 'x[1].json', 'a.*', '**/**/x', '*/**'];
  const PATHS = ['sessions/old/legacy.agui.jsonl', 'sessions/mixed.agui.json', 'a.agui.json', 'a/b/c', 'a/bb/c', 'a/b/d/c', 'b', 'x/b/y', 'abc', 'a/c', 'a//c', 'a/b/c.json', 'a/x/b/y/c.json', 'x[1].json', 'a.b', 'a/b/x', 'x', '', 'a/'];
  test('match exactly what the regular expressions they replace matched', () => {
    for (const glob of GLOBS)
      for (const path of PATHS) expect(globMatcher(glob)(path), `${glob} against ${JSON.stringify(path)}`).toBe(reference(glob).test(path));
  });

  test('take time linear in the path and the pattern: `**/` 14 times against 30 folders, and `*a` 20 times against a long name', () => {
    const deep = `${Array.from({ length: 30 }, () => 'a').join('/')}/y`;
    // As regular expressions the first took minutes and the second hangs: a matcher that backtracks does not end here.
    expect(globMatcher(`${'**/'.repeat(14)}x`)(deep)).toBe(false);
    expect(globMatcher(`${'*a'.repeat(20)}b`)('a'.repeat(2000))).toBe(false);
    expect(globMatcher(`${'**/'.repeat(14)}y`)(deep)).toBe(true);
  });
});
