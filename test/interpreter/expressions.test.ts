import { describe, expect, it } from 'vitest';
import { msg } from '../../interpreter/messages.js';
import { add, at, E, eq, kind, L, lt, S, squareBoard, T, variable, zone } from './ir-builders.js';
import { evaluate, setupError } from './helpers.js';

const ev = (e: Parameters<typeof evaluate>[0], parts: Parameters<typeof evaluate>[1] = {}, before: Parameters<typeof evaluate>[2] = []) =>
  evaluate(e, parts, before);

describe('operators', () => {
  it('adds numbers, joins text, concatenates lists', () => {
    expect(ev(add(2, 3))).toBe(5);
    expect(ev(add('a', 3))).toBe('a3');
    expect(ev(add(E.list(1), E.list(2, 3)))).toEqual([1, 2, 3]);
    expect(ev(add(E.b('next', 0), ' to play'))).toBe('P2 to play');
  });

  it('divides as reals, wraps modulo below zero, and never stores -0', () => {
    expect(ev(E.bin('/', 7, 2))).toBe(3.5);
    expect(ev(E.bin('%', -1, 3))).toBe(2);
    expect(Object.is(ev(E.bin('*', 0, -1)), 0)).toBe(true);
    expect(Object.is(ev(E.neg(0)), 0)).toBe(true);
  });

  it('compares deeply and orders numbers and text', () => {
    expect(ev(eq(E.list(1, E.rec({ a: 2 })), E.list(1, E.rec({ a: 2 }))))).toBe(true);
    expect(ev(E.bin('!=', E.rec({ a: 1 }), E.rec({ a: 2 })))).toBe(true);
    expect(ev(lt('abc', 'abd'))).toBe(true);
    expect(ev(E.bin('>=', 2, 2))).toBe(true);
    expect(ev(E.bin('in', 2, E.list(1, 2)))).toBe(true);
    expect(ev(E.bin('in', E.rec({ a: 1 }), E.list(E.rec({ a: 1 }))))).toBe(true);
  });

  it('short-circuits and/or, negates booleans', () => {
    // The right side would fail (a number is not a boolean) if it were evaluated.
    expect(ev(E.bin('and', false, 1))).toBe(false);
    expect(ev(E.bin('or', true, 1))).toBe(true);
    expect(ev(E.not(false))).toBe(true);
  });

  it('reports a type mismatch at the operator', () => {
    const err = setupError([S.set(E.v('out'), at(E.bin('-', 'a', 1), 4, 9))], { vars: { out: variable(T.any, null) } });
    expect(err).toEqual({ code: 'rule-error', message: msg.typeMismatch('a number', 'text "a"'), at: { file: 'test.strata', line: 4, col: 9 } });
  });
});

describe('references', () => {
  it('reads params (in dependency order), vars, table rows with their initial value', () => {
    const parts = {
      params: { a: { value: add(E.param('b'), 1), at: at(E.lit(0), 1).at }, b: { value: E.b('numPlayers'), at: at(E.lit(0), 1).at } },
      vars: { t: variable(T.number, 5, { keys: [{ type: 'player' as const }] }) },
    };
    expect(ev(E.list(E.param('a'), E.v('t', 1)), parts)).toEqual([3, 5]);
  });

  it('zones, places, boards and actions are values', () => {
    const parts = { zones: { hand: zone({ perPlayer: true }), pile: zone() }, boards: { G: squareBoard(2, 1) } };
    expect(ev(E.list(E.zone('hand', 1), E.zone('pile'), E.place('G', 'r1c2'), E.action('Go')), parts)).toEqual([
      'zone:hand@1',
      'zone:pile',
      -2,
      'Go',
    ]);
    // A place's value is -1 - its id (interpreter/place-values.ts): G.r1c1 is place 0.
    expect(ev(E.board('G'), parts)).toEqual([-1, -2]);
  });

  it('an unknown variable or a missing key is a located rule error', () => {
    expect(setupError([S.eval(at(E.v('nope'), 2))]).message).toBe(msg.unknown('variable', 'nope'));
    const err = setupError([S.eval(at(E.v('t'), 3))], { vars: { t: variable(T.number, 0, { keys: [{ type: 'player' }] }) } });
    expect(err).toMatchObject({ message: msg.keysMismatch('t', 1, 0), at: { line: 3 } });
    expect(setupError([S.eval(at(L('ghost'), 5))]).message).toBe(msg.unboundLocal('ghost'));
  });
});

