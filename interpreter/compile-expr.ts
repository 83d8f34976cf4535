/**
 * Expressions compile once, at load time, into closures `(ctx) => value`; evaluation never looks at
 * the IR again. References the IR cannot satisfy (an unknown variable, a wrong number of arguments)
 * compile into closures that raise a located rule error when reached, so loading never fails on them.
 */
import type { Label } from './assembler.js';
import { interned } from './boards.js';
import { boardKey, keyedZoneKey, placeKey, zoneKey } from './holder-keys.js';
import { findBuiltin } from './builtins/index.js';
import { Binder, setLocal } from './binder.js';
import { compileBinary, compileTextJoin } from './compile-binary.js';
import { textJoin } from './display.js';
import { generateExpr, worthGenerating } from './codegen/gen-expr.js';
import { countBody } from './codegen/gen-fn.js';
import { snapshot, tieredExpr } from './codegen/tier.js';
import { canGenerate } from './codegen/instantiate.js';
import { compileCompFold, compileComprehension, compileQuantifier, type CompFold } from './compile-quant.js';
import { LIMITS, spend, type CompiledExpr, type Ctx, type Game } from './context.js';
import { assertUnreachable, RuleError } from './errors.js';
import { fieldReader } from './fields.js';
import { grownPlaces } from './growth.js';
import { describePlace, keyConversion, mayHoldPlace, mayMeetPlaceText, placeValueOfKey, textKeyOf, type PlaceValue } from './place-values.js';
import { asPlayer } from './holders.js';
import { compileHolderId } from './holder-ref.js';
import type { Expr, Json, KeyIR, Loc } from './ir.js';
import { msg } from './messages.js';
import { takeSlots } from './slot-reuse.js';
import { keyId, rowIndex, tableLayout, type TableLayout } from './table-keys.js';
import { inferType, withLocal, type TypeEnv } from './types.js';
import { asBool, asJson, asList, asNumber, equal, isRecord, LambdaValue, own, type Value } from './values.js';

export interface CompileEnv extends TypeEnv {
  /** The game being loaded: its maps are complete before any compiled code runs. */
  g: Game;
  /** What the statement being compiled is inside of, in its body, outermost first (for `break`). */
  nest?: Nest[];
  /**
   * In a function body: every local name (parameters, binders) → its slot in `ctx.slots`. A call
   * then needs no locals object (adding properties one by one to a fresh object is slow in V8).
   */
  slots?: { names: Map<string, number>; count: number };
  /** Compiling the closure a tiered expression starts on: its subexpressions are closures too. */
  closuresOnly?: boolean;
  /**
   * Compiling a statement's closure once the statement has run tierUp times (codegen/gen-stmt.ts):
   * its expressions are generated now, not wrapped to be tiered again.
   */
  tierNow?: boolean;
}

/** Where a local lives: a slot of the function call (>= 0), else a named local of ctx.locals (-1). */
export function slotOf(env: CompileEnv, name: string): number {
  const slots = env.slots;
  if (slots === undefined) return -1;
  let i = slots.names.get(name);
  if (i === undefined) {
    i = slots.count++;
    slots.names.set(name, i);
  }
  return i;
}

/** The binder of `name` in the body being compiled (see binder.ts). */
export function binderOf(env: CompileEnv, name: string): Binder {
  return new Binder(name, slotOf(env, name));
}

/** A loop (its end and its hidden locals), a flow block (its mark and exit body) or a simultaneous block. */
export type Nest =
  | { k: 'loop'; end: Label; hidden: string[] }
  | { k: 'block'; mark: string; exit: string }
  | { k: 'simultaneous' };

/** Compiles `f` with `entry` on the nesting stack of the body. */
export function nested<T>(env: CompileEnv, entry: Nest, f: () => T): T {
  const nest = (env.nest ??= []);
  nest.push(entry);
  try {
    return f();
  } finally {
    nest.pop();
  }
}

export function failing(message: string, at: Loc): CompiledExpr {
  return () => {
    throw new RuleError(message, at);
  };
}

/**
 * An expression compiled for the game's engine: generated JavaScript (codegen/gen-expr.ts), which
 * calls back into `compileClosure` for the nodes it does not generate, or closures.
 */
export function compileExpr(e: Expr, env: CompileEnv, settle?: (run: CompiledExpr) => void): CompiledExpr {
  if (env.g.engine === 'generated' && env.closuresOnly !== true && canGenerate() && worthGenerating(e)) {
    const limit = env.tierNow === true ? 0 : env.g.tierUp;
    if (limit === 0) return generateExpr(e, env) ?? compileClosure(e, env);
    // Closures first (their subexpressions closures too), generated once run often (codegen/tier.ts).
    // `settle` is told what runs from then on, so that its holder can call that instead of the wrapper.
    const later = snapshot(env);
    return tieredExpr(limit, compileClosure(e, { ...env, closuresOnly: true }), () => generateExpr(e, later), settle);
  }
  return compileClosure(e, env);
}

