/**
 * The playtest bot: a uniformly random legal move, drawn from a generator seeded by the game's
 * seed and the move number, so a game with bots replays the same way every time.
 */
import type { Move } from '../../../interpreter/index.js';

function mix(seed: number, n: number): number {
  // mulberry32, one draw.
  let t = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(n + 1, 0xc2b2ae35)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export function botMove(moves: Move[], seed: number, moveNumber: number): Move | undefined {
  if (moves.length === 0) return undefined;
  return moves[Math.floor(mix(seed, moveNumber) * moves.length)];
}
