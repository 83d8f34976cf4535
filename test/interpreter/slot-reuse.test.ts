// A user function's calls reuse one slots array when no lambda made in a call can outlive it
// (interpreter/slot-reuse.ts): the analysis on the IR, and games where reuse must not happen or
// must not be seen (recursion, mutual recursion, a call in its own argument, a lambda calling back
// into its function, a lambda returned or kept) playing the same on both engines, tiered or not.
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { makeCtx } from '../../interpreter/context.js';
import { loadGame, newGame, type Game, type State } from '../../interpreter/index.js';
import type { Expr, GameIR, Json } from '../../interpreter/ir.js';
import { slotsReusable } from '../../interpreter/slot-reuse.js';
import type { Value } from '../../interpreter/values.js';
import { E, L } from './ir-builders.js';

const text = `
game Reuse {
    players 2
    var results: list<number> = []
    var sorts: list<number> = []
    fn adder(n: number): any = (x) -> x + n
    fn keep(f: any): any = f
    fn scaler(n: number): any = keep((x) -> x * n)
    fn viaLet(xs: list<number>, k: number): list<number> = let f = ((x) -> x * k) in sortDesc(xs, f)
    fn fact(n: number): number = if n <= 1 then 1 else n * fact(n - 1)
    fn around(n: number): number = let a = n * 2 in a + (if n > 0 then around(n - 1) else 0) + a
    fn isEven(n: number): bool = let m = n in if m == 0 then true else isOdd(m - 1) and m == n
    fn isOdd(n: number): bool = let m = n in if m == 0 then false else isEven(m - 1) and m == n
    fn pair(a: number, b: number): number = let s = a + b in s * 10 + b
    fn four(a: number, b: number, c: number, d: number): number = let s = a + b + c in s * 100 + d
    fn weight(x: number, k: number): number = let w = x * k in if x > 1 then w + first(ordered([x - 1, x - 2], k)) else w
    fn ordered(xs: list<number>, k: number): list<number> = sortAsc(xs, (x) -> weight(x, k) + k)
    fn nest(xs: list<number>, k: number): list<number> = sortAsc(xs, (x) -> if k > 0 then len(nest([1, 2], k - 1)) - x * k else x)
    fn nearest(): list<number> = [first(sortAsc([1, 2, 3], (x) -> (x - d) * (x - d))) for d in [3, 1, 2]]
    flow {
        results = [fact(5), around(3), pair(pair(1, 2), pair(3, 4)), weight(4, 3)]
        results = concat(results, [four(1, 2, 3, four(4, 5, 6, 7)), four(four(1, 1, 1, 1), 0, 0, four(2, 2, 2, 2))])
        results = append(results, if isEven(6) and isOdd(7) and not isOdd(8) then 1 else 0)
        sorts = sortAsc([3, 1, 2], adder(5))
        sorts = concat(sorts, sortDesc([3, 1, 2], scaler(2)))
        sorts = concat(sorts, sortAsc([3, 1, 2], adder(1)))
        sorts = concat(sorts, viaLet([1, 3, 2], 2))
        sorts = concat(sorts, ordered([4, 1, 3, 2], 2))
        sorts = concat(sorts, concat(nest([3, 1, 2], 2), nearest()))
        for d in [2, 3, 1] {
            sorts = append(sorts, first(sortAsc([1, 2, 3], (x) -> (x - d) * (x - d))))
        }
    }
}
`;

async function compile(): Promise<GameIR> {
  const { ir, diagnostics } = await compileText([{ uri: 'reuse.strata', text }]);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return ir!;
}

