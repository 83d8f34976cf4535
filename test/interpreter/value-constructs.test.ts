/**
 * Value constructs and their statements: `let … in`, procedure values and `invoke`,
 * named creates, forced rolls, lists of player counts, lexicographic keys, flatten and piecesOfKind.
 */
import { describe, expect, it } from 'vitest';
import { piecesAt } from '../../interpreter/holder-keys.js';
import { apply, loadGame, newGame, ranking, runScenario, scores, view } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { add, E, eq, game, kind, L, loc, perPlayer, S, scenario, step, T, variable, zone } from './ir-builders.js';
import { evaluate, runSetup, setupError, start, unwrap } from './helpers.js';

describe('let … in', () => {
  it('binds a local for its body only', () => {
    expect(evaluate(E.let('m', E.bin('*', 3, 3), add(L('m'), 1)))).toBe(10);
    const s = runSetup([S.let('m', 'outer'), S.set(E.v('out'), E.list(E.let('m', 2, L('m')), L('m')))], { vars: { out: variable(T.any, null) } });
    expect(s.vars.out).toEqual([2, 'outer']);
  });

  it('inside a function, over the function call locals', () => {
    const fns = { sq: { params: [{ name: 'n', type: T.number }], body: E.let('m', E.bin('*', L('n'), L('n')), add(L('m'), L('n'))), at: loc() } };
    expect(evaluate(E.call('sq', 4), { fns })).toBe(20);
  });

  it('may name a function value without leaving it in the state', () => {
    const s = runSetup([S.set(E.v('out'), E.let('key', E.lambda(['x'], E.neg(L('x'))), E.b('sortAsc', E.list(1, 3, 2), L('key'))))], {
      vars: { out: variable(T.any, null) },
    });
    expect(s.vars.out).toEqual([3, 2, 1]);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('procedure values', () => {
  const parts: Partial<GameIR> = {
    vars: { v: variable(T.number, 0, { keys: [perPlayer] }), after: variable(T.number, 0) },
    procs: {
      gain: { params: [{ name: 'p', type: T.player }, { name: 'n', type: T.number }], body: [S.set(E.v('v', L('p')), L('n'), '+=')], at: loc() },
    },
    triggers: [{ name: 'counted', after: 'gain', body: [S.set(E.v('after'), 1, '+=')], at: loc() }],
    kinds: { Card: kind({ effect: [{ t: 'proc' }] }) },
    zones: { deck: zone() },
  };

  it('are the procedure name; `invoke` runs the procedure, then the triggers after it', () => {
    const s = runSetup(
      [
        S.create(1, 'Card', E.zone('deck'), { effect: E.proc('gain') }, 'made'),
        S.invoke(E.field(E.index(L('made'), 0), 'effect'), 1, 5),
        S.let('e', E.proc('gain')),
        S.invoke(L('e'), 0, 2),
      ],
      parts,
    );
    expect(s.pieces[0].attrs.effect).toBe('gain');
    expect(s.vars.v).toEqual([2, 5]);
    expect(s.vars.after).toBe(2);
  });

  it('a value that is no procedure, or a wrong number of arguments, is a located rule error', () => {
    expect(setupError([{ ...S.invoke(null, 1), at: loc(4) }], parts)).toEqual({
      code: 'rule-error',
      message: msg.notProcedure('none'),
      at: loc(4),
    });
    expect(setupError([{ ...S.invoke('nothing'), at: loc(5) }], parts).message).toBe(msg.notProcedure('text "nothing"'));
    expect(setupError([{ ...S.invoke(E.proc('gain'), 1), at: loc(6) }], parts)).toEqual({
      code: 'rule-error',
      message: msg.wrongArity('gain', 2, 1),
      at: loc(6),
    });
  });
});

describe('create … named', () => {
  it('binds the new pieces in the order made', () => {
    const s = runSetup([S.create(3, 'K', E.zone('z'), {}, 'made'), S.set(E.v('out'), L('made'))], {
      kinds: { K: kind() },
      zones: { z: zone() },
      vars: { out: variable(T.any, null) },
    });
    expect(s.vars.out).toEqual([0, 1, 2]);
    expect(piecesAt(game({ zones: { z: zone() } }), s, 'zone:z')).toEqual([2, 1, 0]);
  });
});

describe('forced rolls', () => {
  const ir = game({
    dice: { D: { faces: [E.lit(1), E.lit(2), E.lit(3)], at: loc() } },
    vars: { rolls: variable(T.list(T.number), E.list()) },
    flow: [
      S.repeat(3, [S.roll('D', 'f'), S.set(E.v('rolls'), E.list(L('f')), '+='), S.choose({ by: 0, from: E.list('go') })]),
    ],
  });
  const g = loadGame(ir);

  it('a scenario forces the next rolls of a die, in order; leading rolls force the rolls before the first choice', () => {
    const r = runScenario(
      g,
      scenario('forced', [
        step.roll('D', 3),
        step.roll('D', add(1, 1)),
        step.choose('go'),
        step.roll('D', 1),
        step.choose('go'),
        step.expect(eq(E.index(E.v('rolls'), 0), 3)),
        step.expect(eq(E.index(E.v('rolls'), 1), 2)),
        step.expect(eq(E.index(E.v('rolls'), 2), 1)),
      ], { seed: 5 }),
    );
    expect(r.failures).toEqual([]);
  });

  it('a face that is not on the die fails the step where it is', () => {
    const r = runScenario(g, scenario('bad', [step.roll('D', 7, 3)]));
    expect(r.failures).toEqual([{ message: msg.stepFailed(loc(3), msg.notAFace('7', 'D')), at: loc(3) }]);
  });

  it('forced faces live in the state as JSON, survive apply, draw nothing from the generator, and are hidden from views', () => {
    const s = unwrap(newGame(g, { players: 2, seed: 1 }));
    s.forcedRolls = { D: [2, 2] };
    const next = unwrap(apply(g, s, 'go'));
    expect(next.forcedRolls).toEqual({ D: [2] });
    expect(next.rng).toEqual(s.rng);
    expect((next.vars.rolls as number[]).slice(1)).toEqual([2]);
    expect(view(g, next, 0).forcedRolls).toBeUndefined();
    const last = unwrap(apply(g, next, 'go'));
    expect(last).not.toHaveProperty('forcedRolls');
  });
});

describe('player counts', () => {
  const g = loadGame(game({ players: { min: 4, max: 8, counts: [4, 6, 8] } }));

  it('a list of counts allows exactly those', () => {
    expect(newGame(g, { players: 6, seed: 1 }).ok).toBe(true);
    expect(newGame(g, { players: 5, seed: 1 })).toEqual({ ok: false, error: { code: 'bad-setup', message: msg.badPlayerCount(5, [4, 6, 8]) } });
    expect(msg.badPlayerCount(5, [4, 6, 8])).toBe('this game is for 4, 6 or 8 players, not 5');
  });
});

describe('lexicographic keys', () => {
  it('sort, group and pick by lists item by item', () => {
    const rows = E.list(E.list('a', 2, 1), E.list('b', 2, 3), E.list('c', 1, 9), E.list('d', 2, 1));
    const key = E.lambda(['r'], E.list(E.index(L('r'), 1), E.index(L('r'), 2)));
    const names = (l: unknown): unknown => (l as string[][]).map((r) => r[0]);
    expect(names(evaluate(E.b('sortDesc', rows, key)))).toEqual(['b', 'a', 'd', 'c']);
    expect(names(evaluate(E.b('sortAsc', rows, key)))).toEqual(['c', 'a', 'd', 'b']);
    const groups = evaluate(E.b('rankGroups', rows, key)) as { value: unknown; members: unknown }[];
    expect(groups.map((gr) => gr.value)).toEqual([[2, 3], [2, 1], [1, 9]]);
    expect(evaluate(E.quant('argmax', 'r', rows, { of: E.list(E.index(L('r'), 1), E.index(L('r'), 2)) }))).toEqual(['b', 2, 3]);
    expect(evaluate(E.quant('min', 'r', rows, { of: E.list(E.index(L('r'), 1), E.index(L('r'), 2)) }))).toEqual([1, 9]);
  });

  it('rank players, scores being the first item', () => {
    const ir = game({
      vars: { vp: variable(T.number, 0, { keys: [perPlayer] }), tie: variable(T.number, 0, { keys: [perPlayer] }) },
      setup: [S.set(E.v('vp', 0), 3), S.set(E.v('vp', 1), 3), S.set(E.v('tie', 1), 1), S.set(E.v('vp', 2), 1)],
      ranking: [{ value: E.list(E.v('vp', L('p')), E.v('tie', L('p'))), order: 'desc' }],
    });
    const { g, s } = start(ir, 3);
    expect(ranking(g, s)).toEqual([[1], [0], [2]]);
    expect(scores(g, s)).toEqual([3, 3, 1]);
  });
});

describe('flatten and piecesOfKind', () => {
  it('flatten takes one level off a list of lists', () => {
    expect(evaluate(E.b('flatten', E.list(E.list(1, 2), E.list(), E.list(E.list(3)))))).toEqual([1, 2, [3]]);
    expect(setupError([S.eval(E.b('flatten', E.list(1)))]).message).toBe(msg.typeMismatch('a list', 'number 1'));
  });

  it('piecesOfKind lists every piece of a kind wherever it lies, by id', () => {
    const s = runSetup(
      [S.create(2, 'A', E.zone('x')), S.create(1, 'B', E.zone('x')), S.create(1, 'A', E.zone('y')), S.set(E.v('out'), E.b('piecesOfKind', 'A'))],
      { kinds: { A: kind(), B: kind() }, zones: { x: zone(), y: zone() }, vars: { out: variable(T.any, null) } },
    );
    expect(s.vars.out).toEqual([0, 1, 3]);
    expect(setupError([S.eval(E.b('piecesOfKind', 'Nope'))]).message).toBe(msg.unknown('kind', 'Nope'));
  });
});
