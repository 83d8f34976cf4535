import { describe, expect, it } from 'vitest';
import { apply, ranking, scores } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { E, game, L, loc, perPlayer, S, T, variable } from './ir-builders.js';
import { start, unwrap } from './helpers.js';

const pick = (by: Parameters<typeof S.choose>[0]['by']) => S.choose({ into: 'x', by, from: E.list(1, 2) });

describe('flow blocks', () => {
  const ir: GameIR = game({
    vars: {
      used: variable(T.number, 0, { reset: 'turn' }),
      perRound: variable(T.number, 0, { keys: [perPlayer], reset: 'Harvest' }),
      seen: variable(T.list(T.any), E.list()),
    },
    triggers: [
      { name: 'afterTurn', after: 'turn', body: [S.set(E.v('seen'), E.list(E.bin('+', 'turn used ', E.v('used'))), '+=')], at: loc() },
      { name: 'afterHarvest', after: 'Harvest', body: [S.set(E.v('seen'), E.list('harvest done'), '+=')], at: loc() },
    ],
    flow: [
      S.block(
        'round',
        [
          S.for('p', E.b('players'), [
            S.block('turn', [pick(L('p')), S.set(E.v('used'), L('x'), '+='), S.set(E.v('perRound', L('p')), 1, '+=')], { subject: L('p') }),
          ]),
        ],
        { name: 'Harvest' },
      ),
      S.set(E.v('seen'), E.list(E.v('perRound', 0)), '+='),
    ],
  });

  it('keeps the open blocks in the state while a choice is pending', () => {
    const { s } = start(ir);
    expect(s.blocks).toEqual([
      { kind: 'round', name: 'Harvest', subject: null },
      { kind: 'turn', name: null, subject: 0 },
    ]);
    expect(s.log.map((e) => e.text)).toEqual(['round Harvest', 'turn of P1']);
  });

  it('runs triggers after a block kind or name, then resets its variables', () => {
    const { g, s } = start(ir);
    const s1 = unwrap(apply(g, s, '2'));
    expect(s1.vars.used).toBe(0);
    expect(s1.vars.perRound).toEqual([1, 0]);
    const s2 = unwrap(apply(g, s1, '1'));
    expect(s2.ended).toBe(true);
    expect(s2.vars.seen).toEqual(['turn used 2', 'turn used 1', 'harvest done', 0]);
    expect(s2.blocks).toEqual([]);
  });
});

describe('triggers after procedures', () => {
  it('run after each call returns, in declaration order', () => {
    const ir = game({
      vars: { trace: variable(T.text, '') },
      procs: { work: { params: [], body: [S.set(E.v('trace'), 'w', '+=')], at: loc() } },
      triggers: [
        { name: 'one', after: 'work', body: [S.set(E.v('trace'), '1', '+=')], at: loc() },
        { name: 'two', after: 'work', body: [S.set(E.v('trace'), '2', '+=')], at: loc() },
      ],
      setup: [S.call('work'), S.call('work')],
    });
    expect(start(ir).s.vars.trace).toBe('w12w12');
  });
});

describe('simultaneous blocks', () => {
  it('runs the body for each player in order and closes the block at the end', () => {
    const ir = game({
      vars: { picks: variable(T.number, 0, { keys: [perPlayer] }) },
      flow: [S.simultaneous('p', E.b('players'), [pick(L('p')), S.set(E.v('picks', L('p')), L('x'))])],
    });
    const { g, s } = start(ir, 3);
    expect(s.simul).toHaveLength(1);
    expect(s.simul[0]).toMatchObject({ players: [0, 1, 2], current: 0 });
    const s1 = unwrap(apply(g, s, '2'));
    expect(s1.pending?.player).toBe(1);
    expect(s1.log.at(-1)).toMatchObject({ player: 0, during: true });
    const end = ['1', '2'].reduce((st, m) => unwrap(apply(g, st, m)), s1);
    expect(end.vars.picks).toEqual([2, 1, 2]);
    expect(end.simul).toEqual([]);
    expect(end.log.some((e) => e.during)).toBe(false);
  });
});

describe('ranking', () => {
  // Points 3, 5, 5, 1; tie-break by fewest cards (ascending): players 2 and 3 tie on points.
  const points = E.match(L('p'), [[0, 3], [1, 5], [2, 5], ['_', 1]]);
  const cards = E.match(L('p'), [[1, 4], [2, 2], ['_', 0]]);
  it('orders by the keys in turn, higher first unless asc, and groups ties', () => {
    const ir = game({ ranking: [{ value: points, order: 'desc' }, { value: cards, order: 'asc' }] });
    const { g, s } = start(ir, 4);
    expect(scores(g, s)).toEqual([3, 5, 5, 1]);
    expect(ranking(g, s)).toEqual([[2], [1], [0], [3]]);
    const tied = game({ ranking: [{ value: points, order: 'desc' }] });
    const t = start(tied, 4);
    expect(ranking(t.g, t.s)).toEqual([[1, 2], [0], [3]]);
  });
  it('without rank keys everybody scores 0 and ties', () => {
    const { g, s } = start(game(), 3);
    expect(scores(g, s)).toEqual([0, 0, 0]);
    expect(ranking(g, s)).toEqual([[0, 1, 2]]);
  });
});
