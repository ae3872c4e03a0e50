/**
 * File patterns for `lint`: `*` and `?` within a name, `**` for any depth of folders, `[abc]` and `{a,b}`.
 * Like a shell, wildcards do not match names that start with a dot, and `**` does not enter node_modules or .git.
 * A pattern without wildcards is a path, returned as is (reading it reports a missing file).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const hasMagic = (pattern: string): boolean => /[*?[{]/.test(pattern);

/** Expands {a,b} alternatives (nested too) into plain patterns. */
export function braces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open === -1) return [pattern];
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      const parts: string[] = [];
      let from = open + 1;
      for (const at of commas) {
        parts.push(pattern.slice(from, at));
        from = at + 1;
      }
      parts.push(pattern.slice(from, i));
      const head = pattern.slice(0, open);
      const tail = pattern.slice(i + 1);
      return parts.flatMap((p) => braces(`${head}${p}${tail}`));
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  return [pattern]; // an unclosed brace is literal
}

/** One path segment's pattern as a regular expression. */
function segmentRegExp(segment: string): RegExp {
  let re = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close === -1) re += '\\[';
      else {
        let body = segment.slice(i + 1, close).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        re += `[${body}]`;
        i = close;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

const SKIP = new Set(['node_modules', '.git']);

function walk(dir: string, segments: readonly string[], out: string[]): void {
  if (segments.length === 0) return;
  const [segment, ...rest] = segments as [string, ...string[]];
  const path = (name: string) => (dir === '' ? name : join(dir, name));
  if (!hasMagic(segment)) {
    // A literal folder or file name ('..' too, which no listing holds).
    if (rest.length > 0) walk(path(segment), rest, out);
    else if (existsSync(path(segment))) out.push(path(segment));
    return;
  }
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir === '' ? '.' : dir, { withFileTypes: true });
  } catch {
    return;
  }
  if (segment === '**') {
    walk(dir, rest, out); // zero folders
    for (const e of entries) {
      if (e.isDirectory() && !e.name.startsWith('.') && !SKIP.has(e.name)) walk(path(e.name), segments, out);
    }
    return;
  }
  const re = segmentRegExp(segment);
  const dotOk = segment.startsWith('.');
  for (const e of entries) {
    if ((!dotOk && e.name.startsWith('.')) || !re.test(e.name)) continue;
    if (rest.length === 0) {
      if (e.isFile() || e.isSymbolicLink()) out.push(path(e.name));
    } else if (e.isDirectory() || e.isSymbolicLink()) walk(path(e.name), rest, out);
  }
}

/** The files a pattern names, sorted; a pattern without wildcards is returned as given. */
export function expandPattern(pattern: string): string[] {
  if (!hasMagic(pattern)) return [pattern];
  const out: string[] = [];
  for (const p of braces(pattern)) {
    const absolute = p.startsWith('/');
    const segments = p.split('/').filter((s, i) => s !== '' && !(s === '.' && i === 0));
    if (segments.at(-1) === '**') segments.push('*'); // dir/** is every file below dir
    walk(absolute ? '/' : '', segments, out);
  }
  return [...new Set(out)].sort();
}

/** The longest pattern a config's `ignore` may hold: with the matcher below, its cost per path is linear in it. */
export const IGNORE_GLOB_MAX = 1024;

type GlobToken = { kind: 'char'; c: string } | { kind: 'any' | 'star' | 'globstar' | 'dirs' };

/**
 * A config's file glob (`*` and `?` within a name, `**` anything, `**\/` any folders, all else literal) as a
 * predicate over a path relative to the config's folder. It simulates the pattern's automaton over the path, every
 * state at once: time is the path's length times the pattern's, whatever the pattern (a regular expression
 * backtracks: `**\/` ten times over a path 30 folders deep took 40 s).
 */
export function globMatcher(glob: string): (path: string) => boolean {
  const tokens: GlobToken[] = [];
  const source = glob.replace(/^\.\//, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '*' && source[i + 1] === '*') {
      if (source[i + 2] === '/') {
        tokens.push({ kind: 'dirs' });
        i += 2;
      } else {
        tokens.push({ kind: 'globstar' });
        i += 1;
      }
    } else if (c === '*') tokens.push({ kind: 'star' });
    else if (c === '?') tokens.push({ kind: 'any' });
    else tokens.push({ kind: 'char', c });
  }
  const n = tokens.length;
  /** States reached by nothing more: each token that may match nothing lets the next one start too. */
  const close = (main: Uint8Array) => {
    for (let i = 0; i < n; i++) {
      const k = tokens[i]!.kind;
      if (main[i] && (k === 'star' || k === 'globstar' || k === 'dirs')) main[i + 1] = 1;
    }
  };
  return (path: string) => {
    // main[i]: token i is next; inside[i]: within the folders of `**\/` token i, which a '/' may end.
    let main = new Uint8Array(n + 1);
    let inside = new Uint8Array(n + 1);
    main[0] = 1;
    close(main);
    for (const ch of path) {
      const nextMain = new Uint8Array(n + 1);
      const nextInside = new Uint8Array(n + 1);
      let any = false;
      for (let i = 0; i < n; i++) {
        const t = tokens[i]!;
        if (inside[i]) {
          nextInside[i] = 1;
          if (ch === '/') nextMain[i + 1] = 1;
          any = true;
        }
        if (!main[i]) continue;
        if (t.kind === 'char') {
          if (ch === t.c) nextMain[i + 1] = 1;
        } else if (t.kind === 'any') {
          if (ch !== '/') nextMain[i + 1] = 1;
        } else if (t.kind === 'star') {
          if (ch !== '/') nextMain[i] = 1;
        } else if (t.kind === 'globstar') nextMain[i] = 1;
        else {
          nextInside[i] = 1;
          if (ch === '/') nextMain[i + 1] = 1;
        }
        any = true;
      }
      if (!any) return false;
      close(nextMain);
      main = nextMain;
      inside = nextInside;
    }
    return main[n] === 1;
  };
}
