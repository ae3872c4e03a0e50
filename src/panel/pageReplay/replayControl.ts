/**
 * Replay to page, in the panel: the rules armed for the tab (as the background says), how each answer goes, the
 * recorded stream each rule replays (to compare the page's request with the recorded one), and the edited copies
 * of streams the user made (kept until the panel closes).
 */
import { type Signal, signal } from '@preact/signals';
import type { ReplayRule, ReplayRuleSummary } from '../../bridge/messages';
import type { ReplayStatus } from '../bridge';

export interface ReplaySource {
  /** The recorded stream it replays. */
  streamId: string;
  label: string;
  /** The request body the recording answered. */
  requestBody?: string;
  edited: boolean;
}

export interface ReplayControl {
  rules: Signal<ReplayRuleSummary[]>;
  statuses: Signal<Record<string, ReplayStatus>>;
  sources: Map<string, ReplaySource>;
  /** Edited copies of streams' events (JSON text), by stream id. */
  edits: Map<string, string>;
  arm(rule: ReplayRule, source: ReplaySource): void;
  disarm(rule?: string): void;
  step(rule: string, to: number): void;
  dismiss(rule: string): void;
  onRules(rules: ReplayRuleSummary[]): void;
  onStatus(status: ReplayStatus): void;
}

export function createReplayControl(bridge: { arm(rule: ReplayRule): void; disarm(rule?: string): void; step(rule: string, to: number): void }): ReplayControl {
  const rules = signal<ReplayRuleSummary[]>([]);
  const statuses = signal<Record<string, ReplayStatus>>({});
  const sources = new Map<string, ReplaySource>();
  return {
    rules,
    statuses,
    sources,
    edits: new Map(),
    arm(rule, source) {
      sources.set(rule.id, source);
      bridge.arm(rule);
    },
    disarm: (rule) => bridge.disarm(rule),
    step: (rule, to) => bridge.step(rule, to),
    dismiss(rule) {
      const { [rule]: _, ...rest } = statuses.value;
      statuses.value = rest;
    },
    onRules: (next) => (rules.value = next),
    onStatus(status) {
      statuses.value = { ...statuses.value, [status.rule]: status };
    },
  };
}
