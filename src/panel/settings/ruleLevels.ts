/**
 * The rule severities the user chose, kept per extension (browser.storage.local) by the extension's panel: where
 * they are saved, when there is such a place (the standalone viewer keeps them for the page only).
 */
import { signal } from '@preact/signals';
import type { RuleLevels } from '../../engine/verify/levels';

export const RULE_LEVELS_KEY = 'rule-levels';
export const saveRuleLevels = signal<((levels: RuleLevels) => void) | null>(null);
