/**
 * Resend, in the panel (the dialog opens on the store's dialogs.resend): the one resend at a time (sent by the document
 * that made the request, as the relay says it goes). A resend nobody answers (the page went away) fails by itself.
 */
import { type Signal, signal } from '@preact/signals';
import type { ResendStatus } from '../../bridge/messages';
import { tr } from '../../i18n/i18n';

export interface ResendJob {
  rid: string;
  /** The document that sends it, and the stream whose request it sends again. */
  docKey: string;
  streamId: string;
  status: ResendStatus;
}

/** What a resend of a stream's request would carry, as its page knows it (the answer to a plan). */
export interface ResendPlan {
  rid: string;
  streamId: string;
  /** Done: the page answered. `cookies` absent: the page cannot know them (cross-origin, credentials 'include'). */
  answered: boolean;
  cookies?: string[];
  /** The page could not say (it no longer knows the request). */
  error?: string;
}

export interface ResendControl {
  job: Signal<ResendJob | null>;
  plan: Signal<ResendPlan | null>;
  /** Asks the document that made stream `streamId`'s request what a resend would carry (nothing is sent). */
  askPlan(streamId: string): void;
  send(streamId: string, body: string): void;
  cancel(): void;
  onStatus(docKey: string, status: ResendStatus): void;
  /** The captured answer's stream id, once it opened. */
  answerStream(): string | undefined;
}

/** How long a resend may go without a word from its page before it is said to have failed. */
const SILENT_MS = 10_000;

export function createResendControl(bridge: { resend(streamId: string, rid: string, body: string, plan?: boolean): void; resendCancel(docKey: string, rid: string): void }): ResendControl {
  const job = signal<ResendJob | null>(null);
  const plan = signal<ResendPlan | null>(null);
  const newRid = () => `rs${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = (s: ResendStatus) => s.state === 'done' || s.state === 'failed' || s.state === 'cancelled';
  return {
    job,
    plan,
    askPlan(streamId) {
      const rid = newRid();
      plan.value = { rid, streamId, answered: false };
      bridge.resend(streamId, rid, '', true);
    },
    send(streamId, body) {
      if (job.value && !settled(job.value.status)) return;
      const rid = newRid();
      const docKey = streamId.slice(0, streamId.lastIndexOf(':'));
      job.value = { rid, docKey, streamId, status: { rid, state: 'sending' } };
      bridge.resend(streamId, rid, body);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const j = job.value;
        if (j?.rid === rid && j.status.state === 'sending' && !j.status.stream)
          job.value = { ...j, status: { rid, state: 'failed', error: tr('resend.noAnswer') } };
      }, SILENT_MS);
    },
    cancel() {
      const j = job.value;
      if (j && !settled(j.status)) bridge.resendCancel(j.docKey, j.rid);
    },
    onStatus(docKey, status) {
      const p = plan.value;
      if (p && p.rid === status.rid && p.streamId.startsWith(`${docKey}:`)) {
        plan.value = { ...p, answered: true, ...(status.cookies && { cookies: status.cookies }), ...(status.state !== 'planned' && { error: status.error ?? status.state }) };
        return;
      }
      const j = job.value;
      if (!j || j.rid !== status.rid || j.docKey !== docKey) return;
      job.value = { ...j, status };
      if (settled(status)) clearTimeout(timer);
    },
    answerStream() {
      const j = job.value;
      return j?.status.stream !== undefined ? `${j.docKey}:${j.status.stream}` : undefined;
    },
  };
}
