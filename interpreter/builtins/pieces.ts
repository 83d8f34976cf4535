/** Pieces and holders (zones and places), and the seeded random picks. */
import type { Ctx } from '../context.js';
import { asPiece, asPlayer, holderItems, iterable } from '../holders.js';
import type { Json, Loc } from '../ir.js';
import { nextInt, shuffleInPlace } from '../rng.js';
import type { Value } from '../values.js';
import { T, type BuiltinTable } from './types.js';

/** A holder's pieces, or the pieces of every holder in a list of holders (a board's places). */
export function piecesOf(ctx: Ctx, v: Value, at: Loc): number[] {
  if (Array.isArray(v)) {
    const out: number[] = [];
    for (const h of v) out.push(...holderItems(ctx, h, at));
    return out;
  }
  return holderItems(ctx, v, at).slice();
}

/** One piece or each piece of a list. */
function eachPiece(v: Value): Json[] {
  return Array.isArray(v) ? v : [v as Json];
}

export const pieceBuiltins: BuiltinTable = {
  pieces: { arity: 1, returns: T.pieces, run: (ctx, [h], at) => piecesOf(ctx, h, at) },
  size: {
    arity: 1,
    returns: T.number,
    run: (ctx, [h], at) => {
      if (typeof h === 'string') return holderItems(ctx, h, at).length;
      // A list of holders (a board's places) counts their pieces; any other list its items.
      const list = iterable(ctx, h, at);
      const holders = list.every((x) => typeof x === 'string' && Array.isArray(ctx.s.holders[x]));
      return holders ? piecesOf(ctx, list, at).length : list.length;
    },
  },
  topOf: {
    arity: 1,
    returns: T.piece,
    run: (ctx, [h], at) => holderItems(ctx, h, at)[0] ?? null,
  },
  locationOf: { arity: 1, returns: T.any, run: (ctx, [x], at) => asPiece(ctx, x, at).at },
  ownerOf: { arity: 1, returns: T.player, run: (ctx, [x], at) => asPiece(ctx, x, at).owner },
  kindOf: { arity: 1, returns: T.text, run: (ctx, [x], at) => asPiece(ctx, x, at).kind },
  ownedBy: {
    arity: 2,
    returns: T.pieces,
    run: (ctx, [h, p], at) => {
      const player = asPlayer(ctx, p, at);
      const list = typeof h === 'string' ? piecesOf(ctx, h, at) : iterable(ctx, h, at);
      return list.filter((id) => asPiece(ctx, id, at).owner === player);
    },
  },
  reveal: {
    arity: 1,
    returns: T.none,
    run: (ctx, [x], at) => {
      for (const id of eachPiece(x)) asPiece(ctx, id, at).shown = true;
      return null;
    },
  },
  setOwner: {
    arity: 2,
    returns: T.none,
    run: (ctx, [x, p], at) => {
      const owner = p === null ? null : asPlayer(ctx, p, at);
      for (const id of eachPiece(x)) asPiece(ctx, id, at).owner = owner;
      return null;
    },
  },
  pickRandom: {
    arity: 1,
    returns: 'element',
    run: (ctx, [l], at) => {
      const list = iterable(ctx, l, at);
      return list.length === 0 ? null : list[nextInt(ctx.s.rng, list.length)];
    },
  },
  shuffled: {
    arity: 1,
    returns: 'same',
    run: (ctx, [l], at) => {
      const list = iterable(ctx, l, at).slice();
      shuffleInPlace(ctx.s.rng, list);
      return list;
    },
  },
};