/** An expression compiled to closures, its subexpressions through `compileExpr`. */
export function compileClosure(e: Expr, env: CompileEnv): CompiledExpr {
  switch (e.k) {
    case 'lit': {
      const v = e.v;
      return () => v;
    }
    case 'local':
      return compileLocal(e.name, e.at, env);
    case 'param':
      return compileParam(e.name, e.at, env);
    case 'var':
      return compileVarRead(e.name, e.keys, e.at, env);
    case 'zone': {
      const of = holderOfValue(e, env);
      if (of !== null) return holderFrom(of.of, compileExpr(of.from, env));
      return compileZone(e.name, e.at, env);
    }
    case 'place': {
      const of = holderOfValue(e, env);
      if (of !== null) return holderFrom(of.of, compileExpr(of.from, env));
      // By the board's index of names: a search of its places for each place named was quadratic.
      const b = own(env.ir.boards, e.board) && env.g.boards.boards.get(e.board);
      if (!b || !b.byName.has(e.name)) return failing(msg.unknown('place', `${e.board}.${e.name}`), e.at);
      const boards = env.g.boards;
      return withOwner(e.owner, e.at, env, (owner) => placeValueOfKey(boards, placeKey(e.board, owner, e.name)));
    }
    case 'board': {
      const of = holderOfValue(e, env);
      if (of !== null) return holderFrom(of.of, compileExpr(of.from, env));
      if (!own(env.ir.boards, e.name)) return failing(msg.unknown('board', e.name), e.at);
      const lists = env.g.boards.lists;
      const board = env.g.boards.boards.get(e.name);
      if (board?.ir.grows) return (ctx) => grownPlaces(ctx.s, board) as PlaceValue[];
      return withOwner(e.owner, e.at, env, (owner) => lists.get(boardKey(e.name, owner)) ?? []);
    }
    case 'action': {
      const name = e.name;
      return () => name;
    }
    case 'proc': {
      if (!own(env.ir.procs, e.name)) return failing(msg.unknown('procedure', e.name), e.at);
      const name = e.name;
      return () => name;
    }
    case 'bin': {
      if (e.op === 'in' && e.b.k === 'comp') return compileCompFold(e.b, env, 'in', compileExpr(e.a, env), inferType(e.a, env));
      const la = e.a.k === 'lit' ? e.a.v : undefined;
      const lb = e.b.k === 'lit' ? e.b.v : undefined;
      const ta = inferType(e.a, env);
      const tb = inferType(e.b, env);
      // A join of texts: each side shown as decided at load (display.ts: textJoin).
      const join = e.op === '+' ? textJoin(env.g, e.a, e.b, ta, tb, (x) => inferType(x, env)) : null;
      if (join !== null) return compileTextJoin(compileExpr(join.a.e, env), compileExpr(join.b.e, env), join.a, join.b, e.at);
      return compileBinary(e.op, compileExpr(e.a, env), compileExpr(e.b, env), ta, tb, e.at, la, lb);
    }
    case 'un': {
      const x = compileExpr(e.x, env);
      const at = e.at;
      return e.op === 'not' ? (ctx) => !asBool(x(ctx), at) : (ctx) => 0 - asNumber(x(ctx), at);
    }
    case 'if': {
      const c = compileExpr(e.c, env);
      const a = compileExpr(e.then, env);
      const b = compileExpr(e.else, env);
      const at = e.at;
      return (ctx) => (asBool(c(ctx), at) ? a(ctx) : b(ctx));
    }
    case 'match':
      return compileMatch(e, env);
    case 'list': {
      const items = e.items.map((i) => compileExpr(i, env));
      const at = e.at;
      return (ctx) => items.map((i) => asJson(i(ctx), at));
    }
    case 'record': {
      const fields = Object.entries(e.fields).map(([k, v]) => [k, compileExpr(v, env)] as const);
      const at = e.at;
      return (ctx) => {
        const out: Record<string, Json> = {};
        for (const [k, f] of fields) out[k] = asJson(f(ctx), at);
        return out;
      };
    }
    case 'comp':
      return compileComprehension(e, env);
    case 'quant':
      return compileQuantifier(e, env);
    case 'field': {
      const obj = compileExpr(e.obj, env);
      const read = fieldReader(e.name);
      const at = e.at;
      return (ctx) => read(ctx, obj(ctx), at);
    }
    case 'index':
      return compileIndex(compileExpr(e.obj, env), compileExpr(e.index, env), e.at);
    case 'call':
      return compileCall(e.fn, e.args, e.at, env);
    case 'builtin':
      return compileBuiltin(e.name, e.args, e.at, env);
    case 'lambda':
      return compileLambda(e.params, e.body, env);
    case 'let':
      return compileLet(e, env);
    default:
      return assertUnreachable(e);
  }
}

