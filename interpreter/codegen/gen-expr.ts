/**
 * Expressions compiled to JavaScript source (README "Generated code"): one function per expression
 * tree, its nodes written out as straight-line code over temporaries (`t0`, `t1`, …), quantifiers
 * and comprehensions as loops, function calls as direct calls. Every check, budget step and error
 * of the closure interpreter (compile-expr.ts and friends) is made here too, in the same order and
 * at the same `at`. A node this file does not generate is compiled by the closure compiler and
 * called from the generated code (`K[i](ctx)`), so every construct keeps working.
 *
 * Rule-file texts and values enter the source only through emit.ts (`lit`: JSON.stringify); places
 * (`at`), messages, non-scalar literals and functions are passed in the constants array `K`.
 */
import { interned } from '../boards.js';
import { findBuiltin } from '../builtins/index.js';
import { boardKey, placeKey, zoneKey } from '../holder-keys.js';
import { alwaysTrue, binderOf, compileClosure, holderOfValue, matchesPlaceText, type CompileEnv } from '../compile-expr.js';
import { LIMITS, type CompiledExpr, type FnEntry } from '../context.js';
import { NUMBER, PLAIN, STR_NUMBER, STR_PLAYER, textJoin, type JoinSide } from '../display.js';
import { fieldReader } from '../fields.js';
import { mayNamePlace, numericOrder } from '../compile-binary.js';
import { compareKeysOf, keyConversion, mayHoldPlace, mayMeetPlaceText, placeValueOfKey } from '../place-values.js';
import { holderRef, type HolderRef } from '../holder-ref.js';
import { placeFieldById, placeMembers, type PlaceMembers } from '../place-by-id.js';
import type { Expr, Json, KeyIR, Loc } from '../ir.js';
import { msg } from '../messages.js';
import { sizeFilter } from '../size-filter.js';
import { tableLayout, type TableLayout } from '../table-keys.js';
import { elementType, inferType, withLocal } from '../types.js';
import { own } from '../values.js';
import type { Binder } from '../binder.js';
import { _, int, join, lit, Names, type Code } from './emit.js';
import { countBody } from './gen-fn.js';
import { INLINE_DEPTH, INLINE_TOTAL, inlineSize, mayWrite, needsSlots } from './gen-inline.js';
import { lineThrough } from './gen-line.js';
import { ownedKindCount } from './gen-owned.js';
import { instantiate } from './instantiate.js';
import { rowMemo, RUNTIME, type RuntimeName } from './runtime.js';

type Comp = Extract<Expr, { k: 'comp' }>;
type Quant = Extract<Expr, { k: 'quant' }>;
type Fold = 'list' | 'first' | 'count' | 'sum' | 'in';
/** What is known of a temporary's value (Gen `known`). */
type Kind = 'number' | 'boolean' | 'json' | 'defined';

/** Builtins that read a comprehension given as their first argument without building its list. */
const FUSED: Partial<Record<string, Fold>> = { first: 'first', len: 'count', total: 'sum', contains: 'in' };

/**
 * Builtins of one piece read inline (Gen.pieceRead): what each reads of the piece's state, as
 * builtins/pieces.ts (`locationValue`: the value of the holder it lies in).
 */
const PIECE_READS: Partial<Record<string, (p: Code) => Code>> = {
  ownerOf: (p) => _`${p}.owner`,
  kindOf: (p) => _`${p}.kind`,
  locationOf: (p) => _`ctx.g.holderTable.values[${p}.at] ?? ""`,
};

/** Enums of at most this many values are told by comparisons in generated table reads (Gen.enumId). */
const ENUM_CHAIN = 8;

/** The arguments of a builtin call without any (frozen: a builtin never changes its arguments). */
const NO_ARGS: readonly never[] = Object.freeze([]);

/** Roots not worth a generated function: the closure is a constant or a single read already. */
const TRIVIAL = new Set<Expr['k']>(['lit', 'zone', 'place', 'board', 'action', 'proc', 'lambda', 'local', 'param']);

/**
 * How many expression trees were generated, how many nodes fell back to closures, how many calls
 * were written out in place, and how many written out were dropped (NOT_INLINE) (for tests).
 */
export const genStats = { roots: 0, fallbacks: 0, inlined: 0, notInlined: 0 };

/** Thrown where a body being written out in place of a call needs its slots array (a fallback, a lambda): the call is made instead. */
const NOT_INLINE = Symbol('not inline');

/** Whether `e` is worth a generated function (not a literal, a zone, a local: closures as fast). */
export function worthGenerating(e: Expr): boolean {
  return !TRIVIAL.has(e.k);
}

/** Compiles `e` to a generated function, or null when it is not worth one or code cannot be made. */
export function generateExpr(e: Expr, env: CompileEnv): CompiledExpr | null {
  if (!worthGenerating(e)) return null;
  const g = new Gen(env);
  const result = g.expr(e);
  return finish<CompiledExpr>(g, _`return ${result};`);
}

/** A comprehension consumed by `mode` as a generated function (a function's count: gen-fn.ts). */
export function generateFold(e: Comp, mode: 'count', env: CompileEnv): CompiledExpr | null {
  const g = new Gen(env);
  const result = g.fold(e, mode, null);
  return finish<CompiledExpr>(g, _`return ${result};`);
}

/** The function of `ctx` made of what `g` emitted, then `tail`; null where code cannot be made. */
export function finish<T>(g: Gen, tail: Code): T | null {
  const helpers = g.helperNames.all().map((h, i) => _`${h} = H[${int(i)}]`);
  const temps = g.t.all();
  const src = (name: Code): Code => _`"use strict";
${helpers.length > 0 ? _`const ${join(helpers, _`, `)};` : _``}
return function ${name}(ctx) {
const S = ctx.slots, L = ctx.locals;
${temps.length > 0 ? _`let ${join(temps, _`, `)};` : _``}
${join(g.lines, _`
`)}
${tail}
};`;
  const f = instantiate<T>('r', src, g.K, g.helpers);
  if (f !== null) genStats.roots++;
  return f;
}

/**
 * The value of a zone, place or board that names no owner (and is no keyed zone, no growing
 * board), or of a zone of no player: fixed at load, the closure compiler's constant (compile-expr.ts), passed in `K`; null
 * for the others, and for unknown names (the closure's located error).
 */
export function holderConstant(e: Extract<Expr, { k: 'zone' | 'place' | 'board' }>, env: CompileEnv): string | number | readonly Json[] | null {
  const { ir, g } = env;
  switch (e.k) {
    case 'zone': {
      // A zone of no player ignores an owner (the closure does not evaluate it).
      const zone = own(ir.zones, e.name);
      return zone && zone.keys === undefined && (!zone.perPlayer || e.owner === undefined) ? interned(zoneKey(e.name, null)) : null;
    }
    case 'place': {
      if (e.owner !== undefined) return null;
      const b = own(ir.boards, e.board) && g.boards.boards.get(e.board);
      return b && b.byName.has(e.name) ? placeValueOfKey(g.boards, placeKey(e.board, null, e.name)) : null;
    }
    case 'board': {
      if (e.owner !== undefined) return null;
      const b = own(ir.boards, e.name) && g.boards.boards.get(e.name);
      return b && !b.ir.grows ? (g.boards.lists.get(boardKey(e.name, null)) ?? []) : null;
    }
  }
}

/**
 * Whether `coll` may be a list of holders known at load (a board, a place's neighbours: its items'
 * ids are then noted as a loop visits them); a lookup of any other list would find nothing.
 */
function knownPlaces(coll: Expr): boolean {
  return coll.k === 'board' || (coll.k === 'builtin' && coll.name === 'neighbours');
}

/** Builtins that read the holder given as their first argument. */
const HOLDER_READS = new Set(['pieces', 'size', 'topOf', 'ownedBy']);

/**
 * Whether `e` reads the holder `name` (a holder builtin of it) or passes it to a function, whose
 * reads of it would then find its id noted: else noting ids would cost without use. A node's
 * expressions are found by walking its fields (the IR's objects): as deep as the IR, whose depth
 * was checked at load (ir-depth.ts), and once over each node of the loop's body.
 */
