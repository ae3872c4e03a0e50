import { batch, computed, signal } from '@preact/signals';
import type { Frame } from '../../engine/decode/frames';
import { keyIds, typeLabel } from '../../engine/events/summary';
import type { Replay } from '../../engine/replay/replay';
import { replaySession } from '../../engine/session/replaySession';
import { Session } from '../../engine/session/session';
import { type Category, categoryOf } from '../components/category';
import { type FilterSubject, matches, parseQuery } from './filterQuery';

const REPAINT_MS = 100;

/** A message inline at the top of the panel; `action`: one button (Undo); `ttl`: it goes by itself after that many ms. */
export interface Banner {
  id: number;
  kind: 'error' | 'warning' | 'info';
  text: string;
  action?: { label: string; run(): void };
}

export type Tab = 'event' | 'diff' | 'state' | 'messages' | 'runs' | 'waterfall' | 'problems';

/**
 * The panel's view of one tab's captured session. The Session holds the truth and the Replay derives the rest;
 * signals here only say "it changed" (once per animation frame at most) and hold what the user chose.
 */
export function createSessionStore(options: { emptyText?: string } = {}) {
  const session = signal(new Session());
  const replay = signal<Replay>(replaySession(session.value, { live: true }));
  /** Bumped when frames were added; everything derived reads it. */
  const version = signal(0);
  /** Messages shown inline at the top of the panel until dismissed (never alert(), which DevTools may swallow). */
  const banners = signal<Banner[]>([]);
  let nextBanner = 0;
  /** The selected event index, or null to follow the latest. */
  const selected = signal<number | null>(null);
  const filter = signal('');
  /** Categories shown (empty: all), as the Network panel's type filter: a click shows one, Ctrl/Cmd-click adds. */
  const only = signal<ReadonlySet<Category>>(new Set());
  /** One conversation or one run, followed alone (null: everything). */
  const scope = signal<{ kind: 'thread'; lane: string } | { kind: 'run'; key: number } | null>(null);
  const onlyProblems = signal(false);
  const tab = signal<Tab>('event');
  /** The reasoning blocks opened (by message id), wherever reasoning shows. */
  const openReasoning = signal<ReadonlySet<string>>(new Set());
  /** Set while an imported file is shown instead of the live capture. */
  const imported = signal<{ name: string } | null>(null);
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

  /** What is derived (runs, tool names, counts) is the engine's: the store only says when it changed. */
  const attach = (s: Session) => {
    unsubscribe();
    const off = s.subscribe(() => schedule());
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
    return session.value.eventCount;
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

  const query = computed(() => parseQuery(filter.value));

  /** What the filter language reads of frame i. */
  const subjectOf = (i: number): FilterSubject => {
    const frame = session.value.frames[i]!;
    const e = frame.event as Record<string, unknown> | undefined;
    const callId = typeof e?.toolCallId === 'string' ? e.toolCallId : undefined;
    return {
      type: typeLabel(frame.event),
      ids: keyIds(frame.event),
      raw: frame.raw.length <= 4096 ? frame.raw : frame.raw.slice(0, 4096),
      run: replay.value.timeline.runAt(i)?.runId,
      thread: replay.value.laneAt(i),
      tools: callId ? [callId, replay.value.timeline.toolCallName(callId) ?? ''] : typeof e?.toolCallName === 'string' ? [e.toolCallName] : [],
      event: e,
    };
  };

  /** Indices of the frames that pass the filters (null: all of them). */
  const visible = computed((): number[] | null => {
    void version.value;
    const { terms } = query.value;
    const cats = only.value;
    const problemsOnly = onlyProblems.value;
    const within = scope.value;
    if (terms.length === 0 && cats.size === 0 && !problemsOnly && !within) return null;
    const byIndex = problems.value.byIndex;
    const r = replay.value;
    const runKey = within?.kind === 'run' ? within.key : undefined;
    const out: number[] = [];
    const all = session.value.frames;
    for (let i = 0; i < all.length; i++) {
      const frame = all[i]!;
      if (within?.kind === 'thread' && r.laneAt(i) !== within.lane) continue;
      if (runKey !== undefined && r.timeline.runAt(i)?.key !== runKey) continue;
      if (cats.size && !cats.has(categoryOf(typeLabel(frame.event)))) continue;
      if (problemsOnly) {
        const p = byIndex.get(i);
        if (!p || p.errors + p.warnings === 0) continue;
      }
      if (terms.length > 0 && !matches(terms, subjectOf(i))) continue;
      out.push(i);
    }
    return out;
  });

  /** Events the filters let through (with the total, "6 of 149 events"). */
  const shownCount = computed((): number | null => {
    const v = visible.value;
    if (!v) return null;
    const frames = session.value.frames;
    let n = 0;
    for (const i of v) if (frames[i]!.event !== undefined) n++;
    return n;
  });

  /** The event the inspector shows: the selected one, or the latest one the filters let through. */
  const current = computed((): number | null => {
    void version.value;
    const n = session.value.frames.length;
    if (n === 0) return null;
    if (selected.value !== null) return Math.min(selected.value, n - 1);
    const v = visible.value;
    return v ? (v.length > 0 ? v[v.length - 1]! : null) : n - 1;
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
    /** What the timeline says while there is nothing to show. */
    emptyText: options.emptyText ?? 'Waiting for AG-UI streams in this tab… Run your agent, or reload the page to capture from its start.',
    frames,
    eventCount,
    problems,
    visible,
    dropped,
    notices,
    banners,
    /** Shows a message inline (an error: a bad file, a failed delivery; dismissible). Returns its id. */
    notify(kind: 'error' | 'warning' | 'info', text: string, extra: { action?: Banner['action']; ttl?: number } = {}): number {
      const id = ++nextBanner;
      banners.value = [...banners.value.filter((b) => b.text !== text), { id, kind, text, ...(extra.action && { action: extra.action }) }];
      if (extra.ttl) setTimeout(() => (banners.value = banners.value.filter((b) => b.id !== id)), extra.ttl);
      return id;
    },
    dismiss(id: number) {
      banners.value = banners.value.filter((b) => b.id !== id);
    },
    selected,
    current,
    filter,
    query,
    only,
    scope,
    onlyProblems,
    shownCount,
    openReasoning,
    tab,
    imported,
    /** When event i's run started (its stream's opening when it is outside a run), for "+ms since run start". */
    runStartOf: (i: number): number | undefined => {
      const run = replay.value.timeline.runAt(i);
      const frames = session.value.frames;
      return run ? frames[run.start]?.t : session.value.streams.get(frames[i]?.streamId ?? '')?.info.openedAt;
    },
    /** Starts over with an empty session (Clear), or shows a given one (import). */
    reset(next = new Session()) {
      batch(() => {
        use(next);
        selected.value = null;
        version.value++;
      });
    },
    /**
     * Moves the selection among the rows the filters let through: by `delta` rows, to the first, or to the last
     * (then it follows the latest again, as End does in the Network panel).
     */
    move(to: number | 'first' | 'last') {
      const v = visible.value;
      const n = v ? v.length : session.value.frames.length;
      if (n === 0) return;
      if (to === 'last') {
        selected.value = null;
        return;
      }
      const rowOf = (i: number) => (v ? v.indexOf(i) : i);
      const cur = current.value;
      const at = cur === null ? n - 1 : Math.max(0, rowOf(cur));
      const row = to === 'first' ? 0 : Math.min(n - 1, Math.max(0, at + to));
      selected.value = v ? v[row]! : row;
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