function compileLocal(name: string, at: Loc, env: CompileEnv): CompiledExpr {
  const slot = slotOf(env, name);
  if (slot >= 0) {
    return (ctx) => {
      const v = ctx.slots[slot];
      if (v === undefined) throw new RuleError(msg.unboundLocal(name), at);
      return v;
    };
  }
  if (name in Object.prototype) {
    return (ctx) => {
      if (!Object.hasOwn(ctx.locals, name)) throw new RuleError(msg.unboundLocal(name), at);
      return ctx.locals[name];
    };
  }
  return (ctx) => {
    const v = ctx.locals[name];
    if (v === undefined) throw new RuleError(msg.unboundLocal(name), at);
    return v;
  };
}

function compileParam(name: string, at: Loc, env: CompileEnv): CompiledExpr {
  if (!own(env.ir.params, name)) return failing(msg.unknown('parameter', name), at);
  return (ctx) => (Object.hasOwn(ctx.s.params, name) ? ctx.s.params[name] : evaluateParam(ctx, name, at));
}

/** Parameters are evaluated at game start, in any order their definitions need. */
export function evaluateParam(ctx: Ctx, name: string, at: Loc): Json {
  const expr = ctx.g.params.get(name);
  if (!expr) throw new RuleError(msg.unknown('parameter', name), at);
  const evaluating = (ctx.evaluating ??= new Set());
  if (evaluating.has(name)) throw new RuleError(msg.paramCycle(name), at);
  evaluating.add(name);
  const saved = ctx.locals;
  ctx.locals = {};
  const v = asJson(expr(ctx), at);
  ctx.locals = saved;
  evaluating.delete(name);
  setLocal(ctx.s.params, name, v);
  return v;
}

/** The row key of a table: key values as text, joined by commas. */
export function keyString(keys: Json[]): string {
  if (keys.length === 1) return keyPart(keys[0]);
  return keys.map(keyPart).join(',');
}

/**
 * The error of a write at keys that name no row of array table `name` (both engines): a place in
 * them shown by its text, as errors show places (`describePlace`), not by its value (`-3`).
 */
export function notATableKeyError(boards: Ctx['g']['boards'], name: string, keys: Json[], at: Loc): RuleError {
  return new RuleError(msg.notATableKey(name, keyString(keys.map((k) => textKeyOf(boards, k) as Json))), at);
}

/*
 * Row keys are looked up in the table at every read. A key text made afresh must be hashed (and
 * an object key, looked up, internalized) every time; the texts of small whole numbers (players,
 * counts) and the joined keys of two-key tables are made once and kept, interned, instead.
 */
const NUMBER_KEYS: string[] = [];
/** The same for negative whole numbers (places, place-values.ts: tables keyed by places), by -k. */
const NEGATIVE_KEYS: string[] = [];
/** Joined keys kept per two-key access (then made afresh): a bound on the memory of odd games. */
const JOINED_KEYS_KEPT = 4096;

export function keyPart(k: Json): string {
  if (typeof k === 'string') return k;
  if (typeof k === 'number') {
    if (k >= 0 && k < 4096 && Number.isInteger(k)) return (NUMBER_KEYS[k] ??= interned(String(k)));
    if (k < 0 && k > -65536 && Number.isInteger(k)) return (NEGATIVE_KEYS[-k] ??= interned(String(k)));
    return String(k);
  }
  return JSON.stringify(k);
}

/** Two key parts joined, remembered by this access's `memo` (see above). */
export function joinedKey(memo: { keys: Map<string, Map<string, string>>; size: number }, a: string, b: string): string {
  let inner = memo.keys.get(a);
  const known = inner?.get(b);
  if (known !== undefined) return known;
  const key = `${a},${b}`;
  if (memo.size >= JOINED_KEYS_KEPT) return key;
  if (inner === undefined) memo.keys.set(a, (inner = new Map()));
  const kept = interned(key);
  inner.set(b, kept);
  memo.size++;
  return kept;
}

