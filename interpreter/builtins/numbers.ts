/** Numbers: rounding and the lesser/greater of two. */
import { asNumber, num } from '../values.js';
import { T, type BuiltinTable } from './types.js';

export const numberBuiltins: BuiltinTable = {
  abs: { arity: 1, returns: T.number, run: (_, [x], at) => Math.abs(asNumber(x, at)) },
  floor: { arity: 1, returns: T.number, run: (_, [x], at) => num(Math.floor(asNumber(x, at)), at) },
  ceil: { arity: 1, returns: T.number, run: (_, [x], at) => num(Math.ceil(asNumber(x, at)), at) },
  round: { arity: 1, returns: T.number, run: (_, [x], at) => num(Math.round(asNumber(x, at)), at) },
  lesser: {
    arity: 2,
    returns: T.number,
    run: (_, [a, b], at) => Math.min(asNumber(a, at), asNumber(b, at)),
  },
  greater: {
    arity: 2,
    returns: T.number,
    run: (_, [a, b], at) => Math.max(asNumber(a, at), asNumber(b, at)),
  },
};
