/**
 * Which user functions a generated caller may write out in place of a call (README "Generated
 * code", inlined calls; gen-expr.ts `inlined`): small ones, and none that may call itself,
 * directly or through others. A call from generated code costs a dozen operations around the JS
 * call (slots array, depth, budget, swapping `ctx.slots`), and V8 cannot inline through `F.body`;
 * a rule file written as many small functions spent most of its time there.
 *
 * The facts of an IR are found once (its call graph's cycles: Tarjan's algorithm, without
 * recursion, since the IR is untrusted), and kept while the IR lives.
 */
import type { Game } from '../context.js';
import type { Expr, GameIR } from '../ir.js';
import { walkIR } from '../ir-walk.js';

/** Nodes of a body written out in place of a call, at most (its own calls counted as nodes: they are inlined, or not, in their turn). */
export const INLINE_NODES = 60;
/** Calls written out inside a body written out, at most this deep. */
export const INLINE_DEPTH = 4;
/** Nodes written out in one generated function, at most: past it, calls stay calls. */
export const INLINE_TOTAL = 600;
/**
 * Nodes written out in all the generated functions of one load, at most: past it, calls stay
 * calls. Without it a rule file of many calls of one function that calls many others grew by
 * INLINE_TOTAL nodes at every call (2,000 such calls: a load of 0.3 s took 13 s).
 */
export const INLINE_LOAD = 50_000;

/** Nodes written out so far in each load (its Game). */
const written = new WeakMap<Game, number>();

/** Nodes written out so far in `g`'s load (for tests). */
export function writtenIn(g: Game): number {
  return written.get(g) ?? 0;
}

/** Whether `n` more nodes may be written out in `g`'s load; if so they are counted. */
export function mayWrite(g: Game, n: number): boolean {
  const sum = (written.get(g) ?? 0) + n;
  if (sum > INLINE_LOAD) return false;
  written.set(g, sum);
  return true;
}

interface Facts {
  /** Functions on a cycle of calls (recursive, directly or through others). */
  recursive: Set<string>;
  /** Node counts of the bodies (INLINE_NODES + 1 for any larger). */
  size: Map<string, number>;
  /**
   * Functions whose body, once tried, needed its slots array (gen-expr.ts NOT_INLINE: a lambda, a
   * node left to a closure; both are seen from the IR alone). Tried again at every call, and in
   * every try of its callers, a fan-out of them took time exponential in INLINE_DEPTH.
   */
  needsSlots: Set<string>;
}

const known = new WeakMap<GameIR, Facts>();

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The node count of `name`'s body when it may be written out in place of a call, else null. */
export function inlineSize(ir: GameIR, name: string): number | null {
  const facts = factsFor(ir);
  if (facts.recursive.has(name) || facts.needsSlots.has(name)) return null;
  const n = facts.size.get(name);
  return n === undefined || n > INLINE_NODES ? null : n;
}

/** `name`'s body needs its slots array: it is not written out again (the call is made). */
export function needsSlots(ir: GameIR, name: string): void {
  factsFor(ir).needsSlots.add(name);
}

function factsFor(ir: GameIR): Facts {
  let facts = known.get(ir);
  if (facts === undefined) {
    facts = factsOf(ir);
    known.set(ir, facts);
  }
  return facts;
}

/**
 * The functions a body calls, and its node count (counted up to INLINE_NODES + 1). Each distinct
 * object is visited once (the IR may share subtrees); a literal's value is data.
 */
function walk(ir: GameIR, body: Expr): { calls: string[]; size: number } {
  const calls: string[] = [];
  let size = 0;
  walkIR(body, (node) => {
    if (typeof node.k === 'string') size++;
    if (node.k === 'lit') return 'skip';
    if (node.k === 'call' && typeof node.fn === 'string' && own(ir.fns, node.fn)) calls.push(node.fn);
    return undefined;
  });
  return { calls, size: Math.min(size, INLINE_NODES + 1) };
}

function factsOf(ir: GameIR): Facts {
  const names = Object.keys(ir.fns);
  const edges = new Map<string, string[]>();
  const size = new Map<string, number>();
  for (const name of names) {
    const w = walk(ir, ir.fns[name].body);
    edges.set(name, w.calls);
    size.set(name, w.size);
  }
  return { recursive: onCycles(names, edges), size, needsSlots: new Set() };
}

/** The nodes of `names` that lie on a cycle of `edges` (an SCC of two or more, or a self-loop). */
function onCycles(names: string[], edges: Map<string, string[]>): Set<string> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out = new Set<string>();
  let next = 0;
  for (const root of names) {
    if (index.has(root)) continue;
    // Frames of the depth-first walk: a node and how many of its edges were followed.
    const work: { v: string; i: number }[] = [{ v: root, i: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const targets = edges.get(top.v) ?? [];
      if (top.i < targets.length) {
        const w = targets[top.i++];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].v;
        low.set(parent, Math.min(low.get(parent) as number, low.get(top.v) as number));
      }
      if (low.get(top.v) === index.get(top.v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop() as string;
          onStack.delete(w);
          scc.push(w);
        } while (w !== top.v);
        if (scc.length > 1 || targets.includes(top.v)) for (const s of scc) out.add(s);
      }
    }
  }
  return out;
}