/** Evaluates the key expressions of a table access (one compiled closure for 0, 1 or n keys). */
export function compileKeys(name: string, keys: Expr[], at: Loc, env: CompileEnv): ((ctx: Ctx) => string) | string {
  const decl = own(env.ir.vars, name);
  if (!decl) return msg.unknown('variable', name);
  if (decl.keys.length !== keys.length) return msg.keysMismatch(name, decl.keys.length, keys.length);
  const ks = compileKeyExprs(decl.keys, keys, env);
  if (ks.length === 1) {
    const k0 = ks[0];
    return (ctx) => keyPart(asJson(k0(ctx), at));
  }
  if (ks.length === 2) {
    const [k0, k1] = ks;
    const memo = { keys: new Map<string, Map<string, string>>(), size: 0 };
    return (ctx) => {
      const a = keyPart(asJson(k0(ctx), at));
      return joinedKey(memo, a, keyPart(asJson(k1(ctx), at)));
    };
  }
  return (ctx) => keyString(ks.map((k) => asJson(k(ctx), at)));
}

/**
 * The row index of an array table's access (table-keys.ts) from its key expressions: -1 for a key
 * outside its domain (a read then gives the init value, as a missing row of a record table does).
 */
export function compileRowIndex(name: string, layout: TableLayout, keys: Expr[], at: Loc, env: CompileEnv): (ctx: Ctx) => number {
  const ks = compileArrayKeys(name, keys, env);
  const [k0, k1] = ks;
  if (ks.length === 1) {
    const d = layout.keys[0];
    if (d.kind === 'player') {
      return (ctx) => {
        const v = asJson(k0(ctx), at);
        return typeof v === 'number' && v >>> 0 === v && v < ctx.s.numPlayers ? v : -1;
      };
    }
    return (ctx) => keyId(d, asJson(k0(ctx), at), ctx.s.numPlayers);
  }
  return (ctx) => {
    const a = asJson(k0(ctx), at);
    return rowIndex(layout, ctx.s.numPlayers, a, asJson(k1(ctx), at));
  };
}

/** The key expressions of an access to table `name` (place-values.ts `keyConversion`: a place and its text key the same row). */
export function compileArrayKeys(name: string, keys: Expr[], env: CompileEnv): CompiledExpr[] {
  return compileKeyExprs(own(env.ir.vars, name)?.keys ?? [], keys, env);
}

function compileKeyExprs(declKeys: readonly KeyIR[], keys: Expr[], env: CompileEnv): CompiledExpr[] {
  return keys.map((k, i) => {
    const c = compileExpr(k, env);
    const convert = keyConversion(declKeys, i, inferType(k, env));
    return convert === null ? c : (ctx: Ctx) => convert(ctx.g.boards, c(ctx));
  });
}

/** The layout of the table an access with `keys` names, when it is an array table of that many keys. */
export function accessLayout(name: string, keys: Expr[], env: CompileEnv): TableLayout | null {
  const decl = own(env.ir.vars, name);
  return decl && keys.length > 0 && decl.keys.length === keys.length ? tableLayout(env.ir, decl) : null;
}

function compileVarRead(name: string, keys: Expr[], at: Loc, env: CompileEnv): CompiledExpr {
  const layout = accessLayout(name, keys, env);
  if (layout) {
    const row = compileRowIndex(name, layout, keys, at, env);
    return (ctx) => {
      const i = row(ctx);
      return i < 0 ? ctx.s.inits[name] : (ctx.s.vars[name] as Json[])[i];
    };
  }
  const key = compileKeys(name, keys, at, env);
  if (typeof key === 'string') return failing(key, at);
  if (keys.length === 0) return (ctx) => ctx.s.vars[name];
  return (ctx) => {
    const table = ctx.s.vars[name] as Record<string, Json>;
    const k = key(ctx);
    return Object.hasOwn(table, k) ? table[k] : ctx.s.inits[name];
  };
}

/** A zone's, place's or board's value read from its evaluated owner or key (holderOfValue). */
type HolderOf = (ctx: Ctx, v: Value) => Value;

function holderFrom(of: HolderOf, x: CompiledExpr): CompiledExpr {
  return (ctx) => of(ctx, x(ctx));
}

/**
 * The value of a zone, place or board of an owner, or of a zone per key, from the value of its
 * owner (or key) `from`: null for any other (no owner, a growing board, an unknown name: their
 * closures above). Both engines use it (codegen/gen-expr.ts passes `of` in `K`). One text per
 * player or key, made once: holder names are looked up at every read.
 */
