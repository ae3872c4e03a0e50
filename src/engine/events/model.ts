import type { Event as CoreEvent } from '@ag-ui/core';
import type { DeprecatedEventType } from './types';

/** An event of protocol 1.0, as @ag-ui/core types it. */
export type AgUiEvent = CoreEvent;

/** A THINKING_* event of the 0.0.x line. */
export interface DeprecatedEvent {
  type: DeprecatedEventType;
  timestamp?: number;
  title?: string;
  delta?: string;
  messageId?: string;
  [key: string]: unknown;
}

/** Whatever object a frame carried: typed when known, open otherwise (unknown, draft, or broken events are shown too). */
export type AnyEvent = AgUiEvent | DeprecatedEvent | { type?: unknown; [key: string]: unknown };
