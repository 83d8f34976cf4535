/**
 * The static types of expressions, read once at load time, for one thing: printing values (a player
 * number as `P2`, a piece as `Kind#7`) in text joins, `str`, logs and labels. The compiler puts the
 * checker's type on every expression it knows one for (`ty`, interpreter/ir.ts); `inferType` reads
 * it. Its own light inference below is the fallback for nodes without one (IR made without types,
 * by hand in tests or saved by an older version; nodes the checker types `any`) and is asked too
 * where the IR says only `none` or `number`, which may hide a player or a piece (`vague`).
 */
import { builtinReturnType, joinTypes } from './builtins/index.js';
import type { Expr, GameIR, TypeIR } from './ir.js';
import { own } from './values.js';

export const ANY: TypeIR = { t: 'any' };
const NUMBER: TypeIR = { t: 'number' };
const BOOL: TypeIR = { t: 'bool' };
const TEXT: TypeIR = { t: 'text' };

export interface TypeEnv {
  ir: GameIR;
  /** Types of the locals of the body being compiled (one flat namespace per frame). */
  locals: Map<string, TypeIR>;
  /** The parameters whose definitions are being typed (to stop at a cycle). */
  params?: Set<string>;
}

export function elementType(t: TypeIR): TypeIR {
  if (t.t === 'list') return t.of;
  // Iterating a zone or a place iterates its pieces.
  if (t.t === 'zone' || t.t === 'place') return { t: 'piece' };
  return ANY;
}

export function typeOfLit(v: unknown): TypeIR {
  if (typeof v === 'number') return NUMBER;
  if (typeof v === 'boolean') return BOOL;
  if (typeof v === 'string') return TEXT;
  if (v === null) return { t: 'none' };
  return ANY;
}

export function inferType(e: Expr, env: TypeEnv): TypeIR {
  const ty = e.ty;
  if (ty === undefined) return fallbackType(e, env);
  if (typeAudit.compare !== undefined) typeAudit.compare(e, ty, fallbackType(e, env));
  return vague(ty) ? sharper(ty, fallbackType(e, env)) : ty;
}

/**
 * Whether the IR's type may hide a player or a piece: the checker types an undeclared local by its
 * first value (`let best = none`, `let best = 0`) and lets a player or a piece be stored in it
 * (they are numbers at run time), where this inference types a local by what was last stored.
 */
function vague(t: TypeIR): boolean {
  return t.t === 'none' || t.t === 'number' || (t.t === 'list' && vague(t.of));
}

/** The IR's vague type, or the fallback's where that shows a value as more than a number or none. */
function sharper(ty: TypeIR, inferred: TypeIR): TypeIR {
  if (ty.t === 'list') {
    if (inferred.t !== 'list') return ty;
    const of = sharper(ty.of, inferred.of);
    return of === ty.of ? ty : { t: 'list', of };
  }
  if (inferred.t === 'player' || inferred.t === 'piece') return inferred;
  return ty.t === 'none' && inferred.t !== 'any' ? inferred : ty;
}

/**
 * Set by a test only: called for every typed node read, with its fallback inference, to show the
 * two agree on the bundled games (test/ir-types.test.ts).
 */
export const typeAudit: { compare?: (e: Expr, fromIR: TypeIR, inferred: TypeIR) => void } = {};

/** The type inferred from the node's parts (their IR types where they have them). */
function fallbackType(e: Expr, env: TypeEnv): TypeIR {
  switch (e.k) {
    case 'lit':
      return typeOfLit(e.v);
    case 'local':
      return env.locals.get(e.name) ?? ANY;
    case 'param':
      return paramType(e.name, env);
    case 'var':
      return own(env.ir.vars, e.name)?.type ?? ANY;
    case 'zone':
      return { t: 'zone' };
    case 'place':
      return { t: 'place', board: e.board };
    case 'board':
      return { t: 'list', of: { t: 'place', board: e.name } };
    case 'action':
      return TEXT;
    case 'bin':
      return binaryType(e.op, inferType(e.a, env), inferType(e.b, env));
    case 'un':
      return e.op === 'not' ? BOOL : NUMBER;
    case 'if':
      return inferType(e.then, env);
    case 'match':
      return e.cases.length > 0 ? inferType(e.cases[0].value, env) : ANY;
    case 'list':
      return { t: 'list', of: e.items.length > 0 ? inferType(e.items[0], env) : ANY };
    case 'record':
      return { t: 'record' };
    case 'comp':
      return { t: 'list', of: withBinder(env, e.name, e.coll, () => inferType(e.elem, env)) };
    case 'quant':
      return quantType(e.op, elementType(inferType(e.coll, env)));
    case 'field':
      return fieldType(env, inferType(e.obj, env), e.name);
    case 'index': {
      const t = inferType(e.obj, env);
      return t.t === 'list' ? t.of : ANY;
    }
    case 'call':
      return own(env.ir.fns, e.fn)?.type ?? ANY;
    case 'builtin':
      return builtinReturnType(
        e.name,
        e.args.map((a) => inferType(a, env)),
      );
    case 'lambda':
      return { t: 'fn' };
    case 'proc':
      return { t: 'proc' };
    case 'let':
      return withLocal(env, e.name, inferType(e.value, env), () => inferType(e.body, env));
  }
}