function readsHolder(e: unknown, name: string): boolean {
  if (typeof e !== 'object' || e === null) return false;
  if (Array.isArray(e)) return e.some((x) => readsHolder(x, name));
  const node = e as { k?: unknown; name?: unknown; args?: unknown };
  const isArg = (a: unknown): boolean => typeof a === 'object' && a !== null && (a as { k?: unknown }).k === 'local' && (a as { name?: unknown }).name === name;
  if (node.k === 'call' && Array.isArray(node.args) && node.args.some(isArg)) return true;
  if (node.k === 'builtin' && typeof node.name === 'string' && HOLDER_READS.has(node.name) && Array.isArray(node.args) && isArg(node.args[0])) return true;
  for (const key in node) if (key !== 'at' && readsHolder((node as Record<string, unknown>)[key], name)) return true;
  return false;
}

function isScalar(v: Json | undefined): v is number | string | boolean | null {
  return v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
}

/** One generated function being written (see the file's comment). */
export class Gen {
  readonly K: unknown[] = [];
  private readonly kIndex = new Map<unknown, number>();
  readonly t = new Names('t');
  lines: Code[] = [];
  /** The helpers used, in the order of their generated names (`h0`, `h1`, …). */
  readonly helpers: unknown[] = [];
  readonly helperNames = new Names('h');
  private readonly helperCode = new Map<RuntimeName, Code>();

  /**
   * What is known of a temporary's value where it was computed: its JavaScript type (a literal, a
   * comparison, a sum), so that checks which cannot fail are left out; `defined`: only that it is
   * not undefined (a binder's value once checked, a loop's item), so its unbound check is left out.
   */
  private known = new Map<string, Kind>();
  /** Binders bound by this function's own code: name → the temporary holding the value. */
  private bound = new Map<string, Code>();
  /**
   * Items whose holder id may be known (by the item's temporary): a test true at run time when it
   * is (a loop's ids are null when its list is no known list), and the id then. Temporaries are
   * never reused, so an entry stays true wherever the temporary is in scope.
   */
  private readonly itemIds = new Map<string, { known: Code; id: Code }>();
  /**
   * Temporaries handed to code that may look a holder up by its text, and how many nodes were left
   * to closures or made lambdas (they read binders themselves): see `noteFor`.
   */
  private readonly handedOut = new Set<string>();
  private opaque = 0;
  /**
   * Lists whose items' holder ids were found with them (neighboursById), by the list's temporary:
   * the ids (null at run time: none; undefined: not looked for yet, see holderIdsOf).
   */
  private readonly listIds = new Map<string, Code>();
  /** Loop lists that are a holder's items of which only `owner`'s are visited (ownedItems), by the list's temporary. */
  private readonly owned = new Map<string, { owner: Code; count: Code }>();

  /**
   * In a body written out in place of a call (`inlined`): its slots, each a temporary of its own
   * (made when first used), instead of the elements of `S`; null elsewhere.
   */
  private virt: Code[] | null = null;
  /** The functions being written out, outermost first, and how many nodes were written out so far. */
  private readonly inlining: string[] = [];
  /**
   * The last chain of calls written out (`chainHead`): the lines it is in, the index of its checks'
   * line, the calls' places, and the line count just after its last call's start (a call made when
   * nothing was written since joins the chain).
   */
  private chain: { lines: Code[]; first: number; ats: Loc[]; end: number } | null = null;
  private inlinedNodes = 0;

  constructor(public env: CompileEnv) {}

  /** Slot `i` of the function being generated: `S[i]`, or in a body written out here its temporary. */
  private slot(i: number): Code {
    const v = this.virt;
    if (v === null) return _`S[${int(i)}]`;
    return (v[i] ??= this.tmp());
  }

  /** `c` is known to hold a value of this kind. */
  mark(c: Code, kind: Kind): Code {
    this.known.set(c.src, kind);
    return c;
  }

  is(c: Code, kind: Kind): boolean {
    const k = this.known.get(c.src);
    if (k === undefined) return false;
    return k === kind || kind === 'defined' || (kind === 'json' && k !== 'defined');
  }

  /** Generates `f` with `name` bound to the temporary `value` (the binder's value in this scope). */
  binding<T>(name: string, value: Code, f: () => T): T {
    const saved = this.bound;
    this.bound = new Map(saved).set(name, value);
    try {
      return f();
    } finally {
      this.bound = saved;
    }
  }

  /** A constant passed to the generated code (the same value always has the same index). */
  k(v: unknown): Code {
    let i = this.kIndex.get(v);
    if (i === undefined) {
      i = this.K.length;
      this.K.push(v);
      this.kIndex.set(v, i);
    }
    return _`K[${int(i)}]`;
  }

  /** A helper of runtime.ts, by its generated name in this function. */
  h(name: RuntimeName): Code {
    let c = this.helperCode.get(name);
    if (c === undefined) {
      c = this.helperNames.next();
      this.helperCode.set(name, c);
      this.helpers.push(RUNTIME[name]);
    }
    return c;
  }

  tmp(): Code {
    return this.t.next();
  }

  emit(c: Code): void {
    this.lines.push(c);
  }

  /** `throw` a rule error with a message known now. */
  fail(message: string, at: Loc): Code {
    return _`${this.h('err')}(${this.k(message)}, ${this.k(at)})`;
  }

  bool(x: Code, at: Loc): void {
    if (this.is(x, 'boolean')) return;
    this.emit(_`if (typeof ${x} !== "boolean") ${this.h('notBool')}(${x}, ${this.k(at)});`);
  }

  number(x: Code, at: Loc): void {
    if (this.is(x, 'number')) return;
    this.emit(_`if (typeof ${x} !== "number") ${this.h('notNumber')}(${x}, ${this.k(at)});`);
  }

  spend(n: Code, at: Loc): void {
    this.emit(_`if ((ctx.steps += ${n}) > ${int(LIMITS.evalSteps)}) ${this.fail(msg.evalLimit(LIMITS.evalSteps), at)};`);
  }

  /** Assigns `value` to a fresh temporary and returns it. */
  let(value: Code): Code {
    const t = this.tmp();
    this.emit(_`${t} = ${value};`);
    return t;
  }

  /** The closure compiler's code for `e`, called from here. */
  fallback(e: Expr): Code {
    // A closure reads the slots array: a body written out in place is called instead.
    if (this.virt !== null) throw NOT_INLINE;
    genStats.fallbacks++;
    this.opaque++;
    return this.let(_`${this.k(compileClosure(e, this.env))}(ctx)`);
  }

  /** Source computing `e` into a temporary (or a literal); statements are emitted before. */
  expr(e: Expr): Code {
    switch (e.k) {
      case 'lit':
        if (typeof e.v === 'number') return this.mark(lit(e.v), 'number');
        if (typeof e.v === 'boolean') return this.mark(lit(e.v), 'boolean');
        return this.mark(isScalar(e.v) ? lit(e.v) : this.k(e.v), 'json');
      case 'local':
        return this.local(e.name, e.at);
      case 'param': {
        if (!own(this.env.ir.params, e.name)) return this.fallback(e);
        const name = lit(e.name);
        const p = this.let(_`ctx.s.params`);
        const v = this.let(this.own(p, e.name));
        this.emit(_`if (${v} === undefined) ${v} = ${this.h('evaluateParam')}(ctx, ${name}, ${this.k(e.at)});`);
        return this.mark(v, 'json');
      }
      case 'var':
        return this.varRead(e);
      case 'bin':
        return this.binary(e);
      case 'un': {
        const x = this.expr(e.x);
        if (e.op === 'not') {
          this.bool(x, e.at);
          return this.mark(this.let(_`!${x}`), 'boolean');
        }
        this.number(x, e.at);
        return this.mark(this.let(_`0 - ${x}`), 'number');
      }
      case 'if': {
        const c = this.expr(e.c);
        this.bool(c, e.at);
        const t = this.tmp();
        this.emit(_`if (${c}) {`);
        this.emit(_`${t} = ${this.expr(e.then)};`);
        this.emit(_`} else {`);
        this.emit(_`${t} = ${this.expr(e.else)};`);
        this.emit(_`}`);
        return t;
      }
      case 'match':
        return this.match(e);
      case 'list': {
        const items = e.items.map((i) => this.json(this.expr(i), e.at));
        return this.mark(this.let(_`[${join(items, _`, `)}]`), 'json');
      }
      case 'record': {
        const fields = Object.entries(e.fields).map(([k, v]) => [k, this.json(this.expr(v), e.at)] as const);
        const out = this.let(_`{}`);
        for (const [k, v] of fields) this.emit(_`${out}[${lit(k)}] = ${v};`);
        return this.mark(out, 'json');
      }
      case 'comp':
        return this.fold(e, 'list', null);
      case 'quant':
        return this.quant(e);
      case 'field':
        return this.field(e);
      case 'index': {
        const o = this.expr(e.obj);
        const i = this.expr(e.index);
        return this.let(_`${this.h('index')}(${o}, ${i}, ${this.k(e.at)})`);
      }
      case 'call':
        return this.call(e);
      case 'builtin':
        return this.builtin(e);
      case 'let':
        return this.letIn(e);
      case 'lambda':
        return this.lambda(e);
      case 'zone':
      case 'place':
      case 'board': {
        const v = holderConstant(e, this.env);
        // A place is a number (place-values.ts): written as one.
        if (typeof v === 'number') return this.mark(lit(v), 'json');
        if (v !== null) return this.mark(this.k(v), 'json');
        // Of an owner, or a zone per key: the closure engine's own mapping from the owner's (key's) value.
        const of = holderOfValue(e, this.env);
        if (of === null) return this.fallback(e);
        const x = this.expr(of.from);
        return this.mark(this.let(_`${this.k(of.of)}(ctx, ${x})`), 'json');
      }
      default:
        return this.fallback(e);
    }
  }

