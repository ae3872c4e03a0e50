/**
 * Replay to page, in the background: the rules armed per tab. They are kept in session storage (a page's reload
 * must find them, and Chrome may stop this worker at any time), sent to the tab's content scripts (only that
 * tab's), shown on the toolbar icon's badge for the tab and to the tab's panels. A rule for the next request
 * only is disarmed when the relay starts answering with it.
 */
import type { PanelInbound, RelayCommand, ReplayRule, ReplayRuleSummary } from '../../bridge/messages';

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
    for (const [key, value] of Object.entries(stored)) if (key.startsWith(KEY) && Array.isArray(value)) this.byTab.set(Number(key.slice(KEY.length)), value as ReplayRule[]);
  }

  rulesFor(tabId: number): ReplayRule[] {
    return this.byTab.get(tabId) ?? [];
  }

  summaries(tabId: number): ReplayRuleSummary[] {
    return this.rulesFor(tabId).map(({ steps, ...rest }) => ({ ...rest, total: steps.length }));
  }

  arm(tabId: number, rule: ReplayRule): void {
    this.set(tabId, [...this.rulesFor(tabId).filter((r) => r.id !== rule.id), rule]);
  }

  /** One rule, or all of the tab's. */
  disarm(tabId: number, ruleId?: string): void {
    const rules = this.rulesFor(tabId);
    const left = ruleId === undefined ? [] : rules.filter((r) => r.id !== ruleId);
    if (left.length !== rules.length) this.set(tabId, left);
  }

  step(tabId: number, rule: string, to: number): void {
    void this.sinks.toTab(tabId, { kind: 'agui-replay-step', rule, to });
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
    void this.sinks.toTab(tabId, { kind: 'agui-replay-rules', rules }).finally(() => this.sinks.toPanels(tabId, { kind: 'replay-rules', tabId, rules: summaries }));
  }
}
