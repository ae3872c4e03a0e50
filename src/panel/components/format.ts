/** Numbers as the panel writes them: one formatter (a `toLocaleString(locale)` call builds a new one each time). */
const numbers = new Intl.NumberFormat('en');

/** 12,345. */
export const num = (n: number): string => numbers.format(n);

/** "1 event", "12,345 events": a count with its noun, singular for exactly one. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${num(n)} ${n === 1 ? one : many}`;

/** A count short enough for a badge: 9,999, then 12k, 200k, 1.2M. */
export const compact = (n: number): string =>
  n < 10_000 ? num(n) : n < 999_500 ? `${Math.round(n / 1000)}k` : `${(n / 1_000_000).toFixed(n < 9_950_000 ? 1 : 0)}M`;