  /**
   * A lambda of one or two parameters, as compileLambda makes it: a LambdaValue whose calls run the
   * body (generated here, as a nested function) in the slots and locals it was made in (this
   * function's S and L), with the parameters bound there and given back after.
   *
   * `kept`: the lambda is an argument of a builtin, which calls it before it returns and returns
   * JSON only, so its value cannot be compared or kept (slot-reuse.ts): the value made last is
   * used again while the context, slots and locals it was made in are the same ones (a loop's
   * every turn, and every call of a function whose slots are reused), instead of a new function
   * value at each evaluation.
   */
  lambda(e: Extract<Expr, { k: 'lambda' }>, kept = false): Code {
    // It runs in the slots it was made in: a body written out in place is called instead.
    if (this.virt !== null) throw NOT_INLINE;
    // Of other arities: the closure interpreter's lambda.
    if (e.params.length !== 1 && e.params.length !== 2) return this.fallback(e);
    this.opaque++;
    const locals = this.env.locals;
    const saved = e.params.map((p) => locals.get(p));
    for (const p of e.params) locals.set(p, { t: 'any' });
    const outer = { lines: this.lines, known: this.known, bound: this.bound };
    const first = this.t.count();
    const args = e.params.map(() => this.tmp());
    this.lines = [];
    this.known = new Map();
    // The body sees only its own parameters as temporaries: it may run after the binders around
    // it have ended, and must then read what the closure interpreter reads.
    this.bound = new Map();
    const binders = e.params.map((p) => binderOf(this.env, p));
    // Each parameter's earlier value read just before it is bound, in order, as call1/call2 do.
    const prevs = binders.map((b, i) => {
      const prev = this.binderGet(b);
      this.emit(this.binderSet(b, args[i]));
      return prev;
    });
    const value = this.binding2(e.params, args, () => this.expr(e.body));
    const placeKeys = mayHoldPlace(inferType(e.body, this.env)) ? _`true` : _`false`;
    for (let i = binders.length - 1; i >= 0; i--) this.emit(_`if (${prevs[i]} !== undefined) ${this.binderSet(binders[i], prevs[i])}`);
    const body = this.lines;
    const temps = this.t.from(first + args.length);
    Object.assign(this, outer);
    e.params.forEach((p, i) => {
      const t = saved[i];
      if (t === undefined) locals.delete(p);
      else locals.set(p, t);
    });
    const f = this.tmp();
    const outerSlots = this.tmp();
    const outerLocals = this.tmp();
    const result = this.tmp();
    const out = this.tmp();
    const last = kept ? this.k({ ctx: null, S: null, L: null, v: null }) : null;
    if (last !== null) this.emit(_`if (${last}.ctx === ctx && ${last}.S === S && ${last}.L === L) ${out} = ${last}.v; else {`);
    // Declared inside the nested function: a call of the lambda never disturbs this function's temporaries.
    this.emit(_`${f} = (${join(args, _`, `)}) => {
let ${join([outerSlots, outerLocals, result, ...temps], _`, `)};
${outerSlots} = ctx.slots; ${outerLocals} = ctx.locals; ctx.slots = S; ctx.locals = L;
${join(body, _`
`)}
${result} = ${value};
ctx.slots = ${outerSlots}; ctx.locals = ${outerLocals};
return ${result};
};`);
    const LV = this.h('LambdaValue');
    const always = alwaysTrue(e.body, binders) ? _`true` : _`false`;
    if (args.length === 1) this.emit(_`${out} = new ${LV}(1, (args) => ${f}(args[0]), ${f}, ${f}, ${always}, ${placeKeys});`);
    else this.emit(_`${out} = new ${LV}(2, (args) => ${f}(args[0], args[1]), (a) => ${f}(a, undefined), ${f}, ${always}, ${placeKeys});`);
    if (last !== null) this.emit(_`${last}.ctx = ctx; ${last}.S = S; ${last}.L = L; ${last}.v = ${out};
}`);
    return out;
  }

  /** Generates `f` with each name of `names` bound to the temporary of the same index. */
  binding2<T>(names: string[], values: Code[], f: () => T): T {
    if (names.length === 0) return f();
    return this.binding(names[0], values[0], () => this.binding2(names.slice(1), values.slice(1), f));
  }

  /** `asJson(x)`: a function value cannot be kept in a list, record or key. */
  json(x: Code, at: Loc): Code {
    if (this.is(x, 'json')) return x;
    return this.let(_`${this.h('asJson')}(${x}, ${this.k(at)})`);
  }

  local(name: string, at: Loc): Code {
    const slot = binderOf(this.env, name).slot;
    const unbound = this.fail(msg.unboundLocal(name), at);
    const value = this.bound.get(name);
    if (value !== undefined) {
      // Bound by this function's own code: nothing between can change it (whatever binds the name
      // meanwhile gives it back), so the binder's temporary is its value.
      if (!this.is(value, 'defined')) this.emit(_`if (${value} === undefined) ${unbound};`);
      return value;
    }
    // A fresh temporary, checked where it is made: wherever it is read it was checked (a binder's
    // temporary read again, by a body written out in place, needs no second check).
    if (slot >= 0) {
      const v = this.let(this.slot(slot));
      this.emit(_`if (${v} === undefined) ${unbound};`);
      return this.mark(v, 'defined');
    }
    const key = lit(name);
    if (name in Object.prototype) {
      this.emit(_`if (!Object.hasOwn(L, ${key})) ${unbound};`);
      return this.let(_`L[${key}]`);
    }
    const v = this.let(_`L[${key}]`);
    this.emit(_`if (${v} === undefined) ${unbound};`);
    return this.mark(v, 'defined');
  }

  // Binders (binder.ts): a slot of the call, else a named local of the frame.
  binderGet(b: Binder): Code {
    if (b.slot >= 0) return this.let(this.slot(b.slot));
    return this.let(this.own(_`L`, b.name));
  }

  /**
   * `o[name]` when it is an own property of `o` (a JSON record: locals, parameters), else
   * undefined. A JSON value is never undefined, so the read alone tells, unless Object.prototype
   * has the name too (`constructor`, `__proto__`): only then Object.hasOwn's call (about 5 ns).
   */
  own(o: Code, name: string): Code {
    const key = lit(name);
    return name in Object.prototype ? _`(Object.hasOwn(${o}, ${key}) ? ${o}[${key}] : undefined)` : _`${o}[${key}]`;
  }

  binderSet(b: Binder, v: Code): Code {
    if (b.slot >= 0) return _`${this.slot(b.slot)} = ${v};`;
    if (b.name === '__proto__') return _`${this.h('setLocal')}(L, ${lit(b.name)}, ${v});`;
    return _`L[${lit(b.name)}] = ${v};`;
  }

  varRead(e: Extract<Expr, { k: 'var' }>): Code {
    const decl = own(this.env.ir.vars, e.name);
    if (!decl || decl.keys.length !== e.keys.length || e.keys.length > 2) return this.fallback(e);
    const name = lit(e.name);
    if (e.keys.length === 0) return this.mark(this.let(_`ctx.s.vars[${name}]`), 'json');
    const layout = tableLayout(this.env.ir, decl);
    if (layout) {
      // As compileVarRead: a key outside its domain reads the init value.
      const { i } = this.rowIndex(layout, e.keys, e.at, decl.keys);
      return this.mark(this.let(_`${i} < 0 ? ctx.s.inits[${name}] : ctx.s.vars[${name}][${i}]`), 'json');
    }
    const key = this.rowKey(e.keys, e.at, decl.keys);
    const table = this.let(_`ctx.s.vars[${name}]`);
    return this.mark(this.let(_`Object.hasOwn(${table}, ${key}) ? ${table}[${key}] : ctx.s.inits[${name}]`), 'json');
  }

