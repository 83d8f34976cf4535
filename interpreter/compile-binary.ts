/** Binary operators: arithmetic, text joins, list concatenation, deep equality, order, membership. */
import type { CompiledExpr, Ctx } from './context.js';
import { display } from './display.js';
import { assertUnreachable, RuleError } from './errors.js';
import { iterable } from './holders.js';
import type { BinaryOp, Loc, TypeIR } from './ir.js';
import { msg } from './messages.js';
import { asBool, asNumber, describe, equal, indexOfValue, num, type Value } from './values.js';

export function plus(ctx: Ctx, x: Value, y: Value, tx: TypeIR, ty: TypeIR, at: Loc): Value {
  if (typeof x === 'number' && typeof y === 'number') return num(x + y, at);
  if (typeof x === 'string' || typeof y === 'string') {
    return display(ctx.g, ctx.s, x, tx) + display(ctx.g, ctx.s, y, ty);
  }
  if (Array.isArray(x) && Array.isArray(y)) return [...x, ...y];
  throw new RuleError(msg.typeMismatch('numbers, text or lists to add', `${describe(x)} and ${describe(y)}`), at);
}

function order(x: Value, y: Value, at: Loc): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  throw new RuleError(msg.notComparable(describe(x), describe(y)), at);
}

export function compileBinary(
  op: BinaryOp,
  a: CompiledExpr,
  b: CompiledExpr,
  ta: TypeIR,
  tb: TypeIR,
  at: Loc,
): CompiledExpr {
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
    case '==':
      return (ctx) => equal(a(ctx), b(ctx));
    case '!=':
      return (ctx) => !equal(a(ctx), b(ctx));
    case '<':
      return (ctx) => order(a(ctx), b(ctx), at) < 0;
    case '<=':
      return (ctx) => order(a(ctx), b(ctx), at) <= 0;
    case '>':
      return (ctx) => order(a(ctx), b(ctx), at) > 0;
    case '>=':
      return (ctx) => order(a(ctx), b(ctx), at) >= 0;
    case 'and':
      return (ctx) => asBool(a(ctx), at) && asBool(b(ctx), at);
    case 'or':
      return (ctx) => asBool(a(ctx), at) || asBool(b(ctx), at);
    case 'in':
      return (ctx) => {
        const x = a(ctx);
        return indexOfValue(iterable(ctx, b(ctx), at), x) >= 0;
      };
    default:
      return assertUnreachable(op);
  }
}
