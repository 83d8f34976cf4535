/**
 * Runs a study's games on a pool of worker threads (or in this thread with one worker). Seeds go
 * out in small batches to whichever worker is free; each game comes back keyed by its seed, and
 * the caller sorts by seed, so the result depends only on the seeds, never on the worker count.
 * `stop()` (Ctrl-C) ends the workers and keeps the games that finished.
 */
import { Worker } from 'node:worker_threads';
import { gamePlayer, type StudyGame, type Task } from './play-games.js';

export interface PoolRun {
  games: StudyGame[];
  /** Whether it was stopped before every seed was played. */
  stopped: boolean;
}

const batch = 4;

export async function runGames(task: Task, seeds: number[], workers: number, onGame: (done: number) => void, stopSignal: { stopped: boolean; stop?: () => void }): Promise<PoolRun> {
  const games: StudyGame[] = [];
  if (workers <= 1) {
    const play = gamePlayer(task);
    for (const seed of seeds) {
      if (stopSignal.stopped) break;
      games.push(play(seed));
      onGame(games.length);
      // Let a Ctrl-C be seen between games.
      if (games.length % 8 === 0) await new Promise((r) => setImmediate(r));
    }
    return { games, stopped: stopSignal.stopped };
  }
  let next = 0;
  const pool: Worker[] = [];
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const finish = (): void => {
      for (const w of pool) void w.terminate();
      resolve();
    };
    stopSignal.stop = finish;
    const feed = (w: Worker): void => {
      if (stopSignal.stopped || next >= seeds.length) {
        void w.terminate();
        if (--running === 0) resolve();
        return;
      }
      w.postMessage(seeds.slice(next, next + batch));
      next += batch;
    };
    const count = Math.min(workers, Math.ceil(seeds.length / batch));
    for (let i = 0; i < count; i++) {
      const w = new Worker(new URL('./worker-entry.js', import.meta.url), { workerData: task });
      pool.push(w);
      running++;
      w.on('message', (m: StudyGame | 'done') => {
        if (m === 'done') return feed(w);
        games.push(m);
        onGame(games.length);
      });
      w.on('error', reject);
      feed(w);
    }
    if (count === 0) resolve();
  });
  return { games, stopped: stopSignal.stopped };
}
