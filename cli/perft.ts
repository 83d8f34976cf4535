/**
 * Perft: how many move sequences of each length lead on from a position, found by walking every
 * one through the integer action API. Published counts (Connect Four: 7, 49, 343, …) check a rule
 * file's legal moves. Chance (dice, shuffles) follows the state's seed: only choices branch.
 */
import { actionCount, actionToLabel, applyAction } from '../interpreter/index.js';
import type { Game, PlayError, State } from '../interpreter/index.js';

export interface PerftCounts {
  /** `sequences[d - 1]`: move sequences of exactly d moves (the positions at ply d, with repeats). */
  sequences: number[];
  /** `ended[d - 1]`: those sequences whose last move ended the game. */
  ended: number[];
}

/** A rule error somewhere in the tree, with the moves (labels) that lead to it. */
export class PerftFailure extends Error {
  constructor(
    readonly moves: string[],
    readonly error: PlayError,
  ) {
    super(error.message);
    this.name = 'PerftFailure';
  }
}

/**
 * Counts every sequence of 1..depth moves from `start` (which is not changed). Depth-first, one
 * pure `applyAction` per sequence: memory grows with the depth only.
 */
export function perft(g: Game, start: State, depth: number): PerftCounts {
  const counts: PerftCounts = { sequences: new Array<number>(depth).fill(0), ended: new Array<number>(depth).fill(0) };
  const path: State[] = [];
  const chosen: number[] = [];
  const walk = (s: State, ply: number): void => {
    const n = actionCount(s);
    for (let a = 0; a < n; a++) {
      const next = applyAction(g, s, a);
      if (!next.ok) {
        path.push(s);
        chosen.push(a);
        throw new PerftFailure(labels(g, path, chosen), next.error);
      }
      counts.sequences[ply]++;
      if (next.value.ended) counts.ended[ply]++;
      else if (ply + 1 < depth) {
        path.push(s);
        chosen.push(a);
        walk(next.value, ply + 1);
        path.pop();
        chosen.pop();
      }
    }
  };
  walk(start, 0);
  return counts;
}

function labels(g: Game, states: State[], actions: number[]): string[] {
  return states.map((s, i) => {
    const l = actionToLabel(g, s, actions[i]);
    return l.ok ? l.value : `#${actions[i]}`;
  });
}
