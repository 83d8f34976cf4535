/**
 * Statements with effects generated as one instruction each (README "Generated code"): `move`
 * (pieces, or n from a holder), a procedure `call` (its frame pushed) and `log`, their expressions
 * inline. The checks, errors, locations, order of evaluation and writes are compile-effects.ts's
 * and compile-stmt.ts's, through the same primitives (movePieceTo, pushFrame, appendLog).
 */
import type { CompileEnv } from '../compile-expr.js';
import type { Op } from '../context.js';
import { display, showsAsItself } from '../display.js';
import { applyForcedInsert } from '../forced.js';
import { growInto } from '../growth.js';
import { asHolderId, asPieceId, holderItems, movePieceTo } from '../holders.js';
import type { Expr, Loc, Stmt } from '../ir.js';
import { appendLog } from '../sharing.js';
import { simulPlayer } from '../simultaneous.js';
import { inferType } from '../types.js';
import { asCount } from '../values.js';
import { pushFrame } from '../vm.js';
import { _, lit, type Code } from './emit.js';
import { finish, Gen } from './gen-expr.js';

/** The target of a move: its id, and its text where the code has it (null: `names[hid]` when needed). */
type Target = { h: Code | null; hid: Code };

/**
 * The holder `target` names: by its id when known (holder-ref.ts), else its text checked as
 * asHolder does and its id found once (the move puts every piece by it: holders.ts `movePieceTo`).
 */
function holderOf(g: Gen, target: Expr, at: Loc): Target {
  const hid = g.holderIdCode(target);
  if (hid !== null) return { h: null, hid };
  const h = g.expr(target);
  return { h, hid: g.let(_`${g.k(asHolderId)}(ctx, ${h}, ${g.k(at)})`) };
}

/** `asPieceId(x)`: the check inline, the call only to raise its error. */
function pieceCheck(g: Gen, x: Code, A: Code): Code {
  return _`if (typeof ${x} !== "number" || ${x} < 0 || ctx.s.pieces[${x}] === undefined) ${g.k(asPieceId)}(ctx, ${x}, ${A});`;
}

/**
 * `move p to H`, `move ps to H`, `move n from S to H`, as compileMove: the target and a source
 * whose id is known (holder-ref.ts) by that id, with the same order of evaluation and checks.
 */
