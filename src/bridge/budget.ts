/**
 * Runtime messages are sized in bytes on every hop. Chrome refuses a message over 64 MiB after serialization;
 * we stay far below: batches under MESSAGE_BUDGET, and a record bigger than that travels in parts (its bytes cut,
 * or the base64 of one read from a file at a multiple of 4 characters), joined again by the receiver before anything else sees it.
 */
import { type ChunkRecord, chunkLength, chunkMessageLength, chunkPieces, joinPieces } from './chunkData';
import type { CaptureRecord } from './messages';

export const MESSAGE_BUDGET = 8 * 1024 * 1024;

/** A little for the envelope of each item (keys, numbers). */
const ENVELOPE = 160;

const textSize = (s: string | undefined): number => (s === undefined ? 0 : s.length);
const headersSize = (list: [string, string][]): number => {
  let n = 0;
  for (const [k, v] of list) n += k.length + v.length + 8;
  return n;
};

/**
 * Bytes a record holds, near enough: strings by their length (JSON escapes are rare in what we send, and the
 * budget leaves a factor of 8 to the browser's limit for them), a Blob by its size (memory limits count it).
 */
export function recordSize(record: CaptureRecord): number {
  switch (record.kind) {
    case 'chunk':
      return ENVELOPE + chunkLength(record);
    case 'open':
      return (
        ENVELOPE +
        textSize(record.url) +
        textSize(record.frameUrl) +
        textSize(record.statusText) +
        textSize(record.method) +
        textSize(record.requestBody) +
        textSize(record.note) +
        headersSize(record.requestHeaders) +
        headersSize(record.responseHeaders)
      );
    case 'close':
      return ENVELOPE + textSize(record.error);
    case 'notice':
      return ENVELOPE + textSize(record.message);
    default: {
      const unhandled: never = record;
      return unhandled;
    }
  }
}

/** Bytes a record adds to a message: a Blob's bytes do not travel in it (a handle does). */
export const messageSize = (record: CaptureRecord): number => (record.kind === 'chunk' ? ENVELOPE + chunkMessageLength(record) : recordSize(record));

interface Partable {
  record: CaptureRecord;
  part?: { index: number; of: number } | undefined;
}

/** One record as the parts it travels in (itself when it fits, or when it is a Blob: a handle, whatever its size). */
export function partsOf<T extends Partable>(item: T, budget = MESSAGE_BUDGET): T[] {
  const { record } = item;
  if (record.kind !== 'chunk' || record.blob || chunkLength(record) + ENVELOPE <= budget) return [item];
  const pieces = chunkPieces(record, budget - ENVELOPE);
  return pieces.map((piece, index) => ({ ...item, record: piece, part: { index, of: pieces.length } }));
}

/** Items grouped in batches under the budget (in message bytes), in order; a record bigger than the budget goes alone, in parts. */
export function* batches<T extends Partable>(items: Iterable<T>, budget = MESSAGE_BUDGET): Generator<T[]> {
  let batch: T[] = [];
  let size = 0;
  for (const item of items) {
    for (const piece of partsOf(item, budget)) {
      const bytes = messageSize(piece.record);
      if (batch.length > 0 && size + bytes > budget) {
        yield batch;
        batch = [];
        size = 0;
      }
      batch.push(piece);
      size += bytes;
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Joins records that arrive in parts. Parts of one record come in order from one sender; a resend starts
 * again at part 0. Returns the whole record once its last part is in, else null.
 */
export class Reassembler<T extends Partable> {
  private readonly pending = new Map<string, { first: T; pieces: ChunkRecord[] }>();

  take(key: string, item: T): T | null {
    const { part } = item;
    if (!part) return item;
    if (item.record.kind !== 'chunk') return null;
    let entry = this.pending.get(key);
    if (part.index === 0) {
      entry = { first: item, pieces: [] };
      this.pending.set(key, entry);
    }
    if (!entry || entry.pieces.length !== part.index) return null;
    entry.pieces.push(item.record);
    if (entry.pieces.length < part.of) return null;
    this.pending.delete(key);
    const { part: _done, ...whole } = entry.first;
    return { ...whole, record: joinPieces(entry.pieces) } as T;
  }

  /** Bytes held in unfinished records. */
  get size(): number {
    let n = 0;
    for (const entry of this.pending.values()) for (const p of entry.pieces) n += chunkLength(p);
    return n;
  }

  /** Forgets unfinished records the sender will never finish (they were dropped). */
  forget(drop: (key: string) => boolean): void {
    for (const key of [...this.pending.keys()]) if (drop(key)) this.pending.delete(key);
  }

  clear(): void {
    this.pending.clear();
  }
}
