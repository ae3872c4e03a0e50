/**
 * Page data is data until the last byte: whatever a page sent and we write out is encoded by the writer for that
 * medium. One function per medium, used by every writer (exports, the generated test, the CLI, the panel).
 */

/**
 * Characters that change how text reads without being seen: C0 and C1 controls (but tab and line feed), soft
 * hyphen, Arabic letter mark, Mongolian vowel separator, zero-width and direction marks, line and paragraph
 * separators, bidi embeddings, overrides and isolates, word joiner and friends, BOM.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
export const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'g');

/** `\uXXXX` for one UTF-16 unit. */
export const unicodeEscape = (ch: string): string => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The text with every invisible character as a `\uXXXX` escape (tabs and line feeds stay). */
export const escapeInvisible = (text: string): string => (INVISIBLE.test(text) ? text.replace(INVISIBLE_ALL, unicodeEscape) : text);

/**
 * A page's string for one line of a terminal: controls (escape sequences, carriage returns), direction marks and
 * line breaks as escapes, so it can neither move the cursor, set a title, draw a link nor fake a line of its own.
 */
export const terminalText = (text: string): string => escapeInvisible(text).replace(/[\n\t]/g, unicodeEscape);

// biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and controls are what this removes
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A page's string inside one comment or framing line (an SSE `:` line, a header line): nothing that ends the line. */
export const lineText = (text: string): string => text.replace(LINE_BREAKING, unicodeEscape);

/** JSON for a line-oriented file (JSONL, SSE `data:`): U+2028 and U+2029, which some readers break lines at, escaped. */
export const jsonLine = (value: unknown): string => (JSON.stringify(value) ?? 'null').replace(/[\u2028\u2029]/g, unicodeEscape);

/**
 * A value as a JavaScript expression in generated code. `JSON.stringify` and nothing else: a JSON text is a JS
 * expression with the same value, except that `"__proto__": …` in an object literal sets the prototype instead of
 * a key; a value holding such a key is written as `JSON.parse("…")`, which keeps it a key.
 */
export function codeLiteral(value: unknown, indent?: number): string {
  const json = (JSON.stringify(value, null, indent) ?? 'null').replace(/[\u2028\u2029]/g, unicodeEscape);
  return json.includes('"__proto__":') ? `JSON.parse(${jsonLine(JSON.stringify(value) ?? 'null')})` : json;
}

/**
 * Output a CI runner reads: GitHub Actions takes a line as a workflow command when it starts with `::` after leading
 * white space, or when it holds `##[` anywhere (the runner's older syntax, still parsed), so a page's or a pull
 * request's string could set a mask, fake an annotation or stop command processing. Each such place is written with
 * an escape its medium reads as the same character: `\u003A` and `\u0023` in text and JSON, `&#58;` and `&#35;` in XML.
 */
export function noWorkflowCommands(text: string, medium: 'text' | 'xml' = 'text'): string {
  const [colon, hash] = medium === 'xml' ? ['&#58;', '&#35;'] : ['\\u003A', '\\u0023'];
  return text.replace(/^(\s*):(?=:)/gm, `$1${colon}`).replace(/##\[/g, `#${hash}[`);
}
