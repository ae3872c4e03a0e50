/** Messages between the import worker and the page that applies what it reads. */
import type { FileNote, ImportOp } from '../../engine/io/importOps';
import type { InputFormat } from '../../engine/io/readInput';

export type ImportSource = { kind: 'blob'; blob: Blob } | { kind: 'text'; text: string } | { kind: 'url'; url: string };

export type ToWorker = { kind: 'start'; source: ImportSource; name: string } | { kind: 'more' };

export type FromWorker =
  | { kind: 'progress'; phase: 'reading' | 'checking'; done: number; total: number }
  | { kind: 'plan'; format: InputFormat; notes: FileNote[]; har?: { streams: number; entries: number }; total: number }
  | { kind: 'ops'; ops: ImportOp[]; bytes: number }
  /** The engine's located message (English, as the CLI says it); `record`: the import stopped there, after the records before it. */
  | { kind: 'error'; message: string; record?: number }
  | { kind: 'end' };