describe('conditionals and data', () => {
  it('if, match with a default, and no matching case', () => {
    expect(ev(E.if(false, 1, 2))).toBe(2);
    expect(ev(E.match(3, [[2, 'two'], [3, 'three'], ['_', 'many']]))).toBe('three');
    expect(ev(E.match(9, [[2, 'two'], ['_', 'many']]))).toBe('many');
    expect(setupError([S.eval(E.match(9, [[2, 'two']]))]).message).toBe(msg.noMatchCase('number 9'));
  });

  it('lists, records, field access and indexing', () => {
    expect(ev(E.field(E.rec({ a: E.list(1, 2) }), 'a'))).toEqual([1, 2]);
    expect(ev(E.index(E.list(5, 6, 7), 2))).toBe(7);
    expect(ev(E.index(E.rec({ k: 1 }), 'k'))).toBe(1);
    expect(ev(E.index(E.rec({ k: 1 }), 'z'))).toBe(null);
    expect(setupError([S.eval(E.index(E.list(1), 3))]).message).toBe(msg.indexOutOfRange(3, 1));
    expect(setupError([S.eval(E.field(E.rec({ a: 1 }), 'b'))]).message).toBe(msg.noField('b', 'a record'));
  });

  it('piece and place fields', () => {
    const parts = {
      kinds: { Card: kind({ value: [T.number, 4] }) },
      zones: { deck: zone() },
      boards: { G: { ...squareBoard(2, 2), places: squareBoard(2, 2).places.map((p) => ({ ...p, attrs: { rich: p.x === 2 } })) } },
    };
    const before = [S.create(1, 'Card', E.zone('deck'))];
    expect(ev(E.list(E.field(0, 'value'), E.field(0, 'kind'), E.field(0, 'owner'), E.field(0, 'location')), parts, before)).toEqual([
      4,
      'Card',
      null,
      'zone:deck',
    ]);
    const p = E.place('G', 'r2c2');
    expect(ev(E.list(E.field(p, 'x'), E.field(p, 'y'), E.field(p, 'rich'), E.field(p, 'name')), parts)).toEqual([2, 2, true, 'r2c2']);
  });
});

describe('comprehensions and quantifiers', () => {
  const nums = E.list(3, 1, 4, 1, 5);
  const big = E.bin('>', L('x'), 1);
  it('comprehension with a filter', () => {
    expect(ev(E.comp('x', nums, E.bin('*', L('x'), 2), big))).toEqual([6, 8, 10]);
  });
  it('count, sum, any, all', () => {
    expect(ev(E.quant('count', 'x', nums, { where: big }))).toBe(3);
    expect(ev(E.quant('sum', 'x', nums, { where: big, of: E.bin('*', L('x'), 10) }))).toBe(120);
    expect(ev(E.quant('sum', 'x', nums))).toBe(14);
    expect(ev(E.quant('any', 'x', nums, { where: eq(L('x'), 4) }))).toBe(true);
    expect(ev(E.quant('all', 'x', nums, { where: big }))).toBe(false);
    expect(ev(E.quant('all', 'x', nums, { where: big, of: E.bin('>', L('x'), 2) }))).toBe(true);
    expect(ev(E.quant('any', 'x', E.list()))).toBe(false);
    expect(ev(E.quant('all', 'x', E.list()))).toBe(true);
  });
  it('min, max (none when empty), argmax/argmin (first on ties)', () => {
    expect(ev(E.quant('min', 'x', nums, { of: L('x') }))).toBe(1);
    expect(ev(E.quant('max', 'x', nums, { of: L('x') }))).toBe(5);
    expect(ev(E.quant('max', 'x', E.list(), { of: L('x') }))).toBe(null);
    const recs = E.list(E.rec({ n: 'a', v: 2 }), E.rec({ n: 'b', v: 3 }), E.rec({ n: 'c', v: 3 }), E.rec({ n: 'd', v: 1 }));
    expect(ev(E.field(E.quant('argmax', 'r', recs, { of: E.field(L('r'), 'v') }), 'n'))).toBe('b');
    expect(ev(E.field(E.quant('argmin', 'r', recs, { of: E.field(L('r'), 'v') }), 'n'))).toBe('d');
    expect(ev(E.quant('argmin', 'r', E.list(), { of: L('r') }))).toBe(null);
  });
  it('a binder does not leak and restores an outer local of the same name', () => {
    expect(ev(E.list(E.quant('count', 'x', nums), L('x')), {}, [S.let('x', 'outer')])).toEqual([5, 'outer']);
  });
});

describe('functions and lambdas', () => {
  const fns = {
    double: { params: [{ name: 'n', type: T.number }], body: E.bin('*', L('n'), 2), at: at(E.lit(0), 1).at },
    fact: {
      params: [{ name: 'n', type: T.number }],
      body: E.if(E.bin('<=', L('n'), 1), 1, E.bin('*', L('n'), E.call('fact', E.bin('-', L('n'), 1)))),
      at: at(E.lit(0), 1).at,
    },
  };
  it('calls functions with their own locals, recursively', () => {
    expect(ev(E.list(E.call('double', 4), E.call('fact', 5)), { fns })).toEqual([8, 120]);
  });
  it('a lambda sees the locals where it was made', () => {
    const sorted = E.b('sortAsc', E.list(3, 1, 2), E.lambda(['v'], E.bin('*', L('v'), L('sign'))));
    expect(ev(sorted, {}, [S.let('sign', -1)])).toEqual([3, 2, 1]);
  });
  it('a function may take a function value as an argument', () => {
    const apply2 = {
      twice: {
        params: [{ name: 'f', type: T.any }, { name: 'v', type: T.number }],
        body: E.b('sortAsc', E.list(L('v'), E.bin('+', L('v'), 1)), L('f')),
        at: at(E.lit(0), 1).at,
      },
    };
    expect(ev(E.call('twice', E.lambda(['x'], E.neg(L('x'))), 5), { fns: apply2 })).toEqual([6, 5]);
  });
  it('a function value cannot be stored', () => {
    expect(setupError([S.let('f', E.lambda(['a'], L('a')))]).message).toBe(msg.functionStored());
  });
});
