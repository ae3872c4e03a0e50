/**
 * Which tabs of a strip fit in one row, as DevTools' tab strips do: tabs in order while they fit, the rest behind
 * an overflow button (») whose width then counts too; the selected tab always stays in the row, in place of the
 * last ones that fit. Returns the indices of the tabs that go to the overflow menu, ascending.
 */
export function overflowedTabs(widths: readonly number[], available: number, selected: number, moreWidth: number): number[] {
  const total = widths.reduce((a, b) => a + b, 0);
  if (total <= available) return [];
  const room = available - moreWidth;
  const kept: number[] = [];
  let used = 0;
  for (let i = 0; i < widths.length; i++) {
    if (used + widths[i]! > room) break;
    kept.push(i);
    used += widths[i]!;
  }
  if (selected >= 0 && selected < widths.length && !kept.includes(selected)) {
    while (kept.length > 0 && used + widths[selected]! > room) used -= widths[kept.pop()!]!;
    kept.push(selected);
  }
  const shown = new Set(kept);
  return widths.map((_, i) => i).filter((i) => !shown.has(i));
}
