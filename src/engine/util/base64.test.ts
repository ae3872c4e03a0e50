import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, partsToBase64 } from './base64';
import { joinBytes } from './bytes';

describe('partsToBase64', () => {
  it('encodes parts exactly as their join, whatever the seams', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let trial = 0; trial < 500; trial++) {
      const parts = Array.from({ length: 1 + random(5) }, () => Uint8Array.from({ length: random(9) }, () => random(256)));
      const joined = joinBytes(parts);
      expect(partsToBase64(parts), JSON.stringify(parts.map((p) => p.length))).toBe(bytesToBase64(joined));
      expect(base64ToBytes(partsToBase64(parts))).toEqual(joined);
    }
  });

  it('encodes a big part after a few held bytes', () => {
    const big = Uint8Array.from({ length: 100_001 }, (_, i) => i % 251);
    const parts = [Uint8Array.of(1), Uint8Array.of(2, 3, 4, 5), big];
    expect(partsToBase64(parts)).toBe(bytesToBase64(joinBytes(parts)));
  });
});
