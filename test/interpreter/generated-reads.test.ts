/**
 * Tiering counts work, not runs (codegen/tier.ts): an expression whose run visits many items is
 * generated after fewer runs. And reads the generated engine makes without a closure or a list of
 * its own end as the closure interpreter's do (the same values, the same errors at the same place):
 * zones, places and boards of an owner and zones per key (no closure fallback), rows of two-key
 * tables whose first key is a seat (runtime.ts `seatKey`), loops over `ownedBy(h, p)`.
 */
import { withPlaceTexts } from '../../interpreter/place-values.js';
import { describe, expect, it } from 'vitest';
import { tieredExpr, tieredOp } from '../../interpreter/codegen/tier.js';
import { genStats } from '../../interpreter/codegen/gen-expr.js';
import { LIMITS, type Ctx, type Op } from '../../interpreter/context.js';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { Expr, GameIR } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { add, at, E, type Ex, game, keyOf, kind, L, loc, S, squareBoard, T, variable, zone } from './ir-builders.js';

describe('tiering by work', () => {
  const ctx = { steps: 0 } as Ctx;

  it('generates an expression once its runs and their evaluation steps reach the limit', () => {
    let generated = 0;
    const closure = (c: Ctx): number => {
      c.steps += 9;
      return 1;
    };
    const f = tieredExpr(100, closure, () => {
      generated++;
      return () => 2;
    });
    const values: number[] = [];
    for (let i = 0; i < 12; i++) values.push(f(ctx) as number);
    // 10 work a run: the tenth run reaches 100, the eleventh runs the generated code.
    expect(values).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2]);
    expect(generated).toBe(1);
  });

  it('counts one a run for a run that spends no step', () => {
    let generated = 0;
    const f = tieredExpr(5, () => 1, () => {
      generated++;
      return () => 2;
    });
    const values = [0, 1, 2, 3, 4, 5].map(() => f(ctx));
    expect(values).toEqual([1, 1, 1, 1, 1, 2]);
    expect(generated).toBe(1);
  });

  it('puts a generated instruction in its wrapper\'s place once its work reaches the limit', () => {
    const ran: string[] = [];
    const ops: Op[] = [];
    const closure: Op = (c) => {
      c.steps += 49;
      ran.push('closure');
    };
    const generated: Op = () => {
      ran.push('generated');
    };
    ops.push(tieredOp(100, closure, () => generated, ops, 0));
    for (let i = 0; i < 3; i++) ops[0](ctx);
    expect(ran).toEqual(['closure', 'closure', 'generated']);
    expect(ops[0]).toBe(generated);
  });
});

describe('holders of an owner and zones per key, generated', () => {
  const A = loc(3, 5);
  const keyed = (key: Expr): Expr => ({ k: 'zone', name: 'display', key, at: A });
  const p2 = E.b('playerAt', 2);
  /** `out` set to `value` in the setup. */
  function setting(value: Expr): GameIR {
    return game({
      zones: { hand: zone({ perPlayer: true }), bag: zone(), display: { ...zone(), keys: ['Red', 'Blue'] } },
      boards: { Grid: squareBoard(2, 2), Mat: squareBoard(2, 1, 4, true) },
      vars: { out: variable(T.any, null) },
      setup: [at(S.set(E.v('out'), value), 2)],
    });
  }
  function outcome(ir: GameIR, engine: 'closure' | 'generated'): string {
    const r = newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 });
    // Places by their texts (cli/place-text.ts), as the terminal shows them.
    return r.ok ? JSON.stringify(withPlaceTexts(ir, r.value.vars.out)) : `error ${JSON.stringify(r.error)}`;
  }
  const cases: [string, Expr, string][] = [
    ['values', E.list(E.zone('hand', p2), E.place('Mat', 'r1c2', p2), E.board('Mat', p2), keyed(E.lit('Blue')), E.zone('bag', p2)),
      '["zone:hand@1","Mat@1.r1c2",["Mat@1.r1c1","Mat@1.r1c2"],"zone:display@Blue","zone:bag"]'],
    ['a zone of no player', at(E.zone('hand', 'x'), 3, 5), 'error'],
    ['a place of no player', at(E.place('Mat', 'r1c1', 7), 3, 5), 'error'],
    ['a board of no player', at(E.board('Mat', E.lit(null)), 3, 5), 'error'],
    ['no key of the zone', keyed(E.lit('Green')), 'error'],
    ['a key that is no text', keyed(E.lit(1)), 'error'],
  ];
  for (const [name, value, expected] of cases) {
    it(name, () => {
      const ir = setting(value);
      const reference = outcome(ir, 'closure');
      expect(reference.startsWith(expected)).toBe(true);
      if (expected === 'error') expect(reference).toContain('"line":3');
      const fallbacks = genStats.fallbacks;
      expect(outcome(ir, 'generated')).toBe(reference);
      expect(genStats.fallbacks, 'no closure fallback').toBe(fallbacks);
    });
  }
});

