import { RuleLevelsDialog } from '../RuleLevelsDialog';
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { SessionStore } from '../../store/sessionStore';
import { num, severityLabel } from '../../format';
import { currentLocale, ruleTitle, tr, trn } from '../../../i18n/i18n';
import { type Problem, RULE_PASSAGES, SPEC_SOURCES } from '../../../engine/query';


/**
 * What a problem says. In English, the engine's message (for the reference's rules, the reference SDK's own words,
 * which users search for). In another language, the rule's title in that language, and the engine's message
 * beneath it as it came, marked as English text that is not translated.
 */
export function ProblemText({ ruleId, message }: { ruleId: string; message: string }) {
  if (currentLocale() === 'en') return <>{message}</>;
  return (
    <>
      <span class="problem-title">{ruleTitle(ruleId)}</span>{' '}
      <span class="problem-original muted" lang="en" translate={false} title={tr('problemsTab.original')}>
        {message}
      </span>
    </>
  );
}

/** The problems of one event (the Event tab): few, shown whole. */
export function ProblemList({ store, problems }: { store: SessionStore; problems: readonly Problem[] }) {
  return (
    <ul class="problems">
      {problems.map((p, i) => (
        <li key={i} class={`diag diag-${p.severity}`} data-rule={p.ruleId}>
          <button type="button" class="link" onClick={() => store.select(p.eventIndex, 'event')} title={tr('problemsTab.showThisEvent')}>
            #{p.eventIndex}
          </button>{' '}
          <span class="diag-code" translate={false}>{p.ruleId}</span> <ProblemText ruleId={p.ruleId} message={p.message} />
          <div class="muted spec">
            {p.reference ? tr('problemsTab.theReferenceClientStopsThe') : ''}{tr('problemsTab.spec', { spec: p.spec })}
          </div>
          <SpecPassage ruleId={p.ruleId} />
        </li>
      ))}
    </ul>
  );
}

/** The passage of the spec a rule enforces, in the spec's words and language, with what the rule takes from it. */
function SpecPassage({ ruleId }: { ruleId: string }) {
  const p = RULE_PASSAGES[ruleId];
  if (!p) return null;
  return (
    <figure class="spec-passage" data-testid="spec-passage">
      <blockquote lang={p.source === 'events' ? 'ko' : 'en'} translate={false}>
        {p.quote}
      </blockquote>
      <figcaption class="muted" lang="en" translate={false}>
        {p.summary} <cite>({SPEC_SOURCES[p.source]} › {p.heading})</cite>
      </figcaption>
    </figure>
  );
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;
const HEAD = 28;
const ENTRY = 40;
const OVERSCAN = 8;

interface Group {
  ruleId: string;
  severity: Problem['severity'];
  spec: string;
  reference: boolean;
  problems: Problem[];
}
type Row = { kind: 'group'; group: Group; open: boolean } | { kind: 'entry'; problem: Problem };

/** Problems grouped by rule (errors first, then warnings, then notes; the biggest groups first). */
function groupsOf(all: readonly Problem[]): Group[] {
  const byRule = new Map<string, Group>();
  for (const p of all) {
    let g = byRule.get(p.ruleId);
    if (!g) byRule.set(p.ruleId, (g = { ruleId: p.ruleId, severity: p.severity, spec: p.spec, reference: p.reference === true, problems: [] }));
    g.problems.push(p);
  }
  return [...byRule.values()].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.problems.length - a.problems.length);
}

/**
 * Every problem, grouped by rule with counts; each entry selects its event. Virtualized: only the rows in view
 * exist, so 200,000 problems open at once.
 */
