/** The content types of the two AG-UI stream formats, and which one a response's content type names. */
export type ReplayFormat = 'sse' | 'proto';
export const CONTENT_TYPE: Record<ReplayFormat, string> = { sse: 'text/event-stream', proto: 'application/vnd.ag-ui.event+proto' };

/** The format a content type names (`text/event-stream; charset=utf-8` → sse), or undefined for any other. */
export function formatOfContentType(contentType: string | null | undefined): ReplayFormat | undefined {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return media === CONTENT_TYPE.sse ? 'sse' : media === CONTENT_TYPE.proto ? 'proto' : undefined;
}
