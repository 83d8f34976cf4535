/**
 * The generic conformance checks of DESIGN.md, written once and run on every ruleset and variant.
 */
import { expect } from 'vitest';
import {
  apply,
  legalMoves,
  newGame,
  replay,
  undo,
  type Game,
  type State,
} from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { viewLeaks } from './view-leaks.js';

/** A small seeded generator for the test's own move picks (independent of the game's). */
export function picker(seed: number): (n: number) => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/**
 * Plays a seeded random game with the pure API, keeping every state; at most `cap` moves. With
 * `texts`, also keeps each state's JSON text as it was when made (see expectStatesUnchanged).
 */
export function playKeepingStates(game: Game, players: number, seed: number, cap: number, texts?: string[]): State[] {
  const start = newGame(game, { players, seed });
  if (!start.ok) throw new Error(start.error.message);
  const states = [start.value];
  texts?.push(JSON.stringify(start.value));
  const pick = picker(seed);
  let s = start.value;
  while (!s.ended && states.length <= cap) {
    const moves = legalMoves(game, s);
    if (moves.length === 0) break;
    const r = apply(game, s, moves[pick(moves.length)]);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    s = r.value;
    states.push(s);
    texts?.push(JSON.stringify(s));
  }
  return states;
}

/**
 * A pure apply never changes the state it was given, nor any earlier one: every state still reads
 * as it did when it was made. (The states share entries copy-on-write; a write past that sharing
 * turned an earlier state's piece, and the search bot, which plays on copies, the real game's.)
 */
export function expectStatesUnchanged(states: State[], texts: string[]): void {
  states.forEach((state, i) => expect(JSON.stringify(state), `state after move ${i}`).toBe(texts[i]));
}

export function expectJsonRoundTrip(s: State): void {
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
}

/** Undoing from the last state back to the first gives every earlier state again. */
export function expectUndoChain(game: Game, states: State[]): void {
  let s = states[states.length - 1];
  for (let k = states.length - 2; k >= 0; k--) {
    const r = undo(game, s);
    if (!r.ok) throw new Error(`undo failed at move ${k}: ${r.error.message}`);
    expect(r.value).toEqual(states[k]);
    s = r.value;
  }
}

export function expectReplayReproduces(game: Game, final: State): void {
  const r = replay(game, { players: final.numPlayers, seed: final.seed, moves: final.moves });
  expect(r.divergence).toBeUndefined();
  expect(r.state).toEqual(final);
}

/** A player's view never shows where another player's hidden piece is, nor what it is. */
export function expectViewsHide(game: Game, ir: GameIR, s: State): void {
  expect(viewLeaks(game, ir, s)).toEqual([]);
}
