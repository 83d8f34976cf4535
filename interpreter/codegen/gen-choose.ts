/**
 * `choose x in L [where f] [label e] by p` generated as one instruction (README "Generated code"):
 * the player, the options, and for each option the filter and the label written inline in one
 * loop, instead of a call of a compiled closure per option. What follows the loop (the pass, the
 * error when nothing is left, the prompt, the pending choice, lean or not) is choices.ts's
 * `offerListed`, and a size filter's choice is its `offerBySize`, shared with the closure: the
 * checks, their order, errors, locations and binder writes are the closure's (chooseClosure).
 * A bare range (`choose n in a..b`) stays on range-choice.ts's closure: it lists nothing.
 */
import { choiceOptions, choiceSpec, offerBySize, offerListed } from '../choices.js';
import type { CompileEnv } from '../compile-expr.js';
import type { Op } from '../context.js';
import { display } from '../display.js';
import { asPlayer } from '../holders.js';
import type { ChooseStmt } from '../ir.js';
import { sizeFilter } from '../size-filter.js';
import { inferType } from '../types.js';
import { _, lit } from './emit.js';
import { finish, Gen } from './gen-expr.js';

export function generateChoose(st: ChooseStmt, env: CompileEnv): Op | null {
  // Statement bodies keep their locals by name; a binder that is a property of every object
  // (`__proto__`, `constructor`) is read by the closure's own rules, left to it.
  if (env.slots !== undefined || st.binder in Object.prototype) return null;
  const { binder, at, filter, label } = st;
  const g = new Gen(env);
  const A = g.k(at);
  const p = g.let(_`${g.k(asPlayer)}(ctx, ${g.expr(st.player)}, ${A})`);
  const items = g.let(_`${g.h('iterable')}(ctx, ${g.expr(choiceOptions(st))}, ${A})`);
  const bySize = label === undefined ? sizeFilter(filter, binder) : null;
  const values = g.tmp();
  const labels = g.tmp();
  const shown = g.tmp();
  const { spec } = choiceSpec(st, env, (e) => {
    if (bySize !== null) return;
    const key = lit(binder);
    const prev = g.let(g.own(_`L`, binder));
    const had = g.let(_`${prev} !== undefined`);
    g.emit(_`${values} = []; ${labels} = null; ${shown} = null;`);
    if (label !== undefined) g.emit(_`if (ctx.lean) ${shown} = []; else ${labels} = [];`);
    // Options from a list of holders known at load: each one's id is noted for the filter's reads
    // (the filter's own reads of the option's holder go by id, as a generated loop's do).
    const ids = filter !== undefined ? g.holderIdsOf(items) : null;
    const i = g.tmp();
    const item = g.tmp();
    g.emit(_`for (${i} = 0; ${i} < ${items}.length; ${i}++) {`);
    g.emit(_`${item} = ${items}[${i}];`);
    g.emit(_`L[${key}] = ${item};`);
    const noted = ids !== null ? g.noteHolderId(ids, i, item) : null;
    g.binding(binder, item, () => {
      if (filter !== undefined) {
        const c = g.expr(filter);
        g.bool(c, at);
        g.emit(_`if (!${c}) continue;`);
      }
      g.emit(_`${values}.push(${item});`);
      if (label !== undefined) {
        const t = inferType(label, e);
        const v = g.expr(label);
        g.emit(_`if (${labels} !== null) ${labels}.push(${g.k(display)}(ctx.g, ctx.s, ${v}, ${g.k(t)})); else ${shown}.push(${v});`);
      }
    });
    noted?.();
    g.emit(_`}`);
    // A binder without an earlier value keeps its last item (see compile-quant.ts).
    g.emit(_`if (${had}) L[${key}] = ${prev};`);
  });
  if (bySize !== null) return finish<Op>(g, _`${g.k(offerBySize)}(ctx, ${g.k(spec)}, ${g.k(bySize)}, ${p}, ${items});`);
  return finish<Op>(g, _`${g.k(offerListed)}(ctx, ${g.k(spec)}, ${p}, ${items}, ${values}, ${labels}, ${shown});`);
}
