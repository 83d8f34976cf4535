/**
 * The playtest bot: the interpreter's random bot (interpreter/bots/random.ts), which picks by the
 * game's seed and the move number, so a game with bots replays the same way every time and plays
 * the same moves as `strata simulate` and `strata play` for that seed.
 */
import type { Move } from '../../../interpreter/index.js';
import { randomAction } from '../../../interpreter/bots/random.js';

export function botMove(moves: Move[], seed: number, moveNumber: number): Move | undefined {
  if (moves.length === 0) return undefined;
  return moves[randomAction(seed, moveNumber, moves.length)];
}
