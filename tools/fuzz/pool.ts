/**
 * Worker threads that run fuzz inputs with a time and memory budget: an input that runs past the
 * budget is a hang, one that exhausts the heap is out-of-memory; either way the worker is replaced
 * and the run goes on. The time budget is the worker thread's CPU time where Linux tells it
 * (/proc), so that a machine shared with other work does not turn slow inputs into hangs; the
 * wall clock still stops an input at `wallFactor` times the budget.
 */
import { readFileSync } from 'node:fs';
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
  /** Resolves to the worker thread's id (null where its CPU time cannot be read). */
  ready: Promise<string | null>;
}

/** Wall-clock time an input may take, in budgets, however little CPU time it got. */
const wallFactor = 20;

/** CPU time (user + system) of thread `tid` of this process, in ms; undefined when unknown. */
function threadCpuMs(tid: string | null): number | undefined {
  if (tid === null) return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of proc(5)) in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
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
    const ready = new Promise<string | null>((resolve, reject) => {
      worker.once('message', (m: { tid?: string | null }) => resolve(m.tid ?? null));
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
    let tid: string | null;
    try {
      tid = await slot.ready;
    } catch {
      slot = this.replace(slot);
      tid = await slot.ready;
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
      const cpuStart = threadCpuMs(tid);
      const wallStart = performance.now();
      // Checked when the budget could be spent, and again while the thread has had less CPU time.
      const check = (): void => {
        const cpu = cpuStart === undefined ? undefined : threadCpuMs(tid)! - cpuStart;
        const wall = performance.now() - wallStart;
        if (cpu === undefined || Number.isNaN(cpu) || cpu >= budgetMs || wall >= budgetMs * wallFactor) {
          done({ verdict: 'finding', stage: 'run', category: 'hang', message: `no answer within ${budgetMs} ms${cpu === undefined ? '' : ' of CPU time'}` });
        } else timer = setTimeout(check, Math.max(50, budgetMs - cpu));
      };
      let timer = setTimeout(check, budgetMs);
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
