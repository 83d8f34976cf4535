/**
 * A web worker of the Analyze panel: plays the seeds it is sent with the CLI's own game player
 * (cli/analyze/play-games.ts: same bots, same bot seeds, same coverage), posting each game as it
 * ends and `done` after each batch. Games never run on the page's thread.
 */
import { gamePlayer, type StudyGame, type Task } from '../../../cli/analyze/play-games.js';

export type ToWorker = { task: Task } | { seeds: number[] };
export type FromWorker = { game: StudyGame } | { done: true } | { failed: string };

let play: ((seed: number) => StudyGame) | null = null;

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const post = (m: FromWorker): void => self.postMessage(m);
  try {
    if ('task' in e.data) {
      play = gamePlayer(e.data.task);
      return;
    }
    for (const seed of e.data.seeds) post({ game: play!(seed) });
    post({ done: true });
  } catch (err) {
    post({ failed: err instanceof Error ? err.message : String(err) });
  }
};
