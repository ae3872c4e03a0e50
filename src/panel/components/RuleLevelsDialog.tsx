import { useSignal } from '@preact/signals';
import { copyText } from '../copy';
import { saveRuleLevels } from '../settings/ruleLevels';
import type { SessionStore } from '../store/sessionStore';
import { Modal } from './Modal';
import { severityLabel } from '../format';
import { type MessageKey, ruleTitle, tr } from '../../i18n/i18n';
import { type RuleLevels, RULES, type Severity } from '../../engine/query';

const CHOICES: [Severity | 'off' | '', MessageKey][] = [
  ['', 'ruleLevelsDialog.itsOwn'],
  ['error', 'severity.error'],
  ['warning', 'severity.warning'],
  ['info', 'problemsTab.note'],
  ['off', 'ruleLevelsDialog.off'],
];
/** agui.config.json says warn where the panel says warning. */
const CONFIG_LEVEL: Record<Severity | 'off', string> = { error: 'error', warning: 'warn', info: 'info', off: 'off' };

/**
 * Rule severities, as agui.config.json's `rules` set them for the CLI: each rule at its own severity, another, or
 * off. Kept per extension; the Problems tab, the toolbar's counts, the rows and the Runs tab follow them. "Copy as
 * agui.config.json" gives CI the same.
 */
export function RuleLevelsDialog({ store, onClose }: { store: SessionStore; onClose(): void }) {
  const filter = useSignal('');
  const copied = useSignal(false);
  const levels = store.ruleLevels.value;
  const set = (next: RuleLevels) => {
    store.ruleLevels.value = next;
    saveRuleLevels.value?.(next);
  };
  const q = filter.value.trim().toLowerCase();
  const ids = Object.keys(RULES).filter((id) => !q || id.includes(q) || RULES[id]!.spec.toLowerCase().includes(q));
  const changed = Object.keys(levels).length;
  return (
    <Modal title={tr('ruleLevelsDialog.ruleSeverities')} testId="rule-levels" wide onClose={onClose}>
      <p class="muted">
        {tr('ruleLevelsDialog.as')} <code>agui.config.json</code>{tr('ruleLevelsDialog.s')} <code>rules</code> {tr('ruleLevelsDialog.setThemForTheCli')} {changed > 0 ? tr('ruleLevelsDialog.changed', { n: changed }) : tr('ruleLevelsDialog.everyRuleAtItsOwn')}
      </p>
      <div class="pause-add">
        <input type="search" class="filter" placeholder={tr('ruleLevelsDialog.findARuleIdOr')} aria-label={tr('ruleLevelsDialog.findARule')} value={filter.value} onInput={(e) => (filter.value = (e.currentTarget as HTMLInputElement).value)} />
        <button type="button" class="button" disabled={changed === 0} onClick={() => set({})}>
          {tr('ruleLevelsDialog.resetAll')}
        </button>
        <button
          type="button"
          class="button"
          onClick={async () => {
            const rules = Object.fromEntries(Object.entries(levels).map(([id, l]) => [id, CONFIG_LEVEL[l]]));
            copied.value = await copyText(`${JSON.stringify({ rules }, null, 2)}\n`);
          }}
          data-testid="rule-levels-copy"
        >
          {copied.value ? tr('ruleLevelsDialog.copied') : tr('ruleLevelsDialog.copyAsAguiConfigJson')}
        </button>
      </div>
      <div class="rule-levels">
        <table class="diff-table">
          <tbody>
            {ids.map((id) => (
              <tr key={id} data-rule={id} class={levels[id] ? 'changed' : ''}>
                <td>
                  <code>{id}</code> {ruleTitle(id)}
                  <div class="muted" translate={false}>
                    {RULES[id]!.spec}
                  </div>
                </td>
                <td>
                  <select
                    aria-label={tr('ruleLevelsDialog.severityOf', { id })}
                    value={levels[id] ?? ''}
                    onChange={(e) => {
                      const v = (e.currentTarget as HTMLSelectElement).value as Severity | 'off' | '';
                      const { [id]: _, ...rest } = levels;
                      set(v === '' || v === RULES[id]!.severity ? rest : { ...rest, [id]: v });
                    }}
                  >
                    {CHOICES.map(([v, label]) => (
                      <option key={v} value={v}>
                        {v === '' ? `${tr(label)} (${severityLabel(RULES[id]!.severity)})` : tr(label)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
