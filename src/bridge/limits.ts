/**
 * Every limit of the capture path, in events and in bytes, in one place (SECURITY.md lists them). Beyond a
 * limit the oldest records go and the panel says exactly how many events went, and where.
 */

/** The page's content relay: what one document keeps for a panel opened later. */
export const PAGE_MAX_EVENTS = 100_000;
/** Records, partial events, pinned stream openings and unparsed page messages all count. */
export const PAGE_MAX_BYTES = 96 * 1024 * 1024;
/** One event may be at most this big; a bigger one is dropped (counted, and the panel says so). */
export const MAX_EVENT_BYTES = 64 * 1024 * 1024;
/** Page messages waiting unparsed beyond this many bytes are handled at once rather than in idle time. */
export const INBOX_MAX_BYTES = 64 * 1024 * 1024;
/** A request body is kept up to this many bytes (the panel shows its full size and that it was truncated). */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;
/** URLs, header values and other strings the page reports are kept up to this many characters. */
export const STRING_MAX = 64 * 1024;

/** The background: what one tab keeps for panels (a chunk's bytes; a record that came as base64 counts its characters). */
export const TAB_MAX_EVENTS = 100_000;
export const TAB_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Pause on an event: the bytes of held streams one document keeps back from its page while paused (the page's
 * byte limit). Past it the pause is released for that stream and the panel says so.
 */
export const HOLD_MAX_BYTES = PAGE_MAX_BYTES;
