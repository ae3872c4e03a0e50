import type { ProducerClue } from '../engine/query';
import type { RunOutcome } from '../engine/replay/runRows';
import { formatNumber, tr, trn } from '../i18n/i18n';

/** 12,345: numbers as the panel's locale writes them (one formatter, made when the locale is set). */
export const num = (n: number): string => formatNumber(n);

/** The nouns the panel counts (each `count.<noun>.one|other` in the catalogs). */
export type Noun = 'event' | 'error' | 'warning' | 'delta' | 'message' | 'frame' | 'character' | 'reply' | 'failedRun' | 'stoppedRun' | 'aguiStream' | 'request' | 'surface' | 'mcpApp';

/** "1 event", "12,345 events" (이벤트 12,345개): a count with its noun, by the locale's plural rules. */
export const counted = (n: number, noun: Noun): string => trn(`count.${noun}`, n);

/** A count short enough for a badge: 9,999, then 12k, 200k, 1.2M. */
export const compact = (n: number): string =>
  n < 10_000 ? num(n) : n < 999_500 ? `${Math.round(n / 1000)}k` : `${(n / 1_000_000).toFixed(n < 9_950_000 ? 1 : 0)}M`;

/** A run's outcome as the panel says it (the word itself, `failed`, is also what the filter's `outcome:` takes). */
/** A run's outcome in the panel's words; a run the page's client stopped says where (`stoppedAt`). */
export const outcomeLabel = (o: RunOutcome, stoppedAt?: number): string => (o === 'stopped' && stoppedAt !== undefined ? tr('outcome.stoppedAt', { index: stoppedAt }) : tr(`outcome.${o}`));

/** A severity as the panel says it (error, warning, note), or the word as it came. */
export const severityLabel = (s: string): string => (s === 'error' ? tr('severity.error') : s === 'warning' ? tr('severity.warning') : s === 'info' ? tr('problemsTab.note') : s);

/** What the filter language could not read, in the panel's words. */
export const filterErrorText = (error: { token: string; message: string }): string => tr('filter.notRegex', error);

/** What a stream showed of who produced it, in the panel's language. */
export const producerClueText = (c: ProducerClue): string => tr(`producer.clue.${c.kind}`, { detail: c.detail });

/** Who produced a stream, as the engine found it (its stacks' names), or "unknown". */
export const producerLabel = (names: readonly string[]): string => (names.length ? names.join(' + ') : tr('producer.unknown'));
