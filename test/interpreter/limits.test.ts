import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../interpreter/context.js';
import { apply, loadGame, newGame, RuleError } from '../../interpreter/index.js';
import type { Expr } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { add, at, E, eq, game, kind, L, loc, S, T, variable, zone } from './ir-builders.js';
import { setupError, start } from './helpers.js';

describe('limits are located rule errors, never hangs', () => {
  it('a runaway while', () => {
    const err = setupError([at(S.while(true, [S.let('x', 1)]), 3, 5)]);
    expect(err).toEqual({ code: 'rule-error', message: msg.whileLimit(LIMITS.whileIterations), at: loc(3, 5) });
  });

  it('a while may run its full allowance', () => {
    const ir = game({ vars: {}, setup: [S.let('n', 0), S.while(E.bin('<', L('n'), LIMITS.whileIterations), [S.set(L('n'), 1, '+=')])] });
    expect(newGame(loadGame(ir), { players: 1, seed: 1 }).ok).toBe(true);
  });

  it('endless recursion of a procedure', () => {
    const ir = game({
      procs: { again: { params: [], body: [at(S.call('again'), 8, 2)], at: loc(7) } },
      setup: [S.call('again')],
    });
    const r = newGame(loadGame(ir), { players: 1, seed: 1 });
    expect(r).toEqual({ ok: false, error: { code: 'rule-error', message: msg.depthLimit(LIMITS.callDepth), at: loc(8, 2) } });
  });

  it('endless recursion of a function', () => {
    const err = setupError([S.eval(E.call('f', 1))], {
      fns: { f: { params: [{ name: 'n', type: T.number }], body: at(E.call('f', E.bin('+', L('n'), 1)), 4, 9), at: loc(4) } },
    });
    expect(err).toEqual({ code: 'rule-error', message: msg.depthLimit(LIMITS.callDepth), at: loc(4, 9) });
  });

  it('too many statements without a choice', () => {
    const err = setupError([at(S.repeat(LIMITS.statements + 5, []), 6)]);
    expect(err).toEqual({ code: 'rule-error', message: msg.stepLimit(LIMITS.statements), at: loc(6) });
  });

  it('too many pieces', () => {
    const err = setupError([at(S.create(LIMITS.pieces + 1, 'Chip', E.zone('bag')), 2)], { kinds: { Chip: kind() }, zones: { bag: zone() } });
    expect(err).toEqual({ code: 'rule-error', message: msg.pieceLimit(LIMITS.pieces), at: loc(2) });
  });

  it('parameters that depend on each other in a circle', () => {
    const ir = game({ params: { a: { value: at(E.param('b'), 2), at: loc(2) }, b: { value: at(E.param('a'), 3), at: loc(3) } } });
    const r = newGame(loadGame(ir), { players: 1, seed: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: 'rule-error', message: msg.paramCycle('a') } });
  });
});

