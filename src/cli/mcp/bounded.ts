/**
 * Every MCP result is bounded: a byte budget per call (a coding agent's context is small and a session can hold
 * 60 MB events), long strings cut with how much was cut, arrays and objects cut short with how many items were left
 * out. What was cut is said in the result (`truncated`), never silently.
 */

/** About this many bytes of JSON per tool result. */
export const RESULT_BUDGET = 64 * 1024;
/** No string longer than this in a result (the rest is cut, and the cut is said). */
export const STRING_MAX = 8 * 1024;

export interface Truncated {
  /** Strings cut, and the characters cut from them. */
  strings: number;
  chars: number;
  /** Array items and object fields left out. */
  items: number;
}

interface State extends Truncated {
  left: number;
  stringMax: number;
}

function walk(v: unknown, s: State, depth: number): unknown {
  if (typeof v === 'string') {
    const max = Math.max(32, Math.min(s.stringMax, s.left));
    let out = v;
    if (v.length > max) {
      s.strings++;
      s.chars += v.length - max;
      out = `${v.slice(0, max)}…[cut ${(v.length - max).toLocaleString('en')} chars]`;
    }
    s.left -= out.length + 2;
    return out;
  }
  if (v === null || typeof v !== 'object') {
    s.left -= v === undefined ? 0 : String(v).length;
    return v;
  }
  if (depth > 64) {
    s.items++;
    return '[cut: nested too deep]';
  }
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      if (s.left <= 0) {
        s.items += v.length - i;
        break;
      }
      out.push(walk(v[i], s, depth + 1));
      s.left -= 1;
    }
    s.left -= 2;
    return out;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    if (s.left <= 0) {
      s.items += keys.length - i;
      break;
    }
    const key = keys[i]!;
    s.left -= key.length + 4;
    Object.defineProperty(out, key, { value: walk((v as Record<string, unknown>)[key], s, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  s.left -= 2;
  return out;
}

/** `value` within `budget` bytes of JSON (about), and what was cut to get there (undefined: nothing). */
export function bounded<T>(value: T, budget = RESULT_BUDGET, stringMax = STRING_MAX): { value: T; truncated?: Truncated } {
  const s: State = { left: budget, stringMax, strings: 0, chars: 0, items: 0 };
  const out = walk(value, s, 0) as T;
  return s.strings + s.items === 0 ? { value: out } : { value: out, truncated: { strings: s.strings, chars: s.chars, items: s.items } };
}

/** The JSON size of a value, in UTF-16 code units (what the budget counts). */
export const jsonSize = (value: unknown): number => JSON.stringify(value)?.length ?? 0;
