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
import { loadGame, newGame } from '../../interpreter/index.js';
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
function outcome(ir: GameIR, engine: 'closure' | 'generated'): string {
  const r = newGame(loadGame(ir, { engine, tierUp: 0, inline: false }), { players: 2, seed: 1 });
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
    ['a text join past the longest text', at(add('y', E.lit('x'.repeat(1_000_000))), 3, 11), 'error'],
  ];
  for (const [name, value, expected] of cases) {
    it(name, () => same(setting(value), expected));
  }
});
