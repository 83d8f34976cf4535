/**
 * The one random bot. Its pick depends only on (seed, move number, option count), not on a stream
 * that must be carried along: the CLI, the library's playouts, the editor (which undoes and
 * replays) and the tests all draw the same option for the same seed at the same move.
 */
import { nextInt, seedInto } from '../rng.js';

/** The generator words of one pick, reused: a pick keeps nothing. */
const scratch = [0, 0, 0, 0];

/** Mixes the seed and the move number into one generator seed (splitmix32's finaliser). */
function moveSeed(seed: number, moveIndex: number): number {
  let z = (Math.imul(seed >>> 0, 0x9e3779b1) + Math.imul(moveIndex + 1, 0x85ebca6b)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A uniformly random option in [0, count) for move `moveIndex` (0 = the game's first move) of a game played with `seed`. */
export function randomAction(seed: number, moveIndex: number, count: number): number {
  if (count <= 1) return 0;
  return nextInt(seedInto(moveSeed(seed, moveIndex), scratch), count);
}
