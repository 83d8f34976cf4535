/** Players: seats, turn order. A player is a 0-based seat index. */
import { asPlayer } from '../holders.js';
import { asNumber } from '../values.js';
import { T, type BuiltinTable } from './types.js';

const seatLists = new Map<number, number[]>();

/** [0 .. n-1], shared between calls (lists are never mutated). */
export function allPlayers(n: number): number[] {
  let list = seatLists.get(n);
  if (!list) {
    list = Array.from({ length: n }, (_, i) => i);
    // Shared by every caller: frozen, so that no consumer of a state can change it.
    Object.freeze(list);
    seatLists.set(n, list);
  }
  return list;
}

function wrap(i: number, n: number): number {
  return ((i % n) + n) % n;
}

export const playerBuiltins: BuiltinTable = {
  players: { arity: 0, returns: T.players, run: (ctx) => allPlayers(ctx.s.numPlayers) },
  numPlayers: { arity: 0, returns: T.number, run: (ctx) => ctx.s.numPlayers },
  next: {
    arity: 1,
    returns: T.player,
    run: (ctx, [p], at) => wrap(asPlayer(ctx, p, at) + 1, ctx.s.numPlayers),
  },
  prev: {
    arity: 1,
    returns: T.player,
    run: (ctx, [p], at) => wrap(asPlayer(ctx, p, at) - 1, ctx.s.numPlayers),
  },
  seat: { arity: 1, returns: T.number, run: (ctx, [p], at) => asPlayer(ctx, p, at) + 1 },
  playerAt: {
    arity: 1,
    returns: T.player,
    run: (ctx, [n], at) => wrap(Math.round(asNumber(n, at)) - 1, ctx.s.numPlayers),
  },
  clockwiseFrom: {
    arity: 1,
    returns: T.players,
    run: (ctx, [p], at) => {
      const start = asPlayer(ctx, p, at);
      const n = ctx.s.numPlayers;
      return Array.from({ length: n }, (_, i) => (start + i) % n);
    },
  },
  anticlockwiseFrom: {
    arity: 1,
    returns: T.players,
    run: (ctx, [p], at) => {
      const start = asPlayer(ctx, p, at);
      const n = ctx.s.numPlayers;
      return Array.from({ length: n }, (_, i) => wrap(start - i, n));
    },
  },
  chooser: { arity: 0, returns: T.player, run: (ctx) => ctx.s.pending?.player ?? null },
};
