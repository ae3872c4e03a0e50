/**
 * An EventSource event written back as the SSE text it came as (the page hook sends its type, last event id and
 * data; the browser has already parsed the wire's): `event:` unless it is a "message", `id:` when it has one, and
 * one `data:` line per line of its data.
 */
export function sseText(type: string, id: string, data: string): string {
  let out = type === 'message' ? '' : `event: ${type}\n`;
  if (id) out += `id: ${id}\n`;
  for (const line of data.split('\n')) out += `data: ${line}\n`;
  return `${out}\n`;
}
