import { expect, test } from 'vitest';
import { compact, counted, num } from './format';

test('numbers with thousands separators, counts with their noun, singular for one', () => {
  expect(num(186831)).toBe('186,831');
  expect(counted(1, 'error')).toBe('1 error');
  expect(counted(0, 'error')).toBe('0 errors');
  expect(counted(12345, 'delta')).toBe('12,345 deltas');
  expect(counted(2, 'reply')).toBe('2 replies');
});

test('badge counts stay short: whole up to 9,999, then k and M', () => {
  expect([0, 29, 9999, 10_000, 12_345, 200_000, 999_499, 999_500, 1_234_567, 9_949_999, 12_000_000].map(compact)).toEqual([
    '0',
    '29',
    '9,999',
    '10k',
    '12k',
    '200k',
    '999k',
    '1.0M',
    '1.2M',
    '9.9M',
    '12M',
  ]);
});
