/**
 * The import worker: reads a file (or a URL, or pasted text), detects its format, parses and checks it, and hands
 * the page its operations in batches, at most two ahead of what the page has applied. Everything that takes long
 * on a big file (reading, JSON.parse, the session schema, base64) happens here, off the page's thread.
 */
import type { ImportOp } from '../../engine/io/importOps';
import { InputError, planInput } from '../../engine/io/readInput';
import type { FromWorker, ImportSource, ToWorker } from './protocol';
import { joinBytes } from '../../engine/util/bytes';

const BATCH_BYTES = 1 << 20;
const BATCH_OPS = 4000;
/** A chunk bigger than this goes in pieces, so that progress and back-pressure work on one huge stream too. */
const PIECE = 1 << 20;

const scope = self as unknown as { postMessage(m: FromWorker, transfer?: Transferable[]): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null };
const post = (m: FromWorker, transfer: Transferable[] = []) => scope.postMessage(m, transfer);

let credits = 2;
let wake: (() => void) | null = null;

scope.onmessage = (e) => {
  const m = e.data;
  if (m.kind === 'more') {
    credits++;
    wake?.();
    wake = null;
  } else void run(m.source, m.name).catch((error: unknown) => post({ kind: 'error', message: (error as Error)?.message ?? String(error) }));
};

async function readAll(stream: ReadableStream<Uint8Array>, total: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let done = 0;
  let last = 0;
  const reader = stream.getReader();
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    parts.push(value);
    done += value.length;
    if (done - last > 4 << 20) {
      last = done;
      post({ kind: 'progress', phase: 'reading', done, total: Math.max(total, done) });
    }
  }
  return joinBytes(parts, done);
}

async function read(source: ImportSource): Promise<Uint8Array> {
  switch (source.kind) {
    case 'text':
      return new TextEncoder().encode(source.text);
    case 'blob':
      return readAll(source.blob.stream(), source.blob.size);
    case 'url': {
      let response: Response;
      try {
        response = await fetch(source.url, { credentials: 'omit' });
      } catch (error) {
        throw new InputError(`cannot load ${source.url}: ${(error as Error).message || 'the request failed'} (a URL on another origin must allow it with CORS).`);
      }
      if (!response.ok) throw new InputError(`cannot load ${source.url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
      if (!response.body) return new Uint8Array(await response.arrayBuffer());
      return readAll(response.body, Number(response.headers.get('content-length')) || 0);
    }
  }
}

const sizeOf = (op: ImportOp): number => (op.kind === 'message' ? op.text.length : op.kind === 'chunk' ? op.bytes.length : 64);

async function run(source: ImportSource, name: string): Promise<void> {
  let bytes: Uint8Array;
  try {
    bytes = await read(source);
  } catch (error) {
    post({ kind: 'error', message: (error as Error).message });
    return;
  }
  post({ kind: 'progress', phase: 'checking', done: 0, total: bytes.length });
  let plan: ReturnType<typeof planInput>;
  try {
    plan = planInput(bytes, name);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    post({ kind: 'error', message: error.message });
    return;
  }
  post({ kind: 'plan', format: plan.format, notes: plan.notes, ...(plan.har && { har: plan.har }), total: bytes.length });

  let batch: ImportOp[] = [];
  let transfer: ArrayBuffer[] = [];
  let size = 0;
  let taken = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    while (credits <= 0) await new Promise<void>((r) => (wake = r));
    credits--;
    post({ kind: 'ops', ops: batch, bytes: size }, transfer);
    batch = [];
    transfer = [];
    size = 0;
  };
  const add = async (op: ImportOp) => {
    if (op.kind === 'chunk') {
      // Its own buffer, handed over rather than copied again.
      const own = op.bytes.slice();
      op = { ...op, bytes: own };
      transfer.push(own.buffer as ArrayBuffer);
    }
    batch.push(op);
    size += sizeOf(op);
    if (size >= BATCH_BYTES || batch.length >= BATCH_OPS) await flush();
  };
  try {
    for (const op of plan.ops) {
      taken++;
      if (op.kind === 'chunk' && op.bytes.length > PIECE) {
        for (let at = 0; at < op.bytes.length; at += PIECE) await add({ ...op, bytes: op.bytes.subarray(at, at + PIECE) });
      } else await add(op);
    }
  } catch (error) {
    await flush();
    post({ kind: 'error', message: (error as Error).message, record: taken });
    return;
  }
  await flush();
  post({ kind: 'end' });
}
