/** A fuzz worker: rebuilds each input from its description and runs it (see pool.ts for budgets). */
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { Corpus } from './corpus.js';
import { materialize, type Input } from './inputs.js';
import { deepFreeze } from './mutate-json.js';
import { runMaterial } from './run-input.js';

// Frozen: inputs share its objects (mutate-json.ts copies only what an input changes).
const corpus = deepFreeze(workerData as Corpus);
parentPort?.on('message', (input: Input) => {
  void runMaterial(materialize(corpus, input), input.index).then((outcome) => parentPort?.postMessage(outcome));
});
// The thread's id, so the pool can read its CPU time (a busy machine is not a hang): Linux only.
let tid: string | null = null;
try {
  tid = readlinkSync('/proc/thread-self').split('/').pop() ?? null;
} catch {
  tid = null;
}
parentPort?.postMessage({ ready: true, tid });
