/**
 * Choices: `choose` and `play` suspend the VM by setting `state.pending` and leaving the frame's pc
 * on themselves, so that a pending choice can be offered again after a scenario's `do` changed the
 * position. Applying a choice writes the value to the waiting local and steps past the instruction.
 */
import type { Assembler } from './assembler.js';
import { compileExpr, type CompileEnv } from './compile-expr.js';
import type { ActionEntry, CompiledExpr, Ctx } from './context.js';
import { display, labeller, uniqueLabels } from './display.js';
import { RuleError } from './errors.js';
import { asPlayer, iterable } from './holders.js';
import type { ChooseStmt, Json, Stmt } from './ir.js';
import { msg } from './messages.js';
import type { LogEntry, Pending, State } from './state.js';
import { inferType } from './types.js';
import { asBool, asJson, asList, describe } from './values.js';
import { pushFrame, pushTriggers } from './vm.js';

/** Points the running frame back at the instruction that just ran, and waits. */
function suspend(ctx: Ctx, pending: Pending): void {
  ctx.s.pending = pending;
  if (ctx.frame) ctx.frame.pc--;
}

/**
 * The board lists (`Board`, `Board@P`) whose places are all different: a choice among some of
 * them, labelled by place name, cannot have two equal labels.
 */
function distinctBoardLists(env: CompileEnv): Set<readonly Json[]> {
  const lists = new Set<readonly Json[]>();
  for (const list of env.g.boards.lists.values()) if (new Set(list).size === list.length) lists.add(list);
  return lists;
}

/** The question of a choice as text, or null without one. */
function compilePrompt(st: ChooseStmt, env: CompileEnv): (ctx: Ctx) => string | null {
  if (st.prompt === undefined) return () => null;
  const prompt = compileExpr(st.prompt, env);
  const t = inferType(st.prompt, env);
  return (ctx) => {
    const v = prompt(ctx);
    return typeof v === 'string' ? v : display(ctx.g, ctx.s, v, t);
  };
}

export function compileChoose(st: ChooseStmt, env: CompileEnv, asm: Assembler): void {
  const player = compileExpr(st.player, env);
  const options = compileExpr(st.options, env);
  const prompt = compilePrompt(st, env);
  const before = env.locals.get(st.binder);
  env.locals.set(st.binder, st.labelAs);
  const filter = st.filter ? compileExpr(st.filter, env) : null;
  const label = st.label ? compileExpr(st.label, env) : null;
  const labelType = st.label ? inferType(st.label, env) : undefined;
  if (before === undefined) env.locals.delete(st.binder);
  else env.locals.set(st.binder, before);
  const into = st.result ?? st.binder;
  env.locals.set(into, st.labelAs);
  const { binder, at, secret } = st;
  const pass = st.pass ?? null;
  const labelOf = label === null ? labeller(env.g, st.labelAs) : null;
  const distinctLists = labelOf !== null && st.labelAs.t === 'place' ? distinctBoardLists(env) : null;
  asm.emit((ctx) => {
    const p = asPlayer(ctx, player(ctx), at);
    const items = iterable(ctx, options(ctx), at);
    const labels: string[] = [];
    const values: Json[] = [];
    const locals = ctx.locals;
    const had = Object.hasOwn(locals, binder);
    const prev = locals[binder];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      locals[binder] = item;
      if (filter !== null && !asBool(filter(ctx), at)) continue;
      values.push(item);
      labels.push(labelOf !== null ? labelOf(ctx.s, item) : display(ctx.g, ctx.s, (label as CompiledExpr)(ctx), labelType));
    }
    // A binder without an earlier value keeps its last item (see compile-quant.ts).
    if (had) locals[binder] = prev;
    // Places of one board copy have different names: only the pass label could repeat one.
    const distinct = distinctLists !== null && distinctLists.has(items) && (pass === null || !labels.includes(pass));
    if (pass !== null) {
      labels.push(pass);
      values.push(null);
    }
    if (values.length === 0) throw new RuleError(msg.noLegalChoice(), at);
    const question = prompt(ctx);
    suspend(ctx, { player: p, prompt: question, labels: distinct ? labels : uniqueLabels(labels), values, secret, at, into });
  }, at);
}

/**
 * `play p from [A, B] or "done" as a`: offers the actions whose every `requires` holds (with the
 * action's parameter bound to p). The chosen action's body runs, then the triggers after it.
 */
export function compilePlay(st: Extract<Stmt, { k: 'play' }>, env: CompileEnv, asm: Assembler): void {
  const player = compileExpr(st.player, env);
  const from = st.from ? compileExpr(st.from, env) : null;
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
    const names = from === null ? actions : asList(from(ctx), at);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      const action = typeof name === 'string' ? ctx.g.actions.get(name) : undefined;
      if (!action) throw new RuleError(msg.unknown('action', typeof name === 'string' ? name : describe(name)), at);
      const failed = firstUnmet(ctx, action, p);
      if (failed !== null) refused.push({ label: action.title, reason: failed.reason });
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

/** The first `requires` of the action that does not hold for player p, or null when all hold. */
function firstUnmet(ctx: Ctx, action: ActionEntry, p: number): ActionEntry['requires'][number] | null {
  if (action.requires.length === 0) return null;
  const locals: Record<string, Json> = {};
  if (action.param !== null) locals[action.param] = p;
  const saved = ctx.locals;
  ctx.locals = locals;
  try {
    for (const r of action.requires) if (!asBool(r.test(ctx), r.at)) return r;
    return null;
  } finally {
    ctx.locals = saved;
  }
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
  const entry: LogEntry = { text: msg.choiceLog(msg.player(pending.player), label), player: pending.player, move };
  if (pending.secret) entry.secret = true;
  if (during) entry.during = true;
  if (pending.secret || during) entry.into = pending.into;
  s.log.push(entry);
}
