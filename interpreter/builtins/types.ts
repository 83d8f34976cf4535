/** The shape of a built-in function of the library (dsl/src/library.strata). */
import type { Ctx } from '../context.js';
import type { Loc, TypeIR } from '../ir.js';
import type { Value } from '../values.js';

export type BuiltinRun = (ctx: Ctx, args: Value[], at: Loc) => Value;

export interface BuiltinDef {
  arity: number;
  /** The result type, or the type of the first argument (`same`) or of its items (`element`). */
  returns: TypeIR | 'same' | 'element';
  run: BuiltinRun;
  /** For builtins whose behaviour depends on the static types of their arguments (`str`). */
  typed?: (argTypes: TypeIR[]) => BuiltinRun;
}

export type BuiltinTable = Record<string, BuiltinDef>;

export const T = {
  number: { t: 'number' },
  bool: { t: 'bool' },
  text: { t: 'text' },
  player: { t: 'player' },
  players: { t: 'list', of: { t: 'player' } },
  piece: { t: 'piece' },
  pieces: { t: 'list', of: { t: 'piece' } },
  place: { t: 'place' },
  places: { t: 'list', of: { t: 'place' } },
  texts: { t: 'list', of: { t: 'text' } },
  numbers: { t: 'list', of: { t: 'number' } },
  any: { t: 'any' },
  anyList: { t: 'list', of: { t: 'any' } },
  none: { t: 'none' },
} as const satisfies Record<string, TypeIR>;
