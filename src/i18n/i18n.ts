/**
 * The panel's and the viewer's words: one message catalog (`en.ts`, with `ko.ts` beside it), chosen once at start
 * from the browser's UI language (English otherwise). The CLI stays English and does not use this.
 *
 * A message is a string with named `{params}`. A count has two keys, `….one` and `….other`, picked by the
 * locale's plural rules (`trn`), which writes the count with the locale's separators. Other numbers in params are
 * written as JSX writes them (an event index stays #12345); a count passed in is formatted by its caller (`formatNumber`).
 *
 * The pseudo-locale `qps` (`?lang=qps`) shows every catalog string accented and in ⟦brackets⟧: a test renders
 * every view with it and fails on visible text outside brackets that is not data (data is marked `translate="no"`).
 */
import { en, type MessageKey } from './en';
import { ko } from './ko';

export type { MessageKey } from './en';
export type Locale = 'en' | 'ko' | 'qps';
/** A param left undefined or null is written as nothing, as JSX writes `{undefined}`. */
export type Params = Record<string, string | number | null | undefined>;

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!]),
);

/** The pseudo-locale's form of a message: letters accented outside `{params}`, the whole in ⟦brackets⟧. */
export const pseudo = (text: string): string =>
  `⟦${text.replace(/\{[a-zA-Z0-9_]+\}|[a-zA-Z]/g, (m) => (m.length === 1 ? ACCENTS[m]! : m))}⟧`;

let locale: Locale = 'en';
let catalog: Readonly<Record<MessageKey, string>> = en;
let numbers = new Intl.NumberFormat('en');
let plurals = new Intl.PluralRules('en');
const pseudoCache = new Map<MessageKey, string>();

/** The locale for a browser UI language tag (`ko`, `ko-KR` → ko; anything else → en), or a `?lang=` override. */
export function localeFor(tag: string | null | undefined): Locale {
  const t = (tag ?? '').toLowerCase();
  if (t === 'qps' || t.startsWith('qps-')) return 'qps';
  if (t === 'ko' || t.startsWith('ko-')) return 'ko';
  return 'en';
}

export function setLocale(next: Locale): void {
  locale = next;
  catalog = next === 'ko' ? ko : en;
  const intl = next === 'qps' ? 'en' : next;
  numbers = new Intl.NumberFormat(intl);
  plurals = new Intl.PluralRules(intl);
  pseudoCache.clear();
  if (typeof document !== 'undefined') document.documentElement.lang = next === 'qps' ? 'en' : next;
}

export const currentLocale = (): Locale => locale;

/** Numbers as the locale writes them (12,345). */
export const formatNumber = (n: number): string => numbers.format(n);

function template(key: MessageKey): string {
  if (locale !== 'qps') return catalog[key];
  let p = pseudoCache.get(key);
  if (p === undefined) pseudoCache.set(key, (p = pseudo(en[key])));
  return p;
}

const fill = (text: string, params?: Params): string =>
  params === undefined
    ? text
    : text.replace(/\{([a-zA-Z0-9_]+)\}/g, (whole, name: string) => {
        if (!(name in params)) return whole;
        const v = params[name];
        return v === undefined || v === null ? '' : String(v);
      });

/** The message `key` in the current locale, with its params filled in. */
export const tr = (key: MessageKey, params?: Params): string => fill(template(key), params);

type PluralBase = MessageKey extends infer K ? (K extends `${infer B}.one` ? B : never) : never;

/** A count: `base.one` or `base.other` by the locale's plural rules, with `{n}` the count. */
export function trn(base: PluralBase, n: number, params?: Params): string {
  const form = plurals.select(n) === 'one' ? 'one' : 'other';
  return tr(`${base}.${form}` as MessageKey, { n: numbers.format(n), ...params });
}

/** Placeholders of a message, for the catalog tests. */
export const placeholders = (text: string): string[] => [...text.matchAll(/\{([a-zA-Z0-9_]+)\}/g)].map((m) => m[1]!).sort();

/** A rule's title in the panel's language (the catalog has one per rule; a test holds it to RULES), or its id. */
export const ruleTitle = (ruleId: string): string => (`rule.${ruleId}` in en ? tr(`rule.${ruleId}` as MessageKey) : ruleId);
