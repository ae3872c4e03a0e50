/**
 * Invisible and direction-changing characters (bidi overrides and isolates, zero-width characters, control
 * characters) are shown as escapes, never applied, as Chrome's DevTools does: a tool name
 * `invoice\u202Efdp.exe` reads as `invoice\u202Efdp.exe`, not `invoiceexe.pdf`.
 */
import { tr } from '../../i18n/i18n';
import { INVISIBLE, unicodeEscape } from '../../engine/query';

const SPECIAL = INVISIBLE;
const SPECIAL_ALL = new RegExp(INVISIBLE.source, 'g');
const NAMES: Record<number, string> = {
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};
const escape = unicodeEscape;

/** The text with special characters as escapes (for titles and other plain-text places). */
export const visibleText = (text: string, multiline = false): string => {
  const base = multiline ? text : text.replace(/\n/g, '↵').replace(/\t/g, '→');
  return SPECIAL.test(base) ? base.replace(SPECIAL_ALL, escape) : base;
};

/** The text as nodes, special characters shown as marked escapes. `multiline`: newlines and tabs stay as they are. */
export function Visible({ text, multiline = false }: { text: string; multiline?: boolean }) {
  return <>{visibleNodes(text, multiline)}</>;
}

/** What Visible draws, as children to put anywhere: the text itself when nothing in it is special (most of the time). */
export function visibleNodes(text: string, multiline = false): string | (string | preact.JSX.Element)[] {
  const plain = multiline ? text : text.replace(/\n/g, '↵').replace(/\t/g, '→');
  if (!SPECIAL.test(plain)) return plain;
  const parts: (string | preact.JSX.Element)[] = [];
  let last = 0;
  let k = 0;
  for (const m of plain.matchAll(SPECIAL_ALL)) {
    if (m.index! > last) parts.push(plain.slice(last, m.index));
    const code = m[0].charCodeAt(0);
    parts.push(
      <span class="esc" key={k++} title={tr('visible.shownNotApplied', { code: `U+${code.toString(16).toUpperCase().padStart(4, '0')}${NAMES[code] ? ` ${NAMES[code]}` : ''}` })}>
        {escape(m[0])}
      </span>,
    );
    last = m.index! + m[0].length;
  }
  if (last < plain.length) parts.push(plain.slice(last));
  return parts;
}
