import { describe, expect, it } from 'vitest';
import { CaptureRecordSchema } from './messages';
import { type ChunkRecord, chunkBytes, chunkLength, compact, readBlobs, withChunkBytes } from './chunkData';

const bytes = new TextEncoder().encode('data: {"type":"RUN_STARTED"}\n\n');
const asBase64: ChunkRecord = { kind: 'chunk', id: 1, t: 0, base64: Buffer.from(bytes).toString('base64'), n: 1 };
const asBytes: ChunkRecord = { kind: 'chunk', id: 1, t: 0, bytes, n: 1 };

it('a chunk carries base64, bytes or a Blob, exactly one of them', () => {
  expect(CaptureRecordSchema.safeParse(asBase64).success).toBe(true);
  expect(CaptureRecordSchema.safeParse(asBytes).success).toBe(true);
  expect(CaptureRecordSchema.safeParse({ ...asBase64, bytes }).success).toBe(false);
  expect(CaptureRecordSchema.safeParse({ kind: 'chunk', id: 1, t: 0, blob: new Blob([bytes]), ends: Uint32Array.of(bytes.length), n: 1 }).success).toBe(true);
  expect(CaptureRecordSchema.safeParse({ ...asBytes, blob: new Blob([bytes]) }).success).toBe(false);
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

describe('readBlobs', () => {
  it('gives each Blob record its span as bytes of its own, and says what it could not read', async () => {
    class Broken extends Blob {
      override arrayBuffer(): Promise<ArrayBuffer> {
        return Promise.reject(new Error('gone'));
      }
    }
    // Two spans of one Blob, as the background leaves a record it cut (the rest of it), and one that cannot be read.
    const shared = new Blob(['data: 1\n\ndata: 2\n\n']);
    const broken = new Broken(['12345']);
    const item = (blob: Blob, span: [number, number]) => ({ record: { kind: 'chunk' as const, id: 1, t: 0, blob, span, ends: Uint32Array.of(span[1] - span[0]), n: 1 } });
    const items = [item(shared, [0, 9]), item(shared, [9, 18]), item(broken, [0, 5]), { record: { kind: 'close' as const, id: 1, t: 1 } }];
    const failed: [number, string][] = [];
    await readBlobs(items, (bytes, reason) => failed.push([bytes, reason]));
    const [a, b, c] = items.map((i) => i.record as { bytes?: Uint8Array; blob?: Blob });
    expect(Buffer.from(a!.bytes!).toString()).toBe('data: 1\n\n');
    expect(Buffer.from(b!.bytes!).toString()).toBe('data: 2\n\n');
    expect(a!.bytes!.buffer.byteLength).toBe(9);
    expect(a!.blob).toBeUndefined();
    expect(c!.bytes!.length).toBe(0);
    expect(failed).toEqual([[5, 'gone']]);
    expect(items[3]!.record.kind).toBe('close');
  });
});
