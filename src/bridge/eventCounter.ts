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

  constructor(readonly format: 'sse' | 'proto' | 'json') {}

  /** Counting stops once this many events are complete and the boundary is at least `stopBytes` in (cutPoint). */
  private stopEvents = Infinity;
  private stopBytes = 0;
  private done(n: number): boolean {
    return n >= this.stopEvents && this.boundary >= this.stopBytes;
  }

  /** Offset just past the last event boundary in the bytes last counted (-1: none in them). */
  boundary = -1;

  /** When set, count() adds the offset just past each event it completes (in the bytes it counts) to it. */
  ends: number[] | undefined;

  /** Whether a CR has been seen: until then the fast path (native indexOf for LF) is exact. */
  private sawCR = false;
  /** LF-only fast path: the previous byte was LF, and the current frame's first byte. */
  private afterLF = false;
  private frameFirst = -1;

  count(b: Uint8Array): number {
    this.boundary = -1;
    if (this.format === 'json') {
      this.boundary = b.length;
      this.ends?.push(b.length);
      return 1;
    }
    if (this.format === 'proto') return this.proto(b);
    if (!this.sawCR && b.indexOf(13) !== -1) {
      this.sawCR = true;
      // From here on the byte loop, starting from the fast path's state.
      const atFrameStart = this.frameFirst === -1;
      this.lineLength = atFrameStart || this.afterLF ? 0 : 1;
      this.frameHasField = !atFrameStart && this.afterLF && this.frameFirst !== 58;
      this.lineIsComment = !atFrameStart && !this.afterLF && this.frameFirst === 58;
    }
    return this.sawCR ? this.sse(b) : this.sseLF(b);
  }

  /** SSE with LF line ends only: blank lines found with native indexOf (most streams; fast on big chunks). */
  private sseLF(b: Uint8Array): number {
    let n = 0;
    let i = 0;
    if (this.afterLF && b[0] === 10) {
      // The blank line straddles the chunks.
      if (this.frameFirst !== 58) {
        n++;
        this.ends?.push(1);
      }
      this.frameFirst = -1;
      this.boundary = 1;
      i = 1;
    }
    if (this.frameFirst === -1 && i < b.length) this.frameFirst = b[i]!;
    for (;;) {
      const lf = b.indexOf(10, i);
      if (lf === -1) break;
      if (b[lf + 1] === 10) {
        // A frame ends: a comment-only frame (":" first) is a heartbeat, not an event.
        const event = this.frameFirst !== -1 && this.frameFirst !== 58;
        this.boundary = lf + 2;
        if (event) {
          n++;
          this.ends?.push(lf + 2);
        }
        if (event && this.done(n)) return n;
        i = lf + 2;
        this.frameFirst = i < b.length ? b[i]! : -1;
      } else i = lf + 1;
    }
    this.afterLF = b.length > 0 && b[b.length - 1] === 10 && this.frameFirst !== -1;
    return n;
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
          const event = this.frameHasField;
          this.frameHasField = false;
          this.boundary = c === 13 && b[i + 1] === 10 ? i + 2 : i + 1;
          if (event) {
            n++;
            this.ends?.push(this.boundary);
          }
          if (event && this.done(n)) return n;
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
          this.ends?.push(i);
          if (this.done(n)) return n;
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
          this.ends?.push(i);
          if (this.done(n)) return n;
        }
      }
    }
    return n;
  }

  /**
   * Where to cut a record that begins at an event boundary so that at least `events` events and `bytes` bytes go
   * (the fewest whole events that do): the offset just past that event, and how many events go. Undefined when the
   * cut would take the whole record (or the format has one event per record).
   */
  static cutPoint(format: 'sse' | 'proto' | 'json', b: Uint8Array, events: number, bytes: number): { offset: number; events: number } | undefined {
    if (format === 'json') return undefined;
    const counter = new EventCounter(format);
    counter.stopEvents = Math.max(1, events);
    counter.stopBytes = bytes;
    const n = counter.count(b);
    if (n < counter.stopEvents || counter.boundary < bytes || counter.boundary >= b.length) return undefined;
    return { offset: counter.boundary, events: n };
  }
}
