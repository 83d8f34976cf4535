/** Seeded random playouts, in place (no state copies): for benchmarks, conformance tests, the CLI. */
import { leanCtx, resumeLean, startGame } from './api.js';
import type { Game } from './context.js';
import { RuleError, type PlayError } from './errors.js';
import { randomAction } from './bots/random.js';
import { LeanPending, seenPending } from './lean-pending.js';
import { optionCount } from './range-choice.js';
import type { State } from './state.js';

export interface Playout {
  state: State;
  moves: string[];
}

/** A playout that may have stopped on an error: the state and moves as they were when it happened. */
export type PlayoutRun =
  | (Playout & { error?: undefined })
  /** A rule error while playing (`rule-error`; `moves` ends with the move being applied). */
  | (Playout & { error: PlayError })
  /** The game could not start (`bad-setup`, or a `rule-error` before the first choice). */
  | { state: null; moves: string[]; error: PlayError };

/**
 * Plays uniformly random legal moves from a new game until it ends (or `maxMoves` were made), and
 * reports a rule error instead of throwing it. The moves are the random bot's (bots/random.ts) for
 * `seed`: the same game `strata simulate`, `strata play` and the editor play for that seed. Anything
 * else thrown (an interpreter bug) escapes.
 */
export function playRandomly(g: Game, players: number, seed: number, maxMoves = 100_000): PlayoutRun {
  // Nobody sees the state until it returns: its choices are lean (lean-pending.ts) until then.
  const start = startGame(g, { players, seed }, true);
  if (!start.ok) return { state: null, moves: [], error: start.error };
  const s = start.value;
  const ctx = leanCtx(g, s);
  try {
    for (let n = 0; n < maxMoves && !s.ended && s.pending !== null; n++) {
      const p = s.pending;
      resumeLean(ctx, p, randomAction(seed, s.moves.length, p instanceof LeanPending ? p.size() : optionCount(p)));
    }
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { state: s, moves: s.moves, error: { code: 'rule-error', message: e.plain, at: e.at } };
  } finally {
    s.pending = seenPending(s.pending);
  }
  return { state: s, moves: s.moves };
}

/**
 * playRandomly for callers that want the final state or an exception: rule errors are thrown
 * (RuleError, with their location); so is a bad player count.
 */
export function randomPlayout(g: Game, players: number, seed: number, maxMoves = 100_000): Playout {
  const run = playRandomly(g, players, seed, maxMoves);
  if (run.error === undefined) return run;
  const e = run.error;
  throw e.at ? new RuleError(e.message, e.at) : new Error(e.message);
}
