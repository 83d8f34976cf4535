/**
 * Flow blocks (`round`, `turn`, `phase`, `step`, `period`) and simultaneous blocks. A flow block is
 * pushed on `state.blocks` while it runs; when it ends, the triggers after its name or kind run,
 * then the variables that `reset each` it return to their initial values.
 */
import type { Assembler } from './assembler.js';
import { goto } from './assembler.js';
import { compileExpr, type CompileEnv } from './compile-expr.js';
import type { StmtsCompiler } from './compile-stmt.js';
import type { Ctx } from './context.js';
import { display } from './display.js';
import { asPlayer, iterable } from './holders.js';
import type { Json, Stmt } from './ir.js';
import { msg } from './messages.js';
import { closeSimul, openSimul, setSimulPlayer } from './simultaneous.js';
import { inferType } from './types.js';
import { asJson } from './values.js';
import { pushTriggers } from './vm.js';

type Of<K extends Stmt['k']> = Extract<Stmt, { k: K }>;

export function compileBlock(st: Of<'block'>, env: CompileEnv, asm: Assembler, stmts: StmtsCompiler): void {
  const subject = st.subject ? compileExpr(st.subject, env) : null;
  const subjectType = st.subject ? inferType(st.subject, env) : undefined;
  const { kind, at } = st;
  const name = st.name ?? null;
  asm.emit((ctx) => {
    const v = subject ? asJson(subject(ctx), at) : null;
    ctx.s.blocks.push({ kind, name, subject: v });
    const shown = subject ? display(ctx.g, ctx.s, v, subjectType) : null;
    ctx.s.log.push({ text: msg.blockLog(kind, name, shown) });
  }, at);
  stmts(st.body, env, asm);
  const after = name === null || name === kind ? [kind] : [name, kind];
  const hasTriggers = env.ir.triggers.some((t) => after.includes(t.after));
  asm.emit((ctx) => {
    ctx.s.blocks.pop();
    if (hasTriggers) pushTriggers(ctx, after, at);
  }, at, false);
  const resets = after.flatMap((a) => env.g.resetsAfter.get(a) ?? []);
  if (resets.length > 0) asm.emit((ctx) => resetVars(ctx, resets), at, false);
}

function resetVars(ctx: Ctx, names: string[]): void {
  const { s, g } = ctx;
  for (const v of names) s.vars[v] = g.ir.vars[v].keys.length > 0 ? {} : s.inits[v];
}

export function compileSimultaneous(st: Of<'simultaneous'>, env: CompileEnv, asm: Assembler, stmts: StmtsCompiler): void {
  const players = compileExpr(st.players, env);
  env.locals.set(st.name, { t: 'player' });
  const list = asm.hidden('players');
  const index = asm.hidden('i');
  const head = asm.label();
  const end = asm.label();
  const { name, at } = st;
  asm.emit((ctx) => {
    const ps = iterable(ctx, players(ctx), at).map((p) => asPlayer(ctx, p, at));
    ctx.locals[list] = ps;
    ctx.locals[index] = 0;
    openSimul(ctx, ps);
  }, at);
  asm.mark(head);
  asm.emit((ctx) => {
    const ps = ctx.locals[list] as Json[];
    const i = ctx.locals[index] as number;
    if (i >= ps.length) {
      ctx.locals[list] = null;
      ctx.locals[index] = null;
      closeSimul(ctx.s);
      goto(ctx, end);
      return;
    }
    ctx.locals[name] = ps[i];
    ctx.locals[index] = i + 1;
    setSimulPlayer(ctx.s, ps[i] as number);
  }, at);
  stmts(st.body, env, asm);
  asm.jump(head, at);
  asm.mark(end);
}
