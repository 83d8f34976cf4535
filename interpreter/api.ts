/**
 * The playing API: new games, legal moves, pure apply, undo and replay. Rule errors come back as
 * `rule-error` Results; rejected moves as `illegal-move` / `game-over`.
 */
import { takeChoice, takeLean } from './choices.js';
import { LeanPending } from './lean-pending.js';
import { notOffered, optionIndex } from './range-choice.js';
import { evaluateParam } from './compile-expr.js';
import { makeCtx, type Ctx, type Game } from './context.js';
import { fail, guard, ok, type PlayError, type Result } from './errors.js';
import { msg } from './messages.js';
import { freshTable } from './table-keys.js';
import { isDraw, rankPlayers, scoresOf } from './ranking.js';
import type { SavedGame } from './saved-game.js';
import { seedWords } from './rng.js';
import { badMove, foreignState, sameValue } from './state-check.js';
import { linkMove, pureCopy, stateBefore } from './sharing.js';
import { emptyHolders } from './holders.js';
import { StateObject } from './state-object.js';
import { fromTemplate } from './start-template.js';
import type { Pending, State } from './state.js';
import { asJson } from './values.js';
import { run } from './vm.js';

export interface Move {
  player: number;
  label: string;
}

/** What a replay needs of a saved game; the other fields of a SavedGame may come along. */
export type ReplayInput = Pick<SavedGame, 'players' | 'seed' | 'moves'> & Partial<SavedGame>;

export interface ReplayResult {
  state: State;
  appliedCount: number;
  divergence?: { index: number; move: string; error: PlayError };
}

function emptyState(g: Game, players: number, seed: number): State {
  return new StateObject({
    numPlayers: players,
    seed,
    rng: seedWords(seed),
    params: {},
    inits: {},
    vars: {},
    pieces: [],
    holders: emptyHolders(g),
    stack: [],
    blocks: [],
    pending: null,
    ended: false,
    moves: [],
    log: [],
    simul: [],
  });
}

/** Holders, parameters and variables at game start; then setup and the flow are scheduled. */
function initialState(g: Game, players: number, seed: number): State {
  const s = emptyState(g, players, seed);
  const { ir } = g;
  const ctx = makeCtx(g, s);
  for (const [name, p] of Object.entries(ir.params)) {
    if (!Object.hasOwn(s.params, name)) evaluateParam(ctx, name, p.at);
  }
  for (const [name, v] of Object.entries(ir.vars)) {
    const init = g.varInits.get(name);
    const value = init ? asJson(init(ctx), v.at) : null;
    s.inits[name] = value;
    s.vars[name] = v.keys.length > 0 ? freshTable(ir, name, players, value) : value;
  }
  s.stack = [
    { code: 'flow', pc: 0, locals: {} },
    { code: 'setup', pc: 0, locals: {} },
  ];
  return s;
}

export function newGame(g: Game, o: { players: number; seed: number }): Result<State> {
  return startGame(g, o, false);
}

/**
 * newGame; `lean`: for a random playout, which then owns the state (see resumeLean). Made from
 * the start template of the player count when there is one (start-template.ts).
 */
export function startGame(g: Game, o: { players: number; seed: number }, lean: boolean): Result<State> {
  const bad = startProblem(g, o);
  if (bad !== null) return bad;
  return guard(() => {
    const made = fromTemplate(g, o.players, o.seed, lean, (seed) => initialState(g, o.players, seed));
    if (made !== null) return made;
    const s = initialState(g, o.players, o.seed);
    const ctx = makeCtx(g, s);
    ctx.lean = lean;
    run(ctx);
    return s;
  });
}

/**
 * A new game before its setup has run (its flow waits on the stack): a scenario forces random
 * outcomes here, before the first roll or shuffle. `newGame` is this, then run to the first choice.
 */
export function createGame(g: Game, o: { players: number; seed: number }): Result<State> {
  const bad = startProblem(g, o);
  if (bad !== null) return bad;
  return guard(() => initialState(g, o.players, o.seed));
}

/** Why a game cannot start with these players and seed (`bad-setup`), or null. */
function startProblem(g: Game, o: { players: number; seed: number }): Result<never> | null {
  const { min, max, counts } = g.ir.players;
  if (counts !== undefined && !counts.includes(o.players)) return fail('bad-setup', msg.badPlayerCount(o.players, counts));
  if (!Number.isInteger(o.players) || o.players < min || o.players > max) {
    return fail('bad-setup', msg.badPlayers(o.players, min, max));
  }
  if (!Number.isInteger(o.seed)) return fail('bad-setup', msg.badSeed(o.seed));
  return null;
}

export function legalMoves(_g: Game, s: State): Move[] {
  const p = s.pending;
  if (s.ended || p === null) return [];
  return p.labels.map((label) => ({ player: p.player, label }));
}

