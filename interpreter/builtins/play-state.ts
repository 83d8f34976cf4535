/** The state of play, for scenarios and end conditions. */
import { rankPlayers } from '../ranking.js';
import { T, type BuiltinTable } from './types.js';

export const playStateBuiltins: BuiltinTable = {
  choices: { arity: 0, returns: T.texts, run: (ctx) => ctx.s.pending?.labels ?? [] },
  ended: { arity: 0, returns: T.bool, run: (ctx) => ctx.s.ended },
  winners: { arity: 0, returns: T.players, run: (ctx) => rankPlayers(ctx.g, ctx.s)[0] ?? [] },
};
