/**
 * The generative-UI checks in the forward pass, per conversation: when an `a2ui-surface` or `mcp-apps` activity
 * message changes, what is wrong with its operations or its snapshot is reported at that event (once per message
 * and finding); what a surface drawn at the end of a run lacks (`surfaceFindings`) is reported when the run ends,
 * at the last event that changed that surface. (The A2UI middleware streams a surface's components before its data:
 * a binding is judged on the surface as the run left it, not on the half-built one.)
 */
import { A2UI_ACTIVITY, type ActivityLike, type GenUiFinding, readSurfaces, surfaceFindings, surfaceIdsOf } from './a2ui';
import { MCP_APPS_ACTIVITY, readMcpApps } from './mcpApps';

export type GenUiReport = (ruleId: string, index: number, message: string, path?: (string | number)[]) => void;

const key = (f: GenUiFinding) => `${f.ruleId}|${f.path.join('/')}|${f.message}`;

export class GenUiRules {
  private readonly reported = new Map<string, Set<string>>();
  /** Surfaces changed since the last settle: the last event that changed each, and whether it was a snapshot of the message. */
  private readonly touched = new Map<string, { index: number; messageId: string; snapshot: boolean }>();

  /** Activity message `messageId` changed at input event `index` (a snapshot, or a delta). */
  changed(messageId: string, index: number, snapshot: boolean, messages: readonly ActivityLike[], report: GenUiReport): void {
    const m = messages.find((x) => x.id === messageId);
    if (!m) return;
    let findings: GenUiFinding[];
    if (m.activityType === A2UI_ACTIVITY) {
      findings = readSurfaces(messages).findings.filter((f) => f.messageId === messageId);
      for (const surfaceId of surfaceIdsOf(m.content)) this.touched.set(surfaceId, { index, messageId, snapshot });
    } else if (m.activityType === MCP_APPS_ACTIVITY) findings = readMcpApps([m]).findings;
    else return;
    const seen = this.reported.get(messageId) ?? new Set<string>();
    this.reported.set(messageId, seen);
    for (const f of findings) {
      if (seen.has(key(f))) continue;
      seen.add(key(f));
      report(f.ruleId, index, f.message, snapshot ? f.path : undefined);
    }
  }

  /** A run of this conversation ended (or its stream did): the surfaces it changed, as they were left. */
  settle(messages: () => readonly ActivityLike[], report: GenUiReport): void {
    if (this.touched.size === 0) return;
    const { surfaces } = readSurfaces(messages());
    for (const [surfaceId, last] of this.touched) {
      const s = surfaces.get(surfaceId);
      if (!s || s.deleted) continue;
      for (const f of surfaceFindings(s)) report(f.ruleId, last.index, f.message, last.snapshot && f.messageId === last.messageId ? f.path : undefined);
    }
    this.touched.clear();
  }
}
