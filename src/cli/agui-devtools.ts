/** The agui-devtools executable (built to dist/cli/agui-devtools.mjs); also the script of its lint workers. */
import { isMainThread, workerData } from 'node:worker_threads';
import { nodeIo, run } from './main';
import { isLintWorker, serveLintWorker } from './pool';

if (!isMainThread && isLintWorker(workerData)) serveLintWorker();
else process.exitCode = await run(process.argv.slice(2), { ...nodeIo, workerScript: new URL(import.meta.url) });
