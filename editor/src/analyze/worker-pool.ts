/**
 * Runs a study's seeds on a pool of web workers, as cli/analyze/pool.ts does with worker threads:
 * seeds go out in small batches to whichever worker is free and each game comes back keyed by its
 * seed; the caller sorts by seed (collect.ts), so the numbers depend only on the seeds, never on
 * the number of workers. `stop()` ends the workers and keeps the games that finished.
 */
import type { StudyGame, Task } from '../../../cli/analyze/play-games.js';
import type { FromWorker, ToWorker } from './analyze-worker.js';
import AnalyzeWorker from './analyze-worker.ts?worker';

export interface PoolRun {
  games: StudyGame[];
  stopped: boolean;
}

export interface GamePool {
  done: Promise<PoolRun>;
  stop(): void;
}

const batch = 2;

/** Workers for the page: the cores the browser reports, less one for the page and the language server. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(8, (navigator.hardwareConcurrency || 2) - 1));
}

export function runInWorkers(task: Task, seeds: number[], workers: number, onGame: (done: number) => void): GamePool {
  const games: StudyGame[] = [];
  const pool: Worker[] = [];
  let next = 0;
  let stopped = false;
  let finish: (r: PoolRun) => void = () => {};
  let fail: (e: Error) => void = () => {};
  const done = new Promise<PoolRun>((ok, no) => ((finish = ok), (fail = no)));
  let running = 0;
  const end = (): void => {
    for (const w of pool) w.terminate();
    finish({ games, stopped });
  };
  const feed = (w: Worker): void => {
    if (stopped || next >= seeds.length) {
      w.terminate();
      if (--running === 0) end();
      return;
    }
    const m: ToWorker = { seeds: seeds.slice(next, next + batch) };
    next += batch;
    w.postMessage(m);
  };
  const count = Math.max(0, Math.min(workers, Math.ceil(seeds.length / batch)));
  for (let i = 0; i < count; i++) {
    const w = new AnalyzeWorker();
    pool.push(w);
    running++;
    w.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if ('game' in m) {
        games.push(m.game);
        onGame(games.length);
      } else if ('done' in m) feed(w);
      else {
        for (const x of pool) x.terminate();
        fail(new Error(m.failed));
      }
    };
    w.onerror = (e) => {
      for (const x of pool) x.terminate();
      fail(new Error(e.message || 'an analysis worker failed'));
    };
    const start: ToWorker = { task };
    w.postMessage(start);
    feed(w);
  }
  if (count === 0) end();
  return {
    done,
    stop() {
      if (stopped) return;
      stopped = true;
      end();
    },
  };
}
