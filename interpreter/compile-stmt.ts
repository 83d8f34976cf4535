/**
 * Statement lists compile once into flat instruction arrays (see assembler.ts). Control flow is
 * jumps; loop state lives in hidden locals of the frame, so a loop can stop at a choice and resume
 * from a JSON state. A finished loop sets them to none rather than deleting them (`delete` would
 * make the frame's locals a slow dictionary object for the rest of the frame).
 * Effects on pieces and holders are in compile-effects.ts, choices in choices.ts.
 */
import { describePlace } from './place-values.js';
import { FALLS, goto, STAYS, type Assembler } from './assembler.js';
import { setLocal } from './binder.js';
import { findBuiltin } from './builtins/index.js';
import { compileChoose, compilePlay } from './choices.js';
import { plus } from './compile-binary.js';
import { compileCreate, compileMove, compileRoll, compileShuffle } from './compile-effects.js';
import { compileReveal } from './compile-reveal.js';
import { accessLayout, compileArrayKeys, compileExpr, compileKeys, nested, notATableKeyError, type CompileEnv } from './compile-expr.js';
import { compileBlock, compileSimultaneous } from './compile-flow.js';
import { compileBreak, compileEndBlock } from './compile-leave.js';
import { generateCall, generateLog, generateMove } from './codegen/gen-effect.js';
import { generateForHead, generateForStart, generateRepeatHead, generateRepeatStart, generateWhileHead } from './codegen/gen-loop.js';
import { emitInstruction, generateBranch, generateReturn, generateStmt } from './codegen/gen-stmt.js';
import { LIMITS, type CompiledExpr, type Ctx, type Op } from './context.js';
import { display, showsAsItself } from './display.js';
import { assertUnreachable, RuleError } from './errors.js';
import { writePieceField } from './fields.js';
import { iterable } from './holders.js';
import type { Expr, Json, Loc, LValue, Stmt, TypeIR } from './ir.js';
import { msg } from './messages.js';
import { simulPlayer } from './simultaneous.js';
import { rowIndex } from './table-keys.js';
import { appendLog, ownLocals, setVar, writableTable } from './sharing.js';
import { elementType, inferType } from './types.js';
import { asBool, asCount, asJson, asNumber, isRecord, num, own, type Value } from './values.js';
import { endGame, pushFrame, pushTriggers } from './vm.js';
import { cancelOp, pushReacted } from './reactions.js';

/** No generated code for the statement: its closure is made again, its expressions generated, once it is hot (gen-stmt.ts). */
const noCode = (): null => null;

export function compileStmts(stmts: Stmt[], env: CompileEnv, asm: Assembler): void {
  for (const st of stmts) compileStmt(st, env, asm);
}

