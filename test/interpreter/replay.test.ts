import { describe, expect, it } from 'vitest';
import { apply, legalMoves, loadGame, newGame, randomPlayout, replay, saveGame, undo, type State } from '../../interpreter/index.js';
import { msg } from '../../interpreter/messages.js';
import { E, game, kind, L, S, T, variable, zone } from './ir-builders.js';
import { unwrap } from './helpers.js';
import { noughtsAndCrosses } from './toy-game.js';

/** A game with hidden cards, shuffles and dice, so that states carry every kind of data. */
const cards = game({
  players: { min: 2, max: 3 },
  kinds: { Card: kind({ v: [T.number, 0] }) },
  zones: { deck: zone({ visibility: 'none' }), hand: zone({ perPlayer: true, visibility: 'owner' }), pile: zone() },
  dice: { D: { faces: [E.lit(1), E.lit(2), E.lit(3)], at: { file: 'x', line: 1, col: 1 } } },
  vars: { score: variable(T.number, 0, { keys: [{ type: 'player' }] }) },
  setup: [
    S.repeat(12, [S.create(1, 'Card', E.zone('deck'), { v: L('i') })], 'i'),
    S.shuffle(E.zone('deck')),
    S.for('p', E.b('players'), [S.move({ count: 3, source: E.zone('deck'), to: E.zone('hand', L('p')) })]),
  ],
  flow: [
    S.repeat(4, [
      S.for('p', E.b('players'), [
        S.block('turn', [
          S.choose({ into: 'c', by: L('p'), from: E.zone('hand', L('p')), labelAs: T.piece, pass: 'keep' }),
          S.if(E.bin('!=', L('c'), null), [
            S.move({ pieces: L('c'), to: E.zone('pile') }),
            S.roll('D', 'f'),
            S.set(E.v('score', L('p')), E.bin('*', E.field(L('c'), 'v'), L('f')), '+='),
          ]),
        ], { subject: L('p') }),
      ]),
    ]),
  ],
  ranking: [{ value: E.v('score', L('p')), order: 'desc' }],
});

function playSome(seed: number, n: number): { g: ReturnType<typeof loadGame>; states: State[] } {
  const g = loadGame(cards);
  const states = [unwrap(newGame(g, { players: 3, seed }))];
  for (let i = 0; i < n && !states[i].ended; i++) {
    const moves = legalMoves(g, states[i]);
    states.push(unwrap(apply(g, states[i], moves[(i * 7 + seed) % moves.length])));
  }
  return { g, states };
}

describe('determinism and JSON', () => {
  it('the same seed and moves give equal states', () => {
    const a = playSome(5, 10).states;
    const b = playSome(5, 10).states;
    expect(a).toEqual(b);
    expect(playSome(6, 10).states[1]).not.toEqual(a[1]);
  });

  it('every state survives a JSON round trip unchanged', () => {
    for (const s of playSome(9, 13).states) expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    const p = randomPlayout(loadGame(noughtsAndCrosses), 2, 3).state;
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it('a state read back from JSON plays on exactly like the original', () => {
    const { g, states } = playSome(11, 4);
    const last = states[states.length - 1];
    const copy = JSON.parse(JSON.stringify(last)) as State;
    const m = legalMoves(g, last)[0];
    expect(unwrap(apply(g, copy, m))).toEqual(unwrap(apply(g, last, m)));
  });

  it('apply leaves its input unchanged', () => {
    const { g, states } = playSome(2, 3);
    const s = states[states.length - 1];
    const before = JSON.stringify(s);
    unwrap(apply(g, s, legalMoves(g, s)[0]));
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('undo and replay', () => {
  it('undo gives back each previous state', () => {
    const { g, states } = playSome(4, 12);
    for (let i = states.length - 1; i > 0; i--) expect(unwrap(undo(g, states[i]))).toEqual(states[i - 1]);
    expect(undo(g, states[0])).toEqual({ ok: false, error: { code: 'illegal-move', message: msg.nothingToUndo() } });
  });

  it('replay reproduces the final state of a saved game', () => {
    const { g, states } = playSome(8, 20);
    const last = states[states.length - 1];
    const saved = saveGame(g, last);
    expect(saved).toMatchObject({ format: 'strata-save/1', ruleset: g.hash, variant: null, players: 3, seed: 8 });
    expect(replay(g, saved)).toEqual({ state: last, appliedCount: last.moves.length });
  });

  it('replay stops at the first move that is not legal and says why', () => {
    const { g, states } = playSome(8, 5);
    const good = states[3].moves;
    const r = replay(g, { ruleset: g.hash, variant: null, players: 3, seed: 8, moves: [...good, 'no such card', 'keep'] });
    expect(r.appliedCount).toBe(3);
    expect(r.state).toEqual(states[3]);
    expect(r.divergence).toMatchObject({ index: 3, move: 'no such card', error: { code: 'illegal-move' } });
    expect(r.divergence?.error.message).toContain('"no such card" is not on offer');
  });

  it('replay of a bad setup reports index -1', () => {
    const g = loadGame(cards);
    const r = replay(g, { ruleset: g.hash, variant: null, players: 9, seed: 1, moves: ['x'] });
    expect(r.divergence).toMatchObject({ index: -1, error: { code: 'bad-setup' } });
  });
});

describe('new games', () => {
  it('refuses a player count outside the range and a fractional seed', () => {
    const g = loadGame(cards);
    expect(newGame(g, { players: 1, seed: 1 })).toEqual({ ok: false, error: { code: 'bad-setup', message: msg.badPlayers(1, 2, 3) } });
    expect(newGame(g, { players: 2, seed: 1.5 })).toMatchObject({ ok: false, error: { code: 'bad-setup' } });
  });

  it('a hash identifies the rules', () => {
    expect(loadGame(cards).hash).toBe(loadGame(cards).hash);
    expect(loadGame(cards).hash).not.toBe(loadGame(noughtsAndCrosses).hash);
  });
});
