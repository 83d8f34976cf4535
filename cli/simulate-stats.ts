/** The summary of many simulated games: wins, scores and lengths per seat, speed and errors. */
import type { GameFailure, GameOutcome } from './playout.js';
import { wilson, type Rate } from './analyze/stats.js';

export interface Spread {
  min: number;
  mean: number;
  max: number;
}

export interface SimulationSummary {
  file: string;
  variant: string | null;
  players: number;
  games: number;
  seeds: { first: number; last: number };
  /** Games that ended without an error: the statistics below are over these. */
  completed: number;
  /** Wins by seat (index 0 = P1); a win shared by k players counts 1/k for each. */
  wins: number[];
  /** Each seat's share of wins over the completed games, with its 95 % Wilson interval and n. */
  winRates: Rate[];
  /** Completed games the rules declared a draw (`draw if`), with its 95 % Wilson interval and n. */
  draws: Rate;
  scores: (Spread | null)[];
  length: Spread | null;
  seconds: number;
  gamesPerSecond: number;
  /** `moves`: made before the failure, null when unknown. */
  errors: (GameFailure & { seed: number; moves: number | null })[];
}

function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const v of values) {
    min = Math.min(min, v);
    max = Math.max(max, v);
    sum += v;
  }
  return { min, mean: sum / values.length, max };
}

export function summarise(
  head: { file: string; variant: string | null; players: number; firstSeed: number },
  outcomes: GameOutcome[],
  seconds: number,
): SimulationSummary {
  const done = outcomes.filter((o) => !o.error);
  const wins = Array.from({ length: head.players }, () => 0);
  for (const o of done) for (const p of o.winners) wins[p] = (wins[p] ?? 0) + 1 / o.winners.length;
  const errors = outcomes.flatMap((o) => (o.error ? [{ ...o.error, seed: o.seed, moves: o.moves }] : []));
  return {
    file: head.file,
    variant: head.variant,
    players: head.players,
    games: outcomes.length,
    seeds: { first: head.firstSeed, last: head.firstSeed + outcomes.length - 1 },
    completed: done.length,
    wins,
    winRates: wins.map((w) => wilson(w, done.length)),
    draws: wilson(done.filter((o) => o.draw === true).length, done.length),
    scores: wins.map((_, p) => spread(done.flatMap((o) => (o.scores[p] === undefined ? [] : [o.scores[p]])))),
    length: spread(done.flatMap((o) => (o.moves === null ? [] : [o.moves]))),
    seconds,
    gamesPerSecond: seconds > 0 ? outcomes.length / seconds : outcomes.length,
    errors,
  };
}