function compileStmt(st: Stmt, env: CompileEnv, asm: Assembler): void {
  // Each instruction below emitted through emitInstruction is, on the generated engine, one
  // generated instruction: at load with tierUp 0, else once its closure has run tierUp times
  // (codegen/tier.ts).
  switch (st.k) {
    case 'let': {
      const { name, at } = st;
      const type = inferType(st.value, env);
      const closure = (e: CompileEnv): Op => {
        const value = compileExpr(st.value, e);
        return (ctx) => {
          setLocal(ctx.locals, name, asJson(value(ctx), at));
        };
      };
      emitInstruction(asm, env, at, closure, (e) => generateStmt(st, e), true, FALLS);
      env.locals.set(name, type);
      return;
    }
    case 'set':
      emitInstruction(asm, env, st.at, (e) => compileSet(st.target, st.op, st.value, e, st.at), (e) => generateStmt(st, e), true, FALLS);
      return;
    case 'eval':
      emitInstruction(asm, env, st.at, (e) => compileEval(st.value, e), (e) => generateStmt(st, e), true, FALLS);
      return;
    case 'if': {
      const otherwise = asm.label();
      const end = asm.label();
      const at = st.at;
      const test = (e: CompileEnv): Op => {
        const c = compileExpr(st.c, e);
        return (ctx) => {
          if (!asBool(c(ctx), at)) goto(ctx, otherwise);
        };
      };
      emitInstruction(asm, env, at, test, (e) => generateBranch(st.c, e, otherwise, at), true, STAYS);
      compileStmts(st.then, env, asm);
      if (st.else.length > 0) asm.jump(end, at);
      asm.mark(otherwise);
      compileStmts(st.else, env, asm);
      asm.mark(end);
      return;
    }
    case 'for':
      compileFor(st, env, asm);
      return;
    case 'repeat':
      compileRepeat(st, env, asm);
      return;
    case 'while':
      compileWhile(st, env, asm);
      return;
    case 'move':
      emitInstruction(asm, env, st.at, (e) => compileMove(st, e), (e) => generateMove(st, e), true, FALLS);
      return;
    case 'create':
      if (st.name) env.locals.set(st.name, { t: 'list', of: { t: 'piece', kind: st.kind } });
      emitInstruction(asm, env, st.at, (e) => compileCreate(st, e), noCode);
      return;
    case 'shuffle':
      emitInstruction(asm, env, st.at, (e) => compileShuffle(st, e), noCode);
      return;
    case 'reveal':
    case 'hide':
      emitInstruction(asm, env, st.at, (e) => compileReveal(st, e), noCode);
      return;
    case 'roll': {
      const face = own(env.ir.dice, st.die)?.faces[0];
      const faceType: TypeIR = face ? inferType(face, env) : { t: 'any' };
      if (st.name) env.locals.set(st.name, st.count !== undefined ? { t: 'list', of: faceType } : faceType);
      emitInstruction(asm, env, st.at, (e) => compileRoll(st, e), noCode);
      return;
    }
    case 'choose':
      compileChoose(st, env, asm);
      return;
    case 'play':
      compilePlay(st, env, asm);
      return;
    case 'block':
      compileBlock(st, env, asm, compileStmts);
      return;
    case 'simultaneous':
      compileSimultaneous(st, env, asm, compileStmts);
      return;
    case 'end':
      asm.emit((ctx) => endGame(ctx.s), st.at);
      return;
    case 'endBlock':
      asm.emit(compileEndBlock(st), st.at);
      return;
    case 'break':
      compileBreak(st, env, asm);
      return;
    case 'cancel':
      asm.emit(cancelOp(st.at), st.at);
      return;
    case 'log':
      emitInstruction(asm, env, st.at, (e) => compileLog(st.message, e), (e) => generateLog(st.message, e), true, FALLS);
      return;
    case 'fail': {
      const t = inferType(st.message, env);
      const at = st.at;
      const fail = (e: CompileEnv): Op => {
        const message = compileExpr(st.message, e);
        return (ctx) => {
          throw new RuleError(display(ctx.g, ctx.s, message(ctx), t), at);
        };
      };
      emitInstruction(asm, env, at, fail, noCode);
      return;
    }
    case 'call':
      compileCallStmt(st.proc, st.args, st.at, env, asm, st.result);
      return;
    case 'return':
      compileReturn(st.value, st.at, env, asm);
      return;
    case 'invoke':
      compileInvoke(st, env, asm);
      return;
    default:
      assertUnreachable(st);
  }
}

function compileEval(valueExpr: Expr, env: CompileEnv): Op {
  const value = compileExpr(valueExpr, env);
  return (ctx) => {
    value(ctx);
  };
}

function compileLog(messageExpr: Expr, env: CompileEnv): (ctx: Ctx) => void {
  const message = compileExpr(messageExpr, env);
  const t = inferType(messageExpr, env);
  // A literal-led join that shows as itself is shown already (display.ts: showsAsItself).
  const plain = showsAsItself(env.g, messageExpr);
  return (ctx) => {
    const v = message(ctx);
    const text = plain ? (v as string) : display(ctx.g, ctx.s, v, t);
    const player = simulPlayer(ctx.s);
    appendLog(ctx.s, player === null ? { text } : { text, player, during: true });
  };
}

/** `x = e`, `x += e`, `x -= e` on a local, a variable (row), a piece attribute or a record field. */
function compileSet(target: LValue, op: '=' | '+=' | '-=', valueExpr: Expr, env: CompileEnv, at: Loc): (ctx: Ctx) => void {
  const value = compileExpr(valueExpr, env);
  const vt = inferType(valueExpr, env);
  const tt = inferType(target, env);
  const combine = combiner(op, tt, vt, at);
  switch (target.k) {
    case 'local': {
      const name = target.name;
      if (op === '=') env.locals.set(name, vt);
      return (ctx) => {
        setLocal(ctx.locals, name, combine(ctx, op === '=' ? null : readLocal(ctx, name, at), value(ctx)));
      };
    }
    case 'var': {
      const write = compileVarWrite(target.name, target.keys, at, env);
      return (ctx) => {
        const v = value(ctx);
        write(ctx, (old) => combine(ctx, old, v));
      };
    }
    case 'field': {
      const name = target.name;
      const obj = compileExpr(target.obj, env);
      const setRecord = compileRecordFieldSet(target, op, valueExpr, env, at);
      return (ctx) => {
        const v = value(ctx);
        const o = obj(ctx);
        if (isRecord(o) && setRecord !== null) {
          setRecord(ctx, v);
          return;
        }
        const old = op === '=' || typeof o !== 'number' ? null : (ctx.s.pieces[o]?.attrs[name] ?? null);
        writePieceField(ctx, o, name, combine(ctx, old, v), at);
      };
    }
    default:
      return assertUnreachable(target);
  }
}

