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

/** The type of the items a list builtin adds to its first list, by builtin. */
const ADDED_ITEMS: Partial<Record<string, (args: TypeIR[]) => TypeIR | undefined>> = {
  concat: (args) => (args[1]?.t === 'list' ? args[1].of : args[1]),
  append: (args) => args[1],
  insertAt: (args) => args[2],
};

/** A type holding the values of both `a` and `b`: the same kind of value (kind or board dropped where they differ), else any. */
export function joinTypes(a: TypeIR, b: TypeIR): TypeIR {
  if (a.t === 'any' || b.t === 'none') return a;
  if (a.t === 'none') return b;
  if (a.t !== b.t) return { t: 'any' };
  if (a.t === 'list' && b.t === 'list') return { t: 'list', of: joinTypes(a.of, b.of) };
  if (a.t === 'piece' && b.t === 'piece') return a.kind === b.kind ? a : { t: 'piece' };
  if (a.t === 'place' && b.t === 'place') return a.board === b.board ? a : { t: 'place' };
  if (a.t === 'enum' && b.t === 'enum') return a.name === b.name ? a : { t: 'any' };
  if (a.t === 'record' && b.t === 'record') return JSON.stringify(a) === JSON.stringify(b) ? a : { t: 'record' };
  return a;
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
  if (def.returns === 'same') {
    // A list made of two sources (`concat`, `append`, `insertAt`) holds the items of both: typed as
    // the first only where the other's are of its type (a list of pieces joined with places is a
    // list of any, so that a place in it still equals its text, docs/language.md §25). An item of
    // no known type leaves the first list's type, as before.
    const added = ADDED_ITEMS[name]?.(args);
    if (list?.t === 'list' && added !== undefined && added.t !== 'any') return { t: 'list', of: joinTypes(list.of, added) };
    return list ?? { t: 'any' };
  }
  if (def.returns === 'element') return list?.t === 'list' ? list.of : { t: 'any' };
  return def.returns;
}
