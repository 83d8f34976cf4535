/**
 * A user function's body on the generated engine (README "Generated code", tiering). Its callers
 * read the function's entry at every call (`F.body`), so once the body is generated the entry
 * holds the generated function itself: calls no longer go through the tier wrapper, whose one
 * call site, shared by every tiered expression, V8 cannot inline through.
 */
import { compileClosure, compileExpr, type CompileEnv } from '../compile-expr.js';
import { compileCompFold } from '../compile-quant.js';
import type { CompiledExpr, FnEntry } from '../context.js';
import type { Expr } from '../ir.js';
import { generateExpr, generateFold, worthGenerating } from './gen-expr.js';
import { canGenerate } from './instantiate.js';
import { snapshot, tieredExpr } from './tier.js';

/** The compiled body of `entry`, a function whose body is `body`. */
export function compileFnBody(body: Expr, env: CompileEnv, entry: FnEntry): CompiledExpr {
  const limit = env.g.tierUp;
  if (env.g.engine !== 'generated' || env.closuresOnly === true || !canGenerate() || !worthGenerating(body) || limit === 0) return compileExpr(body, env);
  const later = snapshot(env);
  return tieredExpr(limit, compileClosure(body, { ...env, closuresOnly: true }), () => generateExpr(body, later), (run) => {
    entry.body = run;
  });
}

/**
 * Whether a function whose body is `body` may be counted without making its list: its body is a
 * comprehension whose items are its binder itself (`[t for t in pieces(h) where t.kind == k]`).
 * `len` of a call of it then counts the items its filter keeps: the same value, steps and errors
 * (the filter runs on every item either way, and such an item is read without any check that
 * could fail). `first` and `total` are not folded so: the first stops at the first item kept and
 * `total`'s type errors are located at the builtin, so an error could move or vanish.
 */
export function foldable(body: Expr): body is Extract<Expr, { k: 'comp' }> {
  return body.k === 'comp' && body.elem.k === 'local' && body.elem.name === body.name;
}

/**
 * The count of the body of the function `call` calls (made once, in the function's own slots: a
 * call runs it as it runs the body), or null when the function is not foldable or the call has
 * another number of arguments than it has parameters (the call then fails as any such call does).
 * On the generated engine it is tiered as a body is. Both engines' `len(f(…))` ask it.
 */
export function countBody(call: Extract<Expr, { k: 'call' }>, caller: CompileEnv): CompiledExpr | null {
  const entry = caller.g.fns.get(call.fn);
  if (entry === undefined || entry.params.length !== call.args.length) return null;
  const source = entry.fold;
  if (source === null) return null;
  if (source.count !== null) return source.count;
  const env = snapshot(source.env);
  const { g } = env;
  let run: CompiledExpr;
  if (g.engine !== 'generated' || !canGenerate()) run = compileCompFold(source.comp, env, 'count', null);
  else if (g.tierUp === 0) run = generateFold(source.comp, 'count', env) ?? compileCompFold(source.comp, env, 'count', null);
  else {
    const later = snapshot(env);
    run = tieredExpr(g.tierUp, compileCompFold(source.comp, { ...env, closuresOnly: true }, 'count', null), () => generateFold(source.comp, 'count', later));
  }
  source.count = run;
  return run;
}
