import { expect, it } from 'vitest';
import { CaptureRecordSchema } from './messages';
import { type ChunkRecord, chunkBytes, chunkLength, compact, withChunkBytes } from './chunkData';

const bytes = new TextEncoder().encode('data: {"type":"RUN_STARTED"}\n\n');
const asBase64: ChunkRecord = { kind: 'chunk', id: 1, t: 0, base64: Buffer.from(bytes).toString('base64'), n: 1 };
const asBytes: ChunkRecord = { kind: 'chunk', id: 1, t: 0, bytes, n: 1 };

it('a chunk carries base64 or bytes, exactly one of the two', () => {
  expect(CaptureRecordSchema.safeParse(asBase64).success).toBe(true);
  expect(CaptureRecordSchema.safeParse(asBytes).success).toBe(true);
  expect(CaptureRecordSchema.safeParse({ ...asBase64, bytes }).success).toBe(false);
  expect(CaptureRecordSchema.safeParse({ kind: 'chunk', id: 1, t: 0, n: 1 }).success).toBe(false);
});

it('reads and rewrites the bytes in the form the record came in', () => {
  expect(chunkBytes(asBase64)).toEqual(bytes);
  expect(chunkBytes(asBytes)).toBe(bytes);
  expect(chunkLength(asBase64)).toBe(asBase64.base64!.length);
  expect(chunkLength(asBytes)).toBe(bytes.length);
  const tail = bytes.subarray(6);
  expect(withChunkBytes(asBase64, tail)).toEqual({ kind: 'chunk', id: 1, t: 0, base64: Buffer.from(tail).toString('base64'), n: 1 });
  const cut = withChunkBytes(asBytes, tail);
  expect(cut.base64).toBeUndefined();
  expect(cut.bytes).toEqual(tail);
  // A view into a bigger buffer is copied out (a structured clone would copy the whole buffer).
  expect(cut.bytes!.buffer.byteLength).toBe(tail.length);
  expect(compact(bytes)).toBe(bytes);
});
