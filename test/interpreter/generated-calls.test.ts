/**
 * User-function calls and cheap reads on both engines, each ending as the closure interpreter's
 * does (the same values, the same errors at the same place): parameters where a binder or a
 * lambda's parameter of the same name may hide them; a call's slots given back for the next call;
 * `kindOf(x)`, `ownerOf(x)`, a place's field, a record's field, a list's length, and their errors;
 * loops over pieces' ids; a let's binder given back; text joins with a text literal; `str`,
 * builtins of no argument, and `lineThrough` of three. These are the shapes a generator shortcut
 * would get wrong first (written for branch expr-cost, whose shortcuts measured as noise).
 */
import { describe, expect, it } from 'vitest';
import { genStats } from '../../interpreter/codegen/gen-expr.js';
import { INLINE_LOAD, inlineSize, writtenIn } from '../../interpreter/codegen/gen-inline.js';
import { LIMITS } from '../../interpreter/context.js';
import { loadGame, newGame } from '../../interpreter/index.js';
import { msg } from '../../interpreter/messages.js';
import type { Expr, GameIR, Stmt } from '../../interpreter/ir.js';
import { add, at, E, type Ex, game, kind, L, loc, S, squareBoard, T, variable, zone } from './ir-builders.js';

type Fns = GameIR['fns'];

/** A function of parameters `params` (any type) and body `body`, located at line `line`. */
function fn(params: string[], body: Ex, line: number): Fns[string] {
  return { params: params.map((name) => ({ name, type: T.any })), body: typeof body === 'object' && body !== null ? body : E.lit(body), at: loc(line) };
}

/** `out` set to `value` (at line 2) once five tokens are in the bag, two of player 1. */
function setting(value: Expr, fns: Fns = {}): GameIR {
  const grid = squareBoard(2, 2);
  grid.places[0].attrs = { soil: 'wet' };
  grid.places[1].attrs = { soil: 'dry' };
  const setup: Stmt[] = [
    S.create(2, 'Token', E.zone('hand', E.b('playerAt', 1)), { size: 2 }),
    S.create(3, 'Token', E.zone('hand', E.b('playerAt', 2)), { size: 5 }),
    S.move({ pieces: E.b('pieces', E.zone('hand', E.b('playerAt', 1))), to: E.zone('bag') }),
    S.move({ pieces: E.b('pieces', E.zone('hand', E.b('playerAt', 2))), to: E.zone('bag') }),
    at(S.set(E.v('out'), value), 2),
  ];
  return game({
    kinds: { Token: kind({ size: [T.number, 1] }) },
    zones: { hand: zone({ perPlayer: true }), bag: zone() },
    boards: { Grid: grid },
    vars: { out: variable(T.any, null) },
    fns,
    setup,
  });
}

/** `out`'s value, or the error, on one engine. */
function outcome(ir: GameIR, engine: 'closure' | 'generated', tierUp = 0): string {
  const r = newGame(loadGame(ir, { engine, tierUp, inline: false }), { players: 2, seed: 1 });
  return r.ok ? JSON.stringify(r.value.vars.out) : `error ${JSON.stringify(r.error)}`;
}

/** Both engines end alike, as `expected` begins. */
function same(ir: GameIR, expected: string): void {
  const closure = outcome(ir, 'closure');
  expect(closure.startsWith(expected), closure).toBe(true);
  expect(outcome(ir, 'generated')).toBe(closure);
}