export function holderOfValue(e: Extract<Expr, { k: 'zone' | 'place' | 'board' }>, env: CompileEnv): { of: HolderOf; from: Expr } | null {
  const at = e.at;
  switch (e.k) {
    case 'zone': {
      const zone = own(env.ir.zones, e.name);
      if (!zone) return null;
      if (zone.keys !== undefined) return e.key === undefined ? null : { of: keyedZoneOf(e.name, zone.keys, at), from: e.key };
      if (!zone.perPlayer || !e.owner) return null;
      const name = e.name;
      const keys: string[] = [];
      const of: HolderOf = (ctx, o) => {
        const p = asPlayer(ctx, o, at);
        return (keys[p] ??= interned(zoneKey(name, p)));
      };
      return { of, from: e.owner };
    }
    case 'place': {
      const b = own(env.ir.boards, e.board) && env.g.boards.boards.get(e.board);
      if (!e.owner || !b || !b.byName.has(e.name)) return null;
      const { board, name } = e;
      const boards = env.g.boards;
      const values: (PlaceValue | string)[] = [];
      const of: HolderOf = (ctx, o) => {
        const p = asPlayer(ctx, o, at);
        return (values[p] ??= placeValueOfKey(boards, placeKey(board, p, name)));
      };
      return { of, from: e.owner };
    }
    case 'board': {
      const b = own(env.ir.boards, e.name) && env.g.boards.boards.get(e.name);
      if (!e.owner || !b || b.ir.grows) return null;
      const { lists } = env.g.boards;
      const name = e.name;
      return { of: (ctx, o) => lists.get(boardKey(name, asPlayer(ctx, o, at))) ?? [], from: e.owner };
    }
  }
}

function withOwner<T extends Value>(owner: Expr | undefined, at: Loc, env: CompileEnv, f: (owner: number | null) => T): CompiledExpr {
  if (!owner) {
    const v = f(null);
    return () => v;
  }
  const o = compileExpr(owner, env);
  return (ctx) => f(asPlayer(ctx, o(ctx), at));
}

/** A zone of no owner (or of no player): its holder text; zones of an owner and keyed zones are holderOfValue's. */
function compileZone(name: string, at: Loc, env: CompileEnv): CompiledExpr {
  const zone = own(env.ir.zones, name);
  if (!zone) return failing(msg.unknown('zone', name), at);
  if (zone.keys !== undefined) return failing(msg.zoneNeedsKey(name), at);
  const v = interned(zoneKey(name, null));
  return () => v;
}

/** `display[k]` of a zone per key: the copy's holder string, a located rule error for no key of it. */
function keyedZoneOf(name: string, keys: readonly string[], at: Loc): HolderOf {
  const holders = new Map(keys.map((x) => [x, interned(keyedZoneKey(name, x))]));
  return (ctx, v) => {
    const holder = typeof v === 'string' ? holders.get(v) : undefined;
    if (holder === undefined) throw new RuleError(msg.notZoneKey(name, describePlace(ctx.g.boards, v)), at);
    return holder;
  };
}

/** Whether a `match`'s subject may be a place or a text and a case may be the other (by types). */
export function matchesPlaceText(e: Extract<Expr, { k: 'match' }>, env: CompileEnv): boolean {
  const t = inferType(e.subject, env);
  return e.cases.some((c) => c.key !== undefined && mayMeetPlaceText(t, inferType(c.key, env)));
}

function compileMatch(e: Extract<Expr, { k: 'match' }>, env: CompileEnv): CompiledExpr {
  const subject = compileExpr(e.subject, env);
  const cases = e.cases.map((c) => ({ key: c.key ? compileExpr(c.key, env) : null, value: compileExpr(c.value, env) }));
  const at = e.at;
  // Cases keyed by scalar literals (names of an enum, numbers) or `_`: compared with ===, which
  // is what `equal` does for a scalar, without evaluating the keys.
  const scalar = (k: Expr | undefined): boolean => k === undefined || (k.k === 'lit' && (k.v === null || typeof k.v !== 'object'));
  // A place equals its text (values.ts `equal`): a subject that may be either is matched by `equal`.
  const places = matchesPlaceText(e, env);
  if (!places && e.cases.every((c) => scalar(c.key))) {
    const keys = e.cases.map((c) => (c.key === undefined ? undefined : (c.key as Extract<Expr, { k: 'lit' }>).v));
    const values = cases.map((c) => c.value);
    const n = keys.length;
    return (ctx) => {
      const v = subject(ctx);
      for (let i = 0; i < n; i++) {
        const k = keys[i];
        if (k === undefined || k === v) return values[i](ctx);
      }
      throw new RuleError(msg.noMatchCase(describePlace(ctx.g.boards, v)), at);
    };
  }
  return (ctx) => {
    const v = subject(ctx);
    const boards = places ? ctx.g.boards : undefined;
    for (const c of cases) if (c.key === null || equal(c.key(ctx), v, boards)) return c.value(ctx);
    throw new RuleError(msg.noMatchCase(describePlace(ctx.g.boards, v)), at);
  };
}

