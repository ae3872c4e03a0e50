import { batch, computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import { type Category, type Frame, parseQuery, replaySession, type RuleLevels, runStartOf, type Scope, SessionClass as Session, SessionQuery } from '../../engine/query';
import type { Replay } from '../../engine/query';
import { tr } from '../../i18n/i18n';

const REPAINT_MS = 100;
/** However long repaints take, the screen is never more than this behind the data. */
const MAX_REPAINT_MS = 400;

/** A message inline at the top of the panel; `action`: one button (Undo); `ttl`: it goes by itself after that many ms. */
export interface Banner {
  id: number;
  kind: 'error' | 'warning' | 'info';
  text: string;
  /** What a part of the product that speaks English only said (the engine's located message, the browser's reason), shown after the text as it is. */
  detail?: string;
  action?: { label: string; run(): void };
  /** The view it belongs to: 'import', a file's (it goes when that file is no longer shown); none, the panel's. */
  view?: 'import';
}

export type Tab = 'event' | 'diff' | 'state' | 'messages' | 'ui' | 'runs' | 'waterfall' | 'problems';

/** What the capture lost and what it is still receiving. */
function captureCounts(session: { value: Session }, version: { value: number }, caughtUp: () => void) {
  /** Events the capture dropped before they reached this session, by where. */
  const dropped = computed(() => {
    void version.value;
    const { page, extension } = session.value.dropped;
    return { page, extension, total: page + extension };
  });
  /** The live capture is still receiving what the page has read: events in so far, of how many (null: caught up). */
  const receiving = signal<{ n: number; of: number } | null>(null);
  // The intake reports after every slice of its work; the badge follows at the repaint rate, not at that one.
  let next: { n: number; of: number } | null = null;
  const show = repaintScheduler(() => (receiving.value = next));
  const setReceiving = (progress: { n: number; of: number } | null) => {
    const done = next !== null && progress === null;
    next = progress;
    show(done);
    if (done) caughtUp();
  };
  return { dropped, receiving, setReceiving };
}

/**
 * The panel's view of one tab's captured session. The Session holds the truth and the Replay derives the rest;
 * signals here only say "it changed" (once per animation frame at most) and hold what the user chose.
 */
export function createSessionStore(options: { emptyText?: string } = {}) {
  const session = signal(new Session());
  const replay = signal<Replay>(replaySession(session.value, { live: true }));
  /** Bumped when frames were added; everything derived reads it. */
  const version = signal(0);
  const { banners, notify, dismiss, dismissView } = createBanners();
  const tab = signal<Tab>('event');
  const { openReasoning, closedReasoning, compare, heldFrom, asEventsSay } = viewSignals();
  /** Set while an imported file is shown instead of the live capture. */
  const imported = signal<{ name: string } | null>(null);
  let unsubscribe: () => void = () => undefined;

  const schedule = repaintScheduler(() => version.value++);

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

  // Caught up: what was taken in is drawn at the repaint rate, not after a wait for the last repaint's cost.
  const { dropped, receiving, setReceiving } = captureCounts(session, version, () => schedule(true));

  const notices = computed(() => {
    void version.value;
    return [...session.value.notices];
  });

  const eventCount = computed(() => {
    void version.value;
    return session.value.eventCount;
  });

  const ruleLevels = signal<RuleLevels>({});
  /** The session as the events say (for the "as the events say" switch): made when first asked for, following the session. */
  let eventsReplay: Replay | undefined;
  const eventsReplayOf = () => (eventsReplay ??= replaySession(session.value, { live: true, semantics: 'events' }));
  /** The engine's answers about the session as it stands, at the severities the user chose: every view asks it. */
  const query = computed(() => {
    void version.value;
    return new SessionQuery(session.value, replay.value, ruleLevels.value, eventsReplayOf);
  });
  /** The problems at the chosen severities (as agui.config.json's `rules`: CI and the panel agree), counted. */
  const problems = computed(() => query.value.problemCounts());
  /** How the runs ended: the toolbar shows the failed ones and those the page's client stopped. */
  const outcomes = computed(() => query.value.outcomeCounts());

  const filters = createFilterStore(query);
  const dialogs = createDialogStore();
  const selection = createSelectionStore(query, filters.visible, tab);

  const use = (next: Session) => {
    replay.value.dispose();
    eventsReplay?.dispose();
    eventsReplay = undefined;
    session.value = next;
    replay.value = replaySession(next, { live: true });
    attach(next);
  };

  return {
    session,
    replay,
    version,
    /** What the timeline says while there is nothing to show. */
    emptyText: options.emptyText ?? tr('panel.waiting'),
    frames,
    eventCount,
    problems,
    outcomes,
    ruleLevels,
    dropped,
    receiving,
    /** What the intake says it is still receiving (shown at the repaint rate). */
    setReceiving,
    notices,
    banners,
    notify,
    dismiss,
    dismissView,
    ...filters,
    ...selection,
    dialogs,
    query,
    openReasoning,
    closedReasoning,
    compare,
    heldFrom,
    asEventsSay,
    tab,
    imported,
    /** When event i's run started (its stream's opening when it is outside a run), for "+ms since run start". */
    runStartOf: (i: number): number | undefined => runStartOf(session.value, replay.value, i),
    /** Starts over with an empty session (Clear), or shows a given one (import). */
    reset(next = new Session()) {
      batch(() => {
        use(next);
        selection.selected.value = null;
        version.value++;
      });
    },
  };
}

/**
 * What the timeline shows: the filter as typed and as the filter language reads it, the kinds shown, "problems
 * only", the scope, and the events that pass them all (the engine's answer).
 */
function createFilterStore(query: ReadonlySignal<SessionQuery>) {
  const filter = signal('');
  /** Categories shown (empty: all), as the Network panel's type filter: a click shows one, Ctrl/Cmd-click adds. */
  const only = signal<ReadonlySet<Category>>(new Set());
  /** One conversation or one run, followed alone (null: everything). */
  const scope = signal<Scope>(null);
  const onlyProblems = signal(false);
  /** The filter as the filter language reads it (its terms, or what it could not read). */
  const parsedFilter = computed(() => parseQuery(filter.value));
  /** Indices of the frames that pass the filters (null: all of them). */
  const visible = computed((): number[] | null =>
    query.value.eventsWhere({ terms: parsedFilter.value.terms, only: only.value, onlyProblems: onlyProblems.value, scope: scope.value }),
  );
  /** Events the filters let through (with the total, "6 of 149 events"). */
  const shownCount = computed((): number | null => {
    const v = visible.value;
    const frames = query.value.session.frames;
    return v ? v.reduce((n, i) => n + (frames[i]!.event !== undefined ? 1 : 0), 0) : null;
  });
  return { filter, only, scope, onlyProblems, parsedFilter, visible, shownCount };
}

/**
 * The dialogs any view may open: Replay to page (from the toolbar, or a run, to start from) and Resend (a run's
 * request), or null while closed; whether each is there at all (the extension's panel: yes; the viewer: no).
 */
function createDialogStore() {
  return {
    replay: signal<{ runKey?: number } | null>(null),
    replayAvailable: signal(false),
    resend: signal<{ runKey: number } | null>(null),
    resendAvailable: signal(false),
  };
}

/** Which event the inspector shows: the one selected, or (null) the latest the filters let through, followed. */
function createSelectionStore(query: ReadonlySignal<SessionQuery>, visible: ReadonlySignal<number[] | null>, tab: Signal<Tab>) {
  /** The selected event index, or null to follow the latest. */
  const selected = signal<number | null>(null);
  /** The event the inspector shows: the selected one, or the latest one the filters let through. */
  const current = computed((): number | null => {
    const n = query.value.session.frames.length;
    if (n === 0) return null;
    if (selected.value !== null) return Math.min(selected.value, n - 1);
    const v = visible.value;
    return v ? (v.length > 0 ? v[v.length - 1]! : null) : n - 1;
  });
  return {
    selected,
    current,
    /**
     * Moves the selection among the rows the filters let through: by `delta` rows, to the first, or to the last
     * (then it follows the latest again, as End does in the Network panel).
     */
    move(to: number | 'first' | 'last') {
      const next = moved(visible.value, query.value.session.frames.length, current.value, to);
      if (next !== undefined) selected.value = next;
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

/**
 * What the user opened: the reasoning blocks opened and closed (by message id), wherever reasoning shows (a block
 * that holds the selected event opens by itself unless the user closed it); the Compare view, when open, with the
 * runs it starts with (by key; absent: the last two).
 */
const viewSignals = () => ({
  openReasoning: signal<ReadonlySet<string>>(new Set()),
  closedReasoning: signal<ReadonlySet<string>>(new Set()),
  compare: signal<{ a?: number; b?: number } | null>(null),
  /** Pause on an event: per paused stream, the first event its page has not been given (set by the pause control). */
  heldFrom: signal<ReadonlyMap<string, number>>(new Map()),
  /** Messages and State as the events say, past where the page's client stopped a run (off: what the client holds). */
  asEventsSay: signal(false),
});

/** Messages shown inline at the top of the panel until dismissed (never alert(), which DevTools may swallow). */
function createBanners() {
  const banners = signal<Banner[]>([]);
  let nextBanner = 0;
  return {
    banners,
    /** Shows a message inline (an error: a bad file, a failed delivery; dismissible). Returns its id. */
    notify(kind: 'error' | 'warning' | 'info', text: string, extra: { detail?: string; action?: Banner['action']; ttl?: number; view?: Banner['view'] } = {}): number {
      const id = ++nextBanner;
      const same = (b: Banner) => b.text === text && b.detail === extra.detail;
      banners.value = [
        ...banners.value.filter((b) => !same(b)),
        { id, kind, text, ...(extra.detail !== undefined && { detail: extra.detail }), ...(extra.action && { action: extra.action }), ...(extra.view && { view: extra.view }) },
      ];
      if (extra.ttl) setTimeout(() => (banners.value = banners.value.filter((b) => b.id !== id)), extra.ttl);
      return id;
    },
    dismiss(id: number) {
      banners.value = banners.value.filter((b) => b.id !== id);
    },
    /** Removes the banners of a view that is no longer shown (an imported file's, back on the live capture). */
    dismissView(view: NonNullable<Banner['view']>) {
      if (banners.value.some((b) => b.view === view)) banners.value = banners.value.filter((b) => b.view !== view);
    },
  };
}

/**
 * Repaints follow the data at most every REPAINT_MS (a flood of events would otherwise spend each frame on
 * layout), on the next animation frame; and at most a third of the time: a repaint that took 60 ms (render,
 * style, layout and paint, up to the next task) waits 180 ms before the next one (never more than MAX_REPAINT_MS),
 * so that a flood on a busy machine is taken in rather than drawn over and over. `soon`: the intake has caught up,
 * so nothing more is coming to draw over: the repaint waits only for REPAINT_MS (a wait already set for longer is
 * cut short), and the final count is not up to MAX_REPAINT_MS late.
 */
export function repaintScheduler(flushNow: () => void, now: () => number = () => performance.now()): (soon?: boolean) => void {
  let scheduled = false;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let lastFlush = -Infinity;
  let lastCost = 0;
  const flush = () => {
    scheduled = false;
    const started = now();
    lastFlush = started;
    flushNow();
    setTimeout(() => (lastCost = now() - started), 0);
  };
  const paint = () => {
    waiting = undefined;
    if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(flush);
    else setTimeout(flush, 16);
  };
  return (soon = false) => {
    if (scheduled && !(soon && waiting !== undefined)) return;
    if (waiting !== undefined) clearTimeout(waiting);
    scheduled = true;
    const wait = Math.min(MAX_REPAINT_MS, Math.max(REPAINT_MS, soon ? 0 : 3 * lastCost)) - (now() - lastFlush);
    if (wait > 0) waiting = setTimeout(paint, wait);
    else paint();
  };
}

/** The selection after a move by `to` rows (or to the first or the last) among the visible ones; null: follow the latest. */
function moved(visible: readonly number[] | null, frames: number, current: number | null, to: number | 'first' | 'last'): number | null | undefined {
  const n = visible ? visible.length : frames;
  if (n === 0) return undefined;
  if (to === 'last') return null;
  const rowOf = (i: number) => (visible ? visible.indexOf(i) : i);
  const at = current === null ? n - 1 : Math.max(0, rowOf(current));
  const row = to === 'first' ? 0 : Math.min(n - 1, Math.max(0, at + to));
  return visible ? visible[row]! : row;
}

