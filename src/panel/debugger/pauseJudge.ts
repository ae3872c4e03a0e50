/**
 * Pause on an event: the panel judges each event of a held stream (one the page hook gives its page only as far as
 * the panel says) against the armed conditions, in the filter language and with the run model, as the timeline's
 * filter reads them, and says how far the page may read: to the end of each event that does not match, to the start
 * of one that does (then the stream is paused before it). Step lets one more event through, Resume the rest (pausing
 * again at the next match), Resume to the end of the run ignores matches until RUN_FINISHED or RUN_ERROR.
 * No browser here: the session, its replay and the release are given (pauseJudge.test.ts).
 */
import type { Frame } from '../../engine/decode/frames';
import { typeLabel } from '../../engine/events/summary';
import type { Replay } from '../../engine/replay/replay';
import type { Session } from '../../engine/session/session';
import type { PauseSettings } from '../../bridge/messages';
import { endsRunAt, matches, parseQuery, subjectOf, type Term } from '../../engine/query';

/** How a stream goes on after a pause: judged against the conditions ('judged'), one event ('step'), or to its run's end. */
type Mode = 'judged' | 'step' | 'to-end';

interface Held {
  streamId: string;
  /** Event indices of its frames not yet judged, in order. */
  queue: number[];
  mode: Mode;
  /** Paused before this event (its index), if paused. */
  pausedAt?: number;
  /** Why: the condition it matched ("type:TOOL_CALL_START"), a protocol error, or a step. */
  reason?: string;
  /** The page may read up to here (bytes from the stream's start); -1: nothing said yet. */
  released: number;
  /** "On the first protocol error" has paused this stream once already. */
  errored: boolean;
  closed: boolean;
  /** Everything is let through, from now on (nothing armed, or the stream ended while running). */
  free: boolean;
}

export interface PausedStream {
  streamId: string;
  /** The event the page has not been given (the one that would come next). */
  index: number;
  type: string;
  /** The tool it is about, or its message id: what "(search)" says after the type. */
  detail?: string;
  reason: string;
}

/** A condition that would have paused a stream the extension cannot hold (EventSource, WebSocket, XHR). */
export interface Unheld {
  streamId: string;
  index: number;
  transport: string;
  reason: string;
}

export interface JudgeEffects {
  /** The page of `streamId` may read up to byte `upTo` (null: all, from now on). */
  release(streamId: string, upTo: number | null): void;
}


export class PauseJudge {
  private conditions: { query: string; terms: Term[] }[] = [];
  private onError = false;
  private readonly held = new Map<string, Held>();
  /** Streams not held (not fetch, or opened before anything was armed) that a condition matched: said once each. */
  private readonly unheld = new Map<string, Unheld>();
  private seen = 0;
  private noticesSeen = 0;
  private problemsSeen = 0;
  private readonly errors = new Set<number>();
  /** Held streams the relay let go (the page cancelled them, or the limit): never judged again. */
  private readonly gone = new Set<string>();
  private session: Session | undefined;
  private replay: Replay | undefined;

  /**
   * `since`: when this panel began to judge (epoch ms). A held stream that opened before it is another panel's to
   * judge (one was open, or nothing would be armed): this one neither pauses nor releases it.
   */
  constructor(
    private readonly fx: JudgeEffects,
    private readonly since = Number.NEGATIVE_INFINITY,
  ) {}

  get armed(): boolean {
    return this.onError || this.conditions.length > 0;
  }

  /** The conditions the user armed (off ones and empty ones left out). Nothing armed: every held stream goes on. */
  setSettings(settings: PauseSettings): void {
    this.conditions = settings.conditions
      .filter((c) => c.on && c.query.trim() !== '')
      .map((c) => ({ query: c.query.trim(), terms: parseQuery(c.query).terms }))
      .filter((c) => c.terms.length > 0);
    this.onError = settings.onError;
    if (!this.armed) for (const h of this.held.values()) this.free(h);
  }

  /** Judges what arrived since the last call (the session's frames, after its replay took them). */
  update(session: Session, replay: Replay): void {
    if (session !== this.session) {
      // Another session (a navigation, a Clear): its frames are judged from its start. What the old one held goes on
      // (a page that navigated has no use for it; after a Clear, a paused stream is not left waiting unseen).
      for (const h of this.held.values()) this.free(h);
      this.held.clear();
      this.unheld.clear();
      this.gone.clear();
      this.session = session;
      this.seen = 0;
      this.noticesSeen = 0;
    }
    if (replay !== this.replay) {
      this.replay = replay;
      this.problemsSeen = 0;
      this.errors.clear();
    }
    for (; this.problemsSeen < replay.problems.length; this.problemsSeen++) {
      const p = replay.problems[this.problemsSeen]!;
      if (p.severity === 'error') this.errors.add(p.eventIndex);
    }
    const frames = session.frames;
    for (; this.seen < frames.length; this.seen++) {
      const frame = frames[this.seen]!;
      const info = session.streams.get(frame.streamId)?.info;
      if (info?.held !== undefined) {
        const h = this.heldOf(frame.streamId, info.openedAt < this.since || this.gone.has(frame.streamId));
        if (!h.free) h.queue.push(this.seen);
      }
      else if (info && this.armed && !this.unheld.has(frame.streamId)) {
        const reason = this.matchOf(session, replay, this.seen, frame, false);
        if (reason) this.unheld.set(frame.streamId, { streamId: frame.streamId, index: this.seen, transport: info.transport, reason });
      }
    }
    // The page gave up a paused stream (its abort or cancel), or the relay let it go past its limit: it is over.
    // Its events may come before or after the notice: a stream let go stays let go.
    for (; this.noticesSeen < session.notices.length; this.noticesSeen++) {
      const n = session.notices[this.noticesSeen]!;
      if (n.code !== 'pause-released' || n.streamId === undefined) continue;
      this.gone.add(n.streamId);
      const h = this.held.get(n.streamId);
      if (h) this.free(h, false);
    }
    for (const [id, h] of this.held) {
      if (!h.closed && session.streams.get(id)?.info.closedAt !== undefined) h.closed = true;
      this.advance(session, replay, h);
    }
  }

