/**
 * Choices: `choose` and `play` suspend the VM by setting `state.pending` and leaving the frame's pc
 * on themselves, so that a pending choice can be offered again after a scenario's `do` changed the
 * position. Applying a choice writes the value to the waiting local and steps past the instruction.
 */
import type { Assembler } from './assembler.js';
import { compileExpr, type CompileEnv } from './compile-expr.js';
import type { Ctx } from './context.js';
import { display, labelOf, uniqueLabels } from './display.js';
import { RuleError } from './errors.js';
import { asPlayer, iterable } from './holders.js';
import type { ChooseStmt, Json, Stmt } from './ir.js';
import { msg } from './messages.js';
import type { Pending, State } from './state.js';
import { inferType } from './types.js';
import { asBool, asJson } from './values.js';
import { pushFrame, pushTriggers } from './vm.js';

/** Points the running frame back at the instruction that just ran, and waits. */
function suspend(ctx: Ctx, pending: Pending): void {
  ctx.s.pending = pending;
  if (ctx.frame) ctx.frame.pc--;
}

export function compileChoose(st: ChooseStmt, env: CompileEnv, asm: Assembler): void {
  const player = compileExpr(st.player, env);
  const options = compileExpr(st.options, env);
  const before = env.locals.get(st.binder);
  env.locals.set(st.binder, st.labelAs);
  const filter = st.filter ? compileExpr(st.filter, env) : null;
  const label = st.label ? compileExpr(st.label, env) : null;
  const labelType = st.label ? inferType(st.label, env) : undefined;
  if (before === undefined) env.locals.delete(st.binder);
  else env.locals.set(st.binder, before);
  const into = st.result ?? st.binder;
  env.locals.set(into, st.labelAs);
  const { binder, at, labelAs, secret } = st;
  const prompt = st.prompt ?? null;
  const pass = st.pass ?? null;
  asm.emit((ctx) => {
    const p = asPlayer(ctx, player(ctx), at);
    const items = iterable(ctx, options(ctx), at);
    const labels: string[] = [];
    const values: Json[] = [];
    const locals = ctx.locals;
    const had = Object.hasOwn(locals, binder);
    const prev = locals[binder];
    for (const item of items) {
      locals[binder] = item;
      if (filter !== null && !asBool(filter(ctx), at)) continue;
      values.push(item);
      labels.push(label !== null ? display(ctx.g, ctx.s, label(ctx), labelType) : labelOf(ctx.g, ctx.s, item, labelAs));
    }
    // A binder without an earlier value keeps its last item (see compile-quant.ts).
    if (had) locals[binder] = prev;
    if (pass !== null) {
      labels.push(pass);
      values.push(null);
    }
    if (values.length === 0) throw new RuleError(msg.noLegalChoice(), at);
    suspend(ctx, { player: p, prompt, labels: uniqueLabels(labels), values, secret, at, into });
  }, at);
}

/**
 * `play p from [A, B] or "done" as a`: offers the actions whose every `requires` holds (with the
 * action's parameter bound to p). The chosen action's body runs, then the triggers after it.
 */
export function compilePlay(st: Extract<Stmt, { k: 'play' }>, env: CompileEnv, asm: Assembler): void {
  const player = compileExpr(st.player, env);
  const into = st.name ?? asm.hidden('play');
  const who = asm.hidden('player');
  if (st.name) env.locals.set(st.name, { t: 'text' });
  const { actions, at } = st;
  const pass = st.pass ?? null;
  asm.emit((ctx) => {
    const p = asPlayer(ctx, player(ctx), at);
    ctx.locals[who] = p;
    const labels: string[] = [];
    const values: Json[] = [];
    const refused: { label: string; reason: string }[] = [];
    for (const name of actions) {
      const action = ctx.g.actions.get(name);
      if (!action) throw new RuleError(msg.unknown('action', name), at);
      const locals: Record<string, Json> = action.param === null ? {} : { [action.param]: p };
      const failed = action.requires.find((r) => !asBool(withLocals(ctx, locals, r.test), r.at));
      if (failed) refused.push({ label: action.title, reason: failed.reason });
      else {
        labels.push(action.title);
        values.push(name);
      }
    }
    if (pass !== null) {
      labels.push(pass);
      values.push(null);
    }
    if (values.length === 0) throw new RuleError(msg.noLegalChoice(), at);
    const pending: Pending = { player: p, prompt: null, labels: uniqueLabels(labels), values, secret: false, at, into };
    if (refused.length > 0) pending.refused = refused;
    suspend(ctx, pending);
  }, at);
  asm.emit((ctx) => {
    const chosen = ctx.locals[into];
    if (typeof chosen !== 'string') return;
    const action = ctx.g.actions.get(chosen);
    if (!action) throw new RuleError(msg.unknown('action', chosen), at);
    const p = asJson(ctx.locals[who], at);
    pushFrame(ctx, `action:${chosen}`, action.param === null ? {} : { [action.param]: p }, at);
  }, at, false);
  asm.emit((ctx) => {
    const chosen = ctx.locals[into];
    ctx.locals[who] = null;
    if (typeof chosen === 'string') pushTriggers(ctx, [chosen], at);
  }, at, false);
}

function withLocals<T>(ctx: Ctx, locals: Record<string, Json>, f: (ctx: Ctx) => T): T {
  const saved = ctx.locals;
  ctx.locals = locals;
  const v = f(ctx);
  ctx.locals = saved;
  return v;
}

/**
 * Takes option `i` of the pending choice: the value goes to the waiting local, the label to the
 * moves and the log. The caller runs the VM on.
 */
export function takeChoice(s: State, i: number): void {
  const pending = s.pending;
  const frame = s.stack[s.stack.length - 1];
  if (pending === null || frame === undefined) return;
  frame.locals[pending.into] = pending.values[i];
  frame.pc++;
  s.pending = null;
  const label = pending.labels[i];
  const move = s.moves.length;
  s.moves.push(label);
  const during = s.simul.length > 0;
  s.log.push({
    text: msg.choiceLog(msg.player(pending.player), label),
    player: pending.player,
    move,
    ...(pending.secret ? { secret: true } : {}),
    ...(during ? { during: true } : {}),
  });
}
