/** Base64 for bytes in JSON (session files, replay steps). Uses the native codec where there is one. */

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

export const base64ToBytes = (base64: string): Uint8Array => {
  const native = (Uint8Array as unknown as Base64Ctor).fromBase64;
  if (typeof native === 'function') return native(base64);
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
};