/** The variables the game ends with, on `g`. */
function finalVars(g: Game): Record<string, Json> {
  const r = newGame(g, { players: 2, seed: 1 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.vars;
}

describe('slots reused by user function calls', () => {
  it('the analysis: a lambda only as a builtin argument allows reuse, anywhere else it does not', () => {
    const xs = L('xs');
    const key = E.lambda(['x'], E.bin('*', L('x'), L('k')));
    const yes: Expr[] = [
      E.bin('+', L('a'), 1),
      E.call('f', E.call('f', L('a'))),
      E.b('sortAsc', xs, key),
      // A lambda in the body of a builtin's lambda, itself a builtin's argument.
      E.b('sortAsc', xs, E.lambda(['x'], E.b('len', E.b('sortDesc', xs, E.lambda(['y'], L('x')))))),
      E.b('first', E.b('sortAsc', xs, key)),
      // A literal's data is no code, whatever its fields are named.
      E.lit({ k: 'lambda', params: [], body: null }),
    ];
    const no: Expr[] = [
      key,
      E.let('f', key, E.b('sortAsc', xs, L('f'))),
      E.if(true, key, key),
      E.match(L('a'), [[1, key], ['_', key]]),
      E.call('keep', key),
      E.b('sortAsc', xs, E.if(true, key, key)),
      E.b('sortAsc', xs, E.lambda(['x'], key)),
      E.rec({ f: key }),
      E.list(key),
    ];
    for (const e of yes) expect(slotsReusable(e), JSON.stringify(e)).toBe(true);
    for (const e of no) expect(slotsReusable(e), JSON.stringify(e)).toBe(false);
    // A subtree shared by many parents is walked once (a DAG of 2^40 paths).
    let shared: Expr = E.bin('+', L('a'), 1);
    for (let i = 0; i < 40; i++) shared = E.bin('+', shared, shared);
    expect(slotsReusable(shared)).toBe(true);
    expect(slotsReusable(E.bin('+', shared, key))).toBe(false);
  });

  it('marks the functions of a game: those returning or keeping a lambda keep fresh arrays', async () => {
    const g = loadGame(await compile());
    const reused = [...g.fns.values()].filter((f) => f.reuse).map((f) => f.name).sort();
    expect(reused).toEqual(['around', 'fact', 'four', 'isEven', 'isOdd', 'keep', 'nearest', 'nest', 'ordered', 'pair', 'weight']);
  });

  // Both engines also give a builtin's lambda again while its context, slots and locals are the
  // same (compileLambda, gen-expr.ts's `lambda`): `nest` calls itself from its lambda, in slots of its own.
  it('recursion, mutual recursion, calls in their own arguments and lambdas calling back play the same on both engines', async () => {
    const ir = await compile();
    const expected = {
      // around(n) = 2n + around(n - 1) + 2n; pair(32, 74) = 106 * 10 + 74; four(1, 2, 3, 1507) and
      // four(301, 0, 0, 602) = (a + b + c) * 100 + d.
      results: [120, 24, 1134, 14, 2107, 30702, 1],
      // nest: keys 2 - 2x (nest([1, 2], 1) has two items); nearest and the loop: each d itself.
      sorts: [1, 2, 3, 3, 2, 1, 1, 2, 3, 3, 2, 1, 1, 2, 3, 4, 3, 2, 1, 3, 1, 2, 2, 3, 1],
    };
    for (const engine of ['closure', 'generated'] as const) {
      for (const tierUp of [0, 1, 30_000]) {
        const g = loadGame(ir, { engine, tierUp });
        // Twice on one load: the second game runs on the arrays the first gave back.
        expect(finalVars(g), `${engine}, tierUp ${tierUp}`).toEqual(expected);
        expect(finalVars(g), `${engine}, tierUp ${tierUp}, again`).toEqual(expected);
      }
    }
  });

  it("a builtin's lambda made again for another context, even in the same slots and locals", async () => {
    const source = `
game Near {
    players 2
    var v: number = 1
    fn near(xs: list<number>): number = first(sortAsc(xs, (x) -> (x - v) * (x - v)))
    flow { v = 2 }
}
`;
    const { ir } = await compileText([{ uri: 'near.strata', text: source }]);
    for (const engine of ['closure', 'generated'] as const) {
      const g = loadGame(ir!, { engine, tierUp: 0 });
      const r = newGame(g, { players: 2, seed: 1 });
      if (!r.ok) throw new Error(r.error.message);
      const body = g.fns.get('near')!.body!;
      const slots = [[1, 2, 3, 4]];
      const locals = {};
      // Two states of other values of v, evaluated in turn in the very same slots and locals.
      const near = (s: State): Value => body({ ...makeCtx(g, s, locals), slots });
      const withV = (v: number): State => ({ ...r.value, vars: { ...r.value.vars, v } });
      expect([near(r.value), near(withV(4)), near(withV(1)), near(r.value)], engine).toEqual([2, 4, 1, 2]);
    }
  });

  it('a call gives its array back emptied, and the next call takes that same array', async () => {
    for (const engine of ['closure', 'generated'] as const) {
      const g = loadGame(await compile(), { engine, tierUp: 0 });
      finalVars(g);
      const pair = g.fns.get('pair')!;
      const around = g.fns.get('around')!;
      // The generated engine writes `pair`'s calls out in place (codegen/gen-inline.ts): they take
      // no array. `around` is recursive: its calls are calls on both engines.
      const spare = pair.spare;
      if (engine === 'closure') expect(spare).toEqual([undefined, undefined, undefined]);
      else expect(spare, 'written out in place').toBeNull();
      const aroundSpare = around.spare;
      expect(aroundSpare, engine).toEqual([undefined, undefined]);
      expect(g.fns.get('adder')!.spare, 'never given back').toBeNull();
      finalVars(g);
      expect(pair.spare, engine).toBe(spare);
      expect(around.spare, engine).toBe(aroundSpare);
    }
  });

  it('a call ended by a rule error keeps its array: the next game makes a new one and plays the same', async () => {
    const source = `
game Fails {
    players 2
    var out: number = 0
    fn nth(l: list<number>, i: number): number = let v = l[i] in v
    flow {
        out = nth([1, 2], 0)
        out = nth([1, 2], 5)
    }
}
`;
    const { ir } = await compileText([{ uri: 'fails.strata', text: source }]);
    for (const engine of ['closure', 'generated'] as const) {
      const g = loadGame(ir!, { engine, tierUp: 0 });
      const errors = [1, 2].map(() => {
        const r = newGame(g, { players: 2, seed: 1 });
        expect(g.fns.get('nth')!.spare, 'the array of the failed call is not given back').toBeNull();
        return r.ok ? null : r.error;
      });
      expect(errors[0]?.code).toBe('rule-error');
      expect(errors[0]?.at?.line).toBe(5);
      expect(errors[1]).toEqual(errors[0]);
    }
  });
});
