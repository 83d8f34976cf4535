import { describe, expect, it } from 'vitest';
import { holderNaming, piecesAt } from '../../interpreter/holder-keys.js';
import { apply, loadGame, newGame } from '../../interpreter/index.js';
import { msg } from '../../interpreter/messages.js';
import { add, at, E, eq, game, keyOf, kind, L, perPlayer, S, squareBoard, T, variable, zone } from './ir-builders.js';
import { runSetup, setupError, start, unwrap } from './helpers.js';

const counter = { n: variable(T.number, 0) };

describe('let and set', () => {
  it('binds locals and assigns variables, table rows and piece attributes', () => {
    const s = runSetup(
      [
        S.let('a', 2),
        S.set(L('a'), 3, '+='),
        S.set(E.v('n'), L('a')),
        S.set(E.v('n'), 1, '-='),
        S.set(E.v('t', 1, 'x'), 7),
        S.set(E.v('t', 1, 'x'), 1, '+='),
        S.set(E.v('words'), ' there', '+='),
        S.create(1, 'Token', E.zone('bag')),
        S.set(E.field(E.b('topOf', E.zone('bag')), 'size'), 9),
        S.set(E.field(E.b('topOf', E.zone('bag')), 'size'), 1, '+='),
      ],
      {
        vars: {
          ...counter,
          t: variable(T.number, 0, { keys: [perPlayer, keyOf(T.text)] }),
          words: variable(T.text, 'hello'),
        },
        kinds: { Token: kind({ size: [T.number, 1] }) },
        zones: { bag: zone() },
      },
    );
    expect(s.vars.n).toBe(4);
    expect(s.vars.t).toEqual({ '1,x': 8 });
    expect(s.vars.words).toBe('hello there');
    expect(s.pieces[0].attrs).toEqual({ size: 10 });
  });

  it('sets a record field of a local or a variable by replacing the record', () => {
    const s = runSetup(
      [
        S.let('r', E.rec({ a: 1, b: 2 })),
        S.set(E.v('saved'), L('r')),
        S.set(E.field(L('r'), 'a'), 5),
        S.set(E.field(E.v('saved'), 'b'), 3, '+='),
        S.set(E.v('copy'), L('r')),
      ],
      { vars: { saved: variable(T.any, null), copy: variable(T.any, null) } },
    );
    expect(s.vars.copy).toEqual({ a: 5, b: 2 });
    expect(s.vars.saved).toEqual({ a: 1, b: 5 });
  });

  it('refuses to set a place attribute', () => {
    const err = setupError([S.set(E.field(E.place('Grid', 'r1c1'), 'kind'), 1)], { boards: { Grid: squareBoard(2, 2) } });
    expect(err.message).toBe(msg.placeAttrFixed('kind'));
  });
});

describe('control flow', () => {
  it('if / else picks a branch', () => {
    const s = runSetup(
      [S.if(eq(1, 2), [S.set(E.v('n'), 1)], [S.set(E.v('n'), 2)]), S.if(eq(1, 1), [S.set(E.v('n'), 10, '+=')])],
      { vars: counter },
    );
    expect(s.vars.n).toBe(12);
  });

  it('for visits a list in order, and the pieces of a holder top first', () => {
    const s = runSetup(
      [
        S.for('i', E.list(1, 2, 3), [S.set(E.v('order'), E.list(L('i')), '+=')]),
        S.create(3, 'Token', E.zone('bag')),
        S.for('t', E.zone('bag'), [S.set(E.v('order'), E.list(L('t')), '+=')]),
      ],
      { vars: { order: variable(T.list(T.number), E.list()) }, kinds: { Token: kind() }, zones: { bag: zone() } },
    );
    expect(s.vars.order).toEqual([1, 2, 3, 2, 1, 0]);
  });

  it('repeat counts from 1, while loops until its condition fails', () => {
    const s = runSetup(
      [
        S.repeat(4, [S.set(E.v('n'), L('i'), '+=')], 'i'),
        S.repeat(2, [S.set(E.v('n'), 100, '+=')]),
        S.while(lt10(), [S.set(E.v('m'), 1, '+=')]),
      ],
      { vars: { ...counter, m: variable(T.number, 0) } },
    );
    expect(s.vars.n).toBe(210);
    expect(s.vars.m).toBe(10);
  });

  it('a loop resumes after a choice inside it', () => {
    const ir = game({
      vars: counter,
      flow: [S.repeat(3, [S.choose({ into: 'x', by: 0, from: E.list(1, 2) }), S.set(E.v('n'), L('x'), '+=')], 'i')],
    });
    const { g, s } = start(ir);
    const end = ['2', '1', '2'].reduce((st, m) => unwrap(apply(g, st, m)), s);
    expect(end.ended).toBe(true);
    expect(end.vars.n).toBe(5);
  });
});

function lt10() {
  return E.bin('<', E.v('m'), 10);
}

