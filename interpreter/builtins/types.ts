/** The shape of a built-in function of the library (dsl/src/library.strata). */
import type { BoardIndex } from '../boards.js';
import type { Ctx } from '../context.js';
import { mayMeetPlaceText } from '../place-values.js';
import type { Loc, TypeIR } from '../ir.js';
import type { Value } from '../values.js';

export type BuiltinRun = (ctx: Ctx, args: Value[], at: Loc) => Value;

export interface BuiltinDef {
  arity: number;
  /** The result type, or the type of the first argument (`same`) or of its items (`element`). */
  returns: TypeIR | 'same' | 'element';
  run: BuiltinRun;
  /** `run` for one argument, called without an argument list (see `unary`). */
  run1?: (ctx: Ctx, a: Value, at: Loc) => Value;
  /** `run` for two arguments, called without an argument list (see `binary`). */
  run2?: (ctx: Ctx, a: Value, b: Value, at: Loc) => Value;
  /** For builtins whose behaviour depends on the static types of their arguments (`str`). */
  typed?: (argTypes: TypeIR[]) => BuiltinRun;
  /** `typed` for one argument, called without an argument list. */
  typed1?: (argTypes: TypeIR[]) => NonNullable<BuiltinDef['run1']>;
  /** `typed` for two arguments, called without an argument list. */
  typed2?: (argTypes: TypeIR[]) => NonNullable<BuiltinDef['run2']>;
}

/**
 * A builtin of one list argument that compares its items, given the boards where a place may
 * equal its text (values.ts `equal`): only where the list's static type may hold both a place and
 * a text (place-values.ts `mayMeetPlaceText`), else without them (one `===` per item).
 */
export function comparing1(returns: BuiltinDef['returns'], f: (ctx: Ctx, a: Value, at: Loc, boards: BoardIndex | undefined) => Value): BuiltinDef {
  const plain: NonNullable<BuiltinDef['run1']> = (ctx, a, at) => f(ctx, a, at, undefined);
  const aware: NonNullable<BuiltinDef['run1']> = (ctx, a, at) => f(ctx, a, at, ctx.g.boards);
  const pick = (ts: TypeIR[]): NonNullable<BuiltinDef['run1']> => (mayMeetPlaceText(ts[0], ts[0]) ? aware : plain);
  const typed = (ts: TypeIR[]): BuiltinRun => {
    const r = pick(ts);
    return (ctx, args, at) => r(ctx, args[0], at);
  };
  return { arity: 1, returns, run: (ctx, args, at) => aware(ctx, args[0], at), run1: aware, typed, typed1: pick };
}

/** A builtin of two arguments that compares values, as `comparing1`, by both arguments' types. */
export function comparing2(returns: BuiltinDef['returns'], f: (ctx: Ctx, a: Value, b: Value, at: Loc, boards: BoardIndex | undefined) => Value): BuiltinDef {
  const plain: NonNullable<BuiltinDef['run2']> = (ctx, a, b, at) => f(ctx, a, b, at, undefined);
  const aware: NonNullable<BuiltinDef['run2']> = (ctx, a, b, at) => f(ctx, a, b, at, ctx.g.boards);
  const pick = (ts: TypeIR[]): NonNullable<BuiltinDef['run2']> => (mayMeetPlaceText(ts[0], ts[1]) ? aware : plain);
  const typed = (ts: TypeIR[]): BuiltinRun => {
    const r = pick(ts);
    return (ctx, args, at) => r(ctx, args[0], args[1], at);
  };
  return { arity: 2, returns, run: (ctx, args, at) => aware(ctx, args[0], args[1], at), run2: aware, typed, typed2: pick };
}

export type BuiltinTable = Record<string, BuiltinDef>;

/**
 * A builtin of one argument. Compiled calls may use `run1` and skip building an argument list
 * for every call (builtins run in the innermost loops of filters and end conditions).
 */
export function unary(returns: BuiltinDef['returns'], f: NonNullable<BuiltinDef['run1']>): BuiltinDef {
  return { arity: 1, returns, run: (ctx, args, at) => f(ctx, args[0], at), run1: f };
}

/** A builtin of two arguments, with `run2` as `unary` has `run1`. */
export function binary(returns: BuiltinDef['returns'], f: NonNullable<BuiltinDef['run2']>): BuiltinDef {
  return { arity: 2, returns, run: (ctx, args, at) => f(ctx, args[0], args[1], at), run2: f };
}

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