describe('rows of two-key tables, generated (a seat first found by index: runtime.ts seatKey)', () => {
  /** `t[a, b] += 1` twice, then `out` = the rows read back: a seat, a text, numbers past the seats, a second key fixed or not. */
  function rows(a: Expr, b: Expr): GameIR {
    const read = E.v('t', a, b);
    return game({
      vars: { t: variable(T.number, 0, { keys: [keyOf(T.any), keyOf(T.any)] }), out: variable(T.any, null) },
      setup: [
        S.repeat(2, [S.set(E.v('t', a, b), 1, '+='), S.set(E.v('t', a, 'k'), 2, '+=')]),
        at(S.set(E.v('out'), E.list(read, E.v('t', a, 'k'), E.v('t', 1, b))), 2),
      ],
    });
  }
  const cases: [string, Expr, Expr][] = [
    ['a seat and a text', E.b('playerAt', 2), E.lit('x')],
    ['a seat and a computed text', E.b('playerAt', 1), add('a', 'b')],
    ['a text first', E.lit('y'), E.lit(3)],
    ['numbers past the seats, negative, not whole', E.list(64, -1, 1.5), E.lit(0)],
  ];
  for (const [name, a, b] of cases) {
    it(name, () => {
      const ir = rows(a, b);
      const closure = newGame(loadGame(ir, { engine: 'closure' }), { players: 2, seed: 1 });
      const generated = newGame(loadGame(ir, { engine: 'generated', tierUp: 0 }), { players: 2, seed: 1 });
      expect(closure.ok && generated.ok).toBe(true);
      if (!closure.ok || !generated.ok) return;
      expect(JSON.stringify(generated.value)).toBe(JSON.stringify(closure.value));
      expect(Object.keys(closure.value.vars.t as object).length).toBeGreaterThan(0);
    });
  }
  it('every number first key of one access', () => {
    const ir = game({
      vars: { t: variable(T.number, 0, { keys: [keyOf(T.any), keyOf(T.any)] }), out: variable(T.any, null) },
      setup: [S.for('i', E.b('range', -2, 70), [S.set(E.v('t', L('i'), 'k'), L('i')), S.set(E.v('t', L('i'), add('z', E.b('str', L('i')))), 1)])],
    });
    const closure = newGame(loadGame(ir, { engine: 'closure' }), { players: 2, seed: 1 });
    const generated = newGame(loadGame(ir, { engine: 'generated', tierUp: 0 }), { players: 2, seed: 1 });
    expect(closure.ok && generated.ok && JSON.stringify(generated.value) === JSON.stringify(closure.value)).toBe(true);
    if (closure.ok) expect(Object.keys(closure.value.vars.t as object)).toContain('69,k');
  });
});

