import { describe, expect, it } from 'vitest';
import { apply, legalMoves, loadGame, newGame } from '../../interpreter/index.js';
import type { ActionIR, GameIR } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { at, E, eq, game, kind, L, loc, S, squareBoard, T, variable, zone } from './ir-builders.js';
import { start, unwrap } from './helpers.js';

function pendingLabels(ir: GameIR, players = 2): string[] {
  const { s } = start(ir, players);
  return s.pending?.labels ?? [];
}

describe('labels', () => {
  it('labels options by their type', () => {
    const parts: Partial<GameIR> = {
      boards: { G: squareBoard(2, 1) },
      kinds: { Card: kind({ suit: [T.enumOf('Suit')], value: [T.number, 1] }) },
      zones: { hand: zone() },
      enums: { Suit: { values: ['cups', 'coins'], at: loc() } },
      setup: [S.create(1, 'Card', E.zone('hand'), { suit: 'cups' })],
    };
    const choose = (from: Parameters<typeof S.choose>[0]['from'], labelAs: Parameters<typeof S.choose>[0]['labelAs']) =>
      pendingLabels(game({ ...parts, flow: [S.choose({ by: 0, from, labelAs })] }));
    expect(choose(E.b('players'), T.player)).toEqual(['P1', 'P2']);
    expect(choose(E.board('G'), T.place)).toEqual(['r1c1', 'r1c2']);
    expect(choose(E.zone('hand'), T.piece)).toEqual(['Card#0 (suit: cups, value: 1)']);
    expect(choose(E.list('cups', 'coins'), T.enumOf('Suit'))).toEqual(['cups', 'coins']);
    expect(choose(E.list(1, 20), T.number)).toEqual(['1', '20']);
  });

  it('makes duplicate labels unique and adds the pass option last', () => {
    const ir = game({ flow: [S.choose({ by: 0, from: E.list('a', 'b', 'a', 'a'), pass: 'done' })] });
    expect(pendingLabels(ir)).toEqual(['a', 'b', 'a (2)', 'a (3)', 'done']);
  });

  it('uses the label expression and the filter, with the binder bound', () => {
    const ir = game({
      flow: [S.choose({ by: 1, from: E.b('range', 1, 6), where: eq(E.bin('%', L('c'), 2), 0), label: E.bin('+', 'take ', L('c')), prompt: 'How many?' })],
    });
    const { s } = start(ir);
    expect(s.pending).toMatchObject({ player: 1, prompt: 'How many?', labels: ['take 2', 'take 4', 'take 6'], values: [2, 4, 6] });
  });
});

describe('taking choices', () => {
  const ir = game({
    vars: { got: variable(T.any, null) },
    flow: [S.choose({ into: 'x', by: 1, from: E.list(10, 20), pass: 'skip' }), S.set(E.v('got'), L('x'))],
  });
  const g = loadGame(ir);
  const s = unwrap(newGame(g, { players: 2, seed: 3 }));

  it('lists the legal moves of the chooser', () => {
    expect(legalMoves(g, s)).toEqual([
      { player: 1, label: '10' },
      { player: 1, label: '20' },
      { player: 1, label: 'skip' },
    ]);
  });

  it('applies a move given as a label or as {player, label}; pass gives none', () => {
    expect(unwrap(apply(g, s, '20')).vars.got).toBe(20);
    expect(unwrap(apply(g, s, { player: 1, label: '10' })).vars.got).toBe(10);
    const passed = unwrap(apply(g, s, 'skip'));
    expect(passed.vars.got).toBe(null);
    expect(passed.moves).toEqual(['skip']);
    expect(passed.log.at(-1)).toEqual({ text: 'P2: skip', player: 1, move: 0 });
  });

  it('refuses moves not on offer, by the wrong player, and after the end', () => {
    const bad = apply(g, s, '30');
    expect(bad).toEqual({ ok: false, error: { code: 'illegal-move', message: msg.illegalMove('30', ['10', '20', 'skip']), at: loc() } });
    const wrong = apply(g, s, { player: 0, label: '10' });
    expect(wrong.ok || wrong.error.message).toBe(msg.notYourTurn('P1', 'P2'));
    const over = unwrap(apply(g, s, '10'));
    expect(apply(g, over, '10')).toEqual({ ok: false, error: { code: 'game-over', message: msg.gameOver() } });
    expect(legalMoves(g, over)).toEqual([]);
  });

  it('a choice with nothing to choose is a located rule error', () => {
    const empty = game({ flow: [at(S.choose({ by: 0, from: E.list(1, 2), where: false }), 12, 5)] });
    const r = newGame(loadGame(empty), { players: 2, seed: 1 });
    expect(r).toEqual({ ok: false, error: { code: 'rule-error', message: msg.noLegalChoice(), at: loc(12, 5) } });
  });
});

describe('play and requires', () => {
  const action = (parts: Partial<ActionIR>): ActionIR => ({
    params: [{ name: 'who', type: T.player }],
    title: '',
    requires: [],
    body: [],
    at: loc(),
    ...parts,
  });
  const ir = game({
    vars: {
      coins: variable(T.number, 1, { keys: [{ type: 'player' }] }),
      last: variable(T.any, null),
      named: variable(T.any, 'nothing'),
      after: variable(T.number, 0),
    },
    actions: {
      Earn: action({ title: 'Earn a coin', body: [S.set(E.v('coins', L('who')), 1, '+='), S.set(E.v('last'), L('who'))] }),
      Spend: action({
        title: 'Spend two',
        requires: [{ condition: E.bin('>=', E.v('coins', L('who')), 2), reason: 'needs 2 coins' }],
        body: [S.set(E.v('coins', L('who')), 2, '-=')],
      }),
      Wait: action({ params: [], body: [S.set(E.v('last'), 'waited')] }),
    },
    triggers: [{ name: 'count', after: 'Earn', body: [S.set(E.v('after'), 1, '+=')], at: loc() }],
    flow: [S.repeat(3, [S.play(1, ['Earn', 'Spend', 'Wait'], { pass: 'done', as: 'a' }), S.set(E.v('named'), L('a'))])],
  });
  const g = loadGame(ir);
  const s0 = unwrap(newGame(g, { players: 2, seed: 1 }));

  it('offers the actions whose requirements hold, titled, with the reasons of the others', () => {
    expect(s0.pending).toMatchObject({ player: 1, labels: ['Earn a coin', 'Wait', 'done'], refused: [{ label: 'Spend two', reason: 'needs 2 coins' }] });
    const refused = apply(g, s0, 'Spend two');
    expect(refused.ok || refused.error.message).toBe(msg.refusedMove('Spend two', 'needs 2 coins'));
  });

  it('runs the chosen action with its player, then the triggers after it, and names it', () => {
    const s1 = unwrap(apply(g, s0, 'Earn a coin'));
    expect(s1.vars).toMatchObject({ coins: { '1': 2 }, last: 1, named: 'Earn', after: 1 });
    expect(s1.pending?.labels).toEqual(['Earn a coin', 'Spend two', 'Wait', 'done']);
    const s2 = unwrap(apply(g, s1, 'Spend two'));
    expect(s2.vars).toMatchObject({ coins: { '1': 0 }, named: 'Spend', after: 1 });
    const s3 = unwrap(apply(g, s2, 'Wait'));
    expect(s3.vars).toMatchObject({ last: 'waited', named: 'Wait' });
    expect(s3.ended).toBe(true);
  });

  it('a pass runs nothing and gives none', () => {
    const s1 = unwrap(apply(g, s0, 'done'));
    expect(s1.vars).toMatchObject({ coins: {}, last: null, named: null, after: 0 });
  });
});
