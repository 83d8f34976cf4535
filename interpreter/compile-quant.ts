/**
 * Comprehensions and quantifiers. The binder is a local of the current frame while the items are
 * visited (one flat namespace per frame) and gets its previous value back afterwards. These run in
 * every filter and end condition, so the loops are written out plainly (no closure per item).
 */
import { compileExpr, slotOf, type CompileEnv } from './compile-expr.js';
import type { CompiledExpr, Ctx } from './context.js';
import { assertUnreachable } from './errors.js';
import { holderItems, iterable } from './holders.js';
import type { Expr, Json, Loc } from './ir.js';
import { elementType, inferType } from './types.js';
import { asBool, asJson, asNumber, compareKeys, num } from './values.js';

type Quant = Extract<Expr, { k: 'quant' }>;
type Comp = Extract<Expr, { k: 'comp' }>;
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
    const holder = compileExpr(coll.args[0], env);
    return (ctx) => {
      const h = holder(ctx);
      return Array.isArray(h) ? h.flatMap((x) => holderItems(ctx, x, at)) : holderItems(ctx, h, at);
    };
  }
  const c = compileExpr(coll, env);
  return (ctx) => iterable(ctx, c(ctx), at);
}

/*
 * Each binder below lives in a slot of the function call being evaluated (slotOf >= 0) or in the
 * frame's locals, and gets its earlier value back once the items have been visited. A binder that
 * had none keeps its last item: names are resolved by the compiler, so nothing reads it out of
 * scope, and `delete` would turn the locals into a slow dictionary object.
 */

export function compileComprehension(e: Comp, env: CompileEnv): CompiledExpr {
  const items = compileItems(e.coll, env, e.at);
  const [filter, elem] = withBinderType(env, e.name, e.coll, () => [
    e.filter ? compileExpr(e.filter, env) : null,
    compileExpr(e.elem, env),
  ]);
  const { name, at } = e;
  const slot = slotOf(env, name);
  return (ctx) => {
    const list = items(ctx);
    const locals = ctx.locals;
    const slots = ctx.slots;
    const had = slot >= 0 ? slots[slot] !== undefined : Object.hasOwn(locals, name);
    const prev = slot >= 0 ? slots[slot] : locals[name];
    const out: Json[] = [];
    for (let i = 0; i < list.length; i++) {
      if (slot >= 0) slots[slot] = list[i];
      else locals[name] = list[i];
      if (filter === null || asBool(filter(ctx), at)) out.push(asJson(elem(ctx), at));
    }
    if (had) {
      if (slot >= 0) slots[slot] = prev;
      else locals[name] = prev;
    }
    return out;
  };
}

export function compileQuantifier(e: Quant, env: CompileEnv): CompiledExpr {
  const items = compileItems(e.coll, env, e.at);
  const [where, of] = withBinderType(env, e.name, e.coll, () => [
    e.filter ? compileExpr(e.filter, env) : null,
    e.value ? compileExpr(e.value, env) : null,
  ]);
  const { name, at, op } = e;
  const slot = slotOf(env, name);
  switch (op) {
    case 'count':
    case 'sum':
      return compileTotal(op === 'count', name, slot, items, where, of, at);
    case 'any':
    case 'all':
      return compileAnyAll(op === 'any', name, slot, items, where, of, at);
    case 'min':
    case 'max':
    case 'argmin':
    case 'argmax':
      return compileBest(op === 'max' || op === 'argmax' ? 1 : -1, op === 'argmax' || op === 'argmin', name, slot, items, where, of, at);
    default:
      return assertUnreachable(op);
  }
}

/** `count x in S where c`; `sum x in S where c of e` (the items themselves without `of`). */
function compileTotal(isCount: boolean, name: string, slot: number, items: Items, where: CompiledExpr | null, of: CompiledExpr | null, at: Loc): CompiledExpr {
  return (ctx) => {
    const list = items(ctx);
    const locals = ctx.locals;
    const slots = ctx.slots;
    const had = slot >= 0 ? slots[slot] !== undefined : Object.hasOwn(locals, name);
    const prev = slot >= 0 ? slots[slot] : locals[name];
    let total = 0;
    for (let i = 0; i < list.length; i++) {
      if (slot >= 0) slots[slot] = list[i];
      else locals[name] = list[i];
      if (where !== null && !asBool(where(ctx), at)) continue;
      total += isCount ? 1 : asNumber(of === null ? list[i] : of(ctx), at);
    }
    if (had) {
      if (slot >= 0) slots[slot] = prev;
      else locals[name] = prev;
    }
    return num(total, at);
  };
}

/**
 * `any x in S where c` / `all x in S where c`: the condition is `of` when given (then `where`
 * narrows the items), else `where`; with neither, the items themselves must be booleans.
 */
function compileAnyAll(isAny: boolean, name: string, slot: number, items: Items, where: CompiledExpr | null, of: CompiledExpr | null, at: Loc): CompiledExpr {
  const domain = of === null ? null : where;
  const cond = of ?? where;
  return (ctx) => {
    const list = items(ctx);
    const locals = ctx.locals;
    const slots = ctx.slots;
    const had = slot >= 0 ? slots[slot] !== undefined : Object.hasOwn(locals, name);
    const prev = slot >= 0 ? slots[slot] : locals[name];
    let result = !isAny;
    for (let i = 0; i < list.length; i++) {
      if (slot >= 0) slots[slot] = list[i];
      else locals[name] = list[i];
      if (domain !== null && !asBool(domain(ctx), at)) continue;
      if (asBool(cond === null ? list[i] : cond(ctx), at) === isAny) {
        result = isAny;
        break;
      }
    }
    if (had) {
      if (slot >= 0) slots[slot] = prev;
      else locals[name] = prev;
    }
    return result;
  };
}

/** min/max of `of` (none when empty), or argmin/argmax: the item, the first one on ties. */
function compileBest(sign: number, wantItem: boolean, name: string, slot: number, items: Items, where: CompiledExpr | null, of: CompiledExpr | null, at: Loc): CompiledExpr {
  return (ctx) => {
    const list = items(ctx);
    const locals = ctx.locals;
    const slots = ctx.slots;
    const had = slot >= 0 ? slots[slot] !== undefined : Object.hasOwn(locals, name);
    const prev = slot >= 0 ? slots[slot] : locals[name];
    let best: Json = null;
    let bestItem: Json = null;
    let found = false;
    for (let i = 0; i < list.length; i++) {
      if (slot >= 0) slots[slot] = list[i];
      else locals[name] = list[i];
      if (where !== null && !asBool(where(ctx), at)) continue;
      const v = of === null ? list[i] : asJson(of(ctx), at);
      // Strictly better only: the first item wins ties.
      if (!found || sign * compareKeys(v, best, at) > 0) {
        best = v;
        bestItem = list[i];
        found = true;
      }
    }
    if (had) {
      if (slot >= 0) slots[slot] = prev;
      else locals[name] = prev;
    }
    return wantItem ? bestItem : best;
  };
}
