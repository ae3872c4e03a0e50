import { batch, computed, signal } from '@preact/signals';
import type { Frame } from '../../engine/decode/frames';
import { keyIds, typeLabel } from '../../engine/events/summary';
import type { Replay } from '../../engine/replay/replay';
import { replaySession } from '../../engine/session/replaySession';
import { Session } from '../../engine/session/session';
import { type Category, categoryOf } from '../components/category';

const REPAINT_MS = 100;

export type Tab = 'event' | 'diff' | 'state' | 'messages' | 'runs' | 'problems';

/**
 * The panel's view of one tab's captured session. The Session holds the truth and the Replay derives the rest;
 * signals here only say "it changed" (once per animation frame at most) and hold what the user chose.
 */
export function createSessionStore() {
  const session = signal(new Session());
  const replay = signal<Replay>(replaySession(session.value, { live: true }));
  /** Bumped when frames were added; everything derived reads it. */
  const version = signal(0);
  /** Messages shown inline at the top of the panel until dismissed (never alert(), which DevTools may swallow). */
  const banners = signal<{ id: number; kind: 'error' | 'warning' | 'info'; text: string }[]>([]);
  let nextBanner = 0;
  /** The selected event index, or null to follow the latest. */
  const selected = signal<number | null>(null);
  const filter = signal('');
  const hidden = signal<ReadonlySet<Category>>(new Set());
  const onlyProblems = signal(false);
  const tab = signal<Tab>('event');
  /** Set while an imported file is shown instead of the live capture. */
  const imported = signal<{ name: string } | null>(null);
  /** Time of the RUN_STARTED that each frame's run began with (per stream), for "+ms since run start". */
  let runStart: number[] = [];
  const lastRunStart = new Map<string, number>();
  let unsubscribe: () => void = () => undefined;
  let scheduled = false;

  /**
   * Repaints follow the data at most every REPAINT_MS (a flood of events would otherwise spend each frame on
   * layout), on the next animation frame.
   */
  let lastFlush = 0;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const flush = () => {
      scheduled = false;
      lastFlush = performance.now();
      version.value++;
    };
    const paint = () => {
      if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(flush);
      else setTimeout(flush, 16);
    };
    const wait = REPAINT_MS - (performance.now() - lastFlush);
    if (wait > 0) setTimeout(paint, wait);
    else paint();
  };

  /** Frames that carry an event, counted as they come (the total is read on every paint). */
  let events = 0;
  const index = (s: Session, frames: readonly Frame[], from: number) => {
    for (let i = from; i < frames.length; i++) {
      const frame = frames[i]!;
      if (frame.event !== undefined) events++;
      if (typeLabel(frame.event) === 'RUN_STARTED') lastRunStart.set(frame.streamId, frame.t);
      runStart[i] = lastRunStart.get(frame.streamId) ?? s.streams.get(frame.streamId)?.info.openedAt ?? frame.t;
    }
  };

  const attach = (s: Session) => {
    unsubscribe();
    runStart = [];
    events = 0;
    lastRunStart.clear();
    index(s, s.frames, 0);
    const off = s.subscribe((frames, from) => {
      index(s, frames, from);
      schedule();
    });
    const offClose = s.onClose(() => schedule());
    const offChange = s.onChange(() => schedule());
    unsubscribe = () => {
      off();
      offClose();
      offChange();
    };
  };
  attach(session.value);

  /** The frames array grows in place; a fresh wrapper per version makes readers re-render. */
  const frames = computed((): { all: readonly Frame[]; version: number } => ({
    all: session.value.frames,
    version: version.value,
  }));

  /** Events the capture dropped before they reached this session, by where. */
  const dropped = computed(() => {
    void version.value;
    const { page, extension } = session.value.dropped;
    return { page, extension, total: page + extension };
  });

  const notices = computed(() => {
    void version.value;
    return [...session.value.notices];
  });

  const eventCount = computed(() => {
    void version.value;
    return events;
  });

  const problems = computed(() => {
    void version.value;
    const all = replay.value.problems;
    return {
      all,
      errors: all.filter((p) => p.severity === 'error').length,
      warnings: all.filter((p) => p.severity === 'warning').length,
      byIndex: (() => {
        const m = new Map<number, { errors: number; warnings: number; infos: number }>();
        for (const p of all) {
          const e = m.get(p.eventIndex) ?? { errors: 0, warnings: 0, infos: 0 };
          if (p.severity === 'error') e.errors++;
          else if (p.severity === 'warning') e.warnings++;
          else e.infos++;
          m.set(p.eventIndex, e);
        }
        return m;
      })(),
    };
  });

  /** Indices of the frames that pass the filters (null: all of them). */
  const visible = computed((): number[] | null => {
    void version.value;
    const query = filter.value.trim().toLowerCase();
    const cats = hidden.value;
    const problemsOnly = onlyProblems.value;
    if (!query && cats.size === 0 && !problemsOnly) return null;
    const byIndex = problems.value.byIndex;
    const out: number[] = [];
    const all = session.value.frames;
    for (let i = 0; i < all.length; i++) {
      const frame = all[i]!;
      const type = typeLabel(frame.event);
      if (cats.size && cats.has(categoryOf(type))) continue;
      if (problemsOnly) {
        const p = byIndex.get(i);
        if (!p || p.errors + p.warnings === 0) continue;
      }
      if (query) {
        const hay = `${type} ${keyIds(frame.event)
          .map(([k, v]) => `${k}:${v}`)
          .join(' ')} ${frame.raw.length < 2000 ? frame.raw : ''}`.toLowerCase();
        if (!hay.includes(query)) continue;
      }
      out.push(i);
    }
    return out;
  });

  /** The event the inspector shows: the selected one, or the latest. */
  const current = computed((): number | null => {
    void version.value;
    const n = session.value.frames.length;
    if (n === 0) return null;
    return selected.value === null ? n - 1 : Math.min(selected.value, n - 1);
  });

  const use = (next: Session) => {
    replay.value.dispose();
    session.value = next;
    replay.value = replaySession(next, { live: true });
    attach(next);
  };

  return {
    session,
    replay,
    version,
    frames,
    eventCount,
    problems,
    visible,
    dropped,
    notices,
    banners,
    /** Shows a message inline (an error: a bad file, a failed delivery; dismissible). */
    notify(kind: 'error' | 'warning' | 'info', text: string) {
      banners.value = [...banners.value.filter((b) => b.text !== text), { id: ++nextBanner, kind, text }];
    },
    dismiss(id: number) {
      banners.value = banners.value.filter((b) => b.id !== id);
    },
    selected,
    current,
    filter,
    hidden,
    onlyProblems,
    tab,
    imported,
    runStartOf: (i: number): number | undefined => runStart[i],
    /** Starts over with an empty session (Clear), or shows a given one (import). */
    reset(next = new Session()) {
      batch(() => {
        use(next);
        selected.value = null;
        version.value++;
      });
    },
    select(index: number | null, show?: Tab) {
      batch(() => {
        selected.value = index;
        if (show) tab.value = show;
      });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
