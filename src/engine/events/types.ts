import { EventType } from '@ag-ui/core';

/** The 31 event types of protocol 1.0, in the order of the core enum. */
export const CORE_EVENT_TYPES = Object.values(EventType) as EventType[];

/** Removed from the 1.0 enum but still sent by older producers; replayed as REASONING_*. */
export const DEPRECATED_EVENT_TYPES = [
  'THINKING_START',
  'THINKING_END',
  'THINKING_TEXT_MESSAGE_START',
  'THINKING_TEXT_MESSAGE_CONTENT',
  'THINKING_TEXT_MESSAGE_END',
] as const;
export type DeprecatedEventType = (typeof DEPRECATED_EVENT_TYPES)[number];

/** In no SDK enum: shown, never rejected, never replayed. */
export const DRAFT_EVENT_TYPES = ['META'] as const;
export type DraftEventType = (typeof DRAFT_EVENT_TYPES)[number];

export type KnownEventType = EventType | DeprecatedEventType | DraftEventType;

const coreSet = new Set<string>(CORE_EVENT_TYPES);
const deprecatedSet = new Set<string>(DEPRECATED_EVENT_TYPES);
const draftSet = new Set<string>(DRAFT_EVENT_TYPES);

export const isCoreEventType = (type: string): type is EventType => coreSet.has(type);
export const isDeprecatedEventType = (type: string): type is DeprecatedEventType => deprecatedSet.has(type);
export const isDraftEventType = (type: string): type is DraftEventType => draftSet.has(type);

export { EventType };
