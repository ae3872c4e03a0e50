import type { Problem } from '../../../engine/verify/rules';
import type { SessionStore } from '../../store/sessionStore';

export function ProblemList({ store, problems }: { store: SessionStore; problems: readonly Problem[] }) {
  return (
    <ul class="problems">
      {problems.map((p, i) => (
        <li key={i} class={`diag diag-${p.severity}`} data-rule={p.ruleId}>
          <button type="button" class="link" onClick={() => store.select(p.eventIndex, 'event')} title="Show this event">
            #{p.eventIndex}
          </button>{' '}
          <span class="diag-code">{p.ruleId}</span> {p.message}
          <div class="muted spec">
            {p.reference ? 'The reference client stops the run here. ' : ''}Spec: {p.spec}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ProblemsTab({ store }: { store: SessionStore }) {
  const { all, errors, warnings } = store.problems.value;
  const shown = all.filter((p) => p.severity !== 'info');
  const notes = all.length - shown.length;
  return (
    <div class="tab-body" data-testid="problems-tab">
      <h3>
        Problems <span class="muted">{errors} errors, {warnings} warnings{notes ? `, ${notes} notes` : ''}</span>
      </h3>
      {shown.length === 0 ? <p class="muted">No protocol problems found.</p> : <ProblemList store={store} problems={[...shown].sort((a, b) => a.eventIndex - b.eventIndex)} />}
    </div>
  );
}
