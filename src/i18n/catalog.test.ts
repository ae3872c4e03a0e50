import { describe, expect, it } from 'vitest';
import { en } from './en';
import { localeFor, placeholders, pseudo, setLocale, tr, trn } from './i18n';
import { ko } from './ko';

describe('the message catalogs', () => {
  it('Korean has every English key and no other', () => {
    const enKeys = Object.keys(en).sort();
    const koKeys = Object.keys(ko).sort();
    expect(koKeys.filter((k) => !(k in en))).toEqual([]);
    expect(enKeys.filter((k) => !(k in ko))).toEqual([]);
  });

  it('each Korean message has the placeholders of its English one', () => {
    const wrong = Object.entries(en)
      .filter(([k, v]) => placeholders(v).join() !== placeholders(ko[k as keyof typeof en]).join())
      .map(([k]) => k);
    expect(wrong).toEqual([]);
  });

  it('a Korean message that is not empty is not left in English', () => {
    // Words that stay as they are in Korean too: protocol names, formats, brands, field names.
    const keep = /^[\s\p{P}\p{S}\d]*$|^\/|^A #|^\w+Id$|TTFT|AG-UI|RUN_|STATE_|TOOL_|SSE|JSON|URL|HAR|protobuf|fetch|glob|agui\.config|RunAgentInput|null|undefined|rules|resent|redacted|http:|type:|ms$|^[AB]$|^UI$/u;
    const same = Object.entries(en).filter(([k, v]) => (v as string) !== '' && ko[k as keyof typeof en] === v && !keep.test(v)).map(([k]) => k);
    expect(same).toEqual([]);
  });

  it('plural forms come in pairs', () => {
    const keys = Object.keys(en);
    const unpaired = keys.filter((k) => (k.endsWith('.one') && !keys.includes(`${k.slice(0, -4)}.other`)) || (k.endsWith('.other') && !keys.includes(`${k.slice(0, -6)}.one`)));
    expect(unpaired).toEqual([]);
  });
});

describe('tr', () => {
  it('fills params, picks the locale, and keeps an index as it is', () => {
    setLocale('en');
    expect(tr('stateTab.stateAfterEvent', { index: 12345 })).toBe('State after event #12345');
    setLocale('ko');
    expect(tr('stateTab.stateAfterEvent', { index: 12345 })).toBe('이벤트 #12345 이후의 상태');
    setLocale('en');
  });

  it('counts with the plural rules and the locale separators', () => {
    setLocale('en');
    expect(trn('count.event', 1)).toBe('1 event');
    expect(trn('count.event', 12345)).toBe('12,345 events');
    setLocale('ko');
    expect(trn('count.event', 12345)).toBe('이벤트 12,345개');
    setLocale('en');
  });

  it('the pseudo-locale brackets and accents the text, not its params', () => {
    expect(pseudo('State after event #{index}')).toBe('⟦Šţàţé àƒţéŕ éṽéñţ #{index}⟧');
    setLocale('qps');
    expect(tr('stateTab.stateAfterEvent', { index: 7 })).toBe('⟦Šţàţé àƒţéŕ éṽéñţ #7⟧');
    setLocale('en');
  });

  it('takes the browser language: ko and ko-KR are Korean, anything else English', () => {
    expect(localeFor('ko')).toBe('ko');
    expect(localeFor('ko-KR')).toBe('ko');
    expect(localeFor('en-US')).toBe('en');
    expect(localeFor('fr')).toBe('en');
    expect(localeFor(undefined)).toBe('en');
    expect(localeFor('qps')).toBe('qps');
  });
});

describe('rule titles', () => {
  it('every rule has a title in the catalog, and no title names a rule that is not there', async () => {
    const { RULES } = await import('../engine/verify/rules');
    expect(Object.keys(RULES).filter((id) => !(`rule.${id}` in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => k.startsWith('rule.') && !(k.slice(5) in RULES))).toEqual([]);
  });
});
