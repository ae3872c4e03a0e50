import { afterEach, expect, it } from 'vitest';
import { setLocale } from '../i18n/i18n';
import { bridgeError } from './bridgeErrors';

afterEach(() => setLocale('en'));

it("words the background's errors in the panel's language, with the browser's reason as it is", () => {
  expect(bridgeError('Captured records could not be delivered: Port closed', 'delivery-failed', { reason: 'Port closed' })).toEqual({
    text: 'Captured records could not be delivered:',
    detail: 'Port closed',
  });
  const disarmed = (rules: number) => bridgeError('(English)', 'replay-disarmed', { origin: 'http://b.test', rules, origins: 'http://a.test' });
  // The same words the background writes in English.
  expect(disarmed(1).text).toBe('Replay to page disarmed: the tab went to http://b.test, and the rule answers http://a.test only.');
  expect(disarmed(2).text).toBe('Replay to page disarmed: the tab went to http://b.test, and the 2 rules answer http://a.test only.');
  setLocale('ko');
  expect(disarmed(2).text).toBe('페이지에 재생을 해제했어요: 탭이 http://b.test(으)로 이동했는데 규칙 2개는 http://a.test에만 응답해요.');
  expect(bridgeError('Something new', undefined)).toEqual({ text: '확장 프로그램이 문제를 알렸어요:', detail: 'Something new' });
  setLocale('en');
  expect(bridgeError('Something new', undefined)).toEqual({ text: 'Something new' });
});
