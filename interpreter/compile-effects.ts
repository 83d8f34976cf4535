/** Effects on pieces and holders: move, create, shuffle, and rolling a die. */
import { setLocal } from './binder.js';
import { compileExpr, type CompileEnv } from './compile-expr.js';
import { LIMITS, type Ctx, type Op } from './context.js';
import { RuleError } from './errors.js';
import { applyForcedInsert, applyForcedShuffle } from './forced.js';
import { growInto } from './growth.js';
import { holderPlayer } from './holder-keys.js';
import { compileHolderId } from './holder-ref.js';
import { asHolderId, asPieceId, holderItems, movePieceTo, type Position } from './holders.js';
import type { Expr, Json, Loc, Stmt } from './ir.js';
import { msg } from './messages.js';
import { addPiece, setHolder, writableHolder } from './sharing.js';
import type { State } from './state.js';
import { nextInt, shuffleInPlace } from './rng.js';
import { asCount, asJson, asNumber, own, typeError } from './values.js';

type Of<K extends Stmt['k']> = Extract<Stmt, { k: K }>;

/**
 * `move p to H` (one piece or a list, one after the other) or `move n from S to H` (from the top
 * of S, as many as it has). Each piece enters at the top unless `bottom` or `random`.
 */
export function compileMove(st: Of<'move'>, env: CompileEnv): Op {
  const targetId = compileHolderId(st.target, env, compileExpr);
  if (targetId !== null) return compileMoveTo(st, env, targetId, false);
  // A holder's text: checked, its id found once for every piece; a place of a growing board may grow.
  const target = compileExpr(st.target, env);
  const at = st.at;
  return compileMoveTo(st, env, (ctx) => asHolderId(ctx, target(ctx), at), true);
}

/** A piece put into holder `hid` at `position` (at `random`, a scenario may force where it goes: `insert Z at n`). */
type PutById = (ctx: Ctx, id: number, hid: number) => void;

function putById(position: Position, names: readonly string[]): PutById {
  if (position !== 'random') return (ctx, id, hid) => movePieceTo(ctx.s, id, hid, position);
  return (ctx, id, hid) => {
    movePieceTo(ctx.s, id, hid, position);
    applyForcedInsert(ctx, names[hid], id);
  };
}

/**
 * compileMove to the holder of id `target(ctx)` (checked), with `source`'s pieces read by its id
 * when it is known (holder-ref.ts). `grows`: the holder may be a place of a growing board, which
 * is made before the first piece is put there (growth.ts `growInto`); a holder with a ref is not.
 */
function compileMoveTo(st: Of<'move'>, env: CompileEnv, target: (ctx: Ctx) => number, grows: boolean): Op {
  const { at } = st;
  const names = env.g.holderTable.names;
  const put = putById(st.position, names);
  const grow = (ctx: Ctx, hid: number, n: number): void => {
    if (grows && ctx.g.boards.growing && n > 0) growInto(ctx, names[hid], at);
  };
  if (st.pieces) {
    const pieces = compileExpr(st.pieces, env);
    return (ctx) => {
      const v = pieces(ctx);
      const hid = target(ctx);
      if (!Array.isArray(v)) {
        const id = asPieceId(ctx, v, at);
        grow(ctx, hid, 1);
        put(ctx, id, hid);
        return;
      }
      const ids = v.map((x) => asPieceId(ctx, x, at));
      grow(ctx, hid, ids.length);
      for (const id of ids) put(ctx, id, hid);
    };
  }
  const count = st.count ? compileExpr(st.count, env) : () => 1;
  if (!st.source) {
    return () => {
      throw new RuleError(msg.notHolder('nothing'), at);
    };
  }
  const sourceId = compileHolderId(st.source, env, compileExpr);
  if (sourceId !== null) {
    return (ctx) => {
      const n = asCount(count(ctx), at);
      const from = sourceId(ctx);
      const hid = target(ctx);
      // A holder's own pieces: no check.
      const ids = ctx.s.holders[from].slice(0, n);
      grow(ctx, hid, ids.length);
      for (const id of ids) put(ctx, id, hid);
    };
  }
  const source = compileExpr(st.source, env);
  return (ctx) => {
    const n = asCount(count(ctx), at);
    const from = source(ctx);
    const hid = target(ctx);
    const list = Array.isArray(from) ? from : holderItems(ctx, from, at);
    const ids = list.slice(0, n).map((x) => asPieceId(ctx, x, at));
    grow(ctx, hid, ids.length);
    for (const id of ids) put(ctx, id, hid);
  };
}

/**
 * `create n K {a: v} in H`: attributes given are evaluated once; the rest take the kind's defaults.
 * With a name (`let made = create …`), that local receives the new pieces in the order made.
 */
