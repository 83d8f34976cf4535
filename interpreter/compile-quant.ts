/**
 * Comprehensions and quantifiers. The binder (binder.ts) is bound to each item in turn. These run
 * in every filter and end condition, so the loops are written out plainly (no closure per item),
 * and a comprehension read by `first`, `len`, `total` or `in` is visited without building its list.
 * Every loop spends its number of items from the evaluation budget before it starts.
 */
import type { BoardIndex } from './boards.js';
import { compareKeysOf, mayHoldPlace, mayMeetPlaceText } from './place-values.js';
import type { Binder } from './binder.js';
import { binderOf, compileExpr, type CompileEnv } from './compile-expr.js';
import { spend, type CompiledExpr, type Ctx } from './context.js';
import { assertUnreachable } from './errors.js';
import { compileHolderId } from './holder-ref.js';
import { holderItems, iterable } from './holders.js';
import type { Expr, Json, Loc, TypeIR } from './ir.js';
import { countBySize, findBySize, sizeFilter, type SizeFilter } from './size-filter.js';
import { elementType, inferType } from './types.js';
import { asBool, asJson, asNumber, compareKeys, equal, num, type Value } from './values.js';

type Quant = Extract<Expr, { k: 'quant' }>;
export type Comp = Extract<Expr, { k: 'comp' }>;
type Items = (ctx: Ctx) => Json[];

/** Compiles `f` with the binder typed as an item of `coll`, restoring the binder's type after. */
function withBinderType<T>(env: CompileEnv, name: string, coll: Expr, f: () => T): T {
  const before = env.locals.get(name);
  env.locals.set(name, elementType(inferType(coll, env)));
  const out = f();
  if (before === undefined) env.locals.delete(name);
  else env.locals.set(name, before);
  return out;
}

/**
 * The items of a collection. `pieces(h)` (how the compiler spells iterating a holder) reads the
 * holder in place: an expression cannot move pieces, so no copy is needed.
 */
function compileItems(coll: Expr, env: CompileEnv, at: Loc): Items {
  if (coll.k === 'builtin' && coll.name === 'pieces' && coll.args.length === 1) {
    const byId = compileHolderId(coll.args[0], env, compileExpr);
    if (byId !== null) return (ctx) => ctx.s.holders[byId(ctx)];
    const holder = compileExpr(coll.args[0], env);
    return (ctx) => {
      const h = holder(ctx);
      return Array.isArray(h) ? h.flatMap((x) => holderItems(ctx, x, at)) : holderItems(ctx, h, at);
    };
  }
  const c = compileExpr(coll, env);
  return (ctx) => iterable(ctx, c(ctx), at);
}

/** How a comprehension's elements are consumed: as a list, or folded while visiting them. */
export type CompFold = 'list' | 'first' | 'count' | 'sum' | 'in';

export function compileComprehension(e: Comp, env: CompileEnv): CompiledExpr {
  return compileCompFold(e, env, 'list', null);
}

/**
 * `[elem for x in coll if filter]` consumed by `mode`: the list itself, its first element (none
 * when empty), its length, its total, or whether it holds the value of `needle` (evaluated first).
 */
export function compileCompFold(e: Comp, env: CompileEnv, mode: CompFold, needle: CompiledExpr | null, needleType?: TypeIR): CompiledExpr {
  // A place found as its text and a text as its place (values.ts `equal`), unless the needle's type has neither.
  const places = needle !== null && mayMeetPlaceText(needleType, { t: 'any' });
  const items = compileItems(e.coll, env, e.at);
  const [filter, elem] = withBinderType(env, e.name, e.coll, () => [
    e.filter ? compileExpr(e.filter, env) : null,
    compileExpr(e.elem, env),
  ]);
  const at = e.at;
  const b = binderOf(env, e.name);
  return (ctx) => {
    const x: Value = needle === null ? null : needle(ctx);
    const list = items(ctx);
    spend(ctx, list.length, at);
    const prev = b.get(ctx);
    const out: Json[] = [];
    let n = 0;
    let found: Json = mode === 'in' ? false : null;
    for (let i = 0; i < list.length; i++) {
      b.set(ctx, list[i]);
      if (filter !== null && !asBool(filter(ctx), at)) continue;
      if (mode === 'count') {
        n++;
        continue;
      }
      const v = asJson(elem(ctx), at);
      if (mode === 'list') out.push(v);
      else if (mode === 'sum') n += asNumber(v, at);
      else if (mode === 'first') {
        found = v;
        break;
      } else if (equal(v, x, places ? ctx.g.boards : undefined)) {
        found = true;
        break;
      }
    }
    b.leave(ctx, prev);
    return mode === 'list' ? out : mode === 'count' || mode === 'sum' ? num(n, at) : found;
  };
}

