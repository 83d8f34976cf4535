/**
 * The benchmark's yardsticks: natural rule files (bench/games/ and the bundled Four Species) each
 * paired with the same rules hand-written in plain mutable TypeScript.
 */
import { join } from 'node:path';
import { referencePlayout } from './four-species-reference.js';
import { cardRacePlayout } from './reference/card-race.js';
import { gomokuPlayout, ticTacToePlayout } from './reference/n-in-a-row.js';

export interface Yardstick {
  title: string;
  /** The rule file, relative to the checkout. */
  file: string;
  players: number;
  /** The hand-written playout; returns the decisions made (0 when it does not count them). */
  handWritten: (players: number, seed: number) => number;
}

const games = 'bench/games';

export const yardsticks: Yardstick[] = [
  { title: 'Gomoku 15x15', file: join(games, 'gomoku.strata'), players: 2, handWritten: gomokuPlayout },
  { title: 'Tic-tac-toe', file: join(games, 'tic-tac-toe.strata'), players: 2, handWritten: ticTacToePlayout },
  { title: 'Card Race', file: join(games, 'card-race.strata'), players: 3, handWritten: cardRacePlayout },
  ...[2, 3, 4].map((players) => ({
    title: 'Four Species',
    file: 'rulesets/four-species.strata',
    players,
    handWritten: (p: number, seed: number) => (referencePlayout(p, seed), 0),
  })),
];
