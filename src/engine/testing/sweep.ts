/**
 * How many generated sequences the property tests sweep. `npm test` sweeps 500 seeds (each sweep a few seconds);
 * `npm run test:deep` sweeps 5,000, from a later first seed when AGUI_SWEEP_FROM is set, to look further.
 * AGUI_DIFF_SEQUENCES is the name earlier sessions used, still read.
 */
const env = (name: string): number | undefined => {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}=${v} is not a whole number of sequences`);
  return n;
};

export const SWEEP = env('AGUI_SWEEP') ?? env('AGUI_DIFF_SEQUENCES') ?? 500;
/** The first seed of a sweep. */
export const SWEEP_FROM = env('AGUI_SWEEP_FROM') ?? 1;
/** The seeds of a sweep of `count` sequences. */
export const sweepSeeds = (count = SWEEP): number[] => Array.from({ length: count }, (_, i) => SWEEP_FROM + i);
