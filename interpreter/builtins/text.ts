/** Text: `str` prints a value the way logs do, using the argument's static type for players. */
import { madeList } from '../context.js';
import { display, shower } from '../display.js';
import { asTextOf } from '../place-values.js';
import { T, unary, type BuiltinTable } from './types.js';

export const textBuiltins: BuiltinTable = {
  str: {
    arity: 1,
    returns: T.text,
    run: (ctx, [x]) => display(ctx.g, ctx.s, x),
    typed: ([t]) => (ctx, [x]) => display(ctx.g, ctx.s, x, t),
    typed1: ([t]) => {
      const show = shower(t);
      return (ctx, x) => show(ctx.g, ctx.s, x);
    },
  },
  /** By code point, so a character outside the basic plane stays one item. */
  chars: unary(T.texts, (ctx, t, at) => madeList(ctx, Array.from(asTextOf(ctx.g.boards, t, at)), at)),
};
