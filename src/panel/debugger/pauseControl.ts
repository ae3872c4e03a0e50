/**
 * Pause on an event, in the panel: the tab's conditions (as the background keeps them), the judge that decides how
 * far each held stream's page may read, and what the views show (the paused streams, the rows the page has not
 * been given, conditions that matched a stream that cannot be held). It follows the live capture, whatever the
 * panel shows (an imported file), judging after the replay has taken each event in.
 */
import { type Signal, signal } from '@preact/signals';
import type { PauseSettings } from '../../bridge/messages';
import type { Replay } from '../../engine/replay/replay';
import type { Session } from '../../engine/session/session';
import { type PausedStream, PauseJudge, type Unheld } from './pauseJudge';

export interface PauseControl {
  /** The conditions as the user set them (the dialog edits these). */
  settings: Signal<PauseSettings>;
  /**
   * The conditions as the background confirmed them, once it has told the tab's documents whether to hold: what
   * the toolbar shows as armed. Until then a request the page makes is not held (a busy machine showed the gap).
   */
  armed: Signal<PauseSettings>;
  paused: Signal<PausedStream[]>;
  unheld: Signal<Unheld[]>;
  /** Per paused stream, the first event index its page has not been given. */
  heldFrom: Signal<ReadonlyMap<string, number>>;
  /** The user's conditions for the tab (sent to the background, which arms them and says so). */
  set(settings: PauseSettings): void;
  onState(settings: PauseSettings): void;
  /** Follows this live session (the panel's, after a navigation or a Clear). */
  follow(session: Session): void;
  step(streamId: string): void;
  resume(streamId: string): void;
  resumeToEndOfRun(streamId: string): void;
}

export function createPauseControl(
  bridge: { pauseSet(settings: PauseSettings): void; pauseRelease(streamId: string, upTo: number | null): void },
  /** The live session with a replay of it that has taken in its frames. */
  view: () => { session: Session; replay: Replay },
  /** A stream paused (the panel shows the state as it stood before the event). */
  onPause: (paused: PausedStream) => void,
  /** Where the rows the page has not been given are read from (the store's). */
  heldFrom = signal<ReadonlyMap<string, number>>(new Map()),
): PauseControl {
  const settings = signal<PauseSettings>({ conditions: [], onError: false });
  const armed = signal<PauseSettings>({ conditions: [], onError: false });
  const paused = signal<PausedStream[]>([]);
  const unheld = signal<Unheld[]>([]);
  // Streams that opened before this panel are another panel's to judge (the page's clock and this one's are the machine's).
  const judge = new PauseJudge({ release: (streamId, upTo) => bridge.pauseRelease(streamId, upTo) }, Date.now());

  const refresh = () => {
    const before = new Set(paused.value.map((p) => `${p.streamId}@${p.index}`));
    const now = judge.paused();
    if (now.map((p) => `${p.streamId}@${p.index}`).join() !== [...before].join()) paused.value = now;
    const from = judge.heldFrom();
    if ([...from].join() !== [...heldFrom.value].join()) heldFrom.value = from;
    const u = judge.unheldMatches();
    if (u.length !== unheld.value.length) unheld.value = u;
    for (const p of now) if (!before.has(`${p.streamId}@${p.index}`)) onPause(p);
  };
  let queued = false;
  /** After the replay took the new frames in (it listens to the session too, first or not). */
  const tick = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      const { session, replay } = view();
      judge.update(session, replay);
      refresh();
    });
  };
  let unfollow = () => undefined as void;
  const act = (run: () => void) => {
    const { session, replay } = view();
    judge.update(session, replay);
    run();
    refresh();
  };
  return {
    settings,
    armed,
    paused,
    unheld,
    heldFrom,
    set(next) {
      settings.value = next;
      bridge.pauseSet(next);
    },
    onState(next) {
      settings.value = next;
      armed.value = next;
      act(() => judge.setSettings(next));
    },
    follow(session) {
      unfollow();
      const off = session.subscribe(tick);
      const offClose = session.onClose(tick);
      const offChange = session.onChange(tick);
      unfollow = () => {
        off();
        offClose();
        offChange();
      };
      tick();
    },
    step: (streamId) => act(() => judge.step(streamId)),
    resume: (streamId) => act(() => judge.resume(streamId)),
    resumeToEndOfRun: (streamId) => act(() => judge.resumeToEndOfRun(streamId)),
  };
}
