/** Messages between the import worker and the page that applies what it reads. */
import type { ImportOp } from '../../engine/session/importOps';
import type { InputFormat } from '../../engine/session/readInput';

export type ImportSource = { kind: 'blob'; blob: Blob } | { kind: 'text'; text: string } | { kind: 'url'; url: string };

export type ToWorker = { kind: 'start'; source: ImportSource; name: string } | { kind: 'more' };

export type FromWorker =
  | { kind: 'progress'; phase: 'reading' | 'checking'; done: number; total: number }
  | { kind: 'plan'; format: InputFormat; warnings: string[]; note?: string; total: number }
  | { kind: 'ops'; ops: ImportOp[]; bytes: number }
  | { kind: 'error'; message: string }
  | { kind: 'end' };