export function ProblemsTab({ store }: { store: SessionStore }) {
  const { all, errors, warnings } = store.problems.value;
  const notes = all.length - errors - warnings;
  const levelsOpen = useSignal(false);
  /** Groups the user folded (notes start folded). */
  const folded = useSignal<ReadonlySet<string>>(new Set());
  const unfoldedNotes = useSignal<ReadonlySet<string>>(new Set());
  const scrollTop = useSignal(0);
  const height = useSignal(400);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => (height.value = el.clientHeight));
    observer.observe(el);
    height.value = el.clientHeight;
    return () => observer.disconnect();
  }, []);

  const groups = groupsOf(all);
  const rows: Row[] = [];
  const tops: number[] = [];
  let y = 0;
  for (const group of groups) {
    const open = group.severity === 'info' ? unfoldedNotes.value.has(group.ruleId) : !folded.value.has(group.ruleId);
    rows.push({ kind: 'group', group, open });
    tops.push(y);
    y += HEAD;
    if (!open) continue;
    for (const problem of group.problems) {
      rows.push({ kind: 'entry', problem });
      tops.push(y);
      y += ENTRY;
    }
  }
  const total = y;
  // The first row in view, by binary search over the row tops.
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tops[mid]! < scrollTop.value) lo = mid + 1;
    else hi = mid;
  }
  const first = Math.max(0, lo - OVERSCAN);
  const shown = [];
  for (let r = first; r < rows.length && tops[r]! < scrollTop.value + height.value + OVERSCAN * ENTRY; r++) shown.push(r);

  const toggle = (group: Group) => {
    if (group.severity === 'info') {
      const next = new Set(unfoldedNotes.value);
      if (next.has(group.ruleId)) next.delete(group.ruleId);
      else next.add(group.ruleId);
      unfoldedNotes.value = next;
    } else {
      const next = new Set(folded.value);
      if (next.has(group.ruleId)) next.delete(group.ruleId);
      else next.add(group.ruleId);
      folded.value = next;
    }
  };

  return (
    <div class="tab-body problems-tab" data-testid="problems-tab">
      <h3>
        {tr('tab.problems')}{' '}
        <span class="muted">
          {tr('problemsTab.errorsWarnings', { errors, warnings })}{notes ? `, ${trn('problemsTab.notes', notes)}` : ''}
        </span>{' '}
        <button type="button" class="link" onClick={() => (levelsOpen.value = true)} title={tr('problemsTab.turnRulesOffOrChange')} data-testid="rule-levels-open">
          {tr('problemsTab.severities')}{Object.keys(store.ruleLevels.value).length > 0 && ` (${tr('problemsTab.changed', { n: num(Object.keys(store.ruleLevels.value).length) })})`}
        </button>
      </h3>
      {levelsOpen.value && <RuleLevelsDialog store={store} onClose={() => (levelsOpen.value = false)} />}
      {all.length === 0 ? (
        <p class="muted">{tr('problemsTab.noProtocolProblemsFound')}</p>
      ) : (
        <div class="problem-list" ref={ref} role="tree" aria-label={tr('problemsTab.problemsByRule')} onScroll={(e) => (scrollTop.value = (e.currentTarget as HTMLDivElement).scrollTop)}>
          <div style={{ height: `${total}px`, position: 'relative' }}>
            {shown.map((r) => {
              const row = rows[r]!;
              if (row.kind === 'group') {
                const g = row.group;
                return (
                  <div
                    key={`g:${g.ruleId}`}
                    role="treeitem"
                    aria-expanded={row.open}
                    aria-level={1}
                    class={`problem-group diag-${g.severity}`}
                    style={{ top: `${tops[r]}px` }}
                    data-group={g.ruleId}
                    tabIndex={0}
                    onClick={() => toggle(g)}
                    onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), toggle(g))}
                    data-data-attrs="title"
                    title={`${g.spec}${g.reference ? ` · ${tr('problemsTab.referenceStops')}` : ''}${RULE_PASSAGES[g.ruleId] ? `\n${RULE_PASSAGES[g.ruleId]!.summary}` : ''}`}
                  >
                    <span class="j-arrow">{row.open ? '▾' : '▸'}</span>
                    <span class={`sev sev-${g.severity}`}>{severityLabel(g.severity)}</span>
                    <span class="diag-code" translate={false}>{g.ruleId}</span>
                    <span class="count-badge">{num(g.problems.length)}</span>
                    <span class="rule-title ellipsis">{ruleTitle(g.ruleId)}</span>
                    <span class="muted ellipsis" translate={false}>
                      {g.spec}
                    </span>
                  </div>
                );
              }
              const p = row.problem;
              return (
                <div
                  key={`e:${r}`}
                  role="treeitem"
                  aria-level={2}
                  class={`problem-entry diag diag-${p.severity}`}
                  style={{ top: `${tops[r]}px` }}
                  data-rule={p.ruleId}
                  tabIndex={-1}
                  onClick={() => store.select(p.eventIndex, 'event')}
                  title={p.message}
                  data-data-attrs="title"
                >
                  <div class="ellipsis">
                    <button type="button" class="link" title={tr('problemsTab.showThisEvent')}>
                      #{p.eventIndex}
                    </button>{' '}
                    <ProblemText ruleId={p.ruleId} message={p.message} />
                  </div>
                  <div class="muted spec ellipsis">
                    {p.reference ? tr('problemsTab.theReferenceClientStopsThe') : ''}
                    {p.path ? tr('problemsTab.atPath', { path: p.path.join('.') }) : ''}{tr('problemsTab.spec', { spec: p.spec })}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