/** The new value of a target from its old value and the value given (`=`, `+=`, `-=`). */
function combiner(op: '=' | '+=' | '-=', tt: TypeIR, vt: TypeIR, at: Loc): (ctx: Ctx, old: Value, v: Value) => Json {
  return (ctx, old, v) => {
    if (op === '=') return asJson(v, at);
    if (op === '+=') return asJson(plus(ctx, old, v, tt, vt, at), at);
    return num(asNumber(old, at) - asNumber(v, at), at);
  };
}

/**
 * `r.f = v` (or `+=`, `-=`) where `r` is a record read from a local or a variable: that local or
 * variable gets an updated copy of the record. Null where `r` is neither (only a piece can then be
 * written). Also called by the generated instruction (codegen/gen-stmt.ts) for this rarer case.
 */
export function compileRecordFieldSet(
  target: Extract<LValue, { k: 'field' }>,
  op: '=' | '+=' | '-=',
  valueExpr: Expr,
  env: CompileEnv,
  at: Loc,
): ((ctx: Ctx, v: Value) => void) | null {
  const container = compileRecordContainer(target.obj, env, at);
  if (container === null) return null;
  const combine = combiner(op, inferType(target, env), inferType(valueExpr, env), at);
  const name = target.name;
  return (ctx, v) => {
    container(ctx, (rec) => {
      if (!isRecord(rec)) return rec;
      return { ...rec, [name]: combine(ctx, Object.hasOwn(rec, name) ? rec[name] : null, v) };
    });
  };
}

function readLocal(ctx: Ctx, name: string, at: Loc): Json {
  if (!Object.hasOwn(ctx.locals, name)) throw new RuleError(msg.unboundLocal(name), at);
  return asJson(ctx.locals[name], at);
}

type Update = (old: Json) => Json;

/** A writer for a variable or one row of a table: reads the old value and stores the new one. */
function compileVarWrite(name: string, keys: Expr[], at: Loc, env: CompileEnv): (ctx: Ctx, f: Update) => void {
  const layout = accessLayout(name, keys, env);
  if (layout) {
    const [k0, k1] = compileArrayKeys(name, keys, env);
    return (ctx, f) => {
      const a = asJson(k0(ctx), at);
      const b = k1 === undefined ? null : asJson(k1(ctx), at);
      const i = rowIndex(layout, ctx.s.numPlayers, a, b);
      if (i < 0) throw notATableKeyError(ctx.g.boards, name, k1 === undefined ? [a] : [a, b], at);
      const table = writableTable(ctx.s, name) as Json[];
      table[i] = f(table[i]);
    };
  }
  const key = compileKeys(name, keys, at, env);
  if (typeof key === 'string') {
    return () => {
      throw new RuleError(key, at);
    };
  }
  if (keys.length === 0) {
    return (ctx, f) => {
      setVar(ctx.s, name, f(ctx.s.vars[name]));
    };
  }
  return (ctx, f) => {
    const table = writableTable(ctx.s, name) as Record<string, Json>;
    const k = key(ctx);
    table[k] = f(Object.hasOwn(table, k) ? table[k] : ctx.s.inits[name]);
  };
}

/** Where a record lives when its field is set: a local or a variable, replaced by an updated copy. */
function compileRecordContainer(obj: Expr, env: CompileEnv, at: Loc): ((ctx: Ctx, f: Update) => void) | null {
  if (obj.k === 'local') {
    const name = obj.name;
    return (ctx, f) => {
      setLocal(ctx.locals, name, f(readLocal(ctx, name, at)));
    };
  }
  if (obj.k === 'var') return compileVarWrite(obj.name, obj.keys, at, env);
  return null;
}

