/**
 * Replay to page, in the background: the rules armed per tab. They are kept in session storage (a page's reload
 * must find them, and Chrome may stop this worker at any time), sent to the tab's content scripts (only that
 * tab's), shown on the toolbar icon's badge for the tab and to the tab's panels. A rule for the next request
 * only is disarmed when the relay starts answering with it. A rule belongs to one origin: a document of another
 * origin never gets it, and the tab's navigation to another origin disarms it.
 */
import type { PanelInbound, RelayCommand, ReplayRule, ReplayRuleSummary } from '../../bridge/messages';
import { ruleAppliesTo } from '../../engine/pageReplay/urlMatch';

interface Sinks {
  store(items: Record<string, unknown>): void;
  remove(key: string): void;
  /** Resolves once the tab's content script has taken it (or failed to). */
  toTab(tabId: number, command: RelayCommand): Promise<unknown>;
  toPanels(tabId: number, message: PanelInbound): void;
  badge(tabId: number, text: string, title: string): void;
}

type Status = Extract<PanelInbound, { kind: 'replay-status' }>;
const KEY = 'replay-rules:';

export class ReplayRules {
  private readonly byTab = new Map<number, ReplayRule[]>();
  constructor(private readonly sinks: Sinks) {}

  load(stored: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(stored)) {
      if (!key.startsWith(KEY) || !Array.isArray(value)) continue;
      // A rule stored by an older version has no origin: it is dropped, not applied to every origin.
      const rules = (value as ReplayRule[]).filter((r) => typeof r?.origin === 'string' && r.origin !== '');
      if (rules.length) this.byTab.set(Number(key.slice(KEY.length)), rules);
    }
  }

  rulesFor(tabId: number): ReplayRule[] {
    return this.byTab.get(tabId) ?? [];
  }

  /** The rules a document of the tab may be answered by: its origin (from the browser), top or frame. */
  rulesForDocument(tabId: number, origin: string, top: boolean): ReplayRule[] {
    return this.rulesFor(tabId).filter((r) => ruleAppliesTo(r, origin, top));
  }

  /** The tab's top document is now of `origin`: rules of any other origin are disarmed (the list says which). */
  navigated(tabId: number, origin: string): ReplayRule[] {
    const rules = this.rulesFor(tabId);
    const gone = rules.filter((r) => r.origin !== origin);
    if (gone.length) this.set(tabId, rules.filter((r) => r.origin === origin));
    return gone;
  }

  summaries(tabId: number): ReplayRuleSummary[] {
    return this.rulesFor(tabId).map(({ steps, ...rest }) => ({ ...rest, total: steps.length }));
  }

  /** Arms a rule (one without an origin answers nothing, so it is refused). */
  arm(tabId: number, rule: ReplayRule): boolean {
    if (rule.origin === '') return false;
    this.set(tabId, [...this.rulesFor(tabId).filter((r) => r.id !== rule.id), rule]);
    return true;
  }

  /** One rule, or all of the tab's. */
  disarm(tabId: number, ruleId?: string): void {
    const rules = this.rulesFor(tabId);
    const left = ruleId === undefined ? [] : rules.filter((r) => r.id !== ruleId);
    if (left.length !== rules.length) this.set(tabId, left);
  }

  step(tabId: number, rule: string, to: number): void {
    void this.sinks.toTab(tabId, { kind: 'replay-step', rule, to });
  }

  /** The relay's word on an answer: passed to the panels; an answer for the next request only uses the rule up. */
  status(tabId: number, status: Omit<Status, 'kind' | 'tabId'>): void {
    const rule = this.rulesFor(tabId).find((r) => r.id === status.rule);
    if (rule && !rule.every && status.state === 'answering') this.disarm(tabId, rule.id);
    this.sinks.toPanels(tabId, { kind: 'replay-status', tabId, ...status });
  }

  showBadge(tabId: number): void {
    const rules = this.rulesFor(tabId);
    this.sinks.badge(
      tabId,
      rules.length ? 'RPL' : '',
      rules.length ? `AG-UI DevTools: replay armed for ${rules.map((r) => `${r.method || 'any'} ${r.url}`).join(', ')}` : 'AG-UI DevTools',
    );
  }

  forget(tabId: number): void {
    this.byTab.delete(tabId);
    this.sinks.remove(KEY + tabId);
  }

  private set(tabId: number, rules: ReplayRule[]): void {
    if (rules.length) this.byTab.set(tabId, rules);
    else this.byTab.delete(tabId);
    if (rules.length) this.sinks.store({ [KEY + tabId]: rules });
    else this.sinks.remove(KEY + tabId);
    this.showBadge(tabId);
    // The panel says "armed" once the page has the rules (a request sent right after is answered), or once it is
    // known that the tab has no capture script yet (then a reload brings them).
    const summaries = this.summaries(tabId);
    void this.sinks.toTab(tabId, { kind: 'replay-rules', rules }).finally(() => this.sinks.toPanels(tabId, { kind: 'replay-rules', tabId, rules: summaries }));
  }
}
