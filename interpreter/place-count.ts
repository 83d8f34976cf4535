/**
 * The places a game's boards make when loaded: a per-player board is built once per seat of the
 * largest player count and once more for its template (`Board.s`). Each place costs an index entry
 * and its neighbours, so past LIMITS.places loading would take seconds and gigabytes (three
 * per-player boards of 10,000 places for 100 players took 30 s and 3.5 GB): the compiler reports it
 * at the board, and loadGame refuses a hand-made IR with it.
 */
import { LIMITS } from './context.js';
import type { GameIR, Loc } from './ir.js';

export interface PlacesPastLimit {
  /** The board whose places take the count past the limit. */
  board: string;
  at: Loc;
  /** Places of all boards. */
  total: number;
  limit: number;
}

export function placesPastLimit(ir: Pick<GameIR, 'boards' | 'players'>): PlacesPastLimit | undefined {
  let total = 0;
  let past: { board: string; at: Loc } | undefined;
  for (const [board, b] of Object.entries(ir.boards)) {
    total += b.places.length * (b.perPlayer ? ir.players.max + 1 : 1);
    if (total > LIMITS.places && past === undefined) past = { board, at: b.at };
  }
  return past && { ...past, total, limit: LIMITS.places };
}
