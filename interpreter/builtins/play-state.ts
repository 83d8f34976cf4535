/** The state of play, for scenarios and end conditions. */
import { asPieceId, iterable } from '../holders.js';
import { isDraw, rankPlayers } from '../ranking.js';
import { view } from '../view.js';
import { asJson, indexOfValueScan, typeError, type Value } from '../values.js';
import type { Ctx } from '../context.js';
import type { Json, Loc } from '../ir.js';
import type { State } from '../state.js';
import { binary, T, unary, type BuiltinTable } from './types.js';

/** The view asked about: `expect view of P` sets it; otherwise a spectator's (no player's) view. */
function viewOf(ctx: Ctx): State {
  return ctx.scenario?.view ?? view(ctx.g, ctx.s, null);
}

/** Items of `a` and `b` equal as multisets: the same items, each as often, in any order. */
function sameItems(ctx: Ctx, a: Value, b: Value, at: Loc): boolean {
  const left = iterable(ctx, a, at);
  const rest: Json[] = iterable(ctx, b, at).slice();
  if (left.length !== rest.length) return false;
  for (const x of left) {
    const i = indexOfValueScan(rest, x, ctx.g.boards);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

export const playStateBuiltins: BuiltinTable = {
  choices: { arity: 0, returns: T.texts, run: (ctx) => ctx.s.pending?.labels ?? [] },
  ended: { arity: 0, returns: T.bool, run: (ctx) => ctx.s.ended },
  winners: { arity: 0, returns: T.players, run: (ctx) => rankPlayers(ctx.g, ctx.s)[0] ?? [] },
  drawn: { arity: 0, returns: T.bool, run: (ctx) => isDraw(ctx.g, ctx.s) },
  canSee: unary(T.bool, (ctx, x, at) => {
    const ids = Array.isArray(x) ? x : [asJson(x, at)];
    const seen = viewOf(ctx);
    return ids.every((id) => seen.pieces[asPieceId(ctx, id, at)]?.hidden !== true);
  }),
  logged: unary(T.bool, (ctx, t, at) => {
    if (typeof t !== 'string') throw typeError('text', t, at);
    // Without `view of`, the whole log (secret entries too); with it, the log as that player reads it.
    const log = ctx.scenario?.view?.log ?? ctx.s.log;
    return log.some((e) => e.text.includes(t));
  }),
  sameItems: binary(T.bool, sameItems),
};
