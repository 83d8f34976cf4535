/**
 * Statements whose work is one expression, generated as one instruction each (README "Generated
 * code"): `let`, `x = e` / `+=` / `-=` on a local or a variable (of up to two keys), an evaluated
 * expression, and the test of `if`. The expression is written inline before the write, so the
 * instruction makes no call to a compiled expression; the order of evaluation, checks and errors
 * is compile-stmt.ts's. Other statements, and these where code cannot be made, are its closures.
 */
import { LEAVES, type Assembler, type Flow, type Label } from '../assembler.js';
import type { CompileEnv } from '../compile-expr.js';
import type { Op } from '../context.js';
import { compileRecordFieldSet } from '../compile-stmt.js';
import { writePieceField } from '../fields.js';
import type { Expr, Loc, LValue, Stmt } from '../ir.js';
import { msg } from '../messages.js';
import { tableLayout } from '../table-keys.js';
import { inferType } from '../types.js';
import { isRecord, own } from '../values.js';
import { ownLocals } from '../sharing.js';
import { _, lit, type Code } from './emit.js';
import { finish, Gen } from './gen-expr.js';
import { canGenerate } from './instantiate.js';
import { snapshot, tieredOp } from './tier.js';

/**
 * Emits one instruction: the closure `closure` makes for it, or on the generated engine what
 * `generate` makes (at load with tierUp 0, else once the closure has run tierUp times: tier.ts).
 * Each is given the compile environment as it is here; the generated code writes the expressions
 * inline. Effects on the environment's local types are the caller's, after.
 */
export function emitInstruction(
  asm: Assembler,
  env: CompileEnv,
  at: Loc,
  closure: (env: CompileEnv) => Op,
  generate: (env: CompileEnv) => Op | null,
  counts = true,
  flow: Flow = LEAVES,
): void {
  if (env.g.engine !== 'generated' || !canGenerate()) {
    asm.emit(closure(env), at, counts, flow);
    return;
  }
  if (env.g.tierUp === 0) {
    asm.emit(generate(env) ?? closure(env), at, counts, flow);
    return;
  }
  const later = snapshot(env);
  const pc = asm.here;
  // Until then its expressions are closures too (generated, they would be dropped when the statement
  // is: more functions for V8 to optimise; in interleaved runs of two large rulesets, tiering them
  // on their own was no faster). Where no code is made, the closure is made again with its
  // expressions generated at once (the statement is hot): tiered again, each would be called
  // through its wrapper for good, one call site shared by every wrapper of every game.
  asm.emit(tieredOp(env.g.tierUp, closure({ ...env, closuresOnly: true }), () => generate(later) ?? closure({ ...later, tierNow: true }), asm.body.ops, pc), at, counts, flow);
}

/** A named local of the frame written as compile-stmt's setLocal does (`__proto__` as an own property). */
function writeLocal(g: Gen, name: string, v: Code): Code {
  if (name === '__proto__') return _`${g.h('setLocal')}(L, ${lit(name)}, ${v});`;
  return _`L[${lit(name)}] = ${v};`;
}

/**
 * The instruction of `st` when it is one of those above (its effect on the compile environment's
 * local types made, as compile-stmt's), else null with nothing changed.
 */
export function generateStmt(st: Stmt, env: CompileEnv): Op | null {
  // Statement bodies keep their locals by name; a function body's slots are expressions' only.
  if (env.slots !== undefined) return null;
  switch (st.k) {
    case 'let': {
      const g = new Gen(env);
      const v = g.json(g.expr(st.value), st.at);
      const op = finish<Op>(g, writeLocal(g, st.name, v));
      if (op !== null) env.locals.set(st.name, inferType(st.value, env));
      return op;
    }
    case 'eval': {
      const g = new Gen(env);
      g.expr(st.value);
      return finish<Op>(g, _``);
    }
    case 'set':
      return generateSet(st, env);
    default:
      return null;
  }
}

