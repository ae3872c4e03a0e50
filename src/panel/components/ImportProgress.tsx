import { importing } from '../import/importer';
import { tr } from '../../i18n/i18n';

const PHASE = { reading: 'Reading', checking: 'Checking', loading: 'Loading' } as const;

/** The import under way: what, how far, and a way to stop it (what was read stays). */
export function ImportProgressBar() {
  const p = importing.value;
  if (!p) return null;
  const percent = Math.round(p.fraction * 100);
  return (
    <div class="import-progress" data-testid="import-progress">
      <span class="import-progress-label">
        {PHASE[p.phase]} {p.name}
        {p.phase === 'checking' ? '…' : ` ${percent}%`}
      </span>
      <progress max={100} value={p.phase === 'checking' ? undefined : percent} aria-label={`${PHASE[p.phase]} ${p.name}`} />
      <button type="button" class="button" onClick={() => p.cancel()}>
        {tr('importProgress.stop')}
      </button>
    </div>
  );
}
