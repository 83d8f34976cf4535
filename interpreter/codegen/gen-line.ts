/**
 * `lineThrough(x, d, (p) -> test)` with its lambda written out (README "Generated code"): the walk
 * along the line is a loop of the generated function and the test its body, instead of the
 * builtin calling a lambda value per place (made, checked by asLambda, called through test1, each
 * call swapping the context's slots and locals). The walk, its checks and its errors are the
 * builtin's (builtins/geometry.ts): the start by `startOf`, the direction by `asDirection`, each
 * place noted as visited (holder-index.ts `visitingPlace`) before its test, the test's answer
 * checked as test1 checks it; the parameter is bound and given back at each test as a lambda
 * call binds it (compile-expr.ts `call1`). A lambda needs no slots array of its own here, so a
 * function made of such a line (`fn lineOf(…) = any d in dirs where lineThrough(…) >= n`) is written
 * out in its callers too. The test reads each place's holder by id.
 */
import { binderOf } from '../compile-expr.js';
import type { Expr } from '../ir.js';
import { msg } from '../messages.js';
import { _, type Code } from './emit.js';
import type { Gen } from './gen-expr.js';

type Builtin = Extract<Expr, { k: 'builtin' }>;
type Lambda = Extract<Expr, { k: 'lambda' }>;

/** The line's count, or null when the test is no lambda of one parameter written in the call. */
export function lineThrough(g: Gen, e: Builtin): Code | null {
  const f = e.args[2];
  if (f.k !== 'lambda' || f.params.length !== 1) return null;
  // The arguments in their order; a lambda of one parameter passes asLambda's check.
  const x = g.expr(e.args[0]);
  const dir = g.expr(e.args[1]);
  const A = g.k(e.at);
  const start = g.let(_`${g.h('lineStart')}(ctx, ${x}, ${A})`);
  const d = g.let(_`${g.h('asDirection')}(${dir}, ${A})`);
  const table = g.let(_`ctx.g.holderTable`);
  const n = g.let(_`0`);
  const sign = g.let(_`1`);
  const k = g.let(_`0`);
  const p = g.let(start);
  const v = g.tmp();
  const id = g.tmp();
  // The start, then each way (sign 1, then -1) one step further (k) while the test holds: a
  // failed start counts 0, as the builtin's early return.
  g.emit(_`for (;;) {`);
  g.emit(_`${v} = ${g.h('placeValue')}(${p});`);
  g.emit(_`${id} = ${table}.placeHolders[${p}.id];`);
  // Read by id only when its holder is in this game (idInGame); noted as visitingPlace notes it,
  // when the test may look it up by its text (Gen.noteFor).
  g.emit(_`if (${id} >= 0 && ${table}.owners[${id}] >= ctx.s.numPlayers) ${id} = -1;`);
  const noted = g.noteFor(v, _`if (${id} >= 0) { ${table}.last.text = ${v}; ${table}.last.id = ${id}; }`);
  g.knowHolder(v, _`${id} >= 0`, id);
  const ok = call1(g, f, v);
  noted();
  g.bool(ok, e.at);
  g.emit(_`if (${ok}) { ${n}++; ${k}++; } else if (${k} === 0 || ${sign} < 0) break; else { ${sign} = -1; ${k} = 1; }`);
  g.emit(_`for (;;) { ${p} = ${g.h('offsetInfo')}(${start}, ${d}, ${sign} * ${k}); if (${p} !== null || ${sign} < 0) break; ${sign} = -1; ${k} = 1; }`);
  g.emit(_`if (${p} === null) break;`);
  // A direction that does not move: the builtin's error (it would walk the start forever).
  g.emit(_`if (${p} === ${start}) ${g.fail(msg.lineStill(), e.at)};`);
  g.emit(_`}`);
  return g.mark(n, 'number');
}

/**
 * The body of lambda `f` applied to `a` where the lambda is made (its slots and locals are this
 * function's): its parameter typed as a lambda's (`any`), bound, and given back after as call1 does.
 */
function call1(g: Gen, f: Lambda, a: Code): Code {
  const name = f.params[0];
  const locals = g.env.locals;
  const saved = locals.get(name);
  locals.set(name, { t: 'any' });
  try {
    const b = binderOf(g.env, name);
    const prev = g.binderGet(b);
    g.emit(g.binderSet(b, a));
    const value = g.binding(name, a, () => g.expr(f.body));
    g.emit(_`if (${prev} !== undefined) ${g.binderSet(b, prev)}`);
    return value;
  } finally {
    if (saved === undefined) locals.delete(name);
    else locals.set(name, saved);
  }
}
