/**
 * Rule severities a team chose (agui.config.json for the CLI, the panel's settings for the Problems tab): each
 * problem at its rule's chosen severity, and the rules turned off left out. One function, so CI and the panel agree.
 */
import type { Severity } from '../diagnostics';
import { RULES } from './rules';

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

/** A level as a config names it (agui.config.json, --rule, the library's options) and the severity it sets. */
export const CONFIG_LEVELS = { off: 'off', info: 'info', warn: 'warning', error: 'error' } as const;

/**
 * Every rule at the level a preset gives it: `recommended` its own severity, `strict` warnings as errors. The rules of
 * what the page's client changed (`change`) are off under `recommended` and notes under `strict`.
 */
export function presetLevels(preset: 'recommended' | 'strict'): Record<string, Severity | 'off'> {
  const levels: Record<string, Severity | 'off'> = {};
  for (const [id, rule] of Object.entries(RULES)) {
    // What the client changed is a note only when asked for (strict): recommended leaves it out.
    levels[id] = rule.change ? (preset === 'strict' ? rule.severity : 'off') : preset === 'strict' && rule.severity === 'warning' ? 'error' : rule.severity;
  }
  return levels;
}

/** The edit distance of two ids, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let last = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const was = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, last + (a[i - 1] === b[j - 1] ? 0 : 1));
      last = was;
    }
  }
  return row[b.length]!;
}

/** The rule id closest to one that does not exist. */
export const closestRuleId = (id: string): string => Object.keys(RULES).reduce((best, r) => (distance(id, r) < distance(id, best) ? r : best));
