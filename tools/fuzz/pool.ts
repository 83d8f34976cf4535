/**
 * Worker threads that run fuzz inputs with a time and memory budget: an input that runs past the
 * budget is a hang, one that exhausts the heap is out-of-memory; either way the worker is replaced
 * and the run goes on.
 */
import { Worker } from 'node:worker_threads';
import type { Corpus } from './corpus.js';
import type { Input } from './inputs.js';
import type { Outcome } from './run-input.js';

export interface Budget {
  /** Wall-clock time for one input. */
  ms: number;
  /** Heap of one worker. */
  heapMb: number;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
}

const bootFile = new URL('./worker-boot.js', import.meta.url);

export class Pool {
  private readonly idle: Slot[] = [];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private readonly all = new Set<Worker>();

  constructor(
    private readonly corpus: Corpus,
    size: number,
    private readonly budget: Budget,
  ) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(bootFile, {
      workerData: this.corpus,
      resourceLimits: { maxOldGenerationSizeMb: this.budget.heapMb },
      stdout: true,
      stderr: true,
    });
    // Langium logs validator crashes to the console: they are counted as findings, not printed.
    worker.stdout.resume();
    worker.stderr.resume();
    this.all.add(worker);
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    return { worker, ready };
  }

  private async take(): Promise<Slot> {
    const slot = this.idle.pop();
    if (slot) return slot;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.idle.push(slot);
  }

  private replace(slot: Slot): Slot {
    this.all.delete(slot.worker);
    void slot.worker.terminate();
    return this.spawn();
  }

  /** Runs one input; `budgetMs` overrides the pool's time budget (to confirm a hang). */
  async run(input: Input, budgetMs = this.budget.ms): Promise<Outcome> {
    let slot = await this.take();
    try {
      await slot.ready;
    } catch {
      slot = this.replace(slot);
      await slot.ready;
    }
    const { worker } = slot;
    const outcome = await new Promise<Outcome | 'broken'>((resolve) => {
      const done = (o: Outcome | 'broken'): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(o);
      };
      const onMessage = (o: Outcome): void => done(o);
      const onError = (e: Error & { code?: string }): void =>
        done(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { verdict: 'finding', stage: 'run', category: 'out-of-memory', message: `heap over ${this.budget.heapMb} MB` }
            : { verdict: 'finding', stage: 'run', category: 'internal-error', message: `worker died: ${e.message}` },
        );
      const onExit = (): void => done('broken');
      const timer = setTimeout(
        () => done({ verdict: 'finding', stage: 'run', category: 'hang', message: `no answer within ${budgetMs} ms` }),
        budgetMs,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(input);
    });
    const healthy = outcome !== 'broken' && outcome.verdict !== 'finding' ? true : outcome !== 'broken' && outcome.category !== 'hang' && outcome.category !== 'out-of-memory' && !outcome.message.startsWith('worker died');
    this.give(healthy ? slot : this.replace(slot));
    return outcome === 'broken' ? { verdict: 'finding', stage: 'run', category: 'internal-error', message: 'worker exited' } : outcome;
  }

  async close(): Promise<void> {
    await Promise.all([...this.all].map((w) => w.terminate()));
  }
}
