import { expect, test } from 'vitest';
import { columnLayout } from './timelineColumns';

test('the index column fits the biggest index; dragged widths and hidden columns are laid out', () => {
  expect(columnLayout({ hidden: [], widths: {} }, 150).style['--col-index']).toBe('calc(3ch + 6px)');
  expect(columnLayout({ hidden: [], widths: {} }, 100_001).style['--col-index']).toBe('calc(6ch + 6px)');
  expect(columnLayout({ hidden: [], widths: {} }, 3).style['--col-index']).toBe('calc(2ch + 6px)');
  const l = columnLayout({ hidden: ['time', 'preview'], widths: { type: 240, index: 50 } }, 10);
  expect(l.classes).toBe('hide-time hide-preview');
  expect(l.style['--col-type']).toBe('240px');
  expect(l.style['--col-index']).toBe('50px');
  expect(l.style['--col-ids']).toBe('36%');
});
