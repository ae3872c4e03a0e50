/**
 * Imports a file into the panel or the viewer without freezing it: a worker reads and parses, this side applies
 * the operations a slice of at most SLICE_MS at a time into a session that is shown as it fills, with a progress
 * bar. A bad file is one inline message naming the problem (and its line or record where there is one); what was
 * shown before stays until the file is known to be readable.
 */
import { signal } from '@preact/signals';
import { applyOp, type ImportOp } from '../../engine/io/importOps';
import { Session } from '../../engine/session/session';
import type { SessionStore } from '../store/sessionStore';
import type { FromWorker, ImportSource, ToWorker } from './protocol';
import { tr } from '../../i18n/i18n';
import { counted } from '../format';
import { nextTask } from '../../bridge/nextTask';

export type { ImportSource } from './protocol';

const SLICE_MS = 12;
const STEP_BYTES = 64 * 1024;

export interface ImportProgress {
  name: string;
  phase: 'reading' | 'checking' | 'loading';
  /** 0 to 1. */
  fraction: number;
  cancel(): void;
}

/** The import under way, if any (the progress bar shows it). */
export const importing = signal<ImportProgress | null>(null);

const sizeOf = (op: ImportOp): number => (op.kind === 'message' ? op.text.length : op.kind === 'chunk' ? op.bytes.length : 64);

export interface ImportHandlers {
  /** The file is readable: show this (empty, filling) session in its place. */
  onShow(session: Session, name: string): void;
}

let current: { stop(): void } | null = null;

/** Stops the import under way, if any (Clear); what was read stays shown. */
export function stopImport(): void {
  current?.stop();
}

/** Starts importing; a second import stops the first. */
export function startImport(store: SessionStore, source: ImportSource, name: string, handlers: ImportHandlers): void {
  current?.stop();
  const worker = new Worker(new URL('./importWorker.ts', import.meta.url));
  const queue: ImportOp[][] = [];
  let cursor = 0;
  let step: ((max: number) => boolean) | undefined;
  let session: Session | null = null;
  let total = 1;
  let applied = 0;
  let ended = false;
  let stopped = false;
  let pumping = false;

  const progress = (phase: ImportProgress['phase'], fraction: number) => {
    importing.value = { name, phase, fraction: Math.max(0, Math.min(1, fraction)), cancel: () => stop(true) };
  };
  const finish = () => {
    worker.terminate();
    importing.value = null;
    if (current === handle) current = null;
  };
  const stop = (byUser = false) => {
    if (stopped) return;
    stopped = true;
    finish();
    if (byUser) store.notify('info', tr('import.stopped', { name, percent: Math.round((applied / total) * 100) }));
  };
  const handle = { stop: () => stop(false) };
  current = handle;

  const pump = () => {
    if (stopped || !session) return;
    const until = performance.now() + SLICE_MS;
    while (performance.now() < until) {
      if (step) {
        if (step(STEP_BYTES)) step = undefined;
        continue;
      }
      const batch = queue[0];
      if (!batch) break;
      const op = batch[cursor++]!;
      applied += sizeOf(op);
      step = applyOp(session, op);
      if (cursor >= batch.length) {
        queue.shift();
        cursor = 0;
        worker.postMessage({ kind: 'more' } satisfies ToWorker);
      }
    }
    progress('loading', applied / total);
    if (queue.length > 0 || step) nextTask(pump);
    else {
      pumping = false;
      if (ended) finish();
    }
  };
  const kick = () => {
    if (!pumping) {
      pumping = true;
      nextTask(pump);
    }
  };

  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    if (stopped) return;
    const m = e.data;
    switch (m.kind) {
      case 'progress':
        progress(m.phase, m.phase === 'reading' ? m.done / m.total : 0);
        return;
      case 'plan':
        total = Math.max(1, m.total);
        session = new Session();
        // The last file's notes go with it; this one's stay while it is shown.
        store.dismissView('import');
        handlers.onShow(session, name);
        for (const n of m.notes) {
          store.notify('warning', n.kind === 'prototype-key' ? tr('import.prototypeKey', { name, line: n.line, key: n.key }) : tr('import.markup', { name, line: n.line }), { view: 'import' });
        }
        if (m.format === 'har') {
          const note = m.har ? tr('import.harStreams', { streams: counted(m.har.streams, 'aguiStream'), requests: counted(m.har.entries, 'request') }) : tr('import.aHarFile');
          store.notify('info', tr('import.harTimes', { name, note }), { view: 'import' });
        }
        progress('loading', 0);
        return;
      case 'ops':
        queue.push(m.ops);
        kick();
        return;
      case 'error':
        store.notify('error', m.record === undefined ? tr('import.couldNotRead', { name }) : tr('import.stoppedAtRecord', { name, record: m.record }), { detail: m.message, view: 'import' });
        if (session && (queue.length > 0 || step)) {
          // What was read before the problem is still applied; then the import ends.
          ended = true;
          kick();
        } else stop();
        return;
      case 'end':
        ended = true;
        if (!pumping) finish();
        return;
    }
  };
  worker.onerror = (e) => {
    e.preventDefault();
    store.notify('error', e.message ? tr('import.failed', { name }) : tr('import.workerStopped', { name }), e.message ? { detail: e.message } : {});
    stop();
  };
  progress('reading', 0);
  worker.postMessage({ kind: 'start', source, name } satisfies ToWorker);
}
