/**
 * Linting many files at once: worker threads (one per core, at most one per file) each read and lint the next
 * file in the queue. The CLI's own module is the worker script, so the built CLI stays one file.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';
import { type FileLint, lintBytes } from './lint';

const WORKER_FLAG = 'agui-devtools-lint-worker';

/** Reads a file for lint; a read failure is the file's error, not the whole run's. */
export function lintPath(file: string, read: (file: string) => Uint8Array): FileLint {
  let bytes: Uint8Array;
  try {
    bytes = read(file);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a directory' : e.code === 'EACCES' ? 'permission denied' : e.message;
    return { file, events: 0, problems: [], error: `cannot read ${file === '-' ? 'standard input' : file}: ${why}`, ms: 0 };
  }
  return lintBytes(file, bytes);
}

const readDisk = (file: string) => new Uint8Array(readFileSync(file === '-' ? 0 : file));

/** True in a worker this module started; it then serves lint requests. */
export function isLintWorker(workerData: unknown): boolean {
  return workerData === WORKER_FLAG;
}

export function serveLintWorker(): void {
  parentPort!.on('message', (msg: { i: number; file: string }) => {
    parentPort!.postMessage({ i: msg.i, result: lintPath(msg.file, readDisk) });
  });
}

/**
 * Workers when they pay: a core is left for the main thread and the engine's garbage collection (on 2 cores two
 * workers each lint 50% slower than one thread alone), and each worker gets at least 32 files to amortize its
 * start (about 0.1 s).
 */
export const defaultJobs = (files: number): number => Math.max(1, Math.min(availableParallelism() - 1, Math.ceil(files / 32)));

/** Lints files in `jobs` workers running `script`; the results come back in the files' order. */
export function lintInWorkers(files: readonly string[], jobs: number, script: URL): Promise<FileLint[]> {
  return new Promise((resolve, reject) => {
    const results: FileLint[] = new Array(files.length);
    let next = 0;
    let done = 0;
    const workers: Worker[] = [];
    const finish = (error?: Error) => {
      for (const w of workers) void w.terminate();
      if (error) reject(error);
      else resolve(results);
    };
    const feed = (w: Worker) => {
      if (next < files.length) {
        const i = next++;
        w.postMessage({ i, file: files[i] });
      }
    };
    for (let k = 0; k < Math.min(jobs, files.length); k++) {
      const w = new Worker(script, { workerData: WORKER_FLAG });
      workers.push(w);
      w.on('message', (msg: { i: number; result: FileLint }) => {
        results[msg.i] = msg.result;
        if (++done === files.length) finish();
        else feed(w);
      });
      w.on('error', (error) => finish(error));
      // Two requests in flight per worker, so none waits for the main thread between files.
      feed(w);
      feed(w);
    }
    if (files.length === 0) finish();
  });
}
