import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64';

describe('base64', () => {
  it('round-trips any bytes, as Node encodes them', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let trial = 0; trial < 200; trial++) {
      const bytes = Uint8Array.from({ length: random(40) }, () => random(256));
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    }
  });

  it('encodes a chunk bigger than the 32 KB slices it is built from', () => {
    const big = Uint8Array.from({ length: 100_001 }, (_, i) => i % 251);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });
});