describe('loops over ownedBy(h, p), generated without its list', () => {
  const p1 = E.b('playerAt', 1);
  const p2 = E.b('playerAt', 2);
  const owned = (h: Ex, p: Ex): Expr => E.b('ownedBy', h, p);
  const kindIs = (op: '==' | '!=', k: string): Expr => E.bin(op, E.b('kindOf', L('t')), k);
  function with5(value: Expr): GameIR {
    return game({
      kinds: { Token: kind({ size: [T.number, 1] }) },
      zones: { hand: zone({ perPlayer: true }), bag: zone() },
      vars: { out: variable(T.any, null) },
      setup: [
        S.create(2, 'Token', E.zone('hand', p1), { size: 2 }),
        S.create(3, 'Token', E.zone('hand', p2), { size: 5 }),
        S.move({ pieces: E.b('pieces', E.zone('hand', p1)), to: E.zone('bag') }),
        S.move({ pieces: E.b('pieces', E.zone('hand', p2)), to: E.zone('bag') }),
        at(S.set(E.v('out'), value), 2),
      ],
    });
  }
  const cases: [string, Expr, string][] = [
    ['a comprehension, count, sum, any, all, first and max', E.list(
      E.comp('t', owned(E.zone('bag'), p2), E.field(L('t'), 'size')),
      E.quant('count', 't', owned(E.zone('bag'), p1)),
      E.quant('sum', 't', owned(E.zone('bag'), p2), { of: E.field(L('t'), 'size') }),
      E.quant('any', 't', owned(E.zone('bag'), p1), { where: E.bin('==', E.field(L('t'), 'size'), 5) }),
      E.quant('all', 't', owned(E.zone('bag'), p2), { where: E.bin('==', E.field(L('t'), 'size'), 5) }),
      E.b('first', E.comp('t', owned(E.zone('bag'), p1), L('t'))),
      E.b('len', E.comp('t', owned(E.list(0, 1, 2), p1), L('t'))),
    ), '[[5,5,5],2,15,false,true,'],
    ['a list with no piece in it', at(E.comp('t', owned(E.list(0, 'x'), p1), L('t')), 3, 5), 'error'],
    ['an owner that is no player', at(E.comp('t', owned(E.zone('bag'), 9), L('t')), 3, 5), 'error'],
    ['a holder that is none', at(E.quant('count', 't', owned('nowhere', p1)), 3, 5), 'error'],
    // Counted in one pass (codegen/gen-owned.ts): the same counts, errors and binder after.
    ['counts of the owner\'s pieces of a kind, and of the others', E.list(
      E.quant('count', 't', owned(E.zone('bag'), p2), { where: kindIs('==', 'Token') }),
      E.quant('count', 't', owned(E.zone('bag'), p1), { where: kindIs('!=', 'Token') }),
      E.quant('count', 't', owned(E.zone('bag'), p1), { where: E.bin('==', 'Token', E.b('kindOf', L('t'))) }),
      E.quant('count', 't', owned(E.zone('bag'), p2), { where: kindIs('!=', 'Other') }),
      E.b('len', E.comp('t', owned(E.zone('bag'), p1), L('t'), kindIs('==', 'Token'))),
      E.b('len', E.comp('t', owned(E.list(0, 1, 2, 3), p2), L('t'), kindIs('==', 'Other'))),
    ), '[3,0,2,3,2,0]'],
    ['a count of a kind over a list with no piece in it', at(E.quant('count', 't', at(owned(E.list(0, 'x', 1), p1), 3, 9), { where: kindIs('==', 'Token') }), 3, 5), 'error'],
    ['a count of a kind over a list with a number that is no piece', at(E.quant('count', 't', at(owned(E.list(0, 99), p1), 3, 9), { where: kindIs('==', 'Token') }), 3, 5), 'error'],
    ['a count of a kind for an owner that is no player', at(E.quant('count', 't', at(owned(E.zone('bag'), 9), 3, 9), { where: kindIs('==', 'Token') }), 3, 5), 'error'],
    ['a count of a kind in a holder that is none', at(E.quant('count', 't', at(owned('nowhere', p1), 3, 9), { where: kindIs('==', 'Token') }), 3, 5), 'error'],
    ['the binder after a count of a kind', E.list(E.quant('count', 't', owned(E.zone('bag'), p2), { where: kindIs('==', 'Token') }), L('t')), ''],
    // Read after the let (inside it, the let's own value is read): the let leaves the binder as it is.
    ['the binder after a count of a kind, bound before: its earlier value back', E.list(
      E.let('t', 7, E.quant('count', 't', owned(E.zone('bag'), p2), { where: kindIs('==', 'Token') })),
      L('t'),
    ), '[3,7]'],
    ['the binder after a count of a kind that visits no piece', E.list(E.quant('count', 't', owned(E.zone('bag'), E.b('playerAt', 2)), { where: kindIs('==', 'Other') }), E.let('t', 7, E.quant('count', 't', owned(E.list(), p1), { where: kindIs('==', 'Token') }))), ''],
  ];
  for (const [name, value, expected] of cases) {
    it(name, () => {
      const ir = with5(value);
      const closure = newGame(loadGame(ir, { engine: 'closure' }), { players: 2, seed: 1 });
      const generated = newGame(loadGame(ir, { engine: 'generated', tierUp: 0 }), { players: 2, seed: 1 });
      const shown = (r: typeof closure): string => (r.ok ? JSON.stringify(r.value.vars.out) : `error ${JSON.stringify(r.error)}`);
      expect(shown(closure).startsWith(expected), shown(closure)).toBe(true);
      expect(shown(generated)).toBe(shown(closure));
    });
  }

  // The one pass spends the owner's pieces (as the loop over them does), not the ones it counts:
  // the budget met at the same k on both engines.
  it('a count of a kind meets the budget where the loop over the owner\'s pieces meets it', () => {
    // 4,999,980 steps spent first (a range's items made, then visited), then k more (a range of k made).
    const big = (n: number): Expr => E.quant('sum', 'x', E.b('range', 1, n), { of: L('x') });
    const outcomes: string[] = [];
    for (const k of [17, 18]) {
      const value = E.list(big(1_000_000), big(1_000_000), big(499_990), E.b('len', E.b('range', 1, k)),
        at(E.quant('count', 't', owned(E.zone('bag'), p2), { where: kindIs('==', 'Other') }), 3, 5));
      const ir = with5(value);
      const closure = newGame(loadGame(ir, { engine: 'closure' }), { players: 2, seed: 1 });
      const generated = newGame(loadGame(ir, { engine: 'generated', tierUp: 0 }), { players: 2, seed: 1 });
      const shown = (r: typeof closure): string => (r.ok ? JSON.stringify(r.value.vars.out).slice(-6) : `error ${JSON.stringify(r.error)}`);
      expect(shown(generated)).toBe(shown(closure));
      outcomes.push(shown(closure));
    }
    // Three steps left for the owner's three pieces at k = 17, two at 18 (none of them is an Other).
    expect(outcomes[0]).toBe(',17,0]');
    expect(outcomes[1]).toContain(JSON.stringify(msg.evalLimit(LIMITS.evalSteps)).slice(1, -1));
  });
});

