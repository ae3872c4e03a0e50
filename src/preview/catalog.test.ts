import { BASIC_FUNCTIONS } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, test } from 'vitest';
import { PURE_FUNCTIONS, type PreviewCall, previewFunctions } from './catalog';

const HOSTILE_URLS = ['http://127.0.0.1:1/beacon', 'chrome-extension://abcdefghijklmnop/viewer.html?src=http://127.0.0.1:1/x', 'javascript:alert(1)', 'data:text/html,<script>alert(1)</script>'];

describe('the preview runs no function with an effect', () => {
  test('every function of the installed basic catalog is either known to be pure or recorded (a new one fails here, to be looked at)', () => {
    const names = BASIC_FUNCTIONS.map((f) => f.name);
    expect(names.filter((n) => !PURE_FUNCTIONS.has(n))).toEqual(['openUrl']);
    expect([...PURE_FUNCTIONS].filter((n) => !names.includes(n))).toEqual([]);
  });

  test.each(HOSTILE_URLS)('openUrl(%s) is recorded with its URL, and window.open is never called', (url) => {
    const calls: PreviewCall[] = [];
    const opened: unknown[] = [];
    const had = Object.getOwnPropertyDescriptor(globalThis, 'window');
    // The catalog's own openUrl calls window.open when there is a window: give it one that notes the call.
    Object.defineProperty(globalThis, 'window', { value: { open: (...a: unknown[]) => opened.push(a) }, configurable: true });
    try {
      const fn = previewFunctions((c) => calls.push(c)).find((f) => f.name === 'openUrl')!;
      expect(fn.execute(fn.schema.parse({ url }) as never, {} as never)).toBeUndefined();
      // The original, on the same stand-in, does open: the stand-in sees a call when one happens.
      const original = BASIC_FUNCTIONS.find((f) => f.name === 'openUrl')!;
      original.execute({ url: 'http://example.test/' } as never, {} as never);
    } finally {
      if (had) Object.defineProperty(globalThis, 'window', had);
      else delete (globalThis as { window?: unknown }).window;
    }
    expect(calls).toEqual([{ kind: 'function', name: 'openUrl', args: { url } }]);
    expect(opened).toEqual([['http://example.test/', '_blank']]);
  });

  test('pure functions are the catalog’s own, and still compute', () => {
    const fns = previewFunctions(() => {
      throw new Error('a pure function was recorded');
    });
    for (const fn of fns) if (PURE_FUNCTIONS.has(fn.name)) expect(fn).toBe(BASIC_FUNCTIONS.find((f) => f.name === fn.name));
    const add = fns.find((f) => f.name === 'add')!;
    expect(add.execute({ a: 2, b: 3 } as never, {} as never)).toBe(5);
  });
});