export function generateMove(st: Extract<Stmt, { k: 'move' }>, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const { position, at } = st;
  // `move n` with no source fails at run time: the closure's error.
  if (!st.pieces && !st.source) return null;
  const g = new Gen(env);
  const A = g.k(at);
  // A target by id (no text, `h` null) is no place of a growing board (holder-ref.ts): nothing grows.
  const growing = env.g.boards.growing;
  const names = env.g.holderTable.names;
  const put = (id: Code, { h, hid }: Target): Code =>
    position === 'random'
      ? _`${g.k(movePieceTo)}(ctx.s, ${id}, ${hid}, ${lit(position)}); ${g.k(applyForcedInsert)}(ctx, ${g.k(names)}[${hid}], ${id});`
      : _`${g.k(movePieceTo)}(ctx.s, ${id}, ${hid}, ${lit(position)});`;
  // By the holder's text (a place's value is a number: place-values.ts).
  const grow = ({ h, hid }: Target, ids: Code): Code => (growing && h !== null ? _`if (${ids}.length > 0) ${g.k(growInto)}(ctx, ${g.k(names)}[${hid}], ${A});` : _``);
  const i = g.tmp();
  if (st.pieces) {
    const v = g.expr(st.pieces);
    const holder = holderOf(g, st.target, at);
    const ids = g.tmp();
    // One piece without a list; a list (copied, as the closure's map) checked whole before any piece moves.
    const one = growing && holder.h !== null ? _`${g.k(growInto)}(ctx, ${g.k(names)}[${holder.hid}], ${A}); ` : _``;
    return finish<Op>(
      g,
      _`if (Array.isArray(${v})) {
${ids} = ${v}.slice();
for (${i} = 0; ${i} < ${ids}.length; ${i}++) { ${pieceCheck(g, _`${ids}[${i}]`, A)} }
${grow(holder, ids)}
for (${i} = 0; ${i} < ${ids}.length; ${i}++) { ${put(_`${ids}[${i}]`, holder)} }
} else {
${pieceCheck(g, v, A)}
${one}${put(v, holder)}
}`,
    );
  }
  const n = g.let(_`${g.k(asCount)}(${st.count ? g.expr(st.count) : lit(1)}, ${A})`);
  // From a holder whose id is known (holder-ref.ts): its own pieces, read by id, need no check.
  const fromId = g.holderIdCode(st.source as Expr);
  if (fromId !== null) {
    const holder = holderOf(g, st.target, at);
    if (st.count === undefined || (st.count.k === 'lit' && st.count.v === 1)) {
      // One piece (a draw): the top one if any, without a list of it.
      const from = g.let(_`ctx.s.holders[${fromId}]`);
      const id = g.tmp();
      const growOne = growing && holder.h !== null ? _`${g.k(growInto)}(ctx, ${g.k(names)}[${holder.hid}], ${A}); ` : _``;
      return finish<Op>(g, _`if (${from}.length > 0) { ${id} = ${from}[0]; ${growOne}${put(id, holder)} }`);
    }
    const ids = g.let(_`ctx.s.holders[${fromId}].slice(0, ${n})`);
    return finish<Op>(
      g,
      _`${grow(holder, ids)}
for (${i} = 0; ${i} < ${ids}.length; ${i}++) { ${put(_`${ids}[${i}]`, holder)} }`,
    );
  }
  const from = g.expr(st.source as Expr);
  const holder = holderOf(g, st.target, at);
  const ids = g.let(_`(Array.isArray(${from}) ? ${from} : ${g.k(holderItems)}(ctx, ${from}, ${A})).slice(0, ${n})`);
  return finish<Op>(
    g,
    _`for (${i} = 0; ${i} < ${ids}.length; ${i}++) { ${pieceCheck(g, _`${ids}[${i}]`, A)} }
${grow(holder, ids)}
for (${i} = 0; ${i} < ${ids}.length; ${i}++) { ${put(_`${ids}[${i}]`, holder)} }`,
  );
}

/**
 * A procedure's call: its arguments evaluated and checked in order, then its frame pushed with
 * them as locals (and the caller's local that receives its value, `let v = p(…)`), as
 * compileCallStmt. A parameter named `__proto__` stays on the closure (a literal cannot hold it).
 */
export function generateCall(params: string[], code: string, args: Expr[], at: Loc, result: string | undefined, resultKey: string, env: CompileEnv): Op | null {
  if (env.slots !== undefined || params.length !== args.length || params.includes('__proto__')) return null;
  const g = new Gen(env);
  // The frame's locals made as the closure makes them, `{}` then one name after another: an object
  // literal has another hidden class, and every read of the frame's locals would meet both.
  const locals = g.tmp();
  const sets = args.map((a, i) => _`${locals}[${lit(params[i])}] = ${g.json(g.expr(a), at)};`);
  g.emit(_`${locals} = {};`);
  for (const set of sets) g.emit(set);
  if (result !== undefined) g.emit(_`${locals}[${lit(resultKey)}] = ${lit(result)};`);
  const receive = result === undefined ? _`` : _`L[${lit(result)}] = null; `;
  return finish<Op>(g, _`${receive}${g.k(pushFrame)}(ctx, ${lit(code)}, ${locals}, ${g.k(at)});`);
}

/** `log e`: the value shown as text, logged for the player acting in a simultaneous block if any. */
export function generateLog(message: Expr, env: CompileEnv): Op | null {
  if (env.slots !== undefined) return null;
  const g = new Gen(env);
  const t = inferType(message, env);
  const v = g.expr(message);
  const text = showsAsItself(env.g, message) ? v : g.let(_`${g.k(display)}(ctx.g, ctx.s, ${v}, ${g.k(t)})`);
  const player = g.let(_`${g.k(simulPlayer)}(ctx.s)`);
  return finish<Op>(g, _`${g.k(appendLog)}(ctx.s, ${player} === null ? { text: ${text} } : { text: ${text}, player: ${player}, during: true });`);
}
