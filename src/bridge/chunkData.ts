/**
 * A captured chunk's bytes cross extension contexts as the bytes themselves where runtime messaging clones
 * structured data (Firefox; Chrome with the manifest's message_serialization: no encoding, a third less to copy), and
 * as base64 where a record is JSON. Every reader and writer of a chunk record's bytes goes through here, so either
 * form works on every hop.
 */
import { base64ToBytes, bytesToBase64 } from '../engine/util/base64';
import { joinBytes } from '../engine/util/bytes';
import type { CaptureRecord } from './messages';

export type ChunkRecord = Extract<CaptureRecord, { kind: 'chunk' }>;
type Bare = Omit<ChunkRecord, 'base64' | 'bytes'>;

const bare = (r: ChunkRecord): Bare => {
  const { base64: _b, bytes: _y, ...rest } = r;
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

export const chunkBytes = (r: ChunkRecord): Uint8Array => r.bytes ?? base64ToBytes(r.base64 ?? '');

/** Its length on the wire: base64 characters or bytes. */
export const chunkLength = (r: ChunkRecord): number => (r.bytes ? r.bytes.byteLength : (r.base64?.length ?? 0));

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
