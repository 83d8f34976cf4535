/** Simulated games (the interpreter's seeded random playouts) and replays of recorded moves. */
import { isDrawn, ranking, replay, RuleError, scores } from '../interpreter/index.js';
import type { Game, ReplayInput, State } from '../interpreter/index.js';
import { playRandomly, type PlayoutRun } from '../interpreter/playout.js';
import type { Loc } from '../interpreter/ir.js';
import { errorText } from './errors.js';
import { messages } from './messages.js';
import { quoteLabel } from '../interpreter/format.js';

/** A game longer than this is taken to be a loop in the rules (each move is one choice). */
export const maxMovesPerGame = 100_000;

export interface GameFailure {
  /** `rule-error`, `bad-setup`, `too-long`, `stuck`, or `internal` for an exception (an interpreter bug). */
  code: string;
  message: string;
  at?: Loc;
}

export interface GameOutcome {
  seed: number;
  /**
   * Moves made before the end, or before the failure (a rule error while a move is applied counts
   * that move); null when unknown (an exception inside the interpreter).
   */
  moves: number | null;
  scores: number[];
  /** The best group of the final ranking: shared wins count as fractions. */
  winners: number[];
  /** The rules declared the game a draw (`draw if`): every player is then among the winners. */
  draw?: true;
  error?: GameFailure;
}

function failure(e: unknown): GameFailure {
  if (e instanceof RuleError) return { code: 'rule-error', message: e.plain || e.message, at: e.at };
  return { code: 'internal', message: errorText(e) };
}

/** A failure as reported: the message always a text, the location only when known. */
function failureOf(code: string, message: string | undefined, at: Loc | undefined): GameFailure {
  const text = message || messages.noMessage(code);
  return at ? { code, message: text, at } : { code, message: text };
}

/** One game from `seed` with every seat a uniformly random bot (the interpreter's own playout). */
export function simulatedGame(game: Game, players: number, seed: number): GameOutcome {
  const outcome: GameOutcome = { seed, moves: 0, scores: [], winners: [] };
  let run: PlayoutRun;
  try {
    run = playRandomly(game, players, seed, maxMovesPerGame);
  } catch (e) {
    return { ...outcome, moves: null, error: failure(e) };
  }
  if (run.error !== undefined) {
    return { ...outcome, moves: run.moves.length, error: failureOf(run.error.code, run.error.message, run.error.at) };
  }
  const state: State = run.state;
  const done = { ...outcome, moves: state.moves.length };
  if (!state.ended) {
    const error = state.pending ? { code: 'too-long', message: messages.tooLong(maxMovesPerGame) } : { code: 'stuck', message: messages.noLegalMoves() };
    return { ...done, error };
  }
  try {
    const result: GameOutcome = { ...done, scores: scores(game, state), winners: ranking(game, state)[0] ?? [] };
    if (isDrawn(game, state)) result.draw = true;
    return result;
  } catch (e) {
    return { ...done, error: failure(e) };
  }
}

export type ReplayOutcome = { ok: true; state: State } | { ok: false; problem: string };

/** Applies the recorded moves from the start; stops at the first one that is not legal (counted from 1). */
export function replayMoves(game: Game, saved: ReplayInput): ReplayOutcome {
  const r = replay(game, saved);
  const d = r.divergence;
  if (!d) return { ok: true, state: r.state };
  const reason = messages.atLoc(d.error.message, d.error.at);
  return { ok: false, problem: d.index < 0 ? messages.badSetup(reason) : messages.illegalMove(d.index + 1, quoteLabel(d.move), reason) };
}
