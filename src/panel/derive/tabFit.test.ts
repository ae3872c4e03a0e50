import { expect, test } from 'vitest';
import { overflowedTabs } from './tabFit';

const widths = [50, 40, 45, 70, 45, 75, 70];

test('all tabs in one row when they fit, none behind the overflow button', () => {
  expect(overflowedTabs(widths, 395, 0, 24)).toEqual([]);
  expect(overflowedTabs(widths, 1000, 6, 24)).toEqual([]);
});

test('the tabs that do not fit go behind », whose own width counts', () => {
  // 394 is one short of all: the button takes 24, so 370 are left: 50+40+45+70+45 = 250, +75 = 325, +70 = 395 > 370.
  expect(overflowedTabs(widths, 394, 0, 24)).toEqual([6]);
  expect(overflowedTabs(widths, 300, 0, 24)).toEqual([5, 6]);
  expect(overflowedTabs(widths, 100, 0, 24)).toEqual([1, 2, 3, 4, 5, 6]);
});

test('the selected tab stays in the row, in place of the last tabs that fit', () => {
  // room 276: 0..4 fit (250); Problems (70) is selected: 4 goes (205 + 70 = 275).
  expect(overflowedTabs(widths, 300, 6, 24)).toEqual([4, 5]);
  // room 76: 0 fits; the selected 3 (70) needs it all.
  expect(overflowedTabs(widths, 100, 3, 24)).toEqual([0, 1, 2, 4, 5, 6]);
  // Nothing fits, not even the selected one: it is shown anyway (the strip clips it).
  expect(overflowedTabs(widths, 30, 5, 24)).toEqual([0, 1, 2, 3, 4, 6]);
});
