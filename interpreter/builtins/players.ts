/** Players: seats, turn order. A player is a 0-based seat index. */
import { asPlayer } from '../holders.js';
import { asNumber } from '../values.js';
import { T, unary, type BuiltinTable } from './types.js';

function wrap(i: number, n: number): number {
  return ((i % n) + n) % n;
}

export const playerBuiltins: BuiltinTable = {
  players: {
    arity: 0,
    returns: T.players,
    run: (ctx) => ctx.g.seats[ctx.s.numPlayers] ?? Array.from({ length: ctx.s.numPlayers }, (_, i) => i),
  },
  numPlayers: { arity: 0, returns: T.number, run: (ctx) => ctx.s.numPlayers },
  next: unary(T.player, (ctx, p, at) => wrap(asPlayer(ctx, p, at) + 1, ctx.s.numPlayers)),
  prev: unary(T.player, (ctx, p, at) => wrap(asPlayer(ctx, p, at) - 1, ctx.s.numPlayers)),
  seat: unary(T.number, (ctx, p, at) => asPlayer(ctx, p, at) + 1),
  playerAt: unary(T.player, (ctx, n, at) => wrap(Math.round(asNumber(n, at)) - 1, ctx.s.numPlayers)),
  clockwiseFrom: unary(T.players, (ctx, p, at) => {
    const start = asPlayer(ctx, p, at);
    const n = ctx.s.numPlayers;
    return Array.from({ length: n }, (_, i) => (start + i) % n);
  }),
  anticlockwiseFrom: unary(T.players, (ctx, p, at) => {
    const start = asPlayer(ctx, p, at);
    const n = ctx.s.numPlayers;
    return Array.from({ length: n }, (_, i) => wrap(start - i, n));
  }),
  chooser: { arity: 0, returns: T.player, run: (ctx) => ctx.s.pending?.player ?? ctx.scenario?.waiting ?? null },
};
