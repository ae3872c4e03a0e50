/** The store listing under store/ (see store/README.md): its texts, its pictures and its privacy answers. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/engine/verify/rules';

const ROOT = join(__dirname, '..');
const STORE = join(ROOT, 'store');
const LANGS = ['en', 'ko'] as const;
const read = (...path: string[]) => readFileSync(join(...path), 'utf8');
/** Characters as the stores count them (code points, not UTF-16 units). */
const length = (s: string) => [...s].length;

describe.each(LANGS)('the %s listing', (lang) => {
  const short = read(STORE, lang, 'short.txt').trim();
  const long = read(STORE, lang, 'long.txt').trim();

  it("has a short description of at most 132 characters that is the manifest's description in that language", () => {
    expect(length(short)).toBeGreaterThan(40);
    expect(length(short)).toBeLessThanOrEqual(132);
    const messages = JSON.parse(read(ROOT, 'public', '_locales', lang, 'messages.json')) as Record<string, { message: string }>;
    expect(short).toBe(messages.extDescription?.message);
  });

  it('has a long description in plain text, within the stores\' bounds, naming the rule count the engine has', () => {
    expect(length(long)).toBeGreaterThanOrEqual(250);
    expect(length(long)).toBeLessThanOrEqual(10_000);
    expect(long).not.toMatch(/<\/?[a-z][^>]*>|\]\(|^#/m); // no HTML, no Markdown links or headings
    const counts = [...long.matchAll(/(\d+)\s*(?:protocol rules|개의 프로토콜 규칙)/g)].map((m) => Number(m[1]));
    expect(counts).toEqual([Object.keys(RULES).length]);
  });

  it('has the same outline as the English one (paragraphs and bullets), so that neither language misses a point', () => {
    const outline = (s: string) => s.split(/\n\s*\n/).map((p) => p.split('\n').filter((l) => l.startsWith('•')).length);
    expect(outline(long)).toEqual(outline(read(STORE, 'en', 'long.txt').trim()));
  });

  it('has at least four 1280×800 screenshots and the 440×280 tile, as PNGs', () => {
    const dir = join(STORE, 'screenshots');
    const size = (name: string) => {
      const b = readFileSync(join(dir, name));
      expect(b.toString('latin1', 1, 4), name).toBe('PNG');
      return [b.readUInt32BE(16), b.readUInt32BE(20)];
    };
    const shots = readdirSync(dir).filter((n) => n.startsWith(`${lang}-`) && /^..-\d-.*\.png$/.test(n));
    expect(shots.length).toBeGreaterThanOrEqual(4);
    for (const n of shots) expect(size(n), n).toEqual([1280, 800]);
    expect(existsSync(join(dir, `${lang}-tile-440x280.png`))).toBe(true);
    expect(size(`${lang}-tile-440x280.png`)).toEqual([440, 280]);
  });
});

it("the privacy practices justify each permission and host permission of the manifest, and no other", () => {
  const manifest = JSON.parse(read(ROOT, 'manifest.json')) as { permissions: string[]; optional_permissions?: string[]; optional_host_permissions?: string[]; host_permissions?: string[] };
  const rows = read(STORE, 'privacy-practices.md')
    .split('\n')
    .filter((l) => /^\| `[^`]+`/.test(l))
    .map((l) => /^\| `([^`]+)`/.exec(l)![1]!)
    .sort();
  expect(rows).toEqual([...manifest.permissions, ...(manifest.optional_permissions ?? []), ...(manifest.host_permissions ?? []), ...(manifest.optional_host_permissions ?? [])].sort());
});
