/** Numbers: rounding and the lesser/greater of two. */
import { asNumber, num } from '../values.js';
import { binary, T, unary, type BuiltinTable } from './types.js';

export const numberBuiltins: BuiltinTable = {
  abs: unary(T.number, (_, x, at) => Math.abs(asNumber(x, at))),
  floor: unary(T.number, (_, x, at) => num(Math.floor(asNumber(x, at)), at)),
  ceil: unary(T.number, (_, x, at) => num(Math.ceil(asNumber(x, at)), at)),
  round: unary(T.number, (_, x, at) => num(Math.round(asNumber(x, at)), at)),
  lesser: binary(T.number, (_, a, b, at) => Math.min(asNumber(a, at), asNumber(b, at))),
  greater: binary(T.number, (_, a, b, at) => Math.max(asNumber(a, at), asNumber(b, at))),
};
