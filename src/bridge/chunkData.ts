/**
 * A captured chunk's bytes cross extension contexts in one of three forms: the bytes themselves where runtime
 * messaging clones structured data (Firefox), a Blob (Chrome: its messaging copies a byte array on the sender's thread
 * at 15-30 ms per MB, while a Blob is made at 3-10 ms per MB and goes as a handle to bytes the browser holds), and
 * base64 where a record is JSON. A Blob record carries the end offset of each of its events (`ends`), so that whoever
 * holds it can cut it at an event boundary without reading it (the rest is a `span` of the same Blob). Every reader and writer of a chunk record's bytes goes
 * through here, so any form works on every hop; only a Blob's receiver (the panel) reads it, asynchronously.
 */
import { base64ToBytes, bytesToBase64 } from '../engine/util/base64';
import { joinBytes } from '../engine/util/bytes';
import type { CaptureRecord } from './messages';

export type ChunkRecord = Extract<CaptureRecord, { kind: 'chunk' }>;
type Bare = Omit<ChunkRecord, 'base64' | 'bytes' | 'blob' | 'span' | 'ends'>;

const bare = (r: ChunkRecord): Bare => {
  const { base64: _b, bytes: _y, blob: _l, span: _s, ends: _e, ...rest } = r;
  return rest;
};

/**
 * Bytes that own their buffer: structured cloning copies a view's whole buffer, so a view into a bigger one (a
 * page's read, cut at an event boundary) is copied out first.
 */
export const compact = (b: Uint8Array): Uint8Array => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : b.slice());

/** A record whose bytes own their buffer (the relay sends a view that is most of its buffer as it is). */
export const owningRecord = <T extends { record: CaptureRecord }>(item: T): T => {
  const { record } = item;
  const bytes = record.kind === 'chunk' && record.bytes ? compact(record.bytes) : undefined;
  return bytes && bytes !== (record as ChunkRecord).bytes ? { ...item, record: { ...record, bytes } } : item;
};

/** The bytes of a record in bytes or base64 (a Blob record is read first: readBlobs). */
export const chunkBytes = (r: ChunkRecord): Uint8Array => {
  if (r.blob) throw new Error('A Blob chunk is read (readBlobs) before its bytes are used');
  return r.bytes ?? base64ToBytes(r.base64 ?? '');
};

/** A Blob record's bytes in its Blob: `span`, or all of it. */
export const blobSpan = (r: ChunkRecord): [number, number] => r.span ?? [0, r.blob?.size ?? 0];

/** Its length: base64 characters, or bytes (in the record, or its span of its Blob). */
export const chunkLength = (r: ChunkRecord): number => {
  if (r.bytes) return r.bytes.byteLength;
  if (!r.blob) return r.base64?.length ?? 0;
  const [from, to] = blobSpan(r);
  return to - from;
};

/** What it adds to a message: a Blob travels as a handle, with its events' end offsets. */
export const chunkMessageLength = (r: ChunkRecord): number => (r.blob ? (r.ends?.byteLength ?? 0) : chunkLength(r));

/**
 * A Blob record without its first events, the fewest that make `events` events and `bytes` bytes go (as
 * EventCounter.cutPoint does for bytes), read from its event ends: the rest is a shorter span of the same Blob,
 * nothing read, nothing copied. Undefined when the cut would take the whole record.
 */
export const cutBlobRecord = (r: ChunkRecord, events: number, bytes: number): { record: ChunkRecord; events: number } | undefined => {
  const { blob, ends } = r;
  if (!blob || !ends) return undefined;
  const [from, to] = blobSpan(r);
  let k = Math.max(1, events);
  while (k <= ends.length && ends[k - 1]! < bytes) k++;
  if (k >= ends.length || ends[k - 1]! >= to - from) return undefined;
  const offset = ends[k - 1]!;
  const rest = ends.subarray(k).map((end) => end - offset);
  return { record: { ...bare(r), blob, span: [from + offset, to], ends: rest, n: r.n - k }, events: k };
};

/**
 * Replaces each Blob record of `items` with the same record in bytes (its span of its Blob, in a buffer of its own),
 * all read at once; resolves when every one is read. A Blob that cannot be read gives its record no bytes, and
 * `failed` says how many bytes that was (nothing silent).
 */
export async function readBlobs<T extends { record: CaptureRecord }>(items: T[], failed: (bytes: number, reason: string) => void): Promise<void> {
  await Promise.all(
    items.map(async (item, i) => {
      const r = item.record;
      if (r.kind !== 'chunk' || !r.blob) return;
      const [from, to] = blobSpan(r);
      let bytes: Uint8Array;
      try {
        const buffer = await r.blob.arrayBuffer();
        bytes = new Uint8Array(from === 0 && to === buffer.byteLength ? buffer : buffer.slice(from, to));
      } catch (error) {
        failed(to - from, error instanceof Error ? error.message : String(error));
        bytes = new Uint8Array(0);
      }
      items[i] = { ...item, record: { ...bare(r), bytes } };
    }),
  );
}

/** The record with these bytes instead, in the form `like` travels in (bytes when `binary`). */
export const withChunkBytes = (r: ChunkRecord, bytes: Uint8Array, binary = r.bytes !== undefined): ChunkRecord =>
  binary ? { ...bare(r), bytes: compact(bytes) } : { ...bare(r), base64: bytesToBase64(bytes) };

/** Pieces of at most `step` (base64: a multiple of 4 characters, so each piece decodes alone; bytes: any). */
export const chunkPieces = (r: ChunkRecord, step: number): ChunkRecord[] => {
  const length = chunkLength(r);
  const size = r.bytes ? Math.max(1, step) : Math.max(4, Math.floor(step / 4) * 4);
  const out: ChunkRecord[] = [];
  for (let from = 0; from < length; from += size) {
    out.push(r.bytes ? { ...bare(r), bytes: r.bytes.slice(from, from + size) } : { ...bare(r), base64: (r.base64 ?? '').slice(from, from + size) });
  }
  return out;
};

/** The record its pieces were cut from (in order; the last piece's fields). */
export const joinPieces = (pieces: readonly ChunkRecord[]): ChunkRecord => {
  const last = pieces[pieces.length - 1]!;
  return last.bytes
    ? { ...bare(last), bytes: joinBytes(pieces.map((p) => p.bytes ?? new Uint8Array(0))) }
    : { ...bare(last), base64: pieces.map((p) => p.base64 ?? '').join('') };
};
