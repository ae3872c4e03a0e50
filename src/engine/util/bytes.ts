/** The parts as one array (the part itself when there is one); `size`, when known, saves adding up their lengths. */
export const joinBytes = (parts: readonly Uint8Array[], size = parts.reduce((n, p) => n + p.length, 0)): Uint8Array => {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