function generateSet(st: Extract<Stmt, { k: 'set' }>, env: CompileEnv): Op | null {
  const { target, op, at } = st;
  if (target.k === 'field') return generateFieldSet(st, target, env);
  if (target.k === 'var') {
    const decl = own(env.ir.vars, target.name);
    if (!decl || decl.keys.length !== target.keys.length || target.keys.length > 2) return null;
  }
  const g = new Gen(env);
  const vt = inferType(st.value, env);
  const tt = inferType(target, env);
  const A = g.k(at);
  /** The new value from the old one and the value, as compileSet's `combine`. */
  const combine = (old: Code, v: Code): Code => {
    if (op === '=') return g.json(v, at);
    if (op === '+=') return g.json(g.let(_`${g.h('plus')}(ctx, ${old}, ${v}, ${g.k(tt)}, ${g.k(vt)}, ${A})`), at);
    g.number(old, at);
    g.number(v, at);
    return g.let(_`${g.h('num')}(${old} - ${v}, ${A})`);
  };
  if (target.k === 'local') {
    const name = target.name;
    let old: Code = _`null`;
    if (op !== '=') {
      // readLocal: before the value is evaluated.
      const had = g.let(g.own(_`L`, name));
      g.emit(_`if (${had} === undefined) ${g.fail(msg.unboundLocal(name), at)};`);
      old = g.json(had, at);
    }
    const v = g.expr(st.value);
    const out = finish<Op>(g, writeLocal(g, name, combine(old, v)));
    if (out !== null && op === '=') env.locals.set(name, vt);
    return out;
  }
  const name = lit(target.name);
  const v = g.expr(st.value);
  if (target.keys.length === 0) {
    const value = combine(g.let(_`ctx.s.vars[${name}]`), v);
    return finish<Op>(g, _`${g.h('setVar')}(ctx.s, ${name}, ${value});`);
  }
  const layout = tableLayout(env.ir, env.ir.vars[target.name]);
  if (layout) {
    // As compileVarWrite: the keys, the row found (or an error), then the table made writable.
    const { i, a, b } = g.rowIndex(layout, target.keys, at, env.ir.vars[target.name].keys);
    g.emit(_`if (${i} < 0) ${g.h('noTableKey')}(ctx.g.boards, ${name}, ${b === null ? _`[${a}]` : _`[${a}, ${b}]`}, ${A});`);
    const rows = g.let(_`${g.h('writableTable')}(ctx.s, ${name})`);
    const value = combine(g.let(_`${rows}[${i}]`), v);
    return finish<Op>(g, _`${rows}[${i}] = ${value};`);
  }
  // As compileVarWrite: the table made writable first, then its key evaluated.
  const table = g.let(_`${g.h('writableTable')}(ctx.s, ${name})`);
  const key = g.rowKey(target.keys, at, Object.hasOwn(env.ir.vars, target.name) ? env.ir.vars[target.name].keys : []);
  const value = combine(g.let(_`Object.hasOwn(${table}, ${key}) ? ${table}[${key}] : ctx.s.inits[${name}]`), v);
  return finish<Op>(g, _`${table}[${key}] = ${value};`);
}

/**
 * `x.f = e` (`+=`, `-=`): a piece's attribute written inline through setPieceAttr's caller
 * (writePieceField, with its errors for places and other values); a record held by a local or a
 * variable through compile-stmt's closure for that case. The value is evaluated before `x`.
 */
function generateFieldSet(st: Extract<Stmt, { k: 'set' }>, target: Extract<LValue, { k: 'field' }>, env: CompileEnv): Op | null {
  const { op, at } = st;
  const g = new Gen(env);
  const vt = inferType(st.value, env);
  const tt = inferType(target, env);
  const A = g.k(at);
  const name = lit(target.name);
  const v = g.expr(st.value);
  const o = g.expr(target.obj);
  const setRecord = compileRecordFieldSet(target, op, st.value, env, at);
  if (setRecord !== null) g.emit(_`if (${g.k(isRecord)}(${o})) { ${g.k(setRecord)}(ctx, ${v}); } else {`);
  let value: Code;
  if (op === '=') value = g.json(v, at);
  else {
    const old = g.let(_`typeof ${o} === "number" && ${o} >= 0 ? (ctx.s.pieces[${o}]?.attrs[${name}] ?? null) : null`);
    if (op === '+=') value = g.json(g.let(_`${g.h('plus')}(ctx, ${old}, ${v}, ${g.k(tt)}, ${g.k(vt)}, ${A})`), at);
    else {
      g.number(old, at);
      g.number(v, at);
      value = g.let(_`${g.h('num')}(${old} - ${v}, ${A})`);
    }
  }
  g.emit(_`${g.k(writePieceField)}(ctx, ${o}, ${name}, ${value}, ${A});`);
  if (setRecord !== null) g.emit(_`}`);
  return finish<Op>(g, _``);
}

/** The test of `if c`: jumps to `otherwise` unless c holds (a boolean is required). */
export function generateBranch(c: Expr, env: CompileEnv, otherwise: Label, at: Loc): Op | null {
  const g = new Gen(env);
  const v = g.expr(c);
  g.bool(v, at);
  return finish<Op>(g, _`if (!${v} && ctx.frame) ctx.frame.pc = ${g.k(otherwise)}.pc;`);
}

/**
 * `return e` in a procedure: the value goes to the caller's waiting local (named by the frame's
 * hidden `resultKey`), and the frame ends, as compile-stmt.ts's compileReturn.
 */
export function generateReturn(value: Expr, at: Loc, resultKey: string, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  const v = g.json(g.expr(value), at);
  const stack = g.let(_`ctx.s.stack`);
  const into = g.let(_`L[${lit(resultKey)}]`);
  g.emit(_`${stack}.pop();`);
  const caller = g.let(_`${stack}[${stack}.length - 1]`);
  return finish<Op>(g, _`if (typeof ${into} === "string" && ${caller} !== undefined) ${g.k(ownLocals)}(ctx.s, ${caller})[${into}] = ${v};`);
}
