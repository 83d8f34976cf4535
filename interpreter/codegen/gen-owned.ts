/**
 * `count t in ownedBy(h, p) where kindOf(t) == "K"` (or `!=`) in one pass over the holder's items
 * (README "Generated code"): a loop over `ownedBy` otherwise walks the items twice, once to check
 * each is a piece and count the owner's (runtime.ts `ownedCount`, the count its loop spends), then
 * again to test the owner's. Here each item is checked and tested in the same pass. The filter
 * reads only a piece's kind, which cannot fail, spend a step or change anything, so what is seen
 * is the same: the first item that is no piece fails as ownedBy's check fails (the same message at
 * the same place), the same steps are spent (the owner's pieces) and fail where the loop's spend
 * fails, and the binder ends as the loop leaves it (its earlier value, else the last owner's piece).
 */
import { binderOf } from '../compile-expr.js';
import { findBuiltin } from '../builtins/index.js';
import type { Expr, Loc } from '../ir.js';
import { _, lit, type Code } from './emit.js';
import type { Gen } from './gen-expr.js';

/** The kind the filter compares the binder's kind with, and whether it keeps the equal ones; else null. */
function kindTest(filter: Expr | undefined, name: string): { kind: string; equal: boolean } | null {
  if (filter === undefined || filter.k !== 'bin' || (filter.op !== '==' && filter.op !== '!=')) return null;
  const isKindOfBinder = (x: Expr): boolean =>
    x.k === 'builtin' && x.name === 'kindOf' && x.args.length === 1 && x.args[0].k === 'local' && x.args[0].name === name;
  const { a, b } = filter;
  // A kind is a text: only a text literal is compared as `===` compares it (values.ts `equal`).
  const other = isKindOfBinder(a) ? b : isKindOfBinder(b) ? a : null;
  if (other === null || other.k !== 'lit' || typeof other.v !== 'string') return null;
  return { kind: other.v, equal: filter.op === '==' };
}

/** The count of the comprehension or quantifier, or null when it is no such count (generated as any other). */
export function ownedKindCount(g: Gen, coll: Expr, name: string, filter: Expr | undefined, at: Loc): Code | null {
  if (coll.k !== 'builtin' || coll.name !== 'ownedBy' || coll.args.length !== 2) return null;
  const def = findBuiltin('kindOf');
  if (def === undefined || def.arity !== 1) return null;
  const test = kindTest(filter, name);
  if (test === null) return null;
  // ownedBy's arguments and checks, in its order, as a loop over it has them (gen-expr.ts `ownedItems`).
  const { owner, list, A } = g.ownedHolder(coll.args[0], coll.args[1], coll.at);
  const b = binderOf(g.env, name);
  const prev = g.binderGet(b);
  const owned = g.let(_`0`);
  const kept = g.let(_`0`);
  const last = g.let(_`undefined`);
  const i = g.tmp();
  const x = g.tmp();
  const p = g.tmp();
  const keep = test.equal ? _`===` : _`!==`;
  g.emit(_`for (${i} = 0; ${i} < ${list}.length; ${i}++) {
${x} = ${list}[${i}];
${p} = typeof ${x} === "number" && ${x} >= 0 ? ctx.s.pieces[${x}] : undefined;
if (${p} === undefined) ${g.h('asPiece')}(ctx, ${x}, ${A});
if (${p}.owner !== ${owner}) continue;
${owned}++; ${last} = ${x};
if (${p}.kind ${keep} ${lit(test.kind)}) ${kept}++;
}`);
  g.spend(owned, at);
  // The loop would have bound the binder to each of the owner's pieces and given back its earlier value.
  g.emit(_`if (${prev} === undefined && ${last} !== undefined) ${g.binderSet(b, last)}`);
  return g.mark(g.let(_`${g.h('num')}(${kept}, ${g.k(at)})`), 'number');
}
