/**
 * Rule severities a team chose (agui.config.json for the CLI, the panel's settings for the Problems tab): each
 * problem at its rule's chosen severity, and the rules turned off left out. One function, so CI and the panel agree.
 */
import type { Severity } from '../diagnostics';

/** A rule's chosen level; rules not named keep their own severity. */
export type RuleLevels = Readonly<Record<string, Severity | 'off'>>;

export function applyLevels<P extends { ruleId: string; severity: Severity }>(problems: readonly P[], levels: RuleLevels): P[] {
  const out: P[] = [];
  for (const p of problems) {
    const level = levels[p.ruleId];
    if (level === undefined || level === p.severity) out.push(p);
    else if (level !== 'off') out.push({ ...p, severity: level });
  }
  return out;
}