export function compileQuantifier(e: Quant, env: CompileEnv): CompiledExpr {
  const items = compileItems(e.coll, env, e.at);
  const [where, of] = withBinderType(env, e.name, e.coll, () => [
    e.filter ? compileExpr(e.filter, env) : null,
    e.value ? compileExpr(e.value, env) : null,
  ]);
  const { at, op } = e;
  const b = binderOf(env, e.name);
  const bySize = e.value === undefined ? sizeFilter(e.filter, e.name) : null;
  if (bySize !== null && (op === 'any' || op === 'all' || op === 'count')) return compileSizeQuant(op, b, items, bySize, at);
  switch (op) {
    case 'count':
    case 'sum':
      return compileTotal(op === 'count', b, items, where, of, at);
    case 'any':
    case 'all':
      return compileAnyAll(op === 'any', b, items, where, of, at);
    case 'min':
    case 'max':
    case 'argmin':
    case 'argmax':
    {
      // Keys that may be places are ordered by their texts (place-values.ts), numbers as numbers.
      const keyType = withBinderType(env, e.name, e.coll, () => (e.value ? inferType(e.value, env) : elementType(inferType(e.coll, env))));
      const boards = mayHoldPlace(keyType) ? env.g.boards : null;
      return compileBest(op === 'max' || op === 'argmax' ? 1 : -1, op === 'argmax' || op === 'argmin', b, items, where, of, boards, at);
    }
    default:
      return assertUnreachable(op);
  }
}

/**
 * `any`, `all` or `count x in S where size(x) OP n` (size-filter.ts): the items are tested without
 * binding x; the binder is left as the loop would leave it (on the item it stopped at).
 */
function compileSizeQuant(op: 'any' | 'all' | 'count', b: Binder, items: Items, f: SizeFilter, at: Loc): CompiledExpr {
  return (ctx) => {
    const list = items(ctx);
    spend(ctx, list.length, at);
    if (list.length === 0) return op === 'all';
    let out: Value;
    let last: number;
    if (op === 'count') {
      out = countBySize(ctx, f, list);
      last = list.length - 1;
    } else {
      // any: the first item that passes; all: the first that fails.
      const i = findBySize(ctx, f, list, op === 'any');
      out = i < list.length ? op === 'any' : op === 'all';
      last = Math.min(i, list.length - 1);
    }
    b.leave(ctx, b.enter(ctx, list[last]));
    return out;
  };
}

/** `count x in S where c`; `sum x in S where c of e` (the items themselves without `of`). */
function compileTotal(isCount: boolean, b: Binder, items: Items, where: CompiledExpr | null, of: CompiledExpr | null, at: Loc): CompiledExpr {
  return (ctx) => {
    const list = items(ctx);
    spend(ctx, list.length, at);
    const prev = b.get(ctx);
    let total = 0;
    for (let i = 0; i < list.length; i++) {
      b.set(ctx, list[i]);
      if (where !== null && !asBool(where(ctx), at)) continue;
      total += isCount ? 1 : asNumber(of === null ? list[i] : of(ctx), at);
    }
    b.leave(ctx, prev);
    return num(total, at);
  };
}

/**
 * `any x in S where c` / `all x in S where c`: the condition is `of` when given (then `where`
 * narrows the items), else `where`; with neither, the items themselves must be booleans.
 */
function compileAnyAll(isAny: boolean, b: Binder, items: Items, where: CompiledExpr | null, of: CompiledExpr | null, at: Loc): CompiledExpr {
  const domain = of === null ? null : where;
  const cond = of ?? where;
  return (ctx) => {
    const list = items(ctx);
    spend(ctx, list.length, at);
    const prev = b.get(ctx);
    let result = !isAny;
    for (let i = 0; i < list.length; i++) {
      b.set(ctx, list[i]);
      if (domain !== null && !asBool(domain(ctx), at)) continue;
      if (asBool(cond === null ? list[i] : cond(ctx), at) === isAny) {
        result = isAny;
        break;
      }
    }
    b.leave(ctx, prev);
    return result;
  };
}

/** min/max of `of` (none when empty), or argmin/argmax: the item, the first one on ties. */
function compileBest(sign: number, wantItem: boolean, b: Binder, items: Items, where: CompiledExpr | null, of: CompiledExpr | null, boards: BoardIndex | null, at: Loc): CompiledExpr {
  return (ctx) => {
    const list = items(ctx);
    spend(ctx, list.length, at);
    const prev = b.get(ctx);
    let best: Json = null;
    let bestItem: Json = null;
    let found = false;
    for (let i = 0; i < list.length; i++) {
      b.set(ctx, list[i]);
      if (where !== null && !asBool(where(ctx), at)) continue;
      const v = of === null ? list[i] : asJson(of(ctx), at);
      // Strictly better only: the first item wins ties.
      if (!found || sign * (boards !== null ? compareKeysOf(boards, v, best, at) : compareKeys(v, best, at)) > 0) {
        best = v;
        bestItem = list[i];
        found = true;
      }
    }
    b.leave(ctx, prev);
    return wantItem ? bestItem : best;
  };
}