describe('the evaluation budget per decision (steps, list and text sizes) gives located rule errors', () => {
  const n = { name: 'n', type: T.number };

  it('an exponentially recursive function', () => {
    // f(n) = f(n - 1) + f(n - 1): 2^40 calls, far past the budget, well under the depth limit.
    const body = E.if(E.bin('<=', L('n'), 0), 1, add(at(E.call('f', E.bin('-', L('n'), 1)), 5, 3), E.call('f', E.bin('-', L('n'), 1))));
    const err = setupError([S.eval(E.call('f', 40))], { fns: { f: { params: [n], body, at: loc(4) } } });
    expect(err).toMatchObject({ code: 'rule-error', message: msg.evalLimit(LIMITS.evalSteps) });
    expect(err.at?.file).toBe('test.strata');
  });

  it('nested quantifiers over a million items', () => {
    const inner = at(E.quant('any', 'b', L('m'), { where: eq(L('b'), -1) }), 7, 9);
    const err = setupError([S.let('m', E.b('range', 1, 1_000_000)), S.eval(E.quant('count', 'a', L('m'), { where: inner }))]);
    expect(err).toEqual({ code: 'rule-error', message: msg.evalLimit(LIMITS.evalSteps), at: loc(7, 9) });
  });

  it('a list that doubles', () => {
    const err = setupError([S.let('l', E.list(1)), S.while(true, [S.set(L('l'), at(add(L('l'), L('l')), 3, 7))])]);
    expect(err).toEqual({ code: 'rule-error', message: msg.listLimit(LIMITS.listLength), at: loc(3, 7) });
  });

  it('a text that doubles', () => {
    const err = setupError([S.let('t', 'ab'), S.while(true, [S.set(L('t'), at(add(L('t'), L('t')), 4, 2))])]);
    expect(err).toEqual({ code: 'rule-error', message: msg.textLimit(LIMITS.textLength), at: loc(4, 2) });
  });

  it('a list that doubles through concat', () => {
    const err = setupError([S.let('l', E.list(1)), S.while(true, [S.set(L('l'), at(E.b('concat', L('l'), L('l')), 2, 2))])]);
    expect(err).toEqual({ code: 'rule-error', message: msg.listLimit(LIMITS.listLength), at: loc(2, 2) });
  });

  it('many lists made without a choice exhaust the budget', () => {
    // Each statement makes a list of a million numbers: the sizes are allowed, their total is not.
    const err = setupError([S.repeat(1000, [S.eval(E.b('range', 1, 1_000_000))])]);
    expect(err).toMatchObject({ code: 'rule-error', message: msg.evalLimit(LIMITS.evalSteps) });
  });

  it('the budget is per decision: spending most of it before each of many choices is fine', () => {
    // Each spends 2,000,000 steps (a million items made, then visited): two fit in one decision.
    const spend = S.eval(E.quant('count', 'a', E.b('range', 1, 1_000_000), { where: true }));
    expect(4_000_000).toBeLessThan(LIMITS.evalSteps);
    const ir = game({ setup: [S.repeat(3, [spend, spend, S.choose({ into: 'c', by: 0, from: E.list(1, 2) })])] });
    const g = loadGame(ir);
    let r = newGame(g, { players: 1, seed: 1 });
    for (let i = 0; i < 3; i++) {
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      r = apply(g, r.value, '1');
    }
    expect(r.ok).toBe(true);
  });
});

describe('counts given to repeat and move are whole numbers of at least 0', () => {
  for (const bad of [-5, 0.5]) {
    it(`repeat ${bad}`, () => {
      const err = setupError([at(S.repeat(bad, []), 2, 4)]);
      expect(err).toEqual({ code: 'rule-error', message: msg.notCount(`number ${bad}`), at: loc(2, 4) });
    });
  }

  it('move 1.5 from a zone', () => {
    const err = setupError(
      [S.create(3, 'Chip', E.zone('bag')), at(S.move({ count: 1.5, source: E.zone('bag'), to: E.zone('out') }), 5)],
      { kinds: { Chip: kind() }, zones: { bag: zone(), out: zone() } },
    );
    expect(err).toEqual({ code: 'rule-error', message: msg.notCount('number 1.5'), at: loc(5) });
  });
});

describe('loadGame on hostile IR', () => {
  function deepSum(depth: number): Expr {
    let e: Expr = E.lit(1);
    for (let i = 0; i < depth; i++) e = at(add(e, 1), i + 1, 1);
    return e;
  }

  it('nesting past the limit is a located error, not a stack overflow', () => {
    const ir = game({ setup: [S.eval(deepSum(100_000))] });
    expect(() => loadGame(ir)).toThrow(RuleError);
    try {
      loadGame(ir);
    } catch (e) {
      expect(e).toMatchObject({ plain: msg.nestingLimit(LIMITS.irDepth) });
      expect((e as RuleError).at.line).toBeGreaterThan(0);
    }
  });

  it('nesting within the limit loads and plays', () => {
    const vars = { out: variable(T.any, null) };
    const { s } = start(game({ vars, setup: [S.set(E.v('out'), deepSum(LIMITS.irDepth - 5))] }));
    expect(s.vars.out).toBe(LIMITS.irDepth - 4);
  });

  it('a parameter cycle through arithmetic loads, and playing it is a located rule error', () => {
    const ir = game({
      params: { a: { value: at(add(E.param('b'), 1), 2), at: loc(2) }, b: { value: at(add(E.param('a'), 1), 3), at: loc(3) } },
      vars: { out: variable(T.any, null) },
      setup: [S.set(E.v('out'), E.param('a'))],
    });
    const r = newGame(loadGame(ir), { players: 1, seed: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: 'rule-error' } });
  });
});