function compileIndex(obj: CompiledExpr, index: CompiledExpr, at: Loc): CompiledExpr {
  return (ctx) => {
    const o = obj(ctx);
    const i = index(ctx);
    if (isRecord(o) && typeof i === 'string') return Object.hasOwn(o, i) ? o[i] : null;
    const list = asList(o, at);
    const n = asNumber(i, at);
    if (!Number.isInteger(n) || n < 0 || n >= list.length) throw new RuleError(msg.indexOutOfRange(n, list.length), at);
    return list[n];
  };
}

/**
 * `len` of a call of a function whose body is a comprehension of its binder: the call counts the
 * items instead of making the list (codegen/gen-fn.ts, `countBody`); null for any other call.
 */
function compileCountCall(call: Expr, env: CompileEnv): CompiledExpr | null {
  if (call.k !== 'call') return null;
  const count = countBody(call, env);
  return count === null ? null : compileCall(call.fn, call.args, call.at, env, count);
}

/** A call of the user function `name`; `run`, when given, runs instead of its body (a count). */
function compileCall(name: string, args: Expr[], at: Loc, env: CompileEnv, run?: CompiledExpr): CompiledExpr {
  const fn = env.g.fns.get(name);
  if (!fn) return failing(own(env.ir.procs, name) ? msg.procAsValue(name) : msg.unknown('function', name), at);
  if (fn.params.length !== args.length) return failing(msg.wrongArity(name, fn.params.length, args.length), at);
  const compiled = args.map((a) => compileExpr(a, env));
  const n = compiled.length;
  const [a0, a1, a2] = compiled;
  if (fn.reuse) {
    return (ctx) => {
      // The array is taken once the first arguments are evaluated (`f(f(x))`: the inner call gives
      // it back first); a call of the function in a later argument finds none and makes its own.
      const v0 = n > 0 ? a0(ctx) : undefined;
      const v1 = n > 1 ? a1(ctx) : undefined;
      const v2 = n > 2 ? a2(ctx) : undefined;
      // The spare taken and given back written out here (as calls they cost the card race 8 % of its playouts).
      let slots = fn.spare;
      if (slots === null) slots = takeSlots(fn);
      else fn.spare = null;
      if (n > 0) slots[0] = v0;
      if (n > 1) slots[1] = v1;
      if (n > 2) slots[2] = v2;
      for (let i = 3; i < n; i++) slots[i] = compiled[i](ctx);
      if (ctx.depth >= LIMITS.callDepth) throw new RuleError(msg.depthLimit(LIMITS.callDepth), at);
      spend(ctx, 1, at);
      const body = fn.body;
      if (body === null) throw new RuleError(msg.unknown('function', name), at);
      const saved = ctx.slots;
      ctx.slots = slots;
      ctx.depth++;
      const v = run === undefined ? body(ctx) : run(ctx);
      ctx.depth--;
      ctx.slots = saved;
      for (let i = 0; i < slots.length; i++) slots[i] = undefined;
      fn.spare = slots;
      return v;
    };
  }
  return (ctx) => {
    // The parameters take the first slots, in order. (A fresh array: measured faster than
    // reusing emptied ones from a pool; an array literal for the common sizes, which V8 allocates
    // inline, where `new Array(k)` calls the Array constructor.)
    const v0 = n > 0 ? a0(ctx) : undefined;
    const v1 = n > 1 ? a1(ctx) : undefined;
    const v2 = n > 2 ? a2(ctx) : undefined;
    let slots: (Value | undefined)[];
    switch (fn.slots) {
      case 1:
        slots = [v0];
        break;
      case 2:
        slots = [v0, v1];
        break;
      case 3:
        slots = [v0, v1, v2];
        break;
      case 4:
        slots = [v0, v1, v2, undefined];
        break;
      default:
        slots = new Array<Value | undefined>(fn.slots);
        if (n > 0) slots[0] = v0;
        if (n > 1) slots[1] = v1;
        if (n > 2) slots[2] = v2;
    }
    for (let i = 3; i < n; i++) slots[i] = compiled[i](ctx);
    if (ctx.depth >= LIMITS.callDepth) throw new RuleError(msg.depthLimit(LIMITS.callDepth), at);
    spend(ctx, 1, at);
    const body = fn.body;
    if (body === null) throw new RuleError(msg.unknown('function', name), at);
    const saved = ctx.slots;
    ctx.slots = slots;
    ctx.depth++;
    const v = run === undefined ? body(ctx) : run(ctx);
    ctx.depth--;
    ctx.slots = saved;
    return v;
  };
}