function compileFor(st: Extract<Stmt, { k: 'for' }>, env: CompileEnv, asm: Assembler): void {
  const list = asm.hidden('list');
  const index = asm.hidden('i');
  const head = asm.label();
  const end = asm.label();
  const { name, at } = st;
  const start = (e: CompileEnv): Op => {
    const coll = compileExpr(st.coll, e);
    return (ctx) => {
      // A copy: the body may move the pieces of the holder being visited. A spread, not slice():
      // V8 slices a frozen array (the seats, a board's places: load.ts, boards.ts) through the
      // runtime, some 0.3 µs against 0.01.
      ctx.locals[list] = [...iterable(ctx, coll(ctx), at)];
      ctx.locals[index] = 0;
    };
  };
  emitInstruction(asm, env, at, start, (e) => generateForStart(st.coll, at, list, index, e), true, FALLS);
  env.locals.set(st.name, elementType(inferType(st.coll, env)));
  asm.mark(head);
  const step: Op = (ctx) => {
    const items = ctx.locals[list] as Json[];
    const i = ctx.locals[index] as number;
    if (i >= items.length) {
      ctx.locals[list] = null;
      ctx.locals[index] = null;
      goto(ctx, end);
      return;
    }
    setLocal(ctx.locals, name, items[i]);
    ctx.locals[index] = i + 1;
  };
  emitInstruction(asm, env, at, () => step, (e) => generateForHead(name, list, index, end, e), true, STAYS);
  nested(env, { k: 'loop', end, hidden: [list, index] }, () => compileStmts(st.body, env, asm));
  asm.jump(head, at);
  asm.mark(end);
}

function compileRepeat(st: Extract<Stmt, { k: 'repeat' }>, env: CompileEnv, asm: Assembler): void {
  const total = asm.hidden('n');
  const index = asm.hidden('i');
  const head = asm.label();
  const end = asm.label();
  const { name, at } = st;
  const start = (e: CompileEnv): Op => {
    const count = compileExpr(st.count, e);
    return (ctx) => {
      ctx.locals[total] = asCount(count(ctx), at);
      ctx.locals[index] = 0;
    };
  };
  emitInstruction(asm, env, at, start, (e) => generateRepeatStart(st.count, at, total, index, e), true, FALLS);
  if (st.name) env.locals.set(st.name, { t: 'number' });
  asm.mark(head);
  const step: Op = (ctx) => {
    const i = (ctx.locals[index] as number) + 1;
    if (i > (ctx.locals[total] as number)) {
      ctx.locals[total] = null;
      ctx.locals[index] = null;
      goto(ctx, end);
      return;
    }
    ctx.locals[index] = i;
    if (name !== undefined) setLocal(ctx.locals, name, i);
  };
  emitInstruction(asm, env, at, () => step, (e) => generateRepeatHead(name, total, index, end, e), true, STAYS);
  nested(env, { k: 'loop', end, hidden: [total, index] }, () => compileStmts(st.body, env, asm));
  asm.jump(head, at);
  asm.mark(end);
}

function compileWhile(st: Extract<Stmt, { k: 'while' }>, env: CompileEnv, asm: Assembler): void {
  const counter = asm.hidden('w');
  const head = asm.label();
  const end = asm.label();
  const at = st.at;
  asm.emit((ctx) => {
    ctx.locals[counter] = 0;
  }, at, false, FALLS);
  asm.mark(head);
  const test = (e: CompileEnv): Op => {
    const c = compileExpr(st.c, e);
    return (ctx) => {
      if (!asBool(c(ctx), at)) {
        ctx.locals[counter] = null;
        goto(ctx, end);
        return;
      }
      const n = (ctx.locals[counter] as number) + 1;
      if (n > LIMITS.whileIterations) throw new RuleError(msg.whileLimit(LIMITS.whileIterations), at);
      ctx.locals[counter] = n;
    };
  };
  emitInstruction(asm, env, at, test, (e) => generateWhileHead(st.c, at, counter, end, e), true, STAYS);
  nested(env, { k: 'loop', end, hidden: [counter] }, () => compileStmts(st.body, env, asm));
  asm.jump(head, at);
  asm.mark(end);
}

/**
 * The callee frame's hidden local naming the caller's local that receives the procedure's value
 * (`let v = f(…)`): `return` writes there, one frame down, and leaves the procedure.
 */
const RESULT_INTO = '#result';

/** `return e`: the value goes to the caller's waiting local; the procedure's frame ends. */
function compileReturn(value: Expr, at: Loc, env: CompileEnv, asm: Assembler): void {
  // Leaving the frame would leave a flow block it opened open (the checker refuses it; an IR by hand may not).
  if ((env.nest ?? []).some((n) => n.k === 'block' || n.k === 'simultaneous')) {
    asm.emit(() => {
      throw new RuleError(msg.returnInBlock(), at);
    }, at);
    return;
  }
  const ret = (e: CompileEnv): Op => {
    const v = compileExpr(value, e);
    return (ctx) => {
      const result = asJson(v(ctx), at);
      const stack = ctx.s.stack;
      const into = ctx.locals[RESULT_INTO];
      stack.pop();
      const caller = stack[stack.length - 1];
      if (typeof into === 'string' && caller !== undefined) ownLocals(ctx.s, caller)[into] = result;
    };
  };
  emitInstruction(asm, env, at, ret, (e) => generateReturn(value, at, RESULT_INTO, e));
}

