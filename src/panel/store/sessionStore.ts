import { batch, computed, signal } from '@preact/signals';
import type { Frame } from '../../engine/decode/frames';
import { keyIds, typeLabel } from '../../engine/events/summary';
import { Session } from '../../engine/session/session';

/**
 * The panel's view of one tab's captured session. The Session holds the truth; signals here only say
 * "it changed" (once per animation frame at most) and hold what the user selected.
 */
export function createSessionStore() {
  const session = signal(new Session());
  /** Bumped when frames were added; everything derived reads it. */
  const version = signal(0);
  const dropped = signal(0);
  const selected = signal<number | null>(null);
  const filter = signal('');
  /** Time of the RUN_STARTED that each frame's run began with (per stream), for "+ms since run start". */
  let runStart: number[] = [];
  const lastRunStart = new Map<string, number>();
  let unsubscribe: () => void = () => undefined;
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const flush = () => {
      scheduled = false;
      version.value++;
    };
    if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(flush);
    else setTimeout(flush, 16);
  };

  const attach = (s: Session) => {
    unsubscribe();
    runStart = [];
    lastRunStart.clear();
    unsubscribe = s.subscribe((frames, from) => {
      for (let i = from; i < frames.length; i++) {
        const frame = frames[i]!;
        if (typeLabel(frame.event) === 'RUN_STARTED') lastRunStart.set(frame.streamId, frame.t);
        runStart[i] = lastRunStart.get(frame.streamId) ?? session.value.streams.get(frame.streamId)?.info.openedAt ?? frame.t;
      }
      schedule();
    });
  };
  attach(session.value);

  /** The frames array grows in place; a fresh wrapper per version makes readers re-render. */
  const frames = computed((): { all: readonly Frame[]; version: number } => ({
    all: session.value.frames,
    version: version.value,
  }));

  const eventCount = computed(() => {
    void version.value;
    let n = 0;
    for (const frame of session.value.frames) if (frame.event !== undefined) n++;
    return n;
  });

  const problemFrames = computed(() => {
    void version.value;
    let n = 0;
    for (const frame of session.value.frames) if (frame.diagnostics.some((d) => d.severity === 'error')) n++;
    return n;
  });

  /** Indices of the frames that pass the filter (null: all of them). */
  const visible = computed((): number[] | null => {
    void version.value;
    const query = filter.value.trim().toLowerCase();
    if (!query) return null;
    const out: number[] = [];
    const all = session.value.frames;
    for (let i = 0; i < all.length; i++) {
      const frame = all[i]!;
      const hay = `${typeLabel(frame.event)} ${keyIds(frame.event)
        .map(([k, v]) => `${k}:${v}`)
        .join(' ')}`.toLowerCase();
      if (hay.includes(query)) out.push(i);
    }
    return out;
  });

  return {
    session,
    version,
    frames,
    eventCount,
    problemFrames,
    visible,
    dropped,
    selected,
    filter,
    runStartOf: (index: number): number | undefined => runStart[index],
    /** Starts over with an empty session (Clear), or with a given one (import). */
    reset(next = new Session()) {
      batch(() => {
        session.value = next;
        attach(next);
        // Index what the new session already holds.
        runStart = [];
        lastRunStart.clear();
        next.frames.forEach((frame, i) => {
          if (typeLabel(frame.event) === 'RUN_STARTED') lastRunStart.set(frame.streamId, frame.t);
          runStart[i] = lastRunStart.get(frame.streamId) ?? frame.t;
        });
        selected.value = null;
        dropped.value = 0;
        version.value++;
      });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