function compileBuiltin(name: string, args: Expr[], at: Loc, env: CompileEnv): CompiledExpr {
  const def = findBuiltin(name);
  if (!def) return failing(msg.unknown('builtin', name), at);
  if (def.arity !== args.length) return failing(msg.wrongArity(name, def.arity, args.length), at);
  const fused = FUSED[name];
  // `contains(list, x)` evaluates x after the list: fused, x comes first, so only a plain x is.
  const plain = args.length < 2 || ['lit', 'local', 'param'].includes(args[1].k);
  if (fused !== undefined && args[0].k === 'comp' && plain) {
    return compileCompFold(args[0], env, fused, name === 'contains' ? compileExpr(args[1], env) : null, name === 'contains' ? inferType(args[1], env) : undefined);
  }
  const counted = name === 'len' ? compileCountCall(args[0], env) : null;
  if (counted !== null) return counted;
  const byId = HOLDER_READS[name] !== undefined ? compileHolderId(args[0], env, compileExpr) : null;
  if (byId !== null) return holderRead(name, byId);
  const types = def.typed ? args.map((a) => inferType(a, env)) : null;
  const run = types !== null ? (def.typed as NonNullable<typeof def.typed>)(types) : def.run;
  const cs = args.map((a) => (a.k === 'lambda' ? compileLambda(a.params, a.body, env, true) : compileExpr(a, env)));
  switch (cs.length) {
    case 0:
      return (ctx) => run(ctx, [], at);
    case 1: {
      const [a] = cs;
      // Without building an argument list, when the builtin offers it (see builtins/types.ts).
      const run1 = types !== null ? def.typed1?.(types) : def.run1;
      if (run1 !== undefined) return (ctx) => run1(ctx, a(ctx), at);
      return (ctx) => run(ctx, [a(ctx)], at);
    }
    case 2: {
      const [a, b] = cs;
      const run2 = types !== null ? def.typed2?.(types) : def.run2;
      if (run2 !== undefined) return (ctx) => run2(ctx, a(ctx), b(ctx), at);
      return (ctx) => run(ctx, [a(ctx), b(ctx)], at);
    }
    case 3: {
      const [a, b, c] = cs;
      return (ctx) => run(ctx, [a(ctx), b(ctx), c(ctx)], at);
    }
    default:
      return (ctx) => run(ctx, cs.map((c) => c(ctx)), at);
  }
}

/** Builtins that read one holder: by its id when it is known (holder-ref.ts), as they read its text's. */
const HOLDER_READS: Partial<Record<string, true>> = { size: true, pieces: true, topOf: true };

function holderRead(name: string, id: (ctx: Ctx) => number): CompiledExpr {
  if (name === 'size') return (ctx) => ctx.s.holders[id(ctx)].length;
  if (name === 'topOf') return (ctx) => ctx.s.holders[id(ctx)][0] ?? null;
  return (ctx) => ctx.s.holders[id(ctx)].slice();
}

/** Builtins that read a comprehension given as their first argument without its list being built. */
const FUSED: Partial<Record<string, CompFold>> = { first: 'first', len: 'count', total: 'sum', contains: 'in' };

/**
 * `let x = v in body`: x is a local while the body is evaluated, then gets its earlier value back
 * (one without keeps the value, as binders do; see compile-quant.ts), unless it is a function.
 */
function compileLet(e: Extract<Expr, { k: 'let' }>, env: CompileEnv): CompiledExpr {
  const value = compileExpr(e.value, env);
  const body = withLocal(env, e.name, inferType(e.value, env), () => compileExpr(e.body, env));
  const b = binderOf(env, e.name);
  return (ctx) => {
    const v = value(ctx);
    const prev = b.enter(ctx, v);
    const out = body(ctx);
    if (prev !== undefined) b.set(ctx, prev);
    else if (v instanceof LambdaValue) b.set(ctx, null);
    return out;
  };
}

/** Whether a lambda of this body and these binders is `always` (values.ts LambdaValue). */
export function alwaysTrue(body: Expr, binders: Binder[]): boolean {
  return body.k === 'lit' && body.v === true && binders.every((b) => b.slot >= 0);
}

/**
 * A lambda captures the locals (or the call's slots) it was made in; its parameters are bound
 * there while it runs. Builtins call it through `call1`/`call2` without an argument list.
 *
 * `kept`: the lambda is an argument of a builtin, which calls it before it returns and returns
 * JSON only, so its value cannot be kept or compared (slot-reuse.ts): the value made last is
 * given again while the context, slots and locals it was made in are the same (a loop's turns,
 * the calls of a function whose slots are reused), as the generated engine does.
 */