describe('pieces and holders', () => {
  const parts = {
    kinds: { Card: kind({ value: [T.number, 0], suit: [T.text] }) },
    zones: { deck: zone({ kind: 'Card' }), hand: zone({ kind: 'Card', perPlayer: true }), pile: zone() },
  };
  // The holders of a game of these parts, by id (the state holds them so: holder-keys.ts).
  const ir = game(parts);
  const holder = (name: string): number | undefined => holderNaming(ir).ids.get(name);

  it('create sets defaults, given attributes and the owner of a per-player holder', () => {
    const s = runSetup(
      [S.create(2, 'Card', E.zone('deck'), { value: 3 }), S.create(1, 'Card', E.zone('hand', 1), { suit: 'cups' })],
      parts,
    );
    expect(s.pieces).toEqual([
      { kind: 'Card', owner: null, at: holder('zone:deck'), attrs: { value: 3, suit: null } },
      { kind: 'Card', owner: null, at: holder('zone:deck'), attrs: { value: 3, suit: null } },
      { kind: 'Card', owner: 1, at: holder('zone:hand@1'), attrs: { value: 0, suit: 'cups' } },
    ]);
    expect(piecesAt(ir, s, 'zone:deck')).toEqual([1, 0]);
  });

  it('move puts pieces on top by default, or at the bottom, or at a random place', () => {
    const s = runSetup(
      [
        S.repeat(5, [S.create(1, 'Card', E.zone('deck'), { value: L('i') })], 'i'),
        S.move({ count: 2, source: E.zone('deck'), to: E.zone('pile') }),
        S.move({ pieces: E.b('topOf', E.zone('deck')), to: E.zone('pile'), position: 'bottom' }),
        S.move({ pieces: E.b('pieces', E.zone('deck')), to: E.zone('hand', 0) }),
        S.move({ count: 10, source: E.zone('pile'), to: E.zone('deck'), position: 'random' }),
      ],
      parts,
    );
    expect(piecesAt(ir, s, 'zone:hand@0')).toEqual([0, 1]);
    expect(piecesAt(ir, s, 'zone:pile')).toEqual([]);
    expect(s.holders).toHaveLength(holderNaming(ir).names.length);
    expect([...piecesAt(ir, s, 'zone:deck')].sort()).toEqual([2, 3, 4]);
    expect(s.pieces[2].at).toBe(holder('zone:deck'));
  });

  it('move n from a source moves as many as the source has', () => {
    const s = runSetup([S.create(2, 'Card', E.zone('deck')), S.move({ count: 5, source: E.zone('deck'), to: E.zone('pile') })], parts);
    expect(piecesAt(ir, s, 'zone:pile')).toEqual([0, 1]);
  });

  it('shuffle permutes a holder with the seeded generator', () => {
    const ir = game({ ...parts, setup: [S.create(20, 'Card', E.zone('deck')), S.shuffle(E.zone('deck'))] });
    const g = loadGame(ir);
    const a = unwrap(newGame(g, { players: 2, seed: 1 }));
    const b = unwrap(newGame(g, { players: 2, seed: 1 }));
    const c = unwrap(newGame(g, { players: 2, seed: 2 }));
    expect(piecesAt(g.ir, a, 'zone:deck')).toEqual(piecesAt(g.ir, b, 'zone:deck'));
    expect(piecesAt(g.ir, a, 'zone:deck')).not.toEqual(piecesAt(g.ir, c, 'zone:deck'));
    expect([...piecesAt(g.ir, a, 'zone:deck')].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('roll gives a face of the die', () => {
    const s = runSetup(
      [S.repeat(30, [S.roll('D', 'f'), S.set(E.v('faces'), E.list(L('f')), '+=')])],
      {
        dice: { D: { faces: [E.lit('a'), E.lit('b'), E.lit(3)], at: at(E.lit(0), 1).at } },
        vars: { faces: variable(T.list(T.any), E.list()) },
      },
    );
    const faces = s.vars.faces as unknown[];
    expect(faces).toHaveLength(30);
    expect(new Set(faces)).toEqual(new Set(['a', 'b', 3]));
  });
});

describe('calls, logs, failures, end', () => {
  it('calls a procedure with arguments; a builtin with effects runs as a statement; reveal shows a piece', () => {
    const s = runSetup(
      [
        S.call('bump', 5),
        S.call('bump', 2),
        S.create(1, 'Card', E.zone('deck')),
        S.eval(E.b('setOwner', 0, 1)),
        S.reveal(0),
      ],
      {
        vars: counter,
        kinds: { Card: kind() },
        zones: { deck: zone() },
        procs: { bump: { params: [{ name: 'by', type: T.number }], body: [S.set(E.v('n'), L('by'), '+=')], at: at(E.lit(0), 1).at } },
      },
    );
    expect(s.vars.n).toBe(7);
    expect(s.pieces[0]).toMatchObject({ owner: 1, shown: true });
  });

  it('logs text, with players printed as P1', () => {
    const s = runSetup([S.log(add('winner: ', E.b('next', 0))), S.log(E.b('str', E.b('prev', 0))), S.log(42)]);
    expect(s.log.map((e) => e.text)).toEqual(['winner: P2', 'P2', '42']);
  });

  it('fail stops with a rule error at its location', () => {
    const err = setupError([at(S.fail(add('bad ', 1)), 7, 3)]);
    expect(err).toEqual({ code: 'rule-error', message: 'bad 1', at: { file: 'test.strata', line: 7, col: 3 } });
  });

  it('end game stops everything at once; a finished flow also ends the game', () => {
    const ir = game({ vars: counter, flow: [S.set(E.v('n'), 1), S.end(), S.set(E.v('n'), 2)] });
    const { s } = start(ir);
    expect(s).toMatchObject({ ended: true, stack: [], pending: null, vars: { n: 1 } });
    expect(start(game({ flow: [S.log('x')] })).s.ended).toBe(true);
  });

  it('end game inside a procedure ends the game', () => {
    const ir = game({
      vars: counter,
      procs: { stop: { params: [], body: [S.end()], at: at(E.lit(0), 1).at } },
      flow: [S.call('stop'), S.set(E.v('n'), 2)],
    });
    expect(start(ir).s.vars.n).toBe(0);
  });
});
