/**
 * Small user functions inlined at load (README "Inlined functions"): a call `f(a, b)` whose
 * arguments are locals or scalar literals, of a function whose body is one small expression with
 * no binder and no call left once its own calls are inlined, becomes that body with the arguments
 * put in place of the parameters. Both engines compile the same inlined IR. Done so that filters
 * reached through a function (`where free(x)`, `fn free(c) = size(c) == 0`) are seen by the
 * compilers' shortcuts (size-filter.ts), and a call's slots array is not made.
 *
 * What is kept: every node of the body keeps its `at` (and its static type, `ty`), so a rule error in it points at the
 * function's body as before; an argument keeps the call's `at`. What changes: the call's step of
 * the evaluation budget and its call depth are not spent (a budget error comes a little later,
 * still located).
 */
import type { Expr, GameIR, Json } from './ir.js';

/** Nodes of a body inlined, after its own calls are (bounds what one call site grows by). */
export const INLINE_MAX_NODES = 24;
/** Calls inlined inside an inlined body, at most this deep. */
export const INLINE_MAX_DEPTH = 4;
/** Nodes added by inlining in one IR, at most (past it, calls stay calls): a hostile IR of many calls stays near its size. */
export const INLINE_MAX_ADDED = 200_000;

/** The kinds an inlinable body may hold: none binds a name (a binder of a frame would be left in its locals). */
const PLAIN = new Set(['lit', 'local', 'param', 'var', 'zone', 'place', 'board', 'bin', 'un', 'if', 'match', 'list', 'record', 'field', 'index', 'builtin']);

/** The parts of a GameIR that hold expressions (data parts such as boards are not walked). */
const EXPR_PARTS = ['fns', 'params', 'vars', 'kinds', 'ranking', 'drawIf', 'setup', 'flow', 'procs', 'actions', 'triggers', 'reactions', 'scenarios'] as const;

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Sets an own property (a record field named `__proto__` must not change the prototype). */
function put(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
}

function isNode(x: unknown): x is { k: string } & Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && typeof (x as { k?: unknown }).k === 'string';
}

function isCall(x: unknown): x is Extract<Expr, { k: 'call' }> {
  return isNode(x) && x.k === 'call' && typeof x.fn === 'string' && Array.isArray(x.args);
}

/** A simple argument: a local or a scalar literal (evaluating it has no effect and costs nothing). */
function simpleArg(a: Expr): boolean {
  return a.k === 'local' || (a.k === 'lit' && (a.v === null || typeof a.v !== 'object'));
}

/** The IR with small function calls inlined; unchanged parts are the same objects. */
export function inlineCalls(ir: GameIR): GameIR {
  const fns = ir.fns as Record<string, { params: { name: string }[]; body: Expr }>;
  /** A function's inlined body, or null when it is not inlinable. */
  const done = new Map<string, { body: Expr; size: number } | null>();
  const visiting = new Set<string>();
  let added = 0;

  const bodyOf = (name: string, depth: number): { body: Expr; size: number } | null => {
    const known = done.get(name);
    if (known !== undefined) return known;
    // A cycle (recursion) or a chain too deep: the call stays, so the caller is not inlinable.
    if (visiting.has(name) || depth > INLINE_MAX_DEPTH || !own(fns, name)) return null;
    const f = fns[name];
    let out: { body: Expr; size: number } | null = null;
    if (plainSize(f.body, INLINE_MAX_NODES * 4, true) !== null) {
      visiting.add(name);
      const b = walk(f.body, depth + 1) as Expr;
      visiting.delete(name);
      const params = new Set(f.params.map((p) => p.name));
      const size = params.size === f.params.length ? plainSize(b, INLINE_MAX_NODES, false, params) : null;
      if (size !== null) out = { body: b, size };
    }
    done.set(name, out);
    return out;
  };

  /** Copy-on-write walk: calls inlined bottom-up; literals' values are data and not entered. */
  const walk = (x: unknown, depth: number): unknown => {
    if (Array.isArray(x)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < x.length; i++) {
        const y = walk(x[i], depth);
        if (y !== x[i]) (copy ??= x.slice())[i] = y;
      }
      return copy ?? x;
    }
    if (typeof x !== 'object' || x === null) return x;
    if (isNode(x) && x.k === 'lit') return x;
    let copy: Record<string, unknown> | null = null;
    const node = isNode(x);
    for (const key of Object.keys(x)) {
      if (key === 'at' || (node && key === 'ty')) continue;
      const v = (x as Record<string, unknown>)[key];
      const y = walk(v, depth);
      if (y !== v) put((copy ??= { ...x }), key, y);
    }
    const made = (copy ?? x) as unknown;
    if (!isCall(made) || !made.args.every(simpleArg)) return made;
    const inlined = bodyOf(made.fn, depth);
    const f = own(fns, made.fn) ? fns[made.fn] : undefined;
    if (inlined === null || f === undefined || f.params.length !== made.args.length) return made;
    if ((added += inlined.size) > INLINE_MAX_ADDED) return made;
    const args = new Map(f.params.map((p, i) => [p.name, made.args[i]]));
    return substitute(inlined.body, args);
  };

  let out: Record<string, unknown> | null = null;
  for (const part of EXPR_PARTS) {
    if (!own(ir, part)) continue;
    const v = (ir as unknown as Record<string, unknown>)[part];
    const y = walk(v, 0);
    if (y !== v) put((out ??= { ...ir }), part, y);
  }
  return (out as GameIR | null) ?? ir;
}

/**
 * The node count of an expression made only of PLAIN kinds (plus calls when `calls`), whose
 * locals are all in `locals` when given; null past `max` nodes or for anything else.
 */
function plainSize(e: Expr, max: number, calls: boolean, locals?: Set<string>): number | null {
  let n = 0;
  const stack: unknown[] = [e];
  while (stack.length > 0) {
    const x = stack.pop();
    if (!isNode(x)) return null;
    if (++n > max) return null;
    if (x.k === 'lit') continue;
    if (x.k === 'call' ? !calls || !isCall(x) : !PLAIN.has(x.k)) return null;
    if (x.k === 'local' && locals !== undefined && !(typeof x.name === 'string' && locals.has(x.name))) return null;
    for (const key of Object.keys(x)) {
      // A node's static type (`ty`) is data, not an expression.
      if (key === 'at' || key === 'k' || key === 'ty') continue;
      const v = x[key];
      if (typeof v !== 'object' || v === null) continue;
      if (Array.isArray(v)) {
        for (const item of v) {
          // A match case is { key?, value }: its parts are expressions.
          if (isNode(item)) stack.push(item);
          else if (typeof item === 'object' && item !== null) for (const part of Object.values(item)) stack.push(part);
          else return null;
        }
      } else if (isNode(v)) stack.push(v);
      else for (const part of Object.values(v)) stack.push(part); // a record's fields
    }
  }
  return n;
}

/** A fresh copy of a plain body with each parameter replaced by its argument (with the argument's `at`). */
function substitute(e: Expr, args: Map<string, Expr>): Expr {
  const copy = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(copy);
    if (typeof x !== 'object' || x === null) return x;
    if (isNode(x)) {
      if (x.k === 'lit') return { ...x, v: x.v as Json };
      if (x.k === 'local' && typeof x.name === 'string' && args.has(x.name)) return { ...args.get(x.name) };
    }
    const out: Record<string, unknown> = {};
    const node = isNode(x);
    for (const [key, v] of Object.entries(x)) put(out, key, key === 'at' || (node && key === 'ty') ? v : copy(v));
    return out;
  };
  return copy(e) as Expr;
}