  /**
   * An array table's row index from its one or two key expressions, as compileRowIndex finds it
   * (-1: a key outside its domain), with the keys' values (for the error of a write).
   */
  rowIndex(layout: TableLayout, keys: Expr[], at: Loc, declKeys: readonly KeyIR[]): { i: Code; a: Code; b: Code | null } {
    const key = (i: number): Code => this.keyExpr(keys, i, declKeys);
    if (keys.length === 1) {
      // The key found first; asJson's check (a function value is no key) only when it is none.
      const a = key(0);
      const json = this.is(a, 'json') ? _`-1` : _`(${this.h('asJson')}(${a}, ${this.k(at)}), -1)`;
      const d = layout.keys[0];
      // A whole number below the player count: `>>> 0` keeps exactly those numbers, and no other
      // value; `typeof` first, since `>>>` would convert a record or list (a hand-made IR's key),
      // which throws for a record whose `valueOf` and `toString` fields are not functions.
      if (d.kind === 'player') {
        const number = this.is(a, 'number') ? _`` : _`typeof ${a} === "number" && `;
        return { i: this.let(_`${number}${a} >>> 0 === ${a} && ${a} < ctx.s.numPlayers ? ${a} : ${json}`), a, b: null };
      }
      if (d.kind === 'place') {
        // placeKeyId written out: `-1 - a` only of a number (it would convert a record, see above).
        const number = this.is(a, 'number') ? _`` : _`typeof ${a} === "number" && `;
        const id = this.tmp();
        const i = this.let(_`${number}(${id} = -1 - ${a}) >>> 0 === ${id} && ${id} < ${int(d.count)} ? ${id} : -1`);
        if (!this.is(a, 'json')) this.emit(_`if (${i} < 0) ${this.h('asJson')}(${a}, ${this.k(at)});`);
        return { i, a, b: null };
      }
      const i = d.kind === 'bool' ? this.let(_`${a} === false ? 0 : ${a} === true ? 1 : -1`) : this.let(this.enumId(d, a));
      if (!this.is(a, 'json')) this.emit(_`if (${i} < 0) ${this.h('asJson')}(${a}, ${this.k(at)});`);
      return { i, a, b: null };
    }
    const a = this.json(key(0), at);
    const b = this.json(key(1), at);
    return { i: this.let(_`${this.h('rowIndex')}(${this.k(layout)}, ctx.s.numPlayers, ${a}, ${b})`), a, b };
  }

  /**
   * keyId of `a` in an enum's domain: for a few values, a chain of comparisons with the ids
   * table-keys.ts gave them (`===` on texts is the Map's lookup: the same text, the same id;
   * anything else -1), instead of a call and a hash lookup per read (`holder[s]` in a loop).
   */
  enumId(d: Extract<TableLayout['keys'][number], { kind: 'enum' }>, a: Code): Code {
    if (d.ids.size === 0 || d.ids.size > ENUM_CHAIN) return _`${this.h('keyId')}(${this.k(d)}, ${a}, ctx.s.numPlayers)`;
    let chain = _`-1`;
    for (const [v, id] of [...d.ids].reverse()) chain = _`${a} === ${lit(v)} ? ${int(id)} : ${chain}`;
    return chain;
  }

  /** Key `i` of a table access, as compileKeyExprs reads it (place-values.ts `keyConversion`: a place and its text key the same row). */
  keyExpr(keys: Expr[], i: number, declKeys: readonly KeyIR[]): Code {
    const x = this.expr(keys[i]);
    const convert = keyConversion(declKeys, i, inferType(keys[i], this.env));
    return convert === null ? x : this.let(_`${this.k(convert)}(ctx.g.boards, ${x})`);
  }

  /** A table row's key text from one or two key expressions, as compileKeys makes it. */
  rowKey(keys: Expr[], at: Loc, declKeys: readonly KeyIR[]): Code {
    const key = (i: number): Code => this.keyExpr(keys, i, declKeys);
    if (keys.length === 1) return this.let(_`${this.h('keyPart')}(${this.json(key(0), at)})`);
    // The first key's text is made only when it is no seat (runtime.ts: seatKey; keyPart cannot fail).
    const a = this.json(key(0), at);
    const memo = this.k(rowMemo());
    const second = keys[1];
    if (second.k === 'lit' && typeof second.v === 'string') return this.let(_`${this.h('seatKeyFixed')}(${memo}, ${a}, ${lit(second.v)})`);
    const b = this.let(_`${this.h('keyPart')}(${this.json(key(1), at)})`);
    return this.let(_`${this.h('seatKey')}(${memo}, ${a}, ${b})`);
  }

