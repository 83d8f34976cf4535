/** Collections gathered from several places: lists of lists flattened, every piece of a kind. */
import { RuleError } from '../errors.js';
import { iterable } from '../holders.js';
import type { Json } from '../ir.js';
import { msg } from '../messages.js';
import { asTextOf } from '../place-values.js';
import { asList } from '../values.js';
import { T, type BuiltinTable } from './types.js';

export const collectionBuiltins: BuiltinTable = {
  /** One level: the items of each list in turn (every item must be a list). */
  flatten: {
    arity: 1,
    returns: 'element',
    run: (ctx, [l], at) => {
      const out: Json[] = [];
      for (const inner of iterable(ctx, l, at)) for (const x of asList(inner, at)) out.push(x);
      return out;
    },
  },
  /** Every piece of the kind, wherever it lies, by id (the order they were made in). */
  piecesOfKind: {
    arity: 1,
    returns: T.pieces,
    run: (ctx, [k], at) => {
      const kind = asTextOf(ctx.g.boards, k, at);
      if (!Object.hasOwn(ctx.g.ir.kinds, kind)) throw new RuleError(msg.unknown('kind', kind), at);
      const out: number[] = [];
      const pieces = ctx.s.pieces;
      for (let id = 0; id < pieces.length; id++) if (pieces[id].kind === kind) out.push(id);
      return out;
    },
  },
};