/** A procedure call (then the triggers after it), a function call, or a builtin with effects. */
function compileCallStmt(name: string, args: Expr[], at: Loc, env: CompileEnv, asm: Assembler, result?: string): void {
  const proc = own(env.ir.procs, name);
  if (proc === undefined) {
    const asExpr: Expr = findBuiltin(name) ? { k: 'builtin', name, args, at } : { k: 'call', fn: name, args, at };
    const evaluate = (e: CompileEnv): Op => {
      const value = compileExpr(asExpr, e);
      return (ctx) => {
        value(ctx);
      };
    };
    emitInstruction(asm, env, at, evaluate, noCode);
    return;
  }
  if (proc.params.length !== args.length) {
    const message = msg.wrongArity(name, proc.params.length, args.length);
    asm.emit(() => {
      throw new RuleError(message, at);
    }, at);
    return;
  }
  const reacted = env.g.reacted.get(name);
  if (reacted !== undefined) {
    const push = (e: CompileEnv): Op => {
      const compiled: CompiledExpr[] = args.map((a) => compileExpr(a, e));
      // Its reactions, body and triggers run in its `react:` frame.
      return (ctx) => pushReacted(ctx, reacted, compiled.map((c) => asJson(c(ctx), at)), at);
    };
    emitInstruction(asm, env, at, push, noCode);
    return;
  }
  const params = proc.params.map((p) => p.name);
  const code = `proc:${name}`;
  const push = (e: CompileEnv): Op => {
    const compiled: CompiledExpr[] = args.map((a) => compileExpr(a, e));
    return (ctx) => {
      const locals: Record<string, Json> = {};
      for (let i = 0; i < params.length; i++) setLocal(locals, params[i], asJson(compiled[i](ctx), at));
      if (result !== undefined) {
        ctx.locals[result] = null;
        locals[RESULT_INTO] = result;
      }
      pushFrame(ctx, code, locals, at);
    };
  };
  emitInstruction(asm, env, at, push, (e) => generateCall(params, code, args, at, result, RESULT_INTO, e));
  if (result !== undefined) env.locals.set(result, proc.type ?? { t: 'any' });
  if (env.g.triggersAfter.has(name)) {
    const after = [name];
    asm.emit((ctx) => pushTriggers(ctx, after, at), at, false);
  }
}

/**
 * `call e(args)`: runs the procedure the value of `e` names (a `proc` value), then the triggers
 * after it, as a direct call would.
 */
function compileInvoke(st: Extract<Stmt, { k: 'invoke' }>, env: CompileEnv, asm: Assembler): void {
  const called = asm.hidden('called');
  const at = st.at;
  const procs = env.ir.procs;
  const reactedTargets = env.g.reacted.size > 0 ? env.g.reacted : null;
  // Frame codes made once per procedure (see compilePlay in choices.ts).
  const codes = new Map<string, string>();
  const push = (e: CompileEnv): Op => {
    const target = compileExpr(st.target, e);
    const args = st.args.map((a) => compileExpr(a, e));
    return (ctx) => {
      const name = target(ctx);
      const proc = typeof name === 'string' && Object.hasOwn(procs, name) ? procs[name] : undefined;
      if (proc === undefined) throw new RuleError(msg.notProcedure(describePlace(ctx.g.boards, name)), at);
      if (proc.params.length !== args.length) throw new RuleError(msg.wrongArity(name as string, proc.params.length, args.length), at);
      const reacted = reactedTargets?.get(name as string);
      if (reacted !== undefined) {
        // Its reactions, body and triggers run in its `react:` frame.
        ctx.locals[called] = null;
        pushReacted(ctx, reacted, args.map((a) => asJson(a(ctx), at)), at);
        return;
      }
      const locals: Record<string, Json> = {};
      for (let i = 0; i < args.length; i++) setLocal(locals, proc.params[i].name, asJson(args[i](ctx), at));
      ctx.locals[called] = name;
      let code = codes.get(name as string);
      if (code === undefined) codes.set(name as string, (code = `proc:${name as string}`));
      pushFrame(ctx, code, locals, at);
    };
  };
  emitInstruction(asm, env, at, push, noCode);
  asm.emit((ctx) => {
    const name = ctx.locals[called];
    ctx.locals[called] = null;
    if (typeof name === 'string' && ctx.g.triggersAfter.has(name)) pushTriggers(ctx, [name], at);
  }, at, false);
}

export type StmtsCompiler = typeof compileStmts;
