/**
 * Pause on an event, in the background: the conditions armed per tab. Like Replay to page's rules they are kept in
 * session storage (a reload of the page must find them armed, and Chrome may stop this worker at any time), told to
 * the tab's content scripts (whether to hold, nothing more: the panel judges the events), shown on the icon's badge
 * and to the tab's panels, and disarmed when the tab's last panel closes. The panel's word on a held stream (how far
 * its page may read) goes to the tab's documents; the one it is about takes it.
 */
import { type PanelInbound, type PauseSettings, pauseArmed, type RelayCommand } from '../../bridge/messages';

interface Sinks {
  store(items: Record<string, unknown>): void;
  remove(key: string): void;
  toTab(tabId: number, command: RelayCommand): Promise<unknown>;
  toPanels(tabId: number, message: PanelInbound): void;
  /** The badge shows what is armed (it is composed with Replay to page's). */
  badge(tabId: number): void;
}

const KEY = 'pause:';
const NONE: PauseSettings = { conditions: [], onError: false };

export class PauseConditions {
  private readonly byTab = new Map<number, PauseSettings>();
  constructor(private readonly sinks: Sinks) {}

  load(stored: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(stored)) {
      const v = value as Partial<PauseSettings> | null;
      if (key.startsWith(KEY) && Array.isArray(v?.conditions) && typeof v?.onError === 'boolean') this.byTab.set(Number(key.slice(KEY.length)), v as PauseSettings);
    }
  }

  settingsFor(tabId: number): PauseSettings {
    return this.byTab.get(tabId) ?? NONE;
  }

  armed(tabId: number): boolean {
    return pauseArmed(this.settingsFor(tabId));
  }

  /** The tab's conditions (all of them); the tab's documents learn whether to hold, then the panels what is armed. */
  set(tabId: number, settings: PauseSettings): void {
    const was = this.armed(tabId);
    if (settings.conditions.length === 0 && !settings.onError) {
      this.byTab.delete(tabId);
      this.sinks.remove(KEY + tabId);
    } else {
      this.byTab.set(tabId, settings);
      this.sinks.store({ [KEY + tabId]: settings });
    }
    const now = this.armed(tabId);
    this.sinks.badge(tabId);
    const told = was === now ? Promise.resolve() : this.sinks.toTab(tabId, { kind: 'hold', on: now });
    void told.finally(() => this.sinks.toPanels(tabId, { kind: 'pause-state', tabId, ...this.settingsFor(tabId) }));
  }

  /** The tab's last panel closed: nothing stays armed behind the user's back, and what is held goes on. */
  disarm(tabId: number): void {
    if (this.byTab.has(tabId)) this.set(tabId, NONE);
  }

  release(tabId: number, docKey: string, id: number, upTo: number | null): void {
    void this.sinks.toTab(tabId, { kind: 'pause-release', docKey, id, upTo });
  }

  /** The badge's words for the tab, or '' when nothing is armed. */
  badgeTitle(tabId: number): string {
    const s = this.settingsFor(tabId);
    if (!pauseArmed(s)) return '';
    const on = s.conditions.filter((c) => c.on && c.query.trim() !== '').map((c) => c.query);
    return `pause armed on ${[...on, ...(s.onError ? ['the first protocol error'] : [])].join(', ')}`;
  }

  forget(tabId: number): void {
    this.byTab.delete(tabId);
    this.sinks.remove(KEY + tabId);
  }
}
