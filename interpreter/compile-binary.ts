/**
 * Binary operators: arithmetic, text joins, list concatenation, deep equality, order, membership.
 * Comparisons test the common case (numbers, texts, a literal on one side) directly before falling
 * back to the general rule.
 */
import { madeList, madeText, type CompiledExpr, type Ctx } from './context.js';
import { display, joined, type JoinSide } from './display.js';
import { assertUnreachable, RuleError } from './errors.js';
import { iterable } from './holders.js';
import type { BinaryOp, Json, Loc, TypeIR } from './ir.js';
import { msg } from './messages.js';
import { describePlace, mayMeetPlaceText, placeOrder, textOrder } from './place-values.js';
import { asBool, asNumber, equal, hasValue, indexOfValue, num, type Value } from './values.js';

export function plus(ctx: Ctx, x: Value, y: Value, tx: TypeIR, ty: TypeIR, at: Loc): Value {
  if (typeof x === 'number' && typeof y === 'number') return num(x + y, at);
  if (typeof x === 'string' || typeof y === 'string') {
    return madeText(display(ctx.g, ctx.s, x, tx) + display(ctx.g, ctx.s, y, ty), at);
  }
  if (Array.isArray(x) && Array.isArray(y)) {
    return madeList(ctx, [...x, ...y], at);
  }
  const { boards } = ctx.g;
  throw new RuleError(msg.typeMismatch('numbers, text or lists to add', `${describePlace(boards, x)} and ${describePlace(boards, y)}`), at);
}

/**
 * `a + b` whose value is a text whatever the values (display.ts: textJoin): each side shown as
 * its JoinPart says, which gives display's text without looking at it when it can.
 */
export function compileTextJoin(a: CompiledExpr, b: CompiledExpr, sa: JoinSide, sb: JoinSide, at: Loc): CompiledExpr {
  return (ctx) => {
    const x = a(ctx);
    const y = b(ctx);
    return madeText(joined(ctx.g, ctx.s, x, sa) + joined(ctx.g, ctx.s, y, sb), at);
  };
}

/**
 * `x < y` and the like, of values not both numbers >= 0: two places (negative numbers: place-values.ts)
 * by their texts, as when they were texts; other numbers as numbers; texts in code unit order.
 */
export function order(ctx: Ctx, x: Value, y: Value, at: Loc): number {
  if (typeof x === 'number' && typeof y === 'number') return placeOrder(ctx.g.boards, x, y) ?? x - y;
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  // A place and a text: the place by its text, which it equals (place-values.ts `placeTwin`).
  const c = textOrder(ctx.g.boards, x, y);
  if (c !== undefined) return c;
  throw new RuleError(msg.notComparable(describePlace(ctx.g.boards, x), describePlace(ctx.g.boards, y)), at);
}

/**
 * Whether `a < b` of these static types compares numbers alone: one side is typed number, so two
 * places are never compared (a place and a number compare as numbers). Else a pair of negative
 * numbers is `order`'s, which tells places.
 */
export function numericOrder(ta: TypeIR, tb: TypeIR): boolean {
  return ta.t === 'number' || tb.t === 'number';
}

/** A number, text, boolean or none: equal to another value exactly when `===`. */
function isScalar(v: Json | undefined): v is number | string | boolean | null {
  return v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
}

/** Whether a literal may be a place's text or value (a text, a negative number). */
export function mayNamePlace(v: Json): boolean {
  return typeof v === 'string' || (typeof v === 'number' && v < 0);
}

/**
 * `a op b`. `la`/`lb` are the values of `a`/`b` when they are literals (undefined otherwise), for
 * comparisons with a constant.
 */
export function compileBinary(
  op: BinaryOp,
  a: CompiledExpr,
  b: CompiledExpr,
  ta: TypeIR,
  tb: TypeIR,
  at: Loc,
  la?: Json,
  lb?: Json,
): CompiledExpr {
  const numeric = numericOrder(ta, tb);
  if (op === '==' || op === '!=') {
    const eq = compileEqual(a, b, la, lb, mayMeetPlaceText(ta, tb));
    if (op === '==') return eq;
    return (ctx) => !eq(ctx);
  }
  switch (op) {
    case '+':
      return (ctx) => plus(ctx, a(ctx), b(ctx), ta, tb, at);
    case '-':
      return (ctx) => num(asNumber(a(ctx), at) - asNumber(b(ctx), at), at);
    case '*':
      return (ctx) => num(asNumber(a(ctx), at) * asNumber(b(ctx), at), at);
    case '/':
      return (ctx) => num(asNumber(a(ctx), at) / asNumber(b(ctx), at), at);
    case '%':
      // Floored modulo, so that seats and track positions wrap around for negative numbers too.
      return (ctx) => {
        const x = asNumber(a(ctx), at);
        const m = asNumber(b(ctx), at);
        return num(((x % m) + m) % m, at);
      };
    case '<':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        return typeof x === 'number' && typeof y === 'number' && (numeric || x >= 0 || y >= 0) ? x < y : order(ctx, x, y, at) < 0;
      };
    case '<=':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        return typeof x === 'number' && typeof y === 'number' && (numeric || x >= 0 || y >= 0) ? x <= y : order(ctx, x, y, at) <= 0;
      };
    case '>':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        return typeof x === 'number' && typeof y === 'number' && (numeric || x >= 0 || y >= 0) ? x > y : order(ctx, x, y, at) > 0;
      };
    case '>=':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        return typeof x === 'number' && typeof y === 'number' && (numeric || x >= 0 || y >= 0) ? x >= y : order(ctx, x, y, at) >= 0;
      };
    case 'and':
      return (ctx) => asBool(a(ctx), at) && asBool(b(ctx), at);
    case 'or':
      return (ctx) => asBool(a(ctx), at) || asBool(b(ctx), at);
    case 'in':
      if (mayMeetPlaceText(ta, tb)) {
        return (ctx) => {
          const x = a(ctx);
          return hasValue(iterable(ctx, b(ctx), at), x, ctx.g.boards);
        };
      }
      return (ctx) => {
        const x = a(ctx);
        return indexOfValue(iterable(ctx, b(ctx), at), x) >= 0;
      };
    default:
      return assertUnreachable(op);
  }
}

/**
 * Deep equality; against a literal number, text, boolean or none, one `===`. Where the sides' types
 * may meet a place and a text (`places`), a place also equals its text (values.ts `equal`).
 */
function compileEqual(a: CompiledExpr, b: CompiledExpr, la: Json | undefined, lb: Json | undefined, places: boolean): CompiledExpr {
  if (isScalar(lb)) {
    if (places && mayNamePlace(lb)) return (ctx) => equal(a(ctx), lb, ctx.g.boards);
    return (ctx) => a(ctx) === lb;
  }
  if (isScalar(la)) {
    if (places && mayNamePlace(la)) return (ctx) => equal(b(ctx), la, ctx.g.boards);
    return (ctx) => b(ctx) === la;
  }
  if (places) return (ctx) => equal(a(ctx), b(ctx), ctx.g.boards);
  return (ctx) => {
    const x = a(ctx);
    const y = b(ctx);
    return x === y || (typeof x === 'object' && typeof y === 'object' && equal(x, y));
  };
}