  /** The streams paused now, the earliest first. */
  paused(): PausedStream[] {
    const out: PausedStream[] = [];
    const session = this.session;
    if (!session) return out;
    for (const h of this.held.values()) {
      if (h.pausedAt === undefined) continue;
      const event = session.frames[h.pausedAt]?.event as Record<string, unknown> | undefined;
      const callId = typeof event?.toolCallId === 'string' ? event.toolCallId : undefined;
      const tool = typeof event?.toolCallName === 'string' ? event.toolCallName : callId ? this.replay?.timeline.toolCallName(callId) : undefined;
      const detail = tool ?? (typeof event?.messageId === 'string' ? event.messageId : undefined);
      out.push({ streamId: h.streamId, index: h.pausedAt, type: typeLabel(session.frames[h.pausedAt]?.event), ...(detail !== undefined && { detail }), reason: h.reason ?? '' });
    }
    return out.sort((a, b) => a.index - b.index);
  }

  /** Conditions that matched streams the extension does not hold. */
  unheldMatches(): Unheld[] {
    return [...this.unheld.values()];
  }

  /** Event indices not yet given to the page, per held stream (its paused event and what came after it). */
  heldFrom(): Map<string, number> {
    const out = new Map<string, number>();
    for (const h of this.held.values()) if (h.pausedAt !== undefined) out.set(h.streamId, h.pausedAt);
    return out;
  }

  /** Lets the paused event through; the stream pauses again before the next one. */
  step(streamId: string): void {
    this.go(streamId, 'step');
  }

  /** Lets the paused event and the rest through, pausing at the next match. */
  resume(streamId: string): void {
    this.go(streamId, 'judged');
  }

  /** Lets everything through up to the end of the paused event's run (RUN_FINISHED or RUN_ERROR), then matches again. */
  resumeToEndOfRun(streamId: string): void {
    this.go(streamId, 'to-end');
  }

  private go(streamId: string, mode: Mode): void {
    const h = this.held.get(streamId);
    if (!h || h.pausedAt === undefined || !this.session || !this.replay) return;
    const at = h.pausedAt;
    h.pausedAt = undefined;
    delete h.reason;
    h.mode = mode;
    // The paused event itself goes (it is the first in the queue).
    h.queue.shift();
    const frame = this.session.frames[at]!;
    if (mode === 'to-end' && endsRunAt(this.replay!, at)) h.mode = 'judged';
    this.give(h, frame.range?.[1]);
    this.advance(this.session, this.replay, h);
  }

  /**
   * The stream's state, made at its first event (`theirs`: it opened before this panel judged, or the relay let it
   * go: it is left alone, and the relay is not told anything).
   */
  private heldOf(streamId: string, theirs: boolean): Held {
    let h = this.held.get(streamId);
    if (!h) {
      h = { streamId, queue: [], mode: 'judged', released: -1, errored: false, closed: false, free: theirs || !this.armed };
      this.held.set(streamId, h);
      if (h.free && !theirs) this.fx.release(streamId, null);
    }
    return h;
  }

  /** Judges the stream's queue until it pauses or runs out; a stream that ended while running goes on to its end. */
  private advance(session: Session, replay: Replay, h: Held): void {
    if (h.free) return;
    let upTo: number | undefined;
    while (h.pausedAt === undefined && h.queue.length > 0) {
      const i = h.queue[0]!;
      const frame = session.frames[i]!;
      const reason = h.mode === 'step' ? 'step' : h.mode === 'to-end' ? undefined : this.matchOf(session, replay, i, frame, !h.errored);
      if (reason) {
        h.pausedAt = i;
        h.reason = reason;
        if (reason === 'a protocol error') h.errored = true;
        upTo = frame.range?.[0] ?? upTo;
        break;
      }
      h.queue.shift();
      if (h.mode === 'to-end' && endsRunAt(replay, i)) h.mode = 'judged';
      upTo = frame.range?.[1] ?? upTo;
    }
    if (upTo !== undefined) this.give(h, upTo);
    if (h.pausedAt === undefined && h.queue.length === 0 && h.closed) this.free(h);
  }

  private give(h: Held, upTo: number | undefined): void {
    if (upTo === undefined || upTo <= h.released) return;
    h.released = upTo;
    this.fx.release(h.streamId, upTo);
  }

  /** Everything goes on from now (`tell`: the relay is told; not when it let the stream go itself). */
  private free(h: Held, tell = true): void {
    if (h.free) return;
    h.free = true;
    h.pausedAt = undefined;
    h.queue = [];
    if (tell) this.fx.release(h.streamId, null);
  }

  /** Why event i pauses its stream (the condition it matched), or undefined. */
  private matchOf(session: Session, replay: Replay, i: number, frame: Frame, errors: boolean): string | undefined {
    if (this.onError && errors && (this.errors.has(i) || frame.diagnostics.some((d) => d.severity === 'error'))) return 'a protocol error';
    if (this.conditions.length === 0) return undefined;
    const subject = subjectOf(session, replay, i);
    return this.conditions.find((c) => matches(c.terms, subject))?.query;
  }
}
