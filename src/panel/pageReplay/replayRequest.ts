/**
 * Opening "Replay to page" from anywhere in the panel (the toolbar, a run in the Runs tab): which run to start
 * from, or null while the dialog is closed. `replayAvailable` is true in the extension's panel (it needs a tab),
 * false in the standalone viewer.
 */
import { signal } from '@preact/signals';

export const replayRequest = signal<{ runKey?: number } | null>(null);
export const replayAvailable = signal(false);

/** Resend (the extension's panel only): the run whose request the dialog edits, or null while it is closed. */
export const resendRequest = signal<{ runKey: number } | null>(null);
export const resendAvailable = signal(false);
