/** Pieces and holders (zones and places), and the seeded random picks. */
import type { Ctx } from '../context.js';
import { asPiece, asPieceId, asPlayer, holderItems, iterable, locationValue, piecesIn } from '../holders.js';
import type { Json, Loc } from '../ir.js';
import { nextInt, shuffleInPlace } from '../rng.js';
import { applyForcedShuffled, forcedPick } from '../forced.js';
import { writablePiece } from '../state.js';
import type { Value } from '../values.js';
import { binary, T, unary, type BuiltinTable } from './types.js';

/** A holder's pieces, or the pieces of every holder in a list of holders (a board's places). */
export function piecesOf(ctx: Ctx, v: Value, at: Loc): number[] {
  if (Array.isArray(v)) {
    const out: number[] = [];
    for (let i = 0; i < v.length; i++) {
      const items = holderItems(ctx, v[i], at);
      for (let j = 0; j < items.length; j++) out.push(items[j]);
    }
    return out;
  }
  return holderItems(ctx, v, at).slice();
}

/** One piece or each piece of a list. */
function eachPiece(v: Value): Json[] {
  return Array.isArray(v) ? v : [v as Json];
}

export const pieceBuiltins: BuiltinTable = {
  pieces: unary(T.pieces, (ctx, h, at) => piecesOf(ctx, h, at)),
  size: unary(T.number, (ctx, h, at) => {
    if (typeof h === 'string') return holderItems(ctx, h, at).length;
    // A list of holders (a board's places) counts their pieces; any other list its items.
    const list = iterable(ctx, h, at);
    let total = 0;
    for (let i = 0; i < list.length; i++) {
      const items = piecesIn(ctx, list[i]);
      if (items === undefined) return list.length;
      total += items.length;
    }
    return total;
  }),
  topOf: unary(T.piece, (ctx, h, at) => holderItems(ctx, h, at)[0] ?? null),
  locationOf: unary(T.any, (ctx, x, at) => locationValue(ctx, asPiece(ctx, x, at))),
  ownerOf: unary(T.player, (ctx, x, at) => asPiece(ctx, x, at).owner),
  kindOf: unary(T.text, (ctx, x, at) => asPiece(ctx, x, at).kind),
  ownedBy: binary(T.pieces, (ctx, h, p, at) => {
    const player = asPlayer(ctx, p, at);
    const list = typeof h === 'string' ? holderItems(ctx, h, at) : iterable(ctx, h, at);
    const out: Json[] = [];
    for (let i = 0; i < list.length; i++) if (asPiece(ctx, list[i], at).owner === player) out.push(list[i]);
    return out;
  }),
  setOwner: binary(T.none, (ctx, x, p, at) => {
    const owner = p === null ? null : asPlayer(ctx, p, at);
    for (const id of eachPiece(x)) writablePiece(ctx.s, asPieceId(ctx, id, at)).owner = owner;
    return null;
  }),
  pickRandom: unary('element', (ctx, l, at) => {
    const list = iterable(ctx, l, at);
    const forced = list.length === 0 ? undefined : forcedPick(ctx, list);
    if (forced) return forced.value;
    return list.length === 0 ? null : list[nextInt(ctx.s.rng, list.length)];
  }),
  shuffled: unary('same', (ctx, l, at) => {
    const list = iterable(ctx, l, at).slice();
    shuffleInPlace(ctx.s.rng, list);
    applyForcedShuffled(ctx, list);
    return list;
  }),
};