describe('user-function calls, generated', () => {
  const twice = (...args: Ex[]): Expr => E.list(E.call('f', ...args), E.call('f', ...args.map((a) => (typeof a === 'number' ? a + 1 : a))));

  it('reads its parameters, also where a let, a loop and a lambda bind their names for a while', () => {
    // f(a, b) = [a, let a = b + 1 in a, [a for a in [7, 8]], a, sortAsc([3, 1], (a) -> a * b), a + b]
    const body = E.list(
      L('a'),
      E.let('a', add(L('b'), 1), L('a')),
      E.comp('a', E.list(7, 8), L('a')),
      L('a'),
      E.b('sortAsc', E.list(3, 1), E.lambda(['a'], E.bin('*', L('a'), L('b')))),
      add(L('a'), L('b')),
    );
    same(setting(twice(10, 2), { f: fn(['a', 'b'], body, 5) }), '[[10,3,[7,8],10,[1,3],12],[11,4,[7,8],11,[1,3],14]]');
  });

  it('a parameter\'s name read in a lambda inside a lambda whose parameter has that name', () => {
    // f(a) = sortAsc([3, -3], (a) -> first(sortAsc([1, 2], (y) -> (y - a) * (y - a)))): the inner
    // lambda reads the outer one's `a` (the item nearest to it first), not the function's.
    const near = E.lambda(['y'], E.bin('*', E.bin('-', L('y'), L('a')), E.bin('-', L('y'), L('a'))));
    const body = E.b('sortAsc', E.list(3, -3), E.lambda(['a'], E.b('first', E.b('sortAsc', E.list(1, 2), near))));
    same(setting(E.call('f', 10), { f: fn(['a'], body, 6) }), '[-3,3]');
  });

  it('a binder read out of its scope: unbound in a later call, whose slots were emptied', () => {
    // g(c) = if c then (let b = 1 in b) else b; and h(c) = [let b = 1 in b, b] keeps b's last value.
    const g = fn(['c'], E.if(L('c'), E.let('b', 1, L('b')), at(L('b'), 7, 3)), 7);
    const h = fn(['c'], E.list(E.let('b', 1, L('b')), L('b')), 8);
    same(setting(E.list(E.call('h', true), E.call('h', false)), { g, h }), '[[1,1],[1,1]]');
    same(setting(E.list(E.call('g', true), E.call('g', false)), { g, h }), 'error');
    same(setting(E.list(E.call('g', true), E.call('h', false), E.call('g', false)), { g, h }), 'error');
  });

  it('a let of a function value, and of values known to be JSON, in a body called twice', () => {
    // k(a) = [let f = (x) -> x + a in sortAsc([2, 1], f), let n = a + 1 in n, let c = (if a > 1 then "x" else 2) in c]
    const body = E.list(
      E.let('f', E.lambda(['x'], add(L('x'), L('a'))), E.b('sortAsc', E.list(2, 1), L('f'))),
      E.let('n', add(L('a'), 1), L('n')),
      E.let('c', E.if(E.bin('>', L('a'), 1), 'x', 2), L('c')),
    );
    same(setting(E.list(E.call('k', 1), E.call('k', 2)), { k: fn(['a'], body, 11) }), '[[[1,2],2,2],[[1,2],3,"x"]]');
  });

  it('a local of no binder in a body is unbound', () => {
    same(setting(E.call('f', 1), { f: fn(['a'], add(L('a'), at(L('z'), 9, 4)), 9) }), 'error');
  });

  // A value read once is not checked again where a body written out reads it (Gen `defined`): an
  // unbound argument still fails where the caller reads it, before any call.
  it('an unbound local passed down a chain of calls written out fails where it is first read', () => {
    const fns: Fns = {
      f: fn(['a'], E.call('g', L('a'), L('a')), 12),
      g: fn(['a', 'b'], E.list(L('a'), E.call('h', L('b'))), 13),
      h: fn(['c'], E.list(L('c'), L('c')), 14),
    };
    same(setting(E.list(E.call('f', 1), E.call('f', E.b('kindOf', E.b('first', E.b('pieces', E.zone('bag')))))), fns), '[[1,[1,1]],["Token",["Token","Token"]]]');
    same(setting(at(E.call('f', at(L('nowhere'), 3, 12)), 3, 10), fns), 'error');
    const r = outcome(setting(at(E.call('f', at(L('nowhere'), 3, 12)), 3, 10), fns), 'generated');
    expect(r).toContain(JSON.stringify(msg.unboundLocal('nowhere')).slice(1, -1));
    expect(r).toContain('"col":12');
  });

  it('kindOf of a non-piece inside a chain of calls written out fails at the kindOf', () => {
    const fns: Fns = {
      f: fn(['x'], E.call('g', L('x')), 12),
      g: fn(['x'], E.comp('t', E.list(E.b('first', E.b('pieces', E.zone('bag'))), L('x')), at(E.b('kindOf', L('t')), 13, 20)), 13),
    };
    same(setting(E.call('f', E.b('first', E.b('pieces', E.zone('bag')))), fns), '["Token","Token"]');
    const r = outcome(setting(E.call('f', 'bag'), fns), 'generated');
    expect(r).toBe(outcome(setting(E.call('f', 'bag'), fns), 'closure'));
    expect(r).toContain('"line":13,"col":20');
  });

  it('a count of a function whose body is a comprehension of its binder, read with its parameters', () => {
    const mine = fn(['p', 'h'], E.comp('t', E.b('ownedBy', L('h'), L('p')), L('t'), E.bin('==', E.b('kindOf', L('t')), 'Token')), 10);
    const value = E.list(E.b('len', E.call('mine', E.b('playerAt', 1), E.zone('bag'))), E.b('len', E.call('mine', E.b('playerAt', 2), E.zone('bag'))));
    same(setting(value, { mine }), '[2,3]');
    same(setting(at(E.b('len', E.call('mine', 7, E.zone('bag'))), 3, 3), { mine }), 'error');
  });
});

