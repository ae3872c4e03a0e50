/**
 * Pause on an event, in the content script: the fetch streams the page hook holds (it made them while a pause was
 * armed). The network's bytes come here as they arrive (the agent is not held); the page gets them from here as far
 * as the panel lets them through, in order, byte for byte. Past the limit of bytes held for one document, a stream
 * is let go at once and the panel is told. Its effects (the port to the hook, the notice) are given: tested
 * without a browser, as the recorder and the replay answers are.
 */
import { HOLD_MAX_BYTES } from '../../bridge/limits';

interface Held {
  /** Bytes received and not yet given to the page, oldest first. */
  parts: Uint8Array[];
  /** Bytes received, and given to the page, from the stream's start. */
  received: number;
  given: number;
  /** How far the page may read (Infinity: all, from now on). */
  upTo: number;
  /** The stream ended (with this error, if any): the page's copy ends once it has every byte. */
  end?: { error?: string };
}

export interface HeldEffects {
  /** A message to the hook (bytes moved). */
  toHook(message: { kind: 'replay-data'; rid: number; bytes: Uint8Array } | { kind: 'replay-end'; rid: number; error?: string }, transfer?: Transferable[]): void;
  /** Something the user must know (a stream let go past the limit). */
  notice(id: number, message: string): void;
  /** The page's bytes as an array of this realm (Firefox: one copy out of the page's wrappers). */
  copy(bytes: Uint8Array): Uint8Array;
}

const MIB = 1024 * 1024;

export class HeldStreams {
  private readonly streams = new Map<number, Held>();
  private heldBytes = 0;
  private armed = false;

  constructor(
    private readonly fx: HeldEffects,
    private readonly limit = HOLD_MAX_BYTES,
  ) {}

  /** Whether a pause is armed: when it is no longer, every held stream goes on to its end. */
  setArmed(on: boolean): void {
    this.armed = on;
    if (!on) for (const id of [...this.streams.keys()]) this.release(id, null);
  }

  get isArmed(): boolean {
    return this.armed;
  }

  /** Whether any stream is held now (only then do its chunks need a look). */
  get holding(): boolean {
    return this.streams.size > 0;
  }

  /**
   * A message of the hook, looked at before the recorder takes it (never changed). True when it was the page's
   * cancel of a held stream (its AbortSignal, or its reader): that one is ours alone.
   */
  onPageMessage(data: unknown): boolean {
    const m = data as { kind?: unknown; id?: unknown; rid?: unknown; held?: unknown; bytes?: unknown; error?: unknown } | null;
    if (m?.kind === 'replay-cancel' && typeof m.rid === 'number' && this.streams.has(m.rid)) {
      this.heldBytes -= this.streams.get(m.rid)!.received - this.streams.get(m.rid)!.given;
      this.streams.delete(m.rid);
      this.fx.notice(m.rid, 'The page cancelled the paused stream (its AbortSignal or its reader): the pause ended with it.');
      return true;
    }
    if (!m || typeof m.id !== 'number') return false;
    if (m.kind === 'open') {
      if (m.held === m.id && !this.streams.has(m.id)) this.streams.set(m.id, { parts: [], received: 0, given: 0, upTo: this.armed ? 0 : Number.POSITIVE_INFINITY });
      return false;
    }
    const s = this.streams.get(m.id);
    if (!s) return false;
    if (m.kind === 'chunk' && ArrayBuffer.isView(m.bytes) && m.bytes.byteLength > 0) {
      // A copy: the recorder keeps the original.
      const bytes = this.fx.copy(m.bytes as Uint8Array);
      s.parts.push(bytes);
      s.received += bytes.length;
      this.heldBytes += bytes.length;
      this.pump(m.id, s);
      if (this.heldBytes > this.limit) this.overflow(m.id);
    } else if (m.kind === 'close') {
      s.end = typeof m.error === 'string' ? { error: m.error.replace(/^[A-Za-z]*Error: /, '') } : {};
      this.pump(m.id, s);
    }
    return false;
  }

  /** The panel's word: the page may read stream `id` up to byte `upTo` (null: all, from now on). */
  release(id: number, upTo: number | null): void {
    const s = this.streams.get(id);
    if (!s) return;
    s.upTo = upTo === null ? Number.POSITIVE_INFINITY : Math.max(s.upTo, upTo);
    this.pump(id, s);
  }

  private overflow(id: number): void {
    this.release(id, null);
    this.fx.notice(
      id,
      `The pause was released: the page would have had to wait for more than ${Math.round(this.limit / MIB)} MiB held back (this document's limit). The stream goes on to the page as it comes.`,
    );
  }

  /** Gives the page what it may read now; ends its copy when the stream has ended and it has every byte. */
  private pump(id: number, s: Held): void {
    while (s.given < s.upTo && s.parts.length > 0) {
      const part = s.parts[0]!;
      const n = Math.min(part.length, s.upTo - s.given);
      const bytes = n === part.length ? part : part.slice(0, n);
      if (n === part.length) s.parts.shift();
      else s.parts[0] = part.subarray(n);
      s.given += n;
      this.heldBytes -= n;
      this.fx.toHook({ kind: 'replay-data', rid: id, bytes }, [bytes.buffer as ArrayBuffer]);
    }
    if (s.end && s.given === s.received) {
      this.streams.delete(id);
      this.fx.toHook(s.end.error !== undefined ? { kind: 'replay-end', rid: id, error: s.end.error } : { kind: 'replay-end', rid: id });
    }
  }
}
