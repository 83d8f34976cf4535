/** Seeded random playouts, in place (no state copies): for benchmarks, conformance tests, the CLI. */
import { newGame, resume } from './api.js';
import type { Game } from './context.js';
import { RuleError } from './errors.js';
import { nextInt, seedWords } from './rng.js';
import type { State } from './state.js';

export interface Playout {
  state: State;
  moves: string[];
}

/**
 * Plays uniformly random legal moves from a new game until it ends (or `maxMoves` were made).
 * The move picker has its own generator, seeded from `seed`, so the game's own sequence is the one
 * a replay of the moves would see. Rule errors are thrown (RuleError, with their location); so is a bad player count.
 */
export function randomPlayout(g: Game, players: number, seed: number, maxMoves = 100_000): Playout {
  const start = newGame(g, { players, seed });
  if (!start.ok) {
    const e = start.error;
    throw e.at ? new RuleError(e.message, e.at) : new Error(e.message);
  }
  const s = start.value;
  const picker = seedWords((seed ^ 0x5f3759df) >>> 0);
  for (let n = 0; n < maxMoves && !s.ended && s.pending !== null; n++) {
    resume(g, s, nextInt(picker, s.pending.labels.length));
  }
  return { state: s, moves: s.moves };
}
