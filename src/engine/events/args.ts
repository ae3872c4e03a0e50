/**
 * Tool call arguments as they stream: complete JSON, a prefix of JSON (shown as the value it is becoming), or
 * something that will never be JSON (shown with where it broke).
 */
export type ParsedArgs =
  | { state: 'complete'; value: unknown }
  | { state: 'partial'; value: unknown }
  | { state: 'empty' }
  | { state: 'invalid'; error: string };

/** Closes what a JSON prefix left open (strings, arrays, objects), or returns undefined if it cannot be a prefix. */
export function completeJsonPrefix(text: string): string | undefined {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') stack.push('}');
    else if (c === '[') stack.push(']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return undefined;
    }
  }
  let out = text;
  if (inString) out += escaped ? '\\"' : '"';
  // A dangling key, colon or comma cannot be closed as it is: cut back to the last complete value.
  out = out.replace(/,\s*$/, '');
  if (stack[stack.length - 1] === '}') {
    // A key without its value: `{"a":1,"b"` or `{"b"`.
    const key = /"(?:[^"\\]|\\.)*"\s*$/.exec(out);
    if (key && /[{,]\s*$/.test(out.slice(0, key.index))) out = out.slice(0, key.index).replace(/,\s*$/, '');
  }
  out = out.replace(/:\s*$/, ': null');
  return out + stack.reverse().join('');
}

export function parseToolArgs(text: string): ParsedArgs {
  if (text.trim() === '') return { state: 'empty' };
  try {
    return { state: 'complete', value: JSON.parse(text) };
  } catch (error) {
    const closed = completeJsonPrefix(text);
    if (closed !== undefined) {
      try {
        return { state: 'partial', value: JSON.parse(closed) };
      } catch {
        // Not a prefix of JSON after all.
      }
    }
    return { state: 'invalid', error: (error as Error).message };
  }
}
