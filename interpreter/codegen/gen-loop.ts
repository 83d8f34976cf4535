/**
 * The loop instructions of `for`, `repeat` and `while` generated (README "Generated code"): the
 * start of a `for` with its collection's expression inline, and each loop's head (the step that
 * binds the next item or leaves the loop). Their hidden locals (compile-stmt.ts: `#list3`, `#i4`)
 * are read and written as fixed property keys, so each loop has its own inline caches instead of
 * the closures' keyed accesses shared by every loop of every game. Checks, errors, locations and
 * the order of evaluation are compile-stmt.ts's.
 */
import type { Label } from '../assembler.js';
import { setLocal } from '../binder.js';
import type { CompileEnv } from '../compile-expr.js';
import { LIMITS, type Op } from '../context.js';
import { iterable } from '../holders.js';
import type { Expr, Loc } from '../ir.js';
import { msg } from '../messages.js';
import { asCount } from '../values.js';
import { _, int, lit, type Code } from './emit.js';
import { finish, Gen } from './gen-expr.js';

/** `if (ctx.frame) ctx.frame.pc = l.pc` (assembler.ts's goto), the label read when run: it is marked after this is made. */
export function gotoCode(g: Gen, l: Label): Code {
  return _`if (ctx.frame) ctx.frame.pc = ${g.k(l)}.pc;`;
}

/** A loop variable written as setLocal does (`__proto__` as an own property). */
function bind(g: Gen, name: string, v: Code): Code {
  if (name === '__proto__') return _`${g.k(setLocal)}(L, ${lit(name)}, ${v});`;
  return _`L[${lit(name)}] = ${v};`;
}

/**
 * The start of `for x in coll`: a copy of the items (the body may move the pieces of the holder
 * visited) and the index. `pieces(h)` is read from the holders in place before the copy (the
 * builtin would copy it once more), with the builtin's checks at its place.
 */
export function generateForStart(coll: Expr, at: Loc, list: string, index: string, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  let items: Code;
  if (coll.k === 'builtin' && coll.name === 'pieces' && coll.args.length === 1) {
    // By the holder's id when it is known (holder-ref.ts), else by its text.
    const byRef = g.itemsByRef(coll.args[0]);
    items = byRef ?? g.let(_`${g.h('piecesItems')}(ctx, ${g.expr(coll.args[0])}, ${g.k(coll.at)})`);
  } else {
    const v = g.expr(coll);
    items = g.let(_`${g.k(iterable)}(ctx, ${v}, ${g.k(at)})`);
  }
  return finish<Op>(g, _`L[${lit(list)}] = [...${items}]; L[${lit(index)}] = 0;`);
}

/** The head of `for x in …`: binds the next item, or ends the loop (its hidden locals set to none). */
export function generateForHead(name: string, list: string, index: string, end: Label, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  const items = g.let(_`L[${lit(list)}]`);
  const i = g.let(_`L[${lit(index)}]`);
  return finish<Op>(
    g,
    _`if (${i} >= ${items}.length) {
L[${lit(list)}] = null; L[${lit(index)}] = null;
${gotoCode(g, end)}
} else {
${bind(g, name, _`${items}[${i}]`)}
L[${lit(index)}] = ${i} + 1;
}`,
  );
}

/** The start of `repeat n`: the count checked once, the index at 0. */
export function generateRepeatStart(count: Expr, at: Loc, total: string, index: string, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  const n = g.expr(count);
  return finish<Op>(g, _`L[${lit(total)}] = ${g.k(asCount)}(${n}, ${g.k(at)}); L[${lit(index)}] = 0;`);
}

/** The head of `repeat n [as i]`: counts one more, or ends the loop. */
export function generateRepeatHead(name: string | undefined, total: string, index: string, end: Label, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  const i = g.let(_`L[${lit(index)}] + 1`);
  return finish<Op>(
    g,
    _`if (${i} > L[${lit(total)}]) {
L[${lit(total)}] = null; L[${lit(index)}] = null;
${gotoCode(g, end)}
} else {
L[${lit(index)}] = ${i};
${name === undefined ? _`` : bind(g, name, i)}
}`,
  );
}

/** The head of `while c`: the test inline, then the iteration counted against its limit. */
export function generateWhileHead(c: Expr, at: Loc, counter: string, end: Label, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  const v = g.expr(c);
  g.bool(v, at);
  const n = g.tmp();
  return finish<Op>(
    g,
    _`if (!${v}) {
L[${lit(counter)}] = null;
${gotoCode(g, end)}
} else {
${n} = L[${lit(counter)}] + 1;
if (${n} > ${int(LIMITS.whileIterations)}) ${g.fail(msg.whileLimit(LIMITS.whileIterations), at)};
L[${lit(counter)}] = ${n};
}`,
  );
}
