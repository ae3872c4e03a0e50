/**
 * An inline text diff by words (a word, a run of spaces, or one other character each), with Myers' edit script:
 * the parts in order, each equal, removed (only in A) or added (only in B), neighbours of one kind joined. Texts
 * too different to align (past the cap) come back as one removed and one added part.
 */
import { diffSequences } from './myers';

export interface TextPart {
  op: 'equal' | 'removed' | 'added';
  text: string;
}

const TOKEN = /\s+|[\p{L}\p{N}_]+|[^]/gu;

export function diffText(a: string, b: string, maxD = 2000): TextPart[] {
  const ta = a.match(TOKEN) ?? [];
  const tb = b.match(TOKEN) ?? [];
  const intern = new Map<string, number>();
  const code = (tokens: string[]) => Int32Array.from(tokens, (t) => intern.get(t) ?? (intern.set(t, intern.size), intern.size - 1));
  const { edits } = diffSequences(code(ta), code(tb), maxD);
  const parts: TextPart[] = [];
  for (const e of edits) {
    const text = (e.op === 'added' ? tb.slice(e.b, e.b + e.length) : ta.slice(e.a, e.a + e.length)).join('');
    const last = parts[parts.length - 1];
    if (last && last.op === e.op) last.text += text;
    else if (text) parts.push({ op: e.op, text });
  }
  return parts;
}
