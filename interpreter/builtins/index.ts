/**
 * The built-in library, one table per theme. Every name of dsl/src/library.strata is implemented
 * here (a test compares `builtinNames` with that file; the interpreter itself never reads dsl/).
 */
import type { TypeIR } from '../ir.js';
import { collectionBuiltins } from './collections.js';
import { geometryBuiltins } from './geometry.js';
import { listBuiltins } from './lists.js';
import { numberBuiltins } from './numbers.js';
import { pieceBuiltins } from './pieces.js';
import { placeBuiltins } from './places.js';
import { playStateBuiltins } from './play-state.js';
import { playerBuiltins } from './players.js';
import { textBuiltins } from './text.js';
import { tileBuiltins } from './tiles.js';
import type { BuiltinDef, BuiltinTable } from './types.js';

export type { BuiltinDef } from './types.js';

export const builtins: BuiltinTable = {
  ...playerBuiltins,
  ...numberBuiltins,
  ...listBuiltins,
  ...pieceBuiltins,
  ...placeBuiltins,
  ...geometryBuiltins,
  ...textBuiltins,
  ...playStateBuiltins,
  ...collectionBuiltins,
  ...tileBuiltins,
};

/** The names of every implemented builtin, sorted. */
export const builtinNames: readonly string[] = Object.keys(builtins).sort();

export function findBuiltin(name: string): BuiltinDef | undefined {
  return Object.hasOwn(builtins, name) ? builtins[name] : undefined;
}

/** The static result type of a builtin call, given its argument types. */
export function builtinReturnType(name: string, args: TypeIR[]): TypeIR {
  const def = findBuiltin(name);
  if (!def) return { t: 'any' };
  const t = args[0];
  // A zone or a place passed as a list stands for its pieces.
  const list: TypeIR | undefined = t?.t === 'zone' || t?.t === 'place' ? { t: 'list', of: { t: 'piece' } } : t;
  // The groups of a ranking keep the ranked items' type, so that `str(g.members[0])` shows a player as P1.
  if (name === 'rankGroups') return { t: 'list', of: { t: 'record', fields: { value: { t: 'any' }, members: list ?? { t: 'any' } } } };
  if (def.returns === 'same') return list ?? { t: 'any' };
  if (def.returns === 'element') return list?.t === 'list' ? list.of : { t: 'any' };
  return def.returns;
}