function compileLambda(params: string[], bodyExpr: Expr, env: CompileEnv, kept = false): CompiledExpr {
  const saved = params.map((p) => env.locals.get(p));
  for (const p of params) env.locals.set(p, { t: 'any' });
  const body = compileExpr(bodyExpr, env);
  const placeKeys = mayHoldPlace(inferType(bodyExpr, env));
  params.forEach((p, i) => {
    const t = saved[i];
    if (t === undefined) env.locals.delete(p);
    else env.locals.set(p, t);
  });
  const n = params.length;
  const binders = params.map((p) => binderOf(env, p));
  const always = alwaysTrue(bodyExpr, binders);
  if (kept) {
    const make = lambdaMaker(n, body, binders, always, placeKeys);
    let lastCtx: Ctx | null = null;
    let lastSlots: Ctx['slots'] | null = null;
    let lastLocals: Ctx['locals'] | null = null;
    let last: Value = null;
    return (ctx) => {
      if (ctx === lastCtx && ctx.slots === lastSlots && ctx.locals === lastLocals) return last;
      last = make(ctx);
      lastCtx = ctx;
      lastSlots = ctx.slots;
      lastLocals = ctx.locals;
      return last;
    };
  }
  return lambdaMaker(n, body, binders, always, placeKeys);
}

/** The function making a lambda's value in a context (see compileLambda). */
function lambdaMaker(n: number, body: CompiledExpr, binders: Binder[], always: boolean, placeKeys: boolean): CompiledExpr {
  const [b0, b1] = binders;
  // The functions are passed straight to LambdaValue, never held in a named constant: tsx (esbuild's
  // keepNames) names every named function when it is made, a property definition per lambda
  // value, which cost more than the lambda's whole call.
  return (ctx) => {
    const homeSlots = ctx.slots;
    const homeLocals = ctx.locals;
    if (n === 1) {
      return new LambdaValue(
        1,
        (args: Json[]): Value => call1(ctx, homeSlots, homeLocals, body, b0, args[0]),
        (a: Json): Value => call1(ctx, homeSlots, homeLocals, body, b0, a),
        (a: Json): Value => call1(ctx, homeSlots, homeLocals, body, b0, a),
        always,
        placeKeys,
      );
    }
    if (n === 2) {
      return new LambdaValue(
        2,
        (args: Json[]): Value => call2(ctx, homeSlots, homeLocals, body, b0, b1, args[0], args[1]),
        (a: Json): Value => call2(ctx, homeSlots, homeLocals, body, b0, b1, a, undefined as unknown as Json),
        (a: Json, c: Json): Value => call2(ctx, homeSlots, homeLocals, body, b0, b1, a, c),
        always,
        placeKeys,
      );
    }
    return new LambdaValue(
      n,
      (args: Json[]): Value => callN(ctx, homeSlots, homeLocals, body, binders, args),
      (a: Json): Value => callN(ctx, homeSlots, homeLocals, body, binders, [a]),
      (a: Json, c: Json): Value => callN(ctx, homeSlots, homeLocals, body, binders, [a, c]),
      false,
      placeKeys,
    );
  };
}

/** A lambda of any number of parameters called in the slots and locals it was made in. */
function callN(ctx: Ctx, homeSlots: Ctx['slots'], homeLocals: Ctx['locals'], body: CompiledExpr, binders: Binder[], args: Json[]): Value {
  const outerSlots = ctx.slots;
  const outerLocals = ctx.locals;
  ctx.slots = homeSlots;
  ctx.locals = homeLocals;
  const prev = binders.map((b, i) => b.enter(ctx, args[i]));
  const v = body(ctx);
  for (let i = binders.length - 1; i >= 0; i--) binders[i].leave(ctx, prev[i]);
  ctx.slots = outerSlots;
  ctx.locals = outerLocals;
  return v;
}

/** A lambda of one parameter called in the slots and locals it was made in. */
function call1(ctx: Ctx, homeSlots: Ctx['slots'], homeLocals: Ctx['locals'], body: CompiledExpr, b0: Binder, a: Json): Value {
  const outerSlots = ctx.slots;
  const outerLocals = ctx.locals;
  ctx.slots = homeSlots;
  ctx.locals = homeLocals;
  const prev = b0.enter(ctx, a);
  const v = body(ctx);
  b0.leave(ctx, prev);
  ctx.slots = outerSlots;
  ctx.locals = outerLocals;
  return v;
}

/** A lambda of two parameters called in the slots and locals it was made in. */
function call2(ctx: Ctx, homeSlots: Ctx['slots'], homeLocals: Ctx['locals'], body: CompiledExpr, b0: Binder, b1: Binder, a: Json, c: Json): Value {
  const outerSlots = ctx.slots;
  const outerLocals = ctx.locals;
  ctx.slots = homeSlots;
  ctx.locals = homeLocals;
  const p0 = b0.enter(ctx, a);
  const p1 = b1.enter(ctx, c);
  const v = body(ctx);
  b1.leave(ctx, p1);
  b0.leave(ctx, p0);
  ctx.slots = outerSlots;
  ctx.locals = outerLocals;
  return v;
}
