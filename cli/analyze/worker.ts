/** A worker thread of the pool: plays the seeds it is sent, posting each game as it ends. */
import { parentPort, workerData } from 'node:worker_threads';
import { gamePlayer, type Task } from './play-games.js';

const play = gamePlayer(workerData as Task);
parentPort!.on('message', (seeds: number[]) => {
  for (const seed of seeds) parentPort!.postMessage(play(seed));
  parentPort!.postMessage('done');
});
