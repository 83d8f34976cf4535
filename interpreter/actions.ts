/**
 * The integer action API (OpenSpiel's shape) beside the label API: a pending choice's options are
 * numbered 0..n-1 in the order `legalMoves` lists them. Bots and search use these; labels are only
 * built for people (UI, saves, replays). An action number is valid only for the state it came from.
 */
import { resume } from './api.js';
import { optionLabel } from './choices.js';
import type { Game } from './context.js';
import { fail, guard, ok, type Result } from './errors.js';
import { msg } from './messages.js';
import { notOffered, optionCount, optionIndex } from './range-choice.js';
import { pureCopy } from './sharing.js';
import type { State } from './state.js';

/** How many options the pending choice has (0 when the game is over or nothing is pending). */
export function actionCount(s: State): number {
  return s.ended || s.pending === null ? 0 : optionCount(s.pending);
}

/** The legal actions: 0..n-1, or [] when the game is over. */
export function legalActions(_g: Game, s: State): number[] {
  const n = actionCount(s);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** The player who must choose now, or -1 when the game is over or nothing is pending. */
export function currentPlayer(s: State): number {
  return s.ended || s.pending === null ? -1 : s.pending.player;
}

/** The label of action `i` of the pending choice. */
export function actionToLabel(_g: Game, s: State, i: number): Result<string> {
  const checked = checkAction(s, i);
  if (!checked.ok) return checked;
  return ok(optionLabel(s.pending!, i));
}

/** The action a label names in the pending choice. */
export function labelToAction(_g: Game, s: State, label: string): Result<number> {
  if (s.ended) return fail('game-over', msg.gameOver());
  const p = s.pending;
  if (p === null) return fail('illegal-move', msg.noChoicePending());
  const i = optionIndex(p, label);
  return i >= 0 ? ok(i) : fail('illegal-move', notOffered(p, label), p.at);
}

function checkAction(s: State, i: number): Result<number> {
  if (s.ended) return fail('game-over', msg.gameOver());
  if (s.pending === null) return fail('illegal-move', msg.noChoicePending());
  const n = optionCount(s.pending);
  if (!Number.isInteger(i) || i < 0 || i >= n) {
    return fail('illegal-move', msg.badAction(i, n), s.pending.at);
  }
  return ok(i);
}

/**
 * Pure: the state after action `i`; `s` is unchanged. Unlike `apply` it keeps no undo link to `s`
 * (search makes many states and undoes none: a link would keep every state's history alive);
 * `undo` of such a state replays.
 */
export function applyAction(g: Game, s: State, i: number): Result<State> {
  const checked = checkAction(s, i);
  if (!checked.ok) return checked;
  return guard(() => {
    const next = pureCopy(s);
    resume(g, next, i);
    return next;
  });
}

/** Like applyAction but changes `s` itself: for playouts and search. On error `s` is spoiled. */
export function applyActionInPlace(g: Game, s: State, i: number): Result<State> {
  const checked = checkAction(s, i);
  if (!checked.ok) return checked;
  return guard(() => {
    resume(g, s, i);
    return s;
  });
}