export function compileCreate(st: Of<'create'>, env: CompileEnv): Op {
  const count = compileExpr(st.count, env);
  const holderOf = compileHolder(st.target, env, st.at);
  const given = Object.entries(st.attrs).map(([k, v]) => [k, compileExpr(v, env)] as const);
  const { kind, at } = st;
  const name = st.name;
  if (!own(env.ir.kinds, kind)) {
    const message = msg.unknown('kind', kind);
    return () => {
      throw new RuleError(message, at);
    };
  }
  return (ctx) => {
    const n = asNumber(count(ctx), at);
    if (!Number.isInteger(n)) throw typeError('a whole number', n, at);
    const [holder, hid] = holderOf(ctx);
    const values: Record<string, Json> = {};
    for (const [k, f] of given) values[k] = asJson(f(ctx), at);
    const defaults = ctx.g.kindDefaults.get(kind) ?? [];
    const owner = holderPlayer(holder);
    const { s } = ctx;
    if (s.pieces.length + n > LIMITS.pieces) throw new RuleError(msg.pieceLimit(LIMITS.pieces), at);
    if (ctx.g.boards.growing && n > 0) growInto(ctx, holder, at);
    const created: number[] = [];
    for (let i = 0; i < n; i++) {
      const attrs: Record<string, Json> = {};
      for (const d of defaults) {
        attrs[d.name] = Object.hasOwn(values, d.name) ? values[d.name] : d.value ? asJson(d.value(ctx), at) : null;
      }
      for (const k in values) attrs[k] = values[k];
      created.push(addPiece(s, { kind, owner, at: hid, attrs }));
    }
    if (name !== undefined) setLocal(ctx.locals, name, created.slice());
    // Each new piece enters on top in turn: the last created ends up first. One at a time, the
    // holder's own array grows in place (copying it at every create made creating n pieces quadratic).
    if (created.length === 1) writableHolder(s, hid).unshift(created[0]);
    else setHolder(s, hid, [...created.reverse(), ...s.holders[hid]]);
  };
}

export function compileShuffle(st: Of<'shuffle'>, env: CompileEnv): Op {
  const holderOf = compileHolder(st.zone, env, st.at);
  return (ctx) => {
    const [holder, hid] = holderOf(ctx);
    // No piece or one draws no random number; a shuffle forced by a scenario is still checked
    // against what the holder holds.
    const items = ctx.s.holders[hid];
    if (items.length > 1) {
      const list = writableHolder(ctx.s, hid);
      shuffleInPlace(ctx.s.rng, list);
      applyForcedShuffle(ctx, holder, list);
    } else applyForcedShuffle(ctx, holder, items.slice());
  };
}

/**
 * The holder `e` names, checked, as its text and id: by its id when known (holder-ref.ts), else by
 * its text's (asHolder, then its id's lookup).
 */
function compileHolder(e: Expr, env: CompileEnv, at: Loc): (ctx: Ctx) => [string, number] {
  const byId = compileHolderId(e, env, compileExpr);
  const names = env.g.holderTable.names;
  if (byId !== null) {
    return (ctx) => {
      const hid = byId(ctx);
      return [names[hid], hid];
    };
  }
  const text = compileExpr(e, env);
  return (ctx) => {
    const hid = asHolderId(ctx, text(ctx), at);
    return [names[hid], hid];
  };
}

/**
 * A uniform face of the die; faces are evaluated when rolled. A face forced by a scenario (`roll D
 * face`) is taken instead, without drawing from the generator.
 */
export function compileRoll(st: Of<'roll'>, env: CompileEnv): Op {
  const decl = own(env.ir.dice, st.die);
  const { name, at } = st;
  if (!decl) {
    const message = msg.unknown('die', st.die);
    return () => {
      throw new RuleError(message, at);
    };
  }
  const faces = decl.faces.map((f) => compileExpr(f, env));
  if (faces.length === 0) {
    const message = msg.noFaces(st.die);
    return () => {
      throw new RuleError(message, at);
    };
  }
  const die = st.die;
  const rollOnce = (ctx: Ctx): Json => {
    const forced = takeForcedRoll(ctx.s, die);
    return forced !== undefined ? forced : asJson(faces[nextInt(ctx.s.rng, faces.length)](ctx), at);
  };
  const count = st.count;
  if (count === undefined) {
    return (ctx) => {
      const face = rollOnce(ctx);
      if (name !== undefined) setLocal(ctx.locals, name, face);
    };
  }
  if (!Number.isInteger(count) || count < 0 || count > LIMITS.rangeLength) {
    const message = msg.badRollCount(count, LIMITS.rangeLength);
    return () => {
      throw new RuleError(message, at);
    };
  }
  // `roll n D`: n rolls in order (forced faces first), as a list.
  return (ctx) => {
    const list: Json[] = [];
    for (let i = 0; i < count; i++) list.push(rollOnce(ctx));
    if (name !== undefined) setLocal(ctx.locals, name, list);
  };
}

/** The next face forced for a die, removed from the state's queue; undefined when none is. */
function takeForcedRoll(s: State, die: string): Json | undefined {
  const queue = s.forcedRolls?.[die];
  if (queue === undefined || queue.length === 0) return undefined;
  const rest: Record<string, Json[]> = { ...s.forcedRolls };
  if (queue.length > 1) rest[die] = queue.slice(1);
  else delete rest[die];
  // Once every forced face is used, the state is as if none had been.
  if (Object.keys(rest).length > 0) s.forcedRolls = rest;
  else delete s.forcedRolls;
  return queue[0];
}
