/** Base64 for bytes crossing JSON-only extension messaging. Uses the native codec where there is one. */

interface Base64Native {
  toBase64?: () => string;
}
interface Base64Ctor {
  fromBase64?: (s: string) => Uint8Array;
}

export const bytesToBase64 = (bytes: Uint8Array): string => {
  const native = (bytes as Base64Native).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000) as unknown as number[]);
  }
  return btoa(binary);
};

/**
 * The base64 of the bytes of `parts` one after another, without joining them (a big chunk after a few held bytes
 * is not copied): each part is encoded from a multiple of 3 bytes in, the 1 or 2 bytes around each seam together.
 */
export const partsToBase64 = (parts: readonly Uint8Array[]): string => {
  if (parts.length === 1) return bytesToBase64(parts[0]!);
  let out = '';
  let carry = new Uint8Array(0);
  for (const part of parts) {
    if (part.length === 0) continue;
    // Complete the carried bytes to 3 with the start of this part.
    const take = carry.length === 0 ? 0 : Math.min(3 - carry.length, part.length);
    if (take > 0) {
      const seam = new Uint8Array(carry.length + take);
      seam.set(carry);
      seam.set(part.subarray(0, take), carry.length);
      if (seam.length < 3) {
        carry = seam;
        continue;
      }
      out += bytesToBase64(seam);
    }
    const rest = part.subarray(take);
    const whole = rest.length - (rest.length % 3);
    if (whole > 0) out += bytesToBase64(rest.subarray(0, whole));
    carry = rest.slice(whole);
  }
  return carry.length > 0 ? out + bytesToBase64(carry) : out;
};

export const base64ToBytes = (base64: string): Uint8Array => {
  const native = (Uint8Array as unknown as Base64Ctor).fromBase64;
  if (typeof native === 'function') return native(base64);
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
};