describe('searches with a lambda that links any two places (`(a, b) -> true`)', () => {
  const linkAll = (): Expr => E.lambda(['a', 'b'], true);
  // Not the literal true: called at every step.
  const linkAllCalled = (): Expr => E.lambda(['a', 'b'], E.bin('or', true, false));
  const list = E.list(...['r1c1', 'r1c2', 'r2c1', 'r3c3', 'r3c2', 'r1c3'].map((n) => E.place('Grid', n)));
  function searches(link: () => Expr): GameIR {
    const body = (f: Expr): Expr => E.list(
      E.b('components', list, f),
      E.b('reachable', E.place('Grid', 'r1c1'), 2, f),
      E.b('pathLength', E.place('Grid', 'r1c1'), E.place('Grid', 'r3c3'), f),
    );
    return game({
      boards: { Grid: squareBoard(3, 3) },
      vars: { out: variable(T.any, null) },
      // In a function (its parameters are slots: the lambda may be skipped) and in the setup (frame locals).
      fns: { inFn: { params: [{ name: 'n', type: T.number }], body: body(link()), at: loc(9) } },
      setup: [at(S.set(E.v('out'), E.list(E.call('inFn', 1), body(link()))), 2)],
    });
  }
  it('finds what a lambda called at every step finds, on both engines', () => {
    const shown = (ir: GameIR, engine: 'closure' | 'generated'): string => {
      const r = newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 });
      // The whole state, its `out` with places by their texts (cli/place-text.ts).
      return r.ok ? JSON.stringify({ ...r.value, vars: { ...r.value.vars, out: withPlaceTexts(ir, r.value.vars.out) } }) : `error ${JSON.stringify(r.error)}`;
    };
    const called = shown(searches(linkAllCalled), 'closure');
    expect(called).toContain('[["Grid.r1c1","Grid.r1c2","Grid.r2c1","Grid.r1c3"],["Grid.r3c3","Grid.r3c2"]]');
    for (const engine of ['closure', 'generated'] as const) expect(shown(searches(linkAll), engine)).toBe(called);
  });
});