/** The index of the pending option a move names, or why it cannot be taken. */
export function findMove(s: State, m: Move | string): Result<number> {
  const notMove = badMove(m);
  if (notMove) return fail('illegal-move', notMove);
  if (s.ended) return fail('game-over', msg.gameOver());
  const p = s.pending;
  if (p === null) return fail('illegal-move', msg.noChoicePending());
  const label = typeof m === 'string' ? m : m.label;
  if (typeof m !== 'string' && m.player !== p.player) {
    return fail('illegal-move', msg.notYourTurn(msg.player(m.player), msg.player(p.player)));
  }
  const i = optionIndex(p, label);
  if (i >= 0) return ok(i);
  const refused = p.refused?.find((r) => r.label === label);
  if (refused) return fail('illegal-move', msg.refusedMove(label, refused.reason), p.at);
  return fail('illegal-move', notOffered(p, label), p.at);
}

/** Takes option `i` and runs on, changing `s` itself. */
export function resume(g: Game, s: State, i: number): void {
  takeChoice(s, i);
  run(makeCtx(g, s));
}

/** The context of a random playout's decisions (resumeLean): made once per game, not per decision. */
export function leanCtx(g: Game, s: State): Ctx {
  const ctx = makeCtx(g, s);
  ctx.lean = true;
  return ctx;
}

/**
 * resume for a random playout that owns `ctx.s`, after it took option i of `pending` (the state's
 * pending choice, read once by the caller): the choice it stops at may be lean (lean-pending.ts),
 * read through optionCount and taken by the next resume; the caller puts its full choice in the
 * state (seenPending) before anyone else can see it. `ctx` (leanCtx) is used again for every
 * decision of the game: the last run returned normally, so its call depth and slots are back at
 * the top; the evaluation budget starts again (one per decision, as a new context's would).
 */
export function resumeLean(ctx: Ctx, pending: Pending, i: number): void {
  if (pending instanceof LeanPending) takeLean(ctx.s, pending, i);
  else takeChoice(ctx.s, i);
  ctx.steps = 0;
  ctx.frame = null;
  run(ctx);
}

/** Pure: returns a new state, `s` is unchanged. */
export function apply(g: Game, s: State, m: Move | string): Result<State> {
  const found = findMove(s, m);
  if (!found.ok) return found;
  return guard(() => {
    const next = pureCopy(s);
    resume(g, next, found.value);
    linkMove(next, s);
    return next;
  });
}

/** Like apply but changes `s` itself (no copy): for playouts and replays. On error `s` is spoiled. */
export function applyInPlace(g: Game, s: State, m: Move | string): Result<State> {
  const found = findMove(s, m);
  if (!found.ok) return found;
  return guard(() => {
    resume(g, s, found.value);
    return s;
  });
}

export function isTerminal(s: State): boolean {
  return s.ended;
}

/** Each player's first rank key. A rule error in the ranking expression is thrown (a RuleError). */
export function scores(g: Game, s: State): number[] {
  return scoresOf(g, s);
}

/** Groups of tied players, best first. A rule error in the ranking expression is thrown. */
export function ranking(g: Game, s: State): number[][] {
  return rankPlayers(g, s);
}

/**
 * Whether the game ended in a draw: its ranking's `draw if` holds at the end (the ranking is then
 * one group of all players). A rule error in the condition is thrown.
 */
export function isDrawn(g: Game, s: State): boolean {
  return isDraw(g, s);
}

export function replay(g: Game, saved: ReplayInput): ReplayResult {
  const start = newGame(g, { players: saved.players, seed: saved.seed });
  if (!start.ok) {
    const state = emptyState(g, saved.players, saved.seed);
    state.ended = true;
    return { state, appliedCount: 0, divergence: { index: -1, move: '', error: start.error } };
  }
  const s = start.value;
  for (let i = 0; i < saved.moves.length; i++) {
    const r = applyInPlace(g, s, saved.moves[i]);
    if (!r.ok) {
      // `s` may be spoiled by a failed move: rebuild the last good state (the rare path).
      const good = replay(g, { ...saved, moves: saved.moves.slice(0, i) });
      return { state: good.state, appliedCount: i, divergence: { index: i, move: saved.moves[i], error: r.error } };
    }
  }
  return { state: s, appliedCount: saved.moves.length };
}

/**
 * The state before the last move: the state `apply` made it from when that is known and unchanged
 * (see stateBefore), else a replay of the other moves from a new game.
 */
export function undo(g: Game, s: State): Result<State> {
  const foreign = foreignState(g, s);
  if (foreign) return fail('illegal-move', foreign);
  if (s.moves.length === 0) return fail('illegal-move', msg.nothingToUndo());
  const before = stateBefore(s);
  if (before !== null) return ok(before);
  const r = replay(g, saveGame(g, s, s.moves.slice(0, -1)));
  if (r.divergence) return { ok: false, error: r.divergence.error };
  // The last move replayed must give `s` again, or `s` came from another game (or was edited).
  const again = apply(g, r.state, s.moves[s.moves.length - 1]);
  if (!again.ok || !sameValue(again.value, s)) return fail('illegal-move', msg.otherGameState('replaying its moves gives another state'));
  return ok(r.state);
}

export function saveGame(g: Game, s: State, moves: string[] = s.moves): SavedGame {
  return {
    format: 'strata-save/1',
    ruleset: g.hash,
    variant: g.ir.variant,
    players: s.numPlayers,
    seed: s.seed,
    moves: moves.slice(),
  };
}
