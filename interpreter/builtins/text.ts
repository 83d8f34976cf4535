/** Text: `str` prints a value the way logs do, using the argument's static type for players. */
import { display } from '../display.js';
import { T, type BuiltinTable } from './types.js';

export const textBuiltins: BuiltinTable = {
  str: {
    arity: 1,
    returns: T.text,
    run: (ctx, [x]) => display(ctx.g, ctx.s, x),
    typed: ([t]) => (ctx, [x]) => display(ctx.g, ctx.s, x, t),
  },
};