describe('piece and place reads, generated inline', () => {
  const bag = (): Expr => E.b('pieces', E.zone('bag'));
  const cases: [string, Expr, string][] = [
    ['kindOf and ownerOf of pieces', E.comp('t', bag(), E.list(E.b('kindOf', L('t')), E.b('ownerOf', L('t')))), '[["Token",1],["Token",1],["Token",1],["Token",0],["Token",0]]'],
    ['kindOf of a place', at(E.b('kindOf', E.place('Grid', 'r1c1')), 3, 7), 'error'],
    ['kindOf of a number that is no piece', at(E.b('kindOf', 99), 3, 7), 'error'],
    ['ownerOf of a text', at(E.b('ownerOf', 'bag'), 3, 7), 'error'],
    ['kindOf of a negative number, after a piece\'s', E.list(
      E.b('first', E.comp('t', bag(), E.b('kindOf', L('t')))),
      at(E.b('kindOf', -1), 3, 5),
    ), 'error'],
    ['kindOf of a piece id past the last piece', at(E.b('kindOf', E.bin('+', E.b('first', bag()), 99)), 3, 6), 'error'],
    ['kindOf of a fraction', at(E.b('kindOf', 0.5), 3, 8), 'error'],
    ['kindOf of a list', at(E.b('kindOf', E.list(1)), 3, 9), 'error'],
    ['kindOf of none', at(E.b('kindOf', E.lit(null)), 3, 10), 'error'],
    ['a place\'s attribute and built-in fields', E.list(
      E.field(E.place('Grid', 'r1c1'), 'soil'),
      E.field(E.place('Grid', 'r1c2'), 'soil'),
      E.field(E.place('Grid', 'r2c1'), 'x'),
      E.field(E.place('Grid', 'r2c1'), 'name'),
      E.field(E.rec({ soil: 'record' }), 'soil'),
    ), '["wet","dry",1,"r2c1","record"]'],
    ['a record\'s field, and fields of a list, of a function and of a record without it', E.list(
      E.field(E.rec({ soil: 'record', n: 2 }), 'n'),
      E.let('r', E.rec({ soil: E.list(1) }), E.field(L('r'), 'soil')),
    ), '[2,[1]]'],
    ['a list\'s length as a field', at(E.field(E.list(1, 2), 'length'), 3, 9), 'error'],
    ['a function\'s arity as a field', at(E.field(E.lambda(['x'], L('x')), 'arity'), 3, 9), 'error'],
    ['a record without the field', at(E.field(E.rec({ n: 1 }), 'soil'), 3, 9), 'error'],
    ['a place without the attribute', at(E.field(E.place('Grid', 'r2c2'), 'soil'), 3, 9), 'error'],
    ['a text that is no place', at(E.field('nowhere', 'soil'), 3, 9), 'error'],
    ['a piece without the field', at(E.b('first', E.comp('t', bag(), E.field(L('t'), 'soil'))), 3, 9), 'error'],
    ['a loop over pieces\' ids: their values, sums and fields', E.list(
      E.comp('t', bag(), add(L('t'), 1)),
      E.quant('sum', 't', bag(), { of: L('t') }),
      E.quant('sum', 't', bag(), { of: E.field(L('t'), 'size') }),
      E.comp('t', E.b('ownedBy', E.zone('bag'), E.b('playerAt', 2)), E.rec({ id: L('t') })),
    ), '[[3,4,5,1,2],10,19,[{"id":2},{"id":3},{"id":4}]]'],
    ['text joins with a text literal, shown as the closure shows them', E.list(
      add('at ', E.place('Grid', 'r1c1')),
      add(E.place('Grid', 'r1c2'), ' is near'),
      add(add('Grid.', 'r2c1'), ''),
      add('n', E.list(1, 2)),
      add(E.b('playerAt', 1), ' plays'),
      add(add('x', 1), add(true, 'y')),
    ), '["at r1c1","r1c2 is near","r2c1","n[1, 2]",'],
    ['str of values of each static type (typed1), and builtins of no argument', E.list(
      E.b('str', E.b('playerAt', 2)),
      E.b('str', E.place('Grid', 'r1c2')),
      E.b('str', E.b('first', bag())),
      E.b('str', E.list(E.b('playerAt', 1), 3)),
      E.b('numPlayers'),
      E.b('numPlayers'),
    ), '["P2","r1c2","Token#2","[P1, P4]",2,2]'],
    ['lineThrough, a builtin of three arguments called without an argument list (run3)', E.list(
      E.b('lineThrough', E.place('Grid', 'r1c1'), E.rec({ dx: 1, dy: 0 }), E.lambda(['c'], true)),
      E.b('lineThrough', E.place('Grid', 'r1c1'), E.rec({ dx: 1, dy: 1 }), E.lambda(['c'], E.bin('==', E.b('size', L('c')), 0))),
    ), '[2,2]'],
    ['lineThrough of no function', at(E.b('lineThrough', E.place('Grid', 'r1c1'), E.rec({ dx: 1, dy: 0 }), 3), 3, 13), 'error'],
    ['lineThrough of no place', at(E.b('lineThrough', 'nowhere', E.rec({ dx: 1, dy: 0 }), E.lambda(['c'], true)), 3, 13), 'error'],
    // A direction that does not move (its steps round back to the start) would walk the start forever.
    ['lineThrough along no direction', at(E.b('lineThrough', E.place('Grid', 'r1c1'), E.rec({ dx: 0, dy: 0 }), E.lambda(['c'], true)), 3, 13),
      `error {"code":"rule-error","message":${JSON.stringify(msg.lineStill())},"at":{"file":"test.strata","line":3,"col":13}}`],
    ['lineThrough along a direction too small to move', at(E.b('lineThrough', E.place('Grid', 'r2c2'), E.rec({ dx: 1e-300, dy: -0 }), E.lambda(['c'], E.bin('==', E.b('size', L('c')), 0))), 3, 13),
      `error {"code":"rule-error","message":${JSON.stringify(msg.lineStill())},"at":{"file":"test.strata","line":3,"col":13}}`],
    // A frame's local named as the test's parameter: the first test binds it (it had no value), the
    // later ones give that value back, as lambda calls do; the second line's start fails.
    ['lineThrough\'s test parameter, a frame local, read after', E.list(
      E.b('lineThrough', E.place('Grid', 'r1c2'), E.rec({ dx: -1, dy: 0 }), E.lambda(['q'], E.bin('!=', E.field(L('q'), 'y'), 9))),
      E.field(L('q'), 'name'),
      E.b('lineThrough', E.place('Grid', 'r2c1'), E.rec({ dx: 1, dy: 0 }), E.lambda(['q'], E.bin('==', E.field(L('q'), 'name'), 'r1c1'))),
      E.field(L('q'), 'name'),
    ), '[2,"r1c2",0,"r1c2"]'],
    ['a text join past the longest text', at(add('y', E.lit('x'.repeat(1_000_000))), 3, 11), 'error'],
  ];
  for (const [name, value, expected] of cases) {
    it(name, () => same(setting(value), expected));
  }
});