/** A parameter's type; one defined through itself is typed any (playing it is a rule error). */
function paramType(name: string, env: TypeEnv): TypeIR {
  const p = own(env.ir.params, name);
  if (p === undefined || env.params?.has(name)) return ANY;
  return inferType(p.value, { ir: env.ir, locals: new Map(), params: new Set([...(env.params ?? []), name]) });
}

/** Types `f` with the binder `name` typed as an element of `coll`, then forgets the binder. */
function withBinder(env: TypeEnv, name: string, coll: Expr, f: () => TypeIR): TypeIR {
  return withLocal(env, name, elementType(inferType(coll, env)), f);
}

/** Types `f` with the local `name` of type `t`, then gives the name its earlier type back. */
export function withLocal<T>(env: TypeEnv, name: string, t: TypeIR, f: () => T): T {
  const before = env.locals.get(name);
  env.locals.set(name, t);
  const out = f();
  if (before === undefined) env.locals.delete(name);
  else env.locals.set(name, before);
  return out;
}

function binaryType(op: string, a: TypeIR, b: TypeIR): TypeIR {
  switch (op) {
    case '+':
      if (a.t === 'text' || b.t === 'text') return TEXT;
      // Two lists joined hold both's items (as `concat`: builtins/index.ts joinTypes); a list of
      // no known item type keeps the first's.
      if (a.t === 'list') return b.t === 'list' && b.of.t !== 'any' ? { t: 'list', of: joinTypes(a.of, b.of) } : a;
      return NUMBER;
    case '-':
    case '*':
    case '/':
    case '%':
      return NUMBER;
    default:
      return BOOL;
  }
}

/** count/sum/any/all/min/max have fixed types; argmax/argmin give the element (passed in). */
function quantType(op: string, element: TypeIR): TypeIR {
  if (op === 'any' || op === 'all') return BOOL;
  if (op === 'argmax' || op === 'argmin') return element;
  return NUMBER;
}

/**
 * Attribute types by name, per kind and over all kinds (the first kind that has it): built once
 * per game, since searching the attributes at each field read was quadratic in a hand-made IR.
 */
const attrTypes = new WeakMap<object, { byKind: Map<string, Map<string, TypeIR>>; any: Map<string, TypeIR> }>();

function attributeTypes(kinds: TypeEnv['ir']['kinds']): { byKind: Map<string, Map<string, TypeIR>>; any: Map<string, TypeIR> } {
  let known = attrTypes.get(kinds);
  if (!known) {
    known = { byKind: new Map(), any: new Map() };
    for (const [kind, k] of Object.entries(kinds)) {
      const ofKind = new Map<string, TypeIR>();
      for (const a of k.attrs) {
        if (!ofKind.has(a.name)) ofKind.set(a.name, a.type);
        if (!known.any.has(a.name)) known.any.set(a.name, a.type);
      }
      known.byKind.set(kind, ofKind);
    }
    attrTypes.set(kinds, known);
  }
  return known;
}

function fieldType(env: TypeEnv, obj: TypeIR, name: string): TypeIR {
  if (obj.t === 'piece') {
    if (name === 'owner') return { t: 'player' };
    const types = attributeTypes(env.ir.kinds);
    const type = (obj.kind !== undefined ? types.byKind.get(obj.kind)?.get(name) : undefined) ?? types.any.get(name);
    if (type) return type;
  }
  if (obj.t === 'record' && obj.fields !== undefined && Object.hasOwn(obj.fields, name)) return obj.fields[name];
  if (obj.t === 'place' && ['x', 'y', 'q', 'r'].includes(name)) return NUMBER;
  if (obj.t === 'place' && name === 'owner') return { t: 'player' };
  return ANY;
}
