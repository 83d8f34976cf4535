/**
 * Flow blocks (`round`, `turn`, `phase`, `step`, `period`) and simultaneous blocks. A flow block is
 * pushed on `state.blocks` while it runs; when it ends, the triggers after its name or kind run,
 * then the variables that `reset each` it return to their initial values.
 *
 * A block with triggers ends through an exit body of its own (`exit:turn:` for an unnamed turn),
 * run as a frame: its triggers are frames pushed on top of it, and if one of them leaves an outer
 * block at once (`end round`), the exit still resets the variables (see compile-leave.ts). Blocks
 * left early (`end turn`, `break`) end through the same exit frames.
 */
import type { Assembler } from './assembler.js';
import { FALLS, goto } from './assembler.js';
import { compileExpr, nested, type CompileEnv } from './compile-expr.js';
import type { StmtsCompiler } from './compile-stmt.js';
import { spend, type Ctx, type Op } from './context.js';
import { display } from './display.js';
import { asPlayer, iterable } from './holders.js';
import type { Json, Loc, Stmt } from './ir.js';
import { msg } from './messages.js';
import { closeSimul, openSimul, setSimulPlayer } from './simultaneous.js';
import { freshTable } from './table-keys.js';
import { inferType } from './types.js';
import { asJson } from './values.js';
import { appendLog, setVar } from './sharing.js';
import type { Frame } from './state.js';
import { pushFrame, pushTriggers } from './vm.js';
import { emitInstruction } from './codegen/gen-stmt.js';
import { generateBlockClose, generateBlockOpen } from './codegen/gen-block.js';

type Of<K extends Stmt['k']> = Extract<Stmt, { k: K }>;

export function compileBlock(st: Of<'block'>, env: CompileEnv, asm: Assembler, stmts: StmtsCompiler): void {
  const { kind, at } = st;
  const name = st.name ?? null;
  const mark = asm.hidden('block');
  const done = asm.label();
  // Added to in place: a copy per block made loading quadratic in a body's blocks.
  const marks = env.g.blockMarks.get(asm.code);
  if (marks) marks.push({ mark, after: done });
  else env.g.blockMarks.set(asm.code, [{ mark, after: done }]);
  const exit = exitCode(kind, name);
  const open = (e: CompileEnv): Op => {
    const subject = st.subject ? compileExpr(st.subject, e) : null;
    const subjectType = st.subject ? inferType(st.subject, e) : undefined;
    return (ctx) => {
      const v = subject ? asJson(subject(ctx), at) : null;
      const { s } = ctx;
      s.blocks.push({ kind, name, subject: v });
      ctx.locals[mark] = [s.blocks.length - 1, s.simul.length];
      const shown = subject ? display(ctx.g, s, v, subjectType) : null;
      appendLog(s, { text: msg.blockLog(kind, name, shown) });
    };
  };
  emitInstruction(asm, env, at, open, (e) => generateBlockOpen(st, mark, e), true, FALLS);
  nested(env, { k: 'block', mark, exit }, () => stmts(st.body, env, asm));
  const ending = blockEnding(kind, name, env, at);
  if (!env.g.bodies.has(exit)) {
    const ops = ending.reset === null ? [ending.close] : [ending.close, ending.reset];
    env.g.bodies.set(exit, { ops, at: ops.map(() => at), counts: ops.map(() => false) });
  }
  if (ending.triggers) {
    const close = (): Op => (ctx) => {
      ctx.locals[mark] = null;
      pushExit(ctx, exit, ctx.s.blocks.length - 1, at);
    };
    emitInstruction(asm, env, at, close, (e) => generateBlockClose(mark, exit, e, at), false);
  } else {
    // Nothing runs between closing and resetting: no exit frame needed.
    const close = (): Op => (ctx) => {
      ctx.locals[mark] = null;
      ending.close(ctx);
    };
    emitInstruction(asm, env, at, close, (e) => generateBlockClose(mark, null, e, at), false, FALLS);
    if (ending.reset !== null) asm.emit(ending.reset, at, false, FALLS);
  }
  asm.mark(done);
}

/** The body that ends an open block of this kind and name. */
export function exitCode(kind: string, name: string | null): string {
  return `exit:${kind}:${name ?? ''}`;
}

/** The local of an exit frame recording its block, as a block mark does (`[index, simultaneous]`). */
export const EXIT_BLOCK = '#block';

export function isExitFrame(frame: Frame): boolean {
  return frame.code.startsWith('exit:');
}

/** Schedules the exit of open block `index` (the top one when the exit runs). */
export function pushExit(ctx: Ctx, exit: string, index: number, at: Loc): void {
  pushFrame(ctx, exit, { [EXIT_BLOCK]: [index, ctx.s.simul.length] }, at);
}

/**
 * Whether blocks of this kind and name have triggers, and the variables they reset: found once per
 * game and exit (a hand-made IR may hold many blocks, triggers and resets: looked up per block,
 * loading was quadratic).
 */
const endings = new WeakMap<object, Map<string, { after: string[]; triggers: boolean; resets: string[] }>>();

function endingOf(kind: string, name: string | null, env: CompileEnv): { after: string[]; triggers: boolean; resets: string[] } {
  let known = endings.get(env.g);
  if (!known) endings.set(env.g, (known = new Map()));
  const key = exitCode(kind, name);
  let ending = known.get(key);
  if (!ending) {
    const after = name === null || name === kind ? [kind] : [name, kind];
    const triggers = after.some((a) => env.g.triggersAfter.has(a));
    ending = { after, triggers, resets: after.flatMap((a) => env.g.resetsAfter.get(a) ?? []) };
    known.set(key, ending);
  }
  return ending;
}

/** How a block ends: it closes (and its triggers are scheduled), then its variables reset. */
function blockEnding(kind: string, name: string | null, env: CompileEnv, at: Loc): { close: Op; reset: Op | null; triggers: boolean } {
  const { after, triggers, resets } = endingOf(kind, name, env);
  return {
    close: (ctx) => {
      ctx.s.blocks.pop();
      if (triggers) pushTriggers(ctx, after, at);
    },
    reset: resets.length > 0 ? (ctx) => resetVars(ctx, resets, at) : null,
    triggers,
  };
}

function resetVars(ctx: Ctx, names: string[], at: Loc): void {
  // Counted as steps: a hand-made IR may reset many variables at each of many blocks.
  spend(ctx, names.length, at);
  const { s, g } = ctx;
  for (const v of names) {
    if (g.ir.vars[v].keys.length === 0) {
      setVar(s, v, s.inits[v]);
      continue;
    }
    const fresh = freshTable(g.ir, v, s.numPlayers, s.inits[v]);
    // An array table's rows are all made afresh (at most MAX_ARRAY_ROWS): a step each, as a list's items.
    if (Array.isArray(fresh)) spend(ctx, fresh.length, at);
    setVar(s, v, fresh);
  }
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
  nested(env, { k: 'simultaneous' }, () => stmts(st.body, env, asm));
  asm.jump(head, at);
  asm.mark(end);
}