/**
 * `out`'s outcome on both engines (alike, also tiered: a generated caller may then call a callee
 * still on closures), and how many calls the generated engine wrote out in place.
 */
function inlinedIn(ir: GameIR): { outcome: string; inlined: number } {
  const closure = outcome(ir, 'closure');
  const before = genStats.inlined;
  expect(outcome(ir, 'generated')).toBe(closure);
  const inlined = genStats.inlined - before;
  expect(outcome(ir, 'generated', 3)).toBe(closure);
  return { outcome: closure, inlined };
}

describe('calls written out in the generated caller (inlined)', () => {
  // f_i(x) = f_{i+1}(x) + 1, each call at its own line; the last returns x.
  const chain = (n: number): Fns => {
    const fns: Fns = {};
    for (let i = 0; i < n; i++) fns[`f${i}`] = fn(['x'], add(at(E.call(`f${i + 1}`, L('x')), 100 + i, 3), 1), 100 + i);
    fns[`f${n}`] = fn(['x'], L('x'), 100 + n);
    return fns;
  };

  it('a chain of calls within the depth limit: its value, with calls written out', () => {
    const r = inlinedIn(setting(E.call('f0', 0), chain(150)));
    expect(r.outcome).toBe('150');
    expect(r.inlined).toBeGreaterThan(0);
  });

  it('a chain deeper than the depth limit fails at the same call with the same message', () => {
    const r = inlinedIn(setting(E.call('f0', 0), chain(230)));
    expect(r.inlined).toBeGreaterThan(0);
    // The call made at depth 200: f199's call of f200, at its line.
    expect(r.outcome).toContain(JSON.stringify(msg.depthLimit(LIMITS.callDepth)).slice(1, -1));
    expect(r.outcome).toContain('"line":299');
  });

  it('a budget error inside a callee written out: the same message at the callee\'s loop', () => {
    // g(n) = count i in range(1, 3000) where i > n, summed over 3000 values: past the budget in g.
    const g = fn(['n'], at(E.quant('count', 'i', at(E.b('range', 1, 3000), 21, 9), { where: E.bin('>', L('i'), L('n')) }), 21, 5), 21);
    const value = at(E.quant('sum', 'x', E.b('range', 1, 3000), { of: at(E.call('g', L('x')), 3, 7) }), 3, 3);
    const r = inlinedIn(setting(value, { g }));
    expect(r.inlined).toBeGreaterThan(0);
    expect(r.outcome).toContain(JSON.stringify(msg.evalLimit(LIMITS.evalSteps)).slice(1, -1));
    expect(r.outcome).toContain('"line":21');
  });

  // A chain of calls each first in the body before it is checked once when no check can fail
  // (Gen `chainHead`), else call by call: each limit met at every call of a chain of four.
  it('a chain of calls written out meets the depth limit at each of its calls: the same call, message and place', () => {
    const lines = new Set<string>();
    for (let n = 196; n <= 204; n++) {
      const r = inlinedIn(setting(E.call('f0', 0), chain(n)));
      if (n < 200) expect(r.outcome).toBe(String(n));
      else {
        expect(r.outcome).toContain(JSON.stringify(msg.depthLimit(LIMITS.callDepth)).slice(1, -1));
        lines.add(/"line":(\d+)/.exec(r.outcome)?.[1] ?? '');
      }
    }
    expect(lines).toEqual(new Set(['299']));
    // The same chain entered m calls deeper (through a recursive function, never written out):
    // the limit met at each place of the chains' calls in turn.
    const fns: Fns = {
      ...chain(230),
      down: fn(['n'], E.if(E.bin('<=', L('n'), 0), at(E.call('f0', 0), 50, 3), at(E.call('down', E.bin('-', L('n'), 1)), 51, 3)), 50),
    };
    const ends: string[] = [];
    for (let m = 0; m <= 5; m++) ends.push(/"line":(\d+)/.exec(inlinedIn(setting(E.call('down', m), fns)).outcome)?.[1] ?? '');
    expect(ends).toEqual(['298', '297', '296', '295', '294', '293']);
  });

  it('a chain of calls written out meets the budget at each of its calls: the same call, message and place', () => {
    // 4,999,980 steps spent first (a range's items made, then visited), then k more (a range of k
    // made), then f0(1) = f1(1) + 1 … f3(1) = 1: a chain of four calls, one step each.
    const big = (n: number): Expr => E.quant('sum', 'x', E.b('range', 1, n), { of: L('x') });
    const ends: string[] = [];
    for (let k = 16; k <= 20; k++) {
      const value = E.list(big(1_000_000), big(1_000_000), big(499_990), E.b('len', E.b('range', 1, k)), at(E.call('f0', 1), 3, 7));
      const r = inlinedIn(setting(value, chain(3)));
      expect(r.inlined).toBeGreaterThan(0);
      if (k === 16) expect(r.outcome).toMatch(/,16,4\]$/);
      else {
        expect(r.outcome).toContain(JSON.stringify(msg.evalLimit(LIMITS.evalSteps)).slice(1, -1));
        ends.push(/"line":(\d+)/.exec(r.outcome)?.[1] ?? '');
      }
    }
    // The chain's calls are at lines 3 (f0), 100 (f0's of f1), 101 and 102: the last step left is
    // spent one call earlier at each k.
    expect(ends).toEqual(['102', '101', '100', '3']);
  });

  it('recursion, direct and mutual, is not written out', () => {
    const fns: Fns = {
      fact: fn(['n'], E.if(E.bin('<=', L('n'), 0), 1, E.bin('*', L('n'), E.call('fact', E.bin('-', L('n'), 1)))), 30),
      even: fn(['n'], E.if(E.bin('==', L('n'), 0), true, E.call('odd', E.bin('-', L('n'), 1))), 31),
      odd: fn(['n'], E.if(E.bin('==', L('n'), 0), false, E.call('even', E.bin('-', L('n'), 1))), 32),
      twice: fn(['n'], E.list(E.call('fact', L('n')), E.call('even', L('n'))), 33),
    };
    const ir = setting(E.list(E.call('fact', 5), E.call('even', 7), E.call('odd', 7)), fns);
    expect(inlineSize(ir, 'fact')).toBeNull();
    expect(inlineSize(ir, 'even')).toBeNull();
    expect(inlineSize(ir, 'odd')).toBeNull();
    expect(inlineSize(ir, 'twice')).toBeGreaterThan(0);
    expect(inlinedIn(ir)).toEqual({ outcome: '[120,false,true]', inlined: 0 });
    // A non-recursive caller of them is written out; they stay calls inside it.
    const r = inlinedIn(setting(E.call('twice', 6), fns));
    expect(r).toEqual({ outcome: '[720,true]', inlined: 1 });
  });

  it('a callee with a lambda, or with a node left to a closure, is called, not written out', () => {
    const sorted = fn(['a'], E.b('sortAsc', E.list(3, 1, 2), E.lambda(['x'], E.bin('*', L('x'), L('a')))), 40);
    // A match on a list key: the generator leaves it to the closure interpreter.
    const pick = fn(['a'], E.match(L('a'), [[E.list(1), 'one'], ['_', 'other']]), 41);
    const plain = fn(['a'], add(L('a'), 1), 42);
    const both = fn(['a'], E.list(E.call('sorted', L('a')), E.call('pick', L('a')), E.call('plain', L('a'))), 43);
    expect(inlinedIn(setting(E.call('sorted', -1), { sorted }))).toEqual({ outcome: '[3,2,1]', inlined: 0 });
    expect(inlinedIn(setting(E.call('pick', E.list(1)), { pick }))).toEqual({ outcome: '"one"', inlined: 0 });
    // `plain` is written out in `both`'s own body, and `both` (with `plain` in it) where it is
    // called: three; `sorted` and `pick` stay calls.
    expect(inlinedIn(setting(E.call('both', 1), { sorted, pick, plain, both }))).toEqual({ outcome: '[[1,2,3],"other",2]', inlined: 3 });
  });

  it('a fan-out of callees that need their slots: each is tried once, not at every call inside every try', () => {
    // f_d(x) = [f_{d+1}(x) six times, a sort by a lambda]: every body needs its slots array. Tried
    // at every call, the tries grew as 6^4 per generated function (and their temporaries stayed
    // declared): 18 calls a body took a minute and passed V8's limit of variables.
    const fns: Fns = {};
    const tail = (): Expr => E.b('sortAsc', E.list(3, 1), E.lambda(['y'], L('y')));
    for (let d = 0; d < 5; d++) fns[`f${d}`] = fn(['x'], E.list(...Array.from({ length: 6 }, () => E.call(`f${d + 1}`, L('x'))), tail()), 70 + d);
    fns.f5 = fn(['x'], E.list(L('x'), tail()), 75);
    const before = genStats.notInlined;
    expect(inlinedIn(setting(E.call('f0', 1), fns))).toEqual({ outcome: JSON.stringify([...Array(6).fill([...Array(6).fill([...Array(6).fill([...Array(6).fill([...Array(6).fill([1, [1, 3]]), [1, 3]]), [1, 3]]), [1, 3]]), [1, 3]]), [1, 3]]), inlined: 0 });
    // Six functions, each tried once (for all the loads of the IR).
    expect(genStats.notInlined - before).toBe(6);
  });

  it('many calls of a function that calls many others: what a load writes out is bounded', () => {
    // f_d(x) = if x > 0 then f_{d+1}(x - 1) + … (ten times) else 0: each call of f0 writes out
    // INLINE_TOTAL nodes; 120 of them would be twice INLINE_LOAD.
    const fns: Fns = {};
    for (let d = 0; d < 5; d++) {
      const calls = Array.from({ length: 10 }, (): Expr => E.call(`f${d + 1}`, E.bin('-', L('x'), 1)));
      fns[`f${d}`] = fn(['x'], E.if(E.bin('>', L('x'), 0), calls.reduce((a, b) => E.bin('+', a, b)), 0), 80 + d);
    }
    fns.f5 = fn(['x'], L('x'), 85);
    const ir = setting(E.call('f0', 0), fns);
    ir.setup.push(...Array.from({ length: 120 }, (_, i) => at(S.set(E.v('out'), E.call('f0', i % 2)), 90 + i)));
    const g = loadGame(ir, { engine: 'generated', tierUp: 0, inline: false });
    expect(writtenIn(g)).toBeGreaterThan(INLINE_LOAD / 2);
    expect(writtenIn(g)).toBeLessThanOrEqual(INLINE_LOAD);
    expect(inlinedIn(ir).outcome).toBe('0');
  });

  const grid = (): Expr => E.board('Grid');
  // The last: whether some call is written out (a callee whose body has a node left to a closure is not).
  const cases: [string, Expr, Fns, string, boolean][] = [
    ['a parameter hidden by a let, a loop and a quantifier of its name, read after each',
      E.list(E.call('f', 5), E.call('f', 6)),
      { f: fn(['a'], E.list(E.let('a', 1, L('a')), L('a'), E.comp('a', E.list(7, 8), L('a')), L('a'), E.quant('sum', 'a', E.list(2, 3), { of: L('a') }), L('a')), 50) },
      '[[1,5,[7,8],5,5,5],[1,6,[7,8],6,5,6]]', true],
    ['a callee in a loop: its binders start unbound at every call',
      E.comp('i', E.list(1, 2, 3), E.call('g', L('i'))),
      { g: fn(['n'], E.list(E.let('b', L('n'), L('b')), E.quant('count', 'j', E.list(1, 2, 3), { where: E.bin('>', L('j'), L('n')) })), 51) },
      '[[1,2],[2,1],[3,0]]', true],
    ['a binder read out of its scope in a callee called in a loop',
      E.comp('i', E.list(true, false), E.call('g', L('i'))),
      { g: fn(['c'], E.if(L('c'), E.let('b', 1, L('b')), at(L('b'), 52, 3)), 52) },
      'error', true],
    ['a call as an argument of a call of the same function, and a parameter returned as it is',
      E.list(E.call('inc', E.call('inc', 1)), E.call('id', E.list(1, 2)), E.call('id', E.call('id', 'x'))),
      { inc: fn(['a'], add(L('a'), 1), 53), id: fn(['a'], L('a'), 54) },
      '[3,[1,2],"x"]', true],
    ['a type error inside a callee, at the callee\'s node',
      E.call('dec', 'x'),
      { dec: fn(['a'], at(E.bin('-', L('a'), 1), 55, 7), 55) },
      'error', true],
    ['a wrong number of arguments inside a callee',
      E.call('outer', 1),
      { outer: fn(['a'], at(E.call('inner', L('a'), 2), 56, 4), 56), inner: fn(['a'], L('a'), 57) },
      'error', false],
    ['holders of a loop over a board read in a callee, and a count of a function inside one',
      E.list(E.comp('c', grid(), E.call('cell', L('c'))), E.call('counted', E.zone('bag'))),
      {
        cell: fn(['c'], E.list(E.b('size', L('c')), E.quant('count', 't', E.b('pieces', L('c'))), E.field(L('c'), 'name')), 58),
        mine: fn(['h'], E.comp('t', E.b('pieces', L('h')), L('t'), E.bin('>', E.field(L('t'), 'size'), 1)), 59),
        counted: fn(['h'], E.b('len', E.call('mine', L('h'))), 60),
      },
      '[[[0,0,"r1c1"],[0,0,"r1c2"],[0,0,"r2c1"],[0,0,"r2c2"]],5]', true],
    // neighbours(c) of a loop's item read by its holder id (HolderTable.near), and its items' holders by id.
    ['neighbours of the places of a board read by id, in a callee written out and in the loop itself',
      E.list(
        E.comp('c', grid(), E.call('near', L('c'))),
        E.comp('c', grid(), E.list(E.b('len', E.b('neighbours', L('c'))), E.quant('any', 'n', E.b('neighbours', L('c')), { where: E.bin('==', E.field(L('n'), 'name'), 'r2c2') }))),
        E.comp('c', E.list(E.place('Grid', 'r1c1')), E.call('near', L('c'))),
      ),
      { near: fn(['c'], E.list(E.quant('count', 'n', E.b('neighbours', L('c')), { where: E.bin('==', E.b('len', E.b('pieces', L('n'))), 0) }), E.comp('n', E.b('neighbours', L('c')), E.field(L('n'), 'name'))), 65) },
      '[[[2,["r1c2","r2c1"]],[2,["r1c1","r2c2"]],[2,["r1c1","r2c2"]],[2,["r1c2","r2c1"]]],[[2,false],[2,true],[2,true],[2,false]],[[2,["r1c2","r2c1"]]]]', true],
    // lineThrough's test written out in the walk (codegen/gen-line.ts): the function needs no
    // slots array for a lambda, and is written out where it is called.
    ['lines counted with their tests written out, in a callee written out in a loop over a board',
      E.comp('c', grid(), E.call('lines', L('c'))),
      {
        lines: fn(['c'], E.list(
          E.b('lineThrough', L('c'), E.rec({ dx: 1, dy: 0 }), E.lambda(['p'], E.bin('==', E.b('size', L('p')), 0))),
          E.b('lineThrough', L('c'), E.rec({ dx: 1, dy: 1 }), E.lambda(['p'], E.bin('!=', L('p'), L('c')))),
          E.b('lineThrough', L('c'), E.rec({ dx: 0, dy: 1 }), E.lambda(['p'], E.bin('==', E.field(L('p'), 'x'), E.field(L('c'), 'x')))),
          E.b('lineThrough', L('c'), E.rec({ dx: 1, dy: 0 }), E.lambda(['p'], E.bin('!=', E.field(L('p'), 'name'), 'r1c2'))),
        ), 61),
      },
      '[[2,0,2,1],[2,0,2,0],[2,0,2,2],[2,0,2,2]]', true],
    ['a line\'s test parameter hides the caller\'s parameter, which is given back',
      E.call('hide', E.place('Grid', 'r1c1')),
      { hide: fn(['p'], E.list(E.b('lineThrough', L('p'), E.rec({ dx: 1, dy: 0 }), E.lambda(['p'], E.bin('!=', E.field(L('p'), 'name'), 'r1c2'))), E.field(L('p'), 'name')), 62) },
      '[1,"r1c1"]', true],
    ['a line whose test answers no boolean',
      E.call('bad', E.place('Grid', 'r1c1')),
      { bad: fn(['c'], at(E.b('lineThrough', L('c'), E.rec({ dx: 1, dy: 0 }), E.lambda(['p'], 1)), 63, 5), 63) },
      'error', true],
    ['a line of no direction',
      E.call('bad', E.place('Grid', 'r1c1')),
      { bad: fn(['c'], at(E.b('lineThrough', L('c'), 3, E.lambda(['p'], true)), 64, 5), 64) },
      'error', true],
  ];
  for (const [name, value, fns, expected, inlines] of cases) {
    it(name, () => {
      const r = inlinedIn(setting(value, fns));
      expect(r.outcome.startsWith(expected), r.outcome).toBe(true);
      expect(r.inlined > 0).toBe(inlines);
    });
  }
});
