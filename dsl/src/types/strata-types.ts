/**
 * The checker's light static types. They mirror the IR's TypeIR plus what only the checker needs:
 * a zone's piece kind, action references and "no value" (a procedure call).
 * Compatibility is lenient where runtime values coincide: players and numbers (seats are numbers),
 * enum values and text (enum values are strings); `any` and `none` fit everywhere.
 */
import type { TypeIR } from '../../../interpreter/ir.js';

export type Ty =
  | { t: 'number' }
  | { t: 'bool' }
  | { t: 'text' }
  | { t: 'player' }
  | { t: 'piece'; kind?: string }
  | { t: 'place'; board?: string }
  | { t: 'zone'; kind?: string }
  | { t: 'enum'; name: string }
  | { t: 'list'; of: Ty }
  | { t: 'record' }
  | { t: 'fn' }
  | { t: 'proc' }
  | { t: 'none' }
  | { t: 'any' }
  | { t: 'action' }
  | { t: 'void' };

export const T = {
  number: { t: 'number' } as Ty,
  bool: { t: 'bool' } as Ty,
  text: { t: 'text' } as Ty,
  player: { t: 'player' } as Ty,
  record: { t: 'record' } as Ty,
  fn: { t: 'fn' } as Ty,
  proc: { t: 'proc' } as Ty,
  none: { t: 'none' } as Ty,
  any: { t: 'any' } as Ty,
  action: { t: 'action' } as Ty,
  void: { t: 'void' } as Ty,
  piece: (kind?: string): Ty => (kind ? { t: 'piece', kind } : { t: 'piece' }),
  place: (board?: string): Ty => (board ? { t: 'place', board } : { t: 'place' }),
  zone: (kind?: string): Ty => (kind ? { t: 'zone', kind } : { t: 'zone' }),
  list: (of: Ty): Ty => ({ t: 'list', of }),
  enum: (name: string): Ty => ({ t: 'enum', name }),
};

export function isLoose(ty: Ty): boolean {
  return ty.t === 'any' || ty.t === 'none';
}

/** A holder of pieces: iterating it, or `x in` it, means its pieces. */
export function isHolder(ty: Ty): boolean {
  return ty.t === 'zone' || ty.t === 'place';
}

/** The items of a collection: a list's elements, a holder's pieces; undefined if not a collection. */
export function elementOf(ty: Ty): Ty | undefined {
  switch (ty.t) {
    case 'list':
      return ty.of;
    case 'zone':
      return T.piece(ty.kind);
    case 'place':
      return T.piece();
    case 'any':
    case 'none':
      return T.any;
    default:
      return undefined;
  }
}

const family = (ty: Ty): string => {
  switch (ty.t) {
    case 'player':
      return 'number';
    case 'enum':
    case 'action':
      return 'text';
    default:
      return ty.t;
  }
};

/** Whether a value of type `actual` may stand where `expected` is asked. */
export function fits(expected: Ty, actual: Ty): boolean {
  if (isLoose(expected) || isLoose(actual)) return true;
  if (expected.t === 'list' && actual.t === 'list') return fits(expected.of, actual.of);
  if (expected.t === 'piece' && actual.t === 'piece') return !expected.kind || !actual.kind || expected.kind === actual.kind;
  if (expected.t === 'enum' && actual.t === 'enum') return expected.name === actual.name;
  return family(expected) === family(actual);
}

/** The common type of branches (if/match/list items): the first precise one, `any` on conflict. */
export function join(types: Ty[]): Ty {
  const precise = types.filter((t) => !isLoose(t) && t.t !== 'void');
  const first = precise[0];
  if (!first) return types.some((t) => t.t === 'any') ? T.any : types[0] ?? T.any;
  if (precise.every((t) => fits(first, t) && fits(t, first))) {
    return first.t === 'list' ? T.list(join(precise.map((t) => (t.t === 'list' ? t.of : T.any)))) : first;
  }
  return T.any;
}

/** A type in a designer's words, for messages ("a number", "a list of pieces"). */
export function show(ty: Ty): string {
  switch (ty.t) {
    case 'number':
      return 'a number';
    case 'bool':
      return 'true/false';
    case 'text':
      return 'text';
    case 'player':
      return 'a player';
    case 'piece':
      return ty.kind ? `a piece of kind ${ty.kind}` : 'a piece';
    case 'place':
      return ty.board ? `a place of board ${ty.board}` : 'a place';
    case 'zone':
      return 'a zone';
    case 'enum':
      return `a value of ${ty.name}`;
    case 'list':
      return isLoose(ty.of) ? 'a list' : `a list of ${showPlural(ty.of)}`;
    case 'record':
      return 'a record';
    case 'fn':
      return 'a function';
    case 'proc':
      return 'a procedure';
    case 'none':
      return 'none';
    case 'any':
      return 'any value';
    case 'action':
      return 'an action';
    case 'void':
      return 'no value';
  }
}

function showPlural(ty: Ty): string {
  const words: Partial<Record<Ty['t'], string>> = {
    number: 'numbers',
    bool: 'true/false values',
    player: 'players',
    piece: 'pieces',
    place: 'places',
    zone: 'zones',
    list: 'lists',
    record: 'records',
    proc: 'procedures',
    action: 'actions',
  };
  return words[ty.t] ?? show(ty);
}

/** The IR's view of a type (for `labelAs` and declared types). */
export function toTypeIR(ty: Ty): TypeIR {
  switch (ty.t) {
    case 'zone':
      return { t: 'zone' };
    case 'action':
      return { t: 'text' };
    case 'void':
      return { t: 'none' };
    case 'list':
      return { t: 'list', of: toTypeIR(ty.of) };
    default:
      return ty;
  }
}
