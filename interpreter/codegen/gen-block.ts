/**
 * The opening and closing instructions of a flow block (`round`, `turn`, `phase`, …) generated
 * (README "Generated code"): the subject's expression inline, the block pushed, its mark set and
 * its line logged as compile-flow.ts's closures do, in the same order; a block without a subject
 * logs a text made at load. Resetting variables stays the closure's (rare, and its own instruction).
 */
import type { CompileEnv } from '../compile-expr.js';
import type { Op } from '../context.js';
import { display } from '../display.js';
import type { Loc, Stmt } from '../ir.js';
import { msg } from '../messages.js';
import { appendLog } from '../sharing.js';
import { inferType } from '../types.js';
import { pushExit } from '../compile-flow.js';
import { _, lit } from './emit.js';
import { finish, Gen } from './gen-expr.js';

export function generateBlockOpen(st: Extract<Stmt, { k: 'block' }>, mark: string, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  const { kind, at } = st;
  const name = st.name ?? null;
  const v = st.subject ? g.json(g.expr(st.subject), at) : lit(null);
  const s = g.let(_`ctx.s`);
  g.emit(_`${s}.blocks.push({ kind: ${lit(kind)}, name: ${lit(name)}, subject: ${v} });`);
  g.emit(_`L[${lit(mark)}] = [${s}.blocks.length - 1, ${s}.simul.length];`);
  const text = st.subject
    ? g.let(_`${g.k(msg.blockLog)}(${lit(kind)}, ${lit(name)}, ${g.k(display)}(ctx.g, ${s}, ${v}, ${g.k(inferType(st.subject, env))}))`)
    : g.k(msg.blockLog(kind, name, null));
  return finish<Op>(g, _`${g.k(appendLog)}(${s}, { text: ${text} });`);
}

/**
 * A block's end: its mark cleared, then either its exit frame pushed (`exit`: the block has
 * triggers) or the block popped at once.
 */
export function generateBlockClose(mark: string, exit: string | null, env: CompileEnv, at: Loc): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  const clear = _`L[${lit(mark)}] = null;`;
  if (exit === null) return finish<Op>(g, _`${clear} ctx.s.blocks.pop();`);
  return finish<Op>(g, _`${clear} ${g.k(pushExit)}(ctx, ${lit(exit)}, ctx.s.blocks.length - 1, ${g.k(at)});`);
}