  binary(e: Extract<Expr, { k: 'bin' }>): Code {
    const { op, at } = e;
    if (op === 'in' && e.b.k === 'comp') return this.fold(e.b, 'in', e.a);
    const ta = inferType(e.a, this.env);
    const tb = inferType(e.b, this.env);
    if (op === '==' || op === '!=') {
      const not = op === '!=' ? _`!` : _``;
      const la = e.a.k === 'lit' ? e.a.v : undefined;
      const lb = e.b.k === 'lit' ? e.b.v : undefined;
      // Where the types may meet a place and a text, a place equals its text (values.ts `equal`).
      const places = mayMeetPlaceText(ta, tb);
      if (isScalar(lb) && !(places && mayNamePlace(lb))) return this.mark(this.let(_`${not}(${this.expr(e.a)} === ${lit(lb)})`), 'boolean');
      if (isScalar(la) && !(places && mayNamePlace(la))) return this.mark(this.let(_`${not}(${this.expr(e.b)} === ${lit(la)})`), 'boolean');
      const x = this.expr(e.a);
      const y = this.expr(e.b);
      if (places) return this.mark(this.let(_`${not}(${x} === ${y} || ${this.h('equal')}(${x}, ${y}, ctx.g.boards))`), 'boolean');
      return this.mark(this.let(_`${not}(${x} === ${y} || (typeof ${x} === "object" && typeof ${y} === "object" && ${this.h('equal')}(${x}, ${y})))`), 'boolean');
    }
    const K = this.k(at);
    switch (op) {
      case '+': {
        const join = textJoin(this.env.g, e.a, e.b, ta, tb, (x) => inferType(x, this.env));
        if (join !== null) {
          const x = this.expr(join.a.e);
          const y = this.expr(join.b.e);
          return this.mark(this.let(_`${this.h('madeText')}(${this.joined(x, join.a)} + ${this.joined(y, join.b)}, ${K})`), 'json');
        }
        const x = this.expr(e.a);
        const y = this.expr(e.b);
        if (this.is(x, 'number') && this.is(y, 'number')) return this.mark(this.let(_`${this.h('num')}(${x} + ${y}, ${K})`), 'number');
        return this.let(
          _`typeof ${x} === "number" && typeof ${y} === "number" ? ${this.h('num')}(${x} + ${y}, ${K}) : ${this.h('plus')}(ctx, ${x}, ${y}, ${this.k(ta)}, ${this.k(tb)}, ${K})`,
        );
      }
      case '-':
      case '*':
      case '/':
      case '%': {
        const x = this.expr(e.a);
        this.number(x, at);
        const y = this.expr(e.b);
        this.number(y, at);
        // Floored modulo, as compile-binary.ts.
        const value = op === '-' ? _`${x} - ${y}` : op === '*' ? _`${x} * ${y}` : op === '/' ? _`${x} / ${y}` : _`((${x} % ${y}) + ${y}) % ${y}`;
        return this.mark(this.let(_`${this.h('num')}(${value}, ${K})`), 'number');
      }
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const x = this.expr(e.a);
        const y = this.expr(e.b);
        const cmp = op === '<' ? _`<` : op === '<=' ? _`<=` : op === '>' ? _`>` : _`>=`;
        if (this.is(x, 'number') && this.is(y, 'number')) return this.mark(this.let(_`${x} ${cmp} ${y}`), 'boolean');
        const numbers = this.is(x, 'number') ? _`typeof ${y} === "number"` : this.is(y, 'number') ? _`typeof ${x} === "number"` : _`typeof ${x} === "number" && typeof ${y} === "number"`;
        // Two negative numbers may be places (place-values.ts), ordered by `order` unless a side is typed number.
        const plain = numericOrder(ta, tb) ? numbers : _`${numbers} && (${x} >= 0 || ${y} >= 0)`;
        return this.mark(this.let(_`${plain} ? ${x} ${cmp} ${y} : ${this.h('order')}(ctx, ${x}, ${y}, ${K}) ${cmp} 0`), 'boolean');
      }
      case 'and':
      case 'or': {
        const x = this.expr(e.a);
        this.bool(x, at);
        const t = this.let(x);
        this.emit(op === 'and' ? _`if (${t}) {` : _`if (!${t}) {`);
        const y = this.expr(e.b);
        this.bool(y, at);
        this.emit(_`${t} = ${y};`);
        this.emit(_`}`);
        return this.mark(t, 'boolean');
      }
      case 'in': {
        const x = this.expr(e.a);
        const y = this.expr(e.b);
        this.handOut([y]);
        const places = mayMeetPlaceText(ta, tb);
        const scan = places ? _`${this.h('hasValue')}(${this.h('iterable')}(ctx, ${y}, ${K}), ${x}, ctx.g.boards)` : _`${this.h('indexOfValue')}(${this.h('iterable')}(ctx, ${y}, ${K}), ${x}) >= 0`;
        const members = this.placeMembersOf(e.b);
        if (members === null) return this.mark(this.let(scan), 'boolean');
        // A fixed list of places: a number is in it when it is one of its places' values, a text
        // when it is one of their texts and may be compared with a place (`hasValue` given the boards);
        // any other value is looked for as before.
        const texts = places ? _`${this.k(members.texts)}.has(${x})` : _`false`;
        const t = this.let(_`typeof ${x} === "number" ? ${x} < 0 && ${this.k(members.byId)}[-1 - ${x}] === 1 : typeof ${x} === "string" ? ${texts} : ${scan}`);
        return this.mark(t, 'boolean');
      }
      default:
        return this.fallback(e);
    }
  }

  /** The places of a board fixed at load that `coll` names (a membership test reads them by id), else null. */
  private placeMembersOf(coll: Expr): PlaceMembers | null {
    if (coll.k !== 'board') return null;
    const list = holderConstant(coll, this.env);
    return Array.isArray(list) ? placeMembers(this.env.g.boards, list) : null;
  }

  match(e: Extract<Expr, { k: 'match' }>): Code {
    const scalar = (k: Expr | undefined): boolean => k === undefined || (k.k === 'lit' && isScalar(k.v));
    if (!e.cases.every((c) => scalar(c.key)) || matchesPlaceText(e, this.env)) return this.fallback(e);
    const v = this.expr(e.subject);
    const t = this.tmp();
    let open = 0;
    let closed = false;
    for (const c of e.cases) {
      if (c.key === undefined) {
        this.emit(_`${t} = ${this.expr(c.value)};`);
        closed = true;
        break;
      }
      this.emit(_`if (${v} === ${lit((c.key as Extract<Expr, { k: 'lit' }>).v)}) {`);
      this.emit(_`${t} = ${this.expr(c.value)};`);
      this.emit(_`} else {`);
      open++;
    }
    if (!closed) this.emit(_`${this.h('noMatch')}(ctx, ${v}, ${this.k(e.at)});`);
    for (let i = 0; i < open; i++) this.emit(_`}`);
    return t;
  }

  field(e: Extract<Expr, { k: 'field' }>): Code {
    const o = this.expr(e.obj);
    const read = this.k(fieldReader(e.name));
    const at = this.k(e.at);
    if (e.name in Object.prototype) return this.mark(this.let(_`${read}(ctx, ${o}, ${at})`), 'json');
    // A piece's attribute inline (the most read field); anything else through the reader.
    const t = this.let(_`undefined`);
    const p = this.tmp();
    // A place is a number below 0 (place-values.ts): never read as an array index (a named lookup).
    // Only where the object may be a place by its static type (a piece's attribute read stays one test).
    const ofPlace = mayHoldPlace(inferType(e.obj, this.env)) ? placeFieldById(this.env.g.boards, e.name) : null;
    if (ofPlace === null) this.emit(_`if (typeof ${o} === "number" && ${o} >= 0) { ${p} = ctx.s.pieces[${o}]; if (${p} !== undefined) ${t} = ${p}.attrs[${lit(e.name)}]; }`);
    // A field places have: a place's by its id (fields.ts reads the same value through a map).
    else this.emit(_`if (typeof ${o} === "number") { if (${o} >= 0) { ${p} = ctx.s.pieces[${o}]; if (${p} !== undefined) ${t} = ${p}.attrs[${lit(e.name)}]; } else ${t} = ${this.k(ofPlace)}[-1 - ${o}]; }`);
    this.emit(_`if (${t} === undefined) ${t} = ${read}(ctx, ${o}, ${at});`);
    // A field's value is JSON: an attribute, a place's fact, a record's field.
    return this.mark(t, 'json');
  }

  /**
   * `len` of a call of a function whose body is a comprehension of its binder: the call counts the
   * items instead of making the list (gen-fn.ts, `countBody`); null for any other call.
   */
  countCall(e: Expr): Code | null {
    if (e.k !== 'call') return null;
    const count = countBody(e, this.env);
    return count === null ? null : this.mark(this.call(e, count), 'number');
  }

  /** A call of a user function; `run`, when given, runs instead of its body (a count). */
  call(e: Extract<Expr, { k: 'call' }>, run?: CompiledExpr): Code {
    const fn = this.env.g.fns.get(e.fn);
    if (!fn || fn.params.length !== e.args.length) return this.fallback(e);
    const at = e.at;
    const args = e.args.map((a) => this.expr(a));
    // A small callee's body written out here (for a count, `len` of a foldable function's call: its fold).
    const v = this.inlined(e, fn, args, run !== undefined);
    if (v !== null) return v;
    this.handOut(args);
    const F = this.k(fn);
    const u = _`undefined`;
    let slots: Code;
    if (fn.reuse) {
      // The function's spare array (slot-reuse.ts), taken once every argument is evaluated; taken
      // and given back inline (as helper calls they cost the card race 8 % of its playouts).
      slots = this.let(_`${F}.spare`);
      this.emit(_`if (${slots} === null) ${slots} = ${this.h('takeSlots')}(${F}); else ${F}.spare = null;`);
      args.forEach((a, i) => this.emit(_`${slots}[${int(i)}] = ${a};`));
    } else {
      slots = this.let(_`${this.h('slotsOf')}(${F}.slots, ${args[0] ?? u}, ${args[1] ?? u}, ${args[2] ?? u})`);
      for (let i = 3; i < args.length; i++) this.emit(_`${slots}[${int(i)}] = ${args[i]};`);
    }
    this.emit(_`if (ctx.depth >= ${int(LIMITS.callDepth)}) ${this.fail(msg.depthLimit(LIMITS.callDepth), at)};`);
    this.spend(_`1`, at);
    const body = this.let(_`${F}.body`);
    this.emit(_`if (${body} === null) ${this.fail(msg.unknown('function', e.fn), at)};`);
    const saved = this.let(_`ctx.slots`);
    const t = this.tmp();
    const runs = run === undefined ? body : this.k(run);
    this.emit(_`ctx.slots = ${slots}; ctx.depth++; ${t} = ${runs}(ctx); ctx.depth--; ctx.slots = ${saved};`);
    if (fn.reuse) {
      const i = this.tmp();
      this.emit(_`for (${i} = 0; ${i} < ${slots}.length; ${i}++) ${slots}[${i}] = undefined;
${F}.spare = ${slots};`);
    }
    return t;
  }

  /**
   * A call written out in place (README "Generated code", inlined calls): the callee's body
   * generated here, its parameters and binders in temporaries of this function instead of a slots
   * array, when the callee is small and on no cycle of calls (gen-inline.ts). What the call does
   * around its body is kept, in its order, so that every error is the same at the same place: the
   * depth check, the budget step, and the depth counted while the body runs (the unknown-body
   * check cannot fail once the load is done: see below). The body's own checks are its own (at
   * its `at`s). A body that needs its slots array (a closure fallback, a lambda) is not written
   * out: null, and the call is made. `count`: the call is `len` of a call of a foldable function
   * (gen-fn.ts `countBody`), whose body is counted.
   */
  private inlined(e: Extract<Expr, { k: 'call' }>, fn: FnEntry, args: Code[], count: boolean): Code | null {
    const decl = own(this.env.ir.fns, e.fn);
    if (count && decl?.body.k !== 'comp') return null;
    const size = decl ? inlineSize(this.env.ir, e.fn) : null;
    if (!decl || size === null || this.inlining.includes(e.fn) || this.inlining.length >= INLINE_DEPTH || this.inlinedNodes + size > INLINE_TOTAL) return null;
    // Counted for the load when tried (a body dropped is tried once: needsSlots).
    if (!mayWrite(this.env.g, size)) return null;
    const saved = { env: this.env, virt: this.virt, bound: this.bound, lines: this.lines.length, nodes: this.inlinedNodes };
    const at = e.at;
    // The call's depth check and budget step, and the depth counted (see `chainHead`). No
    // unknown-body check: load.ts sets every function's body before any rule code runs (the call's
    // check can fail only while a load compiles, when no generated code runs).
    const before = this.chain;
    const joined = before !== null && before.lines === this.lines && before.end === this.lines.length ? before : null;
    const undo = joined === null ? null : { calls: joined.ats.length, head: this.lines[joined.first] };
    const chain = joined ?? { lines: this.lines, first: this.lines.length, ats: [], end: 0 };
    if (joined === null) this.emit(_``);
    chain.ats.push(at);
    this.lines[chain.first] = this.chainHead(chain.ats);
    this.chain = chain;
    // The body's slots: its parameters' values, and nothing else bound yet (a fresh array's).
    const virt = decl.params.map(() => this.tmp());
    const start = this.lines.length;
    this.emit(_``);
    chain.end = this.lines.length;
    this.env = {
      ...saved.env,
      locals: new Map(decl.params.map((p) => [p.name, p.type])),
      slots: { names: new Map(decl.params.map((p, i) => [p.name, i])), count: decl.params.length },
    };
    this.virt = virt;
    // The parameters read as the arguments' temporaries (never assigned again while the body
    // runs): what is known of them stays known, a loop item's holder id too (itemsById).
    this.bound = new Map(decl.params.map((p, i) => [p.name, args[i]]));
    this.inlining.push(e.fn);
    this.inlinedNodes += size;
    let value: Code;
    try {
      value = count && decl.body.k === 'comp' ? this.fold(decl.body, 'count', null) : this.expr(decl.body);
    } catch (x) {
      if (x !== NOT_INLINE) throw x;
      genStats.notInlined++;
      needsSlots(saved.env.ir, e.fn);
      this.lines.length = saved.lines;
      this.inlinedNodes = saved.nodes;
      // The chain as it was: without this call, or none.
      if (undo !== null && joined !== null) {
        joined.ats.length = undo.calls;
        this.lines[joined.first] = undo.head;
        joined.end = saved.lines;
      }
      this.chain = before;
      return null;
    } finally {
      this.env = saved.env;
      this.virt = saved.virt;
      this.bound = saved.bound;
      this.inlining.pop();
    }
    const sets: Code[] = [];
    for (let i = 0; i < virt.length; i++) {
      const t = virt[i] as Code | undefined;
      if (t !== undefined) sets.push(i < args.length ? _`${t} = ${args[i]};` : _`${t} = undefined;`);
    }
    this.lines[start] = join(sets, _` `);
    const out = this.tmp();
    this.emit(_`${out} = ${value}; ctx.depth--;`);
    const kind = this.known.get(value.src);
    if (kind !== undefined) this.mark(out, kind);
    genStats.inlined++;
    return out;
  }

  /**
   * The checks of a chain of calls written out, each the first thing of the body before it
   * (`f(x) = g(x) + 1`, `g(x) = h(x) …`): at each call (`ats`, outermost first) the depth check,
   * the budget step and the depth counted, in that order. When none of them can fail (the depth
   * and the steps far enough from their limits) they are one test and two additions; else the
   * exact sequence, which then fails at the same call with the same message.
   */
  private chainHead(ats: Loc[]): Code {
    const one = (at: Loc): Code =>
      _`if (ctx.depth >= ${int(LIMITS.callDepth)}) ${this.fail(msg.depthLimit(LIMITS.callDepth), at)}; if ((ctx.steps += 1) > ${int(LIMITS.evalSteps)}) ${this.fail(msg.evalLimit(LIMITS.evalSteps), at)}; ctx.depth++;`;
    if (ats.length === 1) return one(ats[0]);
    const n = ats.length;
    return _`if (ctx.depth <= ${int(LIMITS.callDepth - n)} && ctx.steps <= ${int(LIMITS.evalSteps - n)}) { ctx.steps += ${int(n)}; ctx.depth += ${int(n)}; } else { ${join(ats.map(one), _` `)} }`;
  }

  /** A side of a text join as display.ts's `joined` shows it, from the value of its `e`. */
  joined(x: Code, side: JoinSide): Code {
    const part = side.part;
    if (typeof part === 'string') return lit(part);
    if (part === PLAIN) return x;
    const display = this.h('display');
    if (part === STR_NUMBER || part === STR_PLAYER) {
      // As str then display would show it, when the value is no number (or no seat).
      const shown = _`${display}(ctx.g, ctx.s, ${display}(ctx.g, ctx.s, ${x}, ${this.k(side.arg)}), ${this.k(side.t)})`;
      if (part === STR_NUMBER) return _`(typeof ${x} === "number" ? "" + ${x} : ${shown})`;
      return _`(${this.h('isSeatNumber')}(${x}) ? ${this.h('playerName')}(${x}) : ${shown})`;
    }
    const shown = _`${display}(ctx.g, ctx.s, ${x}, ${this.k(side.t)})`;
    return part === NUMBER ? _`(typeof ${x} === "number" ? "" + ${x} : ${shown})` : shown;
  }

  builtin(e: Extract<Expr, { k: 'builtin' }>): Code {
    const def = findBuiltin(e.name);
    if (!def || def.arity !== e.args.length) return this.fallback(e);
    const line = e.name === 'lineThrough' ? lineThrough(this, e) : null;
    if (line !== null) return line;
    const near = e.name === 'neighbours' && !def.typed && def.run1 ? this.neighboursById(e.args[0], def.run1, e.at) : null;
    if (near !== null) return near;
    const byId = this.holderById(e);
    if (byId !== null) return byId;
    const fused = FUSED[e.name];
    const plain = e.args.length < 2 || ['lit', 'local', 'param'].includes(e.args[1].k);
    if (fused !== undefined && e.args[0].k === 'comp' && plain) {
      return this.fold(e.args[0], fused, e.name === 'contains' ? e.args[1] : null);
    }
    const counted = e.name === 'len' ? this.countCall(e.args[0]) : null;
    if (counted !== null) return counted;
    const read = PIECE_READS[e.name];
    if (read !== undefined && !def.typed && def.run1) return this.pieceRead(e.args[0], read, def.run1, e.at);
    const types = def.typed ? e.args.map((a) => inferType(a, this.env)) : null;
    const run = types !== null ? (def.typed as NonNullable<typeof def.typed>)(types) : def.run;
    const args = e.args.map((a) => (a.k === 'lambda' ? this.lambda(a, true) : this.expr(a)));
    this.handOut(args);
    const at = this.k(e.at);
    if (args.length === 1 && types !== null && def.typed1) return this.let(_`${this.k(def.typed1(types))}(ctx, ${args[0]}, ${at})`);
    if (args.length === 1 && !def.typed && def.run1) return this.let(_`${this.k(def.run1)}(ctx, ${args[0]}, ${at})`);
    if (args.length === 2 && types !== null && def.typed2) return this.let(_`${this.k(def.typed2(types))}(ctx, ${args[0]}, ${args[1]}, ${at})`);
    if (args.length === 2 && !def.typed && def.run2) return this.let(_`${this.k(def.run2)}(ctx, ${args[0]}, ${args[1]}, ${at})`);
    // No arguments: one empty list for every call (`players()` in a loop's head), not one made per call.
    if (args.length === 0) return this.let(_`${this.k(run)}(ctx, ${this.k(NO_ARGS)}, ${at})`);
    return this.let(_`${this.k(run)}(ctx, [${join(args, _`, `)}], ${at})`);
  }

  /**
   * `ownerOf(x)`, `kindOf(x)`, `locationOf(x)` of a piece read inline, as `field` reads an attribute
   * (a win check asks the owner of every piece on a line, a search the kind of every piece in a
   * place); anything else, and its error, through the builtin (builtins/pieces.ts).
   */
  pieceRead(x: Expr, read: (p: Code) => Code, run: unknown, at: Loc): Code {
    const o = this.expr(x);
    const t = this.let(_`undefined`);
    const p = this.tmp();
    this.emit(_`if (typeof ${o} === "number" && ${o} >= 0 && (${p} = ctx.s.pieces[${o}]) !== undefined) ${t} = ${read(p)};`);
    this.emit(_`else ${t} = ${this.k(run)}(ctx, ${o}, ${this.k(at)});`);
    return this.mark(t, 'json');
  }

  /**
   * The holder of a loop's item whose id is known (loop), read by id: `size`, `topOf` and
   * `pieces` of it, as the builtins read it by name (holders.ts: `holderItems`) when the list is
   * no known list. Null for any other call.
   */
  holderById(e: Extract<Expr, { k: 'builtin' }>): Code | null {
    const read = e.name === 'size' ? _`.length` : e.name === 'topOf' ? _`[0] ?? null` : e.name === 'pieces' ? _`.slice()` : null;
    if (read === null || e.args.length !== 1) return null;
    const items = this.itemsById(e.args[0], e.at) ?? this.itemsByRef(e.args[0]);
    if (items === null) return null;
    const out = this.let(_`${items}${read}`);
    return e.name === 'size' ? this.mark(out, 'number') : this.mark(out, 'json');
  }

  /**
   * The pieces of holder `arg` (read in place) when it is a loop's item whose id may be known:
   * by id when the loop's list is a known list, else by name as holderItems reads it; null when
   * `arg` is no such item.
   */
  private itemsById(arg: Expr, at: Loc): Code | null {
    const bound = arg.k === 'local' ? this.bound.get(arg.name) : undefined;
    const known = bound === undefined ? undefined : this.itemIds.get(bound.src);
    if (known === undefined) return null;
    // The binder's checks, as a call's argument has them.
    const item = this.expr(arg);
    const out = this.tmp();
    // The state holds its holders by id (State.holders): the item's pieces are one index away.
    this.emit(_`if (${known.known}) ${out} = ctx.s.holders[${known.id}];`);
    this.emit(_`else ${out} = ${this.h('holderItems')}(ctx, ${item}, ${this.k(at)});`);
    return out;
  }

  /**
   * `neighbours(arg)` of an item whose holder id may be known (itemsById): the list the builtin
   * hands out for it, and its holder ids for a loop over it, read by the id (HolderTable.near),
   * without a lookup of the item's text or of the list; anything else through the builtin, and
   * its list's ids as a loop finds them (runtime.ts `itemIds`). Null when `arg` is no such item.
   */
  private neighboursById(arg: Expr, run: unknown, at: Loc): Code | null {
    const bound = arg.k === 'local' ? this.bound.get(arg.name) : undefined;
    const known = bound === undefined ? undefined : this.itemIds.get(bound.src);
    if (known === undefined) return null;
    // The binder's checks, as the builtin's argument has them.
    const item = this.expr(arg);
    const entry = this.let(_`${known.known} ? ctx.g.holderTable.near[${known.id}] : null`);
    const list = this.tmp();
    const ids = this.tmp();
    this.emit(_`if (${entry} !== null) { ${list} = ${entry}.list; ${ids} = ${entry}.maxOwner >= ctx.s.numPlayers ? null : ${entry}.ids; }`);
    // Else the builtin's list, whose ids a loop reading its items' holders finds (holderIdsOf).
    this.emit(_`else { ${list} = ${this.k(run)}(ctx, ${item}, ${this.k(at)}); ${ids} = undefined; }`);
    this.listIds.set(list.src, ids);
    return this.mark(list, 'json');
  }

  /** The pieces of holder `arg` (read in place) when its id is known (holder-ref.ts); else null. */
  itemsByRef(arg: Expr): Code | null {
    const id = this.holderIdCode(arg);
    return id === null ? null : this.let(_`ctx.s.holders[${id}]`);
  }

  /**
   * The id of holder `arg` when known (holder-ref.ts): fixed, or from its owner's (key's) value,
   * checked as its text's closure checks it; else null (its value, a text, is read by name).
   */
  holderIdCode(arg: Expr): Code | null {
    const ref = holderRef(arg, this.env);
    if (ref === null) return null;
    if (ref.fixed >= 0) return int(ref.fixed);
    const { idOf, from, bySeat } = ref as Extract<HolderRef, { fixed: -1 }>;
    const x = this.expr(from);
    // A player (asPlayer's test, as generated table reads make it) reads the id by seat; anything
    // else goes through idOf for its error.
    if (bySeat !== undefined) return this.let(_`typeof ${x} === "number" && ${x} >>> 0 === ${x} && ${x} < ctx.s.numPlayers ? ${this.k(bySeat)}[${x}] : ${this.k(idOf)}(ctx, ${x})`);
    return this.let(_`${this.k(idOf)}(ctx, ${x})`);
  }

  letIn(e: Extract<Expr, { k: 'let' }>): Code {
    const v = this.expr(e.value);
    const body = withLocal(this.env, e.name, inferType(e.value, this.env), () => {
      const b = binderOf(this.env, e.name);
      const prev = this.binderGet(b);
      this.emit(this.binderSet(b, v));
      const out = this.binding(e.name, v, () => this.expr(e.body));
      this.emit(_`if (${prev} !== undefined) ${this.binderSet(b, prev)} else if (${this.h('isLambda')}(${v})) ${this.binderSet(b, _`null`)}`);
      return out;
    });
    return body;
  }

  /** The items a loop visits: `pieces(h)` reads holders in place, anything else must be iterable. */
  items(coll: Expr, at: Loc): Code {
    if (coll.k === 'builtin' && coll.name === 'ownedBy' && coll.args.length === 2) return this.ownedItems(coll.args[0], coll.args[1], coll.at);
    if (coll.k === 'builtin' && coll.name === 'pieces' && coll.args.length === 1) {
      const byId = this.itemsById(coll.args[0], at) ?? this.itemsByRef(coll.args[0]);
      if (byId !== null) return byId;
      const h = this.expr(coll.args[0]);
      this.handOut([h]);
      return this.let(_`${this.h('piecesItems')}(ctx, ${h}, ${this.k(at)})`);
    }
    const v = this.expr(coll);
    // A list neighboursById made is a list: iterable would hand it back as it is.
    if (this.listIds.has(v.src)) return v;
    this.handOut([v]);
    return this.let(_`${this.h('iterable')}(ctx, ${v}, ${this.k(at)})`);
  }

  /**
   * A loop over `ownedBy(h, p)` without its list: the holder's items read in place, the owner's
   * pieces counted first with ownedBy's checks in its order (runtime.ts `ownedCount`), and the
   * others skipped by the loop (see `loop`), which spends the count.
   */
  ownedItems(h: Expr, p: Expr, at: Loc): Code {
    const { owner, list, A } = this.ownedHolder(h, p, at);
    const count = this.let(_`${this.h('ownedCount')}(ctx, ${list}, ${owner}, ${A})`);
    this.owned.set(list.src, { owner, count });
    return list;
  }

  /**
   * `ownedBy(h, p)`'s arguments and checks, in its order (builtins/pieces.ts): the owner, then the
   * holder's items, not yet checked as pieces (`A`: the builtin's place, for their checks).
   */
  ownedHolder(h: Expr, p: Expr, at: Loc): { owner: Code; list: Code; A: Code } {
    const holder = this.expr(h);
    const player = this.expr(p);
    this.handOut([holder]);
    const A = this.k(at);
    const owner = this.let(_`${this.h('asPlayer')}(ctx, ${player}, ${A})`);
    const list = this.let(_`typeof ${holder} === "string" ? ${this.h('holderItems')}(ctx, ${holder}, ${A}) : ${this.h('iterable')}(ctx, ${holder}, ${A})`);
    return { owner, list, A };
  }

  /** Generates `f` with the binder typed as an item of `coll`, as compile-quant.ts does. */
  withBinderType<T>(name: string, coll: Expr, body: unknown[], f: (places: boolean) => T): T {
    const locals = this.env.locals;
    const before = locals.get(name);
    locals.set(name, elementType(inferType(coll, this.env)));
    const out = f(knownPlaces(coll) && readsHolder(body, name));
    if (before === undefined) locals.delete(name);
    else locals.set(name, before);
    return out;
  }

  /**
   * A loop over `list` with the binder bound to each item: `visit` emits the body (it may
   * `break`); the binder gets its earlier value back after.
   */
  loop(list: Code, b: Binder, at: Loc, visit: (item: Code) => void, places = false): void {
    const owned = this.owned.get(list.src);
    this.spend(owned === undefined ? _`${list}.length` : owned.count, at);
    const prev = this.binderGet(b);
    // A list of holders known at load: each item's holder id is noted before the body reads it.
    const ids = places ? this.holderIdsOf(list) : null;
    const i = this.tmp();
    const item = this.tmp();
    this.emit(_`for (${i} = 0; ${i} < ${list}.length; ${i}++) {`);
    this.emit(_`${item} = ${list}[${i}];`);
    // An item of a list (JSON, without holes) below its length: never undefined.
    this.mark(item, 'defined');
    if (owned !== undefined) this.emit(_`if (ctx.s.pieces[${item}].owner !== ${owned.owner}) continue;`);
    const noted = ids !== null ? this.noteHolderId(ids, i, item) : null;
    this.emit(this.binderSet(b, item));
    this.binding(b.name, item, () => visit(item));
    noted?.();
    this.emit(_`}`);
    this.emit(_`if (${prev} !== undefined) ${this.binderSet(b, prev)}`);
  }

  /**
   * Before a loop over `list`: its items' holder ids when it is a list of holders known at load
   * (null at run time when not: runtime.ts `itemIds`), and the holder table's last holder read.
   */
  holderIdsOf(list: Code): { ids: Code; last: Code } {
    const found = this.listIds.get(list.src);
    if (found !== undefined) this.emit(_`if (${found} === undefined) ${found} = ${this.h('itemIds')}(ctx, ${list});`);
    const ids = found ?? this.let(_`${this.h('itemIds')}(ctx, ${list})`);
    return { ids, last: this.let(_`ctx.g.holderTable.last`) };
  }

  /**
   * In such a loop, item `item` at index `i`: its holder id is noted before the body runs, for the
   * functions the body calls (holder-index.ts `visiting`), and the body's own reads of its holder
   * go by id (itemsById). Call what it returns once the body is written: see `noteFor`.
   */
  noteHolderId(known: { ids: Code; last: Code }, i: Code, item: Code): () => void {
    const { ids, last } = known;
    const done = this.noteFor(item, _`if (${ids} !== null) { ${last}.text = ${item}; ${last}.id = ${ids}[${i}]; }`);
    this.knowHolder(item, _`${ids} !== null`, _`${ids}[${i}]`);
    return done;
  }

  /**
   * Emits `note`, which notes `item`'s holder id as visited (holder-index.ts: a hint, never
   * needed for a right answer), and returns what drops it again once the code that follows is
   * written, when none of that code may look the item's holder up by its text: the item was handed
   * to no builtin, call or holder read by text, and no node was left to a closure or made a
   * lambda (they read the binder themselves). Reads by id (itemsById) need no note; a choice's
   * filter written out whole noted every option for nothing.
   */
  noteFor(item: Code, note: Code): () => void {
    const lines = this.lines;
    const at = lines.length;
    const opaque = this.opaque;
    this.emit(note);
    return () => {
      if (this.opaque === opaque && !this.handedOut.has(item.src)) lines[at] = _``;
    };
  }

  /** `values` go to code that may look a holder up by its text (see `noteFor`). */
  handOut(values: readonly Code[]): void {
    for (const v of values) this.handedOut.add(v.src);
  }

  /** `item`'s holder is `ctx.s.holders[id]` wherever `known` is true at run time (its reads go by id: itemsById). */
  knowHolder(item: Code, known: Code, id: Code): void {
    this.itemIds.set(item.src, { known, id });
  }

  /** `filter` true, else `continue` (a boolean is required). */
  filter(f: Expr, at: Loc): void {
    const c = this.expr(f);
    this.bool(c, at);
    this.emit(_`if (!${c}) continue;`);
  }

  /** A comprehension consumed as a list, its first element, its length, its total, or a search. */
  fold(e: Comp, mode: Fold, needleExpr: Expr | null): Code {
    const { at } = e;
    const needle = needleExpr === null ? null : this.expr(needleExpr);
    // A place found as its text and a text as its place (values.ts `equal`), unless the needle's type has neither.
    const needleBoards = needleExpr !== null && mayMeetPlaceText(inferType(needleExpr, this.env), { t: 'any' }) ? _`, ctx.g.boards` : _``;
    const byKind = mode === 'count' ? ownedKindCount(this, e.coll, e.name, e.filter, at) : null;
    if (byKind !== null) return byKind;
    const list = this.items(e.coll, at);
    const out = this.let(mode === 'list' ? _`[]` : mode === 'count' || mode === 'sum' ? _`0` : mode === 'in' ? _`false` : _`null`);
    this.withBinderType(e.name, e.coll, [e.filter, e.elem], (places) => {
      const b = binderOf(this.env, e.name);
      this.loop(list, b, at, () => {
        if (e.filter) this.filter(e.filter, at);
        if (mode === 'count') {
          this.emit(_`${out}++;`);
          return;
        }
        const v = this.json(this.expr(e.elem), at);
        if (mode === 'list') this.emit(_`${out}.push(${v});`);
        else if (mode === 'sum') {
          this.number(v, at);
          this.emit(_`${out} += ${v};`);
        } else if (mode === 'first') this.emit(_`${out} = ${v}; break;`);
        else this.emit(_`if (${this.h('equal')}(${v}, ${needle ?? _`null`}${needleBoards})) { ${out} = true; break; }`);
      }, places);
    });
    if (mode === 'count' || mode === 'sum') return this.mark(this.let(_`${this.h('num')}(${out}, ${this.k(at)})`), 'number');
    return this.mark(out, mode === 'in' ? 'boolean' : 'json');
  }

  quant(e: Quant): Code {
    const { at, op } = e;
    if (e.value === undefined && sizeFilter(e.filter, e.name) !== null && (op === 'any' || op === 'all' || op === 'count')) return this.fallback(e);
    const byKind = op === 'count' && e.value === undefined ? ownedKindCount(this, e.coll, e.name, e.filter, at) : null;
    if (byKind !== null) return byKind;
    const list = this.items(e.coll, at);
    return this.withBinderType(e.name, e.coll, [e.filter, e.value], (places) => {
      const b = binderOf(this.env, e.name);
      switch (op) {
        case 'count':
        case 'sum': {
          const total = this.let(_`0`);
          this.loop(list, b, at, (item) => {
            if (e.filter) this.filter(e.filter, at);
            if (op === 'count') {
              this.emit(_`${total} += 1;`);
              return;
            }
            const v = e.value ? this.expr(e.value) : item;
            this.number(v, at);
            this.emit(_`${total} += ${v};`);
          }, places);
          return this.mark(this.let(_`${this.h('num')}(${total}, ${this.k(at)})`), 'number');
        }
        case 'any':
        case 'all': {
          const isAny = op === 'any';
          const result = this.let(isAny ? _`false` : _`true`);
          this.loop(list, b, at, (item) => {
            // The condition is `value` when given (the filter narrows the items), else the filter.
            const cond = e.value ?? e.filter;
            if (e.value && e.filter) this.filter(e.filter, at);
            const c = cond ? this.expr(cond) : item;
            this.bool(c, at);
            this.emit(_`if (${c} === ${isAny ? _`true` : _`false`}) { ${result} = ${isAny ? _`true` : _`false`}; break; }`);
          }, places);
          return this.mark(result, 'boolean');
        }
        case 'min':
        case 'max':
        case 'argmin':
        case 'argmax': {
          const sign = op === 'max' || op === 'argmax' ? _`1` : _`-1`;
          const best = this.let(_`null`);
          const bestItem = this.let(_`null`);
          const found = this.let(_`false`);
          // Keys that may be places are ordered by their texts (compile-quant.ts compileBest).
          const keyType = e.value ? inferType(e.value, this.env) : elementType(inferType(e.coll, this.env));
          const compare = mayHoldPlace(keyType) ? _`${this.k(compareKeysOf)}(ctx.g.boards, ` : _`${this.h('compareKeys')}(`;
          this.loop(list, b, at, (item) => {
            if (e.filter) this.filter(e.filter, at);
            const v = e.value ? this.json(this.expr(e.value), at) : item;
            this.emit(
              _`if (!${found} || ${sign} * ${compare}${v}, ${best}, ${this.k(at)}) > 0) { ${best} = ${v}; ${bestItem} = ${item}; ${found} = true; }`,
            );
          }, places);
          return this.mark(op === 'argmin' || op === 'argmax' ? bestItem : best, 'json');
        }
        default:
          return this.fallback(e);
      }
    });
  }
}

