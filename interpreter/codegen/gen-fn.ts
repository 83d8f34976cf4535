/**
 * A user function's body on the generated engine (README "Generated code", tiering). Its callers
 * read the function's entry at every call (`F.body`), so once the body is generated the entry
 * holds the generated function itself: calls no longer go through the tier wrapper, whose one
 * call site, shared by every tiered expression, V8 cannot inline through.
 */
import { compileClosure, compileExpr, type CompileEnv } from '../compile-expr.js';
import type { CompiledExpr, FnEntry } from '../context.js';
import type { Expr } from '../ir.js';
import { generateExpr, worthGenerating } from './gen-expr.js';
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
