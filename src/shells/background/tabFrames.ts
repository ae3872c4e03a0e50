/**
 * The frames of each tab whose relay has said hello, so that a command the background waits for reaches every one
 * of them and is waited for in each. `tabs.sendMessage` to a whole tab resolves with the first frame's answer: a
 * frame of another origin took the replay rules first, the panel said "armed", and the top page's next request,
 * made before its own relay had them, went to the agent.
 */
import type { RelayCommand } from '../../bridge/messages';

/** Sends to one frame of a tab (`frameId` given) or to all of them (none); resolves whatever the answer. */
type Send = (tabId: number, command: RelayCommand, frameId?: number) => Promise<unknown>;

/** More frames than this in a tab (a page may make any number): the ones past it get the tab-wide message. */
const MAX_FRAMES = 256;
/** A frame that does not answer (its thread hung) holds the command's word up no longer than this. */
export const FRAME_WAIT_MS = 2000;

export class TabFrames {
  private readonly byTab = new Map<number, Set<number>>();
  constructor(private readonly send: Send) {}

  /** A document's relay said hello: the top one starts the tab's list again (it navigated). */
  hello(tabId: number, frameId: number): void {
    if (frameId === 0) this.byTab.set(tabId, new Set([0]));
    else {
      let frames = this.byTab.get(tabId);
      if (!frames) this.byTab.set(tabId, (frames = new Set([0])));
      if (frames.size < MAX_FRAMES) frames.add(frameId);
    }
  }

  forget(tabId: number): void {
    this.byTab.delete(tabId);
  }

  /**
   * The command to every frame of the tab, resolved once each has answered (or is known to be gone). Frames not
   * heard from (this worker restarted since, or past MAX_FRAMES) get it tab-wide as well; a relay takes it twice
   * then, and every command sent so is the same taken twice (rules and hold replace, a step or a release says how far
   * in all, not how much more). A frame that does not answer within FRAME_WAIT_MS is not waited for longer.
   */
  toEvery(tabId: number, command: RelayCommand): Promise<void> {
    const frames = this.byTab.get(tabId);
    const each = [...(frames ?? [0])].map((frameId) => this.send(tabId, command, frameId).catch(() => undefined));
    if (!frames || frames.size >= MAX_FRAMES) each.push(this.send(tabId, command).catch(() => undefined));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((ok) => (timer = setTimeout(ok, FRAME_WAIT_MS)));
    return Promise.race([Promise.all(each), late]).then(() => clearTimeout(timer));
  }
}
