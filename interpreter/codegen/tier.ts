/**
 * Tiering (README "Generated code"): code is generated only for what runs often. Every expression,
 * generated statement and body first runs on the closure interpreter, whose code is shared by every
 * game and already optimised by V8; after `Game.tierUp` runs it is generated and runs that way from
 * then on. Generating everything at load made a thousand functions per ruleset that V8 had to
 * optimise one by one (a new game ran at a third of the closure engine's speed for its first
 * seconds) and tripled the load time. Since then factories are shared between loads and every
 * statement has generated code, and `tierUp: 0` (the default, load.ts TIER_UP) is faster from the
 * first CPU second; the editor's live session tiers (TIER_UP_LIVE), its load being what matters.
 */
import type { CompileEnv } from '../compile-expr.js';
import type { CompiledExpr, Ctx, Op } from '../context.js';

/** The compile environment as it is now, for a generator run later: the local types copied. */
export function snapshot(env: CompileEnv): CompileEnv {
  return { ...env, locals: new Map(env.locals) };
}

/**
 * `closure` until it has done `limit` units of work, then what `generate` makes (or still
 * `closure`). A run's work is one plus the evaluation steps it spent (context.ts: function calls,
 * items visited or made): a rule function called a few times per decision whose loops visit
 * hundreds of places did most of a large ruleset's work on closures after seconds of play when
 * runs alone were counted. Steps are reset only between decisions, never inside a run.
 * `settle`, when given, is told what runs from then on, so that whoever holds the wrapper can call
 * that instead (a user function's entry: gen-fn.ts).
 */
export function tieredExpr(limit: number, closure: CompiledExpr, generate: () => CompiledExpr | null, settle?: (run: CompiledExpr) => void): CompiledExpr {
  let work = 0;
  let run = closure;
  return (ctx: Ctx) => {
    if (work >= limit) return run(ctx);
    const before = ctx.steps;
    const v = closure(ctx);
    work += ctx.steps > before ? 1 + ctx.steps - before : 1;
    if (work >= limit) {
      run = generate() ?? closure;
      settle?.(run);
    }
    return v;
  };
}

/**
 * The same for one instruction, at `pc` of `ops` (its body's), its work counted the same way: once
 * generated, the instruction takes the wrapper's place there, so the VM loop and a runner made
 * later call it directly instead of through the wrapper's call site, which every tiered
 * instruction shares.
 */
export function tieredOp(limit: number, closure: Op, generate: () => Op | null, ops: Op[], pc: number): Op {
  let work = 0;
  let run = closure;
  const wrapper = (ctx: Ctx): void => {
    if (work >= limit) {
      run(ctx);
      return;
    }
    const before = ctx.steps;
    closure(ctx);
    work += ctx.steps > before ? 1 + ctx.steps - before : 1;
    if (work >= limit) {
      run = generate() ?? closure;
      if (ops[pc] === wrapper) ops[pc] = run;
    }
  };
  return wrapper;
}
