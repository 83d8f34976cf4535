/** Shared helpers of the interpreter tests: start a game, unwrap results, evaluate one expression. */
import { expect } from 'vitest';
import { actionCount, applyActionInPlace, legalMoves, loadGame, newGame, randomAction, randomPlayout, type Game, type Result, type State } from '../../interpreter/index.js';
import type { Expr, GameIR, Json, Stmt } from '../../interpreter/ir.js';
import { withPlaceTexts } from '../../interpreter/place-values.js';
import { E, game, S, T, variable } from './ir-builders.js';

export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/**
 * A random playout of `g` stopped after `moves` moves is the game those moves make applied one by
 * one in place: the same moves, state JSON (key order too), state and legal moves. Returns it.
 */
export function expectStopAsApplied(g: Game, players: number, seed: number, moves: number): State {
  const lean = randomPlayout(g, players, seed, moves).state;
  const ref = unwrap(newGame(g, { players, seed }));
  while (ref.moves.length < moves && !ref.ended) unwrap(applyActionInPlace(g, ref, randomAction(seed, ref.moves.length, actionCount(ref))));
  expect(lean.moves).toEqual(ref.moves);
  expect(JSON.stringify(lean)).toBe(JSON.stringify(ref));
  expect(lean).toEqual(ref);
  expect(legalMoves(g, lean)).toEqual(legalMoves(g, ref));
  return lean;
}

export function start(ir: GameIR, players = 2, seed = 1): { g: Game; s: State } {
  const g = loadGame(ir);
  return { g, s: unwrap(newGame(g, { players, seed })) };
}

/** Runs `stmts` as the setup of an otherwise empty game and returns the finished state. */
export function runSetup(stmts: Stmt[], parts: Partial<GameIR> = {}, players = 2): State {
  return start(game({ ...parts, setup: stmts }), players).s;
}

/** The value of `e`, stored by a setup into the variable `out`. */
export function evaluate(e: Expr, parts: Partial<GameIR> = {}, before: Stmt[] = [], players = 2): Json {
  const vars = { ...parts.vars, out: variable(T.any, null) };
  const s = runSetup([...before, S.set(E.v('out'), e)], { ...parts, vars }, players);
  return s.vars.out;
}

/**
 * `evaluate`, with every place value in the result (a negative number: interpreter/place-values.ts)
 * as the place's text (`G.r1c2`, cli/place-text.ts), as the terminal shows it.
 */
export function evaluateTexts(e: Expr, parts: Partial<GameIR> = {}, before: Stmt[] = [], players = 2): Json {
  return withPlaceTexts(game(parts), evaluate(e, parts, before, players));
}

/** The error a setup running `stmts` stops with. */
export function setupError(stmts: Stmt[], parts: Partial<GameIR> = {}, players = 2) {
  const g = loadGame(game({ ...parts, setup: stmts }));
  const r = newGame(g, { players, seed: 1 });
  if (r.ok) throw new Error('expected a rule error');
  return r.error;
}
