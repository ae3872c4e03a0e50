/**
 * Counts the events a stream's chunks complete, without decoding them: SSE frames end with a blank line,
 * protobuf frames are length-prefixed, JSON messages are one event each. Used for buffer limits and for
 * telling the user how many events a full buffer dropped.
 */
export class EventCounter {
  // SSE line state, carried across chunks.
  private prevCR = false;
  private lineLength = 0;
  private lineIsComment = false;
  private frameHasField = false;
  // Protobuf: bytes left in the current frame, and a length being read.
  private skip = 0;
  private lengthBytes: number[] = [];

  constructor(private readonly format: 'sse' | 'proto' | 'json') {}

  /** Whether the stream is at an event boundary now (a chunk starting here starts with a whole event). */
  get clean(): boolean {
    if (this.format === 'json') return true;
    if (this.format === 'proto') return this.skip === 0 && this.lengthBytes.length === 0;
    return this.lineLength === 0 && !this.frameHasField && !this.prevCR;
  }

  /** Offset just past the last event boundary in the bytes last counted (-1: none in them). */
  boundary = -1;

  count(b: Uint8Array): number {
    this.boundary = -1;
    if (this.format === 'json') {
      this.boundary = b.length;
      return 1;
    }
    return this.format === 'sse' ? this.sse(b) : this.proto(b);
  }

  private sse(b: Uint8Array): number {
    let n = 0;
    for (let i = 0; i < b.length; i++) {
      const c = b[i]!;
      if (c === 10 && this.prevCR) {
        this.prevCR = false;
        if (this.boundary === i) this.boundary = i + 1;
        continue;
      }
      this.prevCR = c === 13;
      if (c === 10 || c === 13) {
        if (this.lineLength === 0) {
          if (this.frameHasField) n++;
          this.frameHasField = false;
          this.boundary = i + 1;
        } else if (!this.lineIsComment) this.frameHasField = true;
        this.lineLength = 0;
        this.lineIsComment = false;
      } else {
        if (this.lineLength === 0 && c === 58) this.lineIsComment = true;
        this.lineLength++;
      }
    }
    return n;
  }

  private proto(b: Uint8Array): number {
    let n = 0;
    let i = 0;
    while (i < b.length) {
      if (this.skip > 0) {
        const step = Math.min(this.skip, b.length - i);
        this.skip -= step;
        i += step;
        if (this.skip === 0) {
          n++;
          this.boundary = i;
        }
        continue;
      }
      this.lengthBytes.push(b[i++]!);
      if (this.lengthBytes.length === 4) {
        const [a, c, d, e] = this.lengthBytes as [number, number, number, number];
        this.skip = ((a << 24) | (c << 16) | (d << 8) | e) >>> 0;
        this.lengthBytes = [];
        if (this.skip === 0) {
          n++;
          this.boundary = i;
        }
      }
    }
    return n;
  }
}
