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
