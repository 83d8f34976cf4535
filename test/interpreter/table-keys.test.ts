/**
 * Tables by id (table-keys.ts): a table keyed by players, enum values, booleans or places (one or
 * two keys) is an array of its rows by key id in the state, every row there from the start; any other table
 * stays a record by key text. Both engines read and write the same rows, with the same errors.
 */
import { describe, expect, it } from 'vitest';
import { apply, loadGame, newGame, undo, view, type State } from '../../interpreter/index.js';
import type { Expr, GameIR, Stmt } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { placeNaming } from '../../interpreter/place-values.js';
import { layoutOf, MAX_ARRAY_ROWS, MAX_TOTAL_ROWS, placeCount, rowCount, rowIndex, rowKeys, shownRows, tableEntries } from '../../interpreter/table-keys.js';
import { at, E, game, keyOf, L, loc, perPlayer, S, squareBoard, T, variable } from './ir-builders.js';
import { unwrap } from './helpers.js';

const Colour = T.enumOf('Colour');
const enums = { Colour: { values: ['red', 'green', 'blue'], at: loc() } };

/** A game with one table of each kind; its setup writes `writes`, then `out` reads `reads` back. */
function tables(writes: Stmt[], reads: Expr[] = []): GameIR {
  return game({
    enums,
    vars: {
      byPlayer: variable(T.number, 7, { keys: [perPlayer] }),
      byColour: variable(T.text, 'none yet', { keys: [keyOf(Colour)] }),
      byBool: variable(T.number, 0, { keys: [keyOf(T.bool)] }),
      playerColour: variable(T.number, 0, { keys: [perPlayer, keyOf(Colour)] }),
      colourBool: variable(T.bool, false, { keys: [keyOf(Colour), keyOf(T.bool)] }),
      byNumber: variable(T.number, 0, { keys: [keyOf(T.number)] }),
      playerText: variable(T.number, 0, { keys: [perPlayer, keyOf(T.text)] }),
      out: variable(T.any, null),
    },
    setup: [...writes, S.set(E.v('out'), E.list(...reads))],
  });
}

/** The game started on both engines: the same state (as JSON), or the same error. */
function onBoth(ir: GameIR, players = 2): State {
  const closure = newGame(loadGame(ir, { engine: 'closure' }), { players, seed: 1 });
  const generated = newGame(loadGame(ir, { engine: 'generated', tierUp: 0 }), { players, seed: 1 });
  expect(JSON.stringify(generated)).toBe(JSON.stringify(closure));
  return unwrap(closure);
}

describe('array tables', () => {
  const writes = [
    S.set(E.v('byPlayer', E.b('playerAt', 2)), 3),
    S.set(E.v('byPlayer', E.b('playerAt', 2)), 1, '+='),
    S.set(E.v('byColour', 'green'), 'g'),
    S.set(E.v('byBool', true), 5),
    S.set(E.v('playerColour', E.b('playerAt', 1), 'blue'), 2, '+='),
    S.set(E.v('playerColour', E.b('playerAt', 2), 'red'), 9),
    S.set(E.v('colourBool', 'blue', true), true),
    S.set(E.v('byNumber', 12), 1),
    S.set(E.v('playerText', E.b('playerAt', 1), 'x'), 4),
  ];

  it('holds every row by key id from the start, the init value until written', () => {
    const s = onBoth(tables(writes), 3);
    expect(s.vars.byPlayer).toEqual([7, 4, 7]);
    expect(s.vars.byColour).toEqual(['none yet', 'g', 'none yet']);
    expect(s.vars.byBool).toEqual([0, 5]);
    // Two keys, row-major: player 0's three colours, then player 1's, then player 2's.
    expect(s.vars.playerColour).toEqual([0, 0, 2, 9, 0, 0, 0, 0, 0]);
    expect(s.vars.colourBool).toEqual([false, false, false, false, false, true]);
  });

  it('keeps tables keyed by numbers, texts (or any key not of a small domain) as records by key text', () => {
    const s = onBoth(tables(writes), 3);
    expect(s.vars.byNumber).toEqual({ '12': 1 });
    expect(s.vars.playerText).toEqual({ '0,x': 4 });
    const ir = tables([]);
    expect(layoutOf(ir, 'byNumber')).toBeNull();
    expect(layoutOf(ir, 'playerText')).toBeNull();
    expect(layoutOf(ir, 'out')).toBeNull();
  });

  it('keeps a table of more rows than MAX_ARRAY_ROWS (at the most players) a record', () => {
    const values = Array.from({ length: 70 }, (_, i) => `v${i}`);
    const ir = game({
      enums: { Big: { values, at: loc() } },
      vars: {
        small: variable(T.number, 0, { keys: [keyOf(T.enumOf('Big')), perPlayer] }),
        big: variable(T.number, 0, { keys: [keyOf(T.enumOf('Big')), keyOf(T.enumOf('Big'))] }),
      },
      setup: [S.set(E.v('big', 'v69', 'v3'), 1), S.set(E.v('small', 'v69', 1), 2)],
    });
    expect(70 * 70).toBeGreaterThan(MAX_ARRAY_ROWS);
    const s = onBoth(ir);
    expect(s.vars.big).toEqual({ 'v69,v3': 1 });
    expect((s.vars.small as number[]).length).toBe(140);
    expect((s.vars.small as number[])[139]).toBe(2);
  });

  it('keeps the tables past MAX_TOTAL_ROWS rows of array tables together (in declaration order) records', () => {
    const values = Array.from({ length: 64 }, (_, i) => `v${i}`);
    const Big = keyOf(T.enumOf('Big'));
    const count = MAX_TOTAL_ROWS / (64 * 64) + 1;
    const vars = Object.fromEntries(Array.from({ length: count }, (_, i) => [`t${i}`, variable(T.number, 0, { keys: [Big, Big] })]));
    const ir = game({ enums: { Big: { values, at: loc() } }, vars, setup: [S.set(E.v(`t${count - 2}`, 'v1', 'v2'), 1), S.set(E.v(`t${count - 1}`, 'v1', 'v2'), 2)] });
    const s = onBoth(ir);
    expect((s.vars[`t${count - 2}`] as number[])[66]).toBe(1);
    expect(s.vars[`t${count - 1}`]).toEqual({ 'v1,v2': 2 });
    expect(layoutOf(ir, `t${count - 1}`)).toBeNull();
  });

  it('reads rows back on both engines, a key outside its domain reading the init value', () => {
    const reads = [
      E.v('byPlayer', E.b('playerAt', 2)),
      E.v('byPlayer', 5),
      E.v('byPlayer', 0.5),
      E.v('byPlayer', 'P1'),
      E.v('byColour', 'green'),
      E.v('byColour', 'purple'),
      E.v('byBool', true),
      E.v('byBool', 1),
      E.v('playerColour', E.b('playerAt', 1), 'blue'),
      E.v('playerColour', E.b('playerAt', 1), 'pink'),
      E.v('colourBool', 'blue', true),
      // A text made while playing (not the literal's string), and a number: an enum key is told
      // by its text (the generated engine compares it with each value: Gen.enumId).
      E.v('byColour', E.bin('+', 'gr', 'een')),
      E.v('byColour', 1),
    ];
    const s = onBoth(tables(writes, reads), 2);
    expect(s.vars.out).toEqual([4, 7, 7, 7, 'g', 'none yet', 5, 0, 2, 0, true, 'g', 'none yet']);
  });

  it('reads init at a record or list key of a player table and refuses a write there, on both engines (no conversion to a number)', () => {
    // A record whose `valueOf` and `toString` are not functions cannot be converted to a number:
    // the key's check must not try (a hand-made IR; the checker refuses such keys in a rule file).
    const odd = { valueOf: 1, toString: 2 };
    for (const key of [E.lit(odd), E.list(E.lit(odd)), E.lit([])]) {
      expect(onBoth(tables([], [E.v('byPlayer', key), E.v('playerColour', key, 'red')])).vars.out).toEqual([7, 0]);
      for (const engine of ['closure', 'generated'] as const) {
        const r = newGame(loadGame(tables([S.set(E.v('byPlayer', key), 1)]), { engine, tierUp: 0 }), { players: 2, seed: 1 });
        expect(r.ok ? null : r.error.message).toMatch(/is not a key of table "byPlayer"/);
      }
    }
  });

  it('refuses a write at a key outside its domain with a located error, the same on both engines', () => {
    for (const [name, key, text] of [
      ['byPlayer', E.lit(2), '2'],
      ['byColour', E.lit('purple'), 'purple'],
      ['byBool', E.lit(null), 'null'],
    ] as const) {
      const ir = tables([at(S.set(E.v(name, key), 1), 4, 2)]);
      for (const engine of ['closure', 'generated'] as const) {
        const r = newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 });
        expect(r.ok).toBe(false);
        if (r.ok) continue;
        expect(r.error.message).toBe(msg.notATableKey(name, text));
        expect(r.error.at).toEqual(loc(4, 2));
      }
    }
  });

  it('refuses a function value as a key, read or written, with the same error on both engines', () => {
    const fn = E.lambda(['x'], L('x'));
    for (const name of ['byPlayer', 'byColour', 'byBool'] as const) {
      for (const stmt of [S.set(E.v('out'), E.v(name, fn)), S.set(E.v(name, fn), 1)]) {
        const ir = tables([stmt]);
        const errors = (['closure', 'generated'] as const).map((engine) => {
          const r = newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 });
          return r.ok ? null : r.error;
        });
        expect(errors[0]?.message).toBe(msg.functionStored());
        expect(errors[1]).toEqual(errors[0]);
      }
    }
  });

  it('numbers keys and rows both ways', () => {
    const layout = layoutOf(tables([]), 'playerColour')!;
    expect(rowCount(layout, 4)).toBe(12);
    expect(rowIndex(layout, 4, 3, 'green')).toBe(10);
    expect(rowKeys(layout, 4, 10)).toEqual([3, 'green']);
    expect(rowIndex(layout, 4, 4, 'green')).toBe(-1);
    expect(rowIndex(layout, 4, 1, 'teal')).toBe(-1);
    const ir = tables([]);
    expect(tableEntries(ir, 'byBool', [1, 2], 2)).toEqual([
      { key: 'false', keys: [false], value: 1 },
      { key: 'true', keys: [true], value: 2 },
    ]);
    // A display's rows: those that differ from the init value, by the key text a record would use.
    expect(shownRows(ir, 'playerColour', [0, 0, 2, 9, 0, 0], 2, 0)).toEqual({ '0,blue': 2, '1,red': 9 });
  });

  it('round-trips through JSON: the same rows, and play goes on the same', () => {
    const ir = game({
      enums,
      vars: { n: variable(T.number, 0, { keys: [perPlayer, keyOf(Colour)] }) },
      flow: [S.repeat(3, [S.choose({ into: 'c', by: 0, from: E.list('red', 'blue') }), S.set(E.v('n', E.b('playerAt', 1), L('c')), 1, '+=')])],
    });
    const g = loadGame(ir);
    let s = unwrap(newGame(g, { players: 2, seed: 1 }));
    let t = JSON.parse(JSON.stringify(s)) as State;
    for (const m of ['red', 'blue', 'blue']) {
      s = unwrap(apply(g, s, m));
      t = JSON.parse(JSON.stringify(unwrap(apply(g, t, m)))) as State;
    }
    expect(s.vars.n).toEqual([1, 0, 2, 0, 0, 0]);
    expect(t).toEqual(JSON.parse(JSON.stringify(s)));
  });
});

describe('array tables in play', () => {
  const ir = game({
    enums,
    vars: {
      score: variable(T.number, 0, { keys: [perPlayer] }),
      secret: variable(T.number, 0, { keys: [perPlayer, keyOf(Colour)], visibility: 'owner' }),
      round: variable(T.number, 0, { keys: [keyOf(Colour)], reset: 'turn' }),
    },
    flow: [
      S.repeat(2, [
        S.for('p', E.b('players'), [
          S.block(
            'turn',
            [
              S.choose({ into: 'c', by: L('p'), from: E.list('red', 'blue') }),
              S.set(E.v('score', L('p')), 1, '+='),
              S.set(E.v('secret', L('p'), L('c')), 5, '+='),
              S.set(E.v('round', L('c')), 1, '+='),
            ],
            { subject: L('p') },
          ),
        ]),
      ]),
    ],
  });
  const g = loadGame(ir);
  const s0 = unwrap(newGame(g, { players: 2, seed: 1 }));

  it('shares rows between states made by apply: a write copies the table, the earlier state reads as made', () => {
    const before = JSON.stringify(s0);
    const s1 = unwrap(apply(g, s0, 'blue'));
    const s2 = unwrap(apply(g, s1, 'red'));
    expect(JSON.stringify(s0)).toBe(before);
    expect(s1.vars.score).toEqual([1, 0]);
    expect(s2.vars.score).toEqual([1, 1]);
    expect(s2.vars.secret).toEqual([0, 0, 5, 5, 0, 0]);
    expect(unwrap(undo(g, s2))).toEqual(s1);
  });

  it('returns a reset table to a fresh array of its init value at the end of its block', () => {
    // `round` was written in each turn, and each turn's end reset it.
    const s1 = unwrap(apply(g, s0, 'blue'));
    expect(s1.vars.round).toEqual([0, 0, 0]);
  });

  it('shows a viewer only their own rows of a table visible to its owner (others read the init value)', () => {
    const s2 = unwrap(apply(g, unwrap(apply(g, s0, 'blue')), 'red'));
    expect(view(g, s2, 0).vars.secret).toEqual([0, 0, 5, 0, 0, 0]);
    expect(view(g, s2, 1).vars.secret).toEqual([0, 0, 0, 5, 0, 0]);
    expect(view(g, s2, null).vars.secret).toEqual([0, 0, 0, 0, 0, 0]);
    expect(view(g, s2, 1).vars.score).toEqual([1, 1]);
  });

  it('refuses a state whose table has the wrong shape or length', () => {
    const s1 = unwrap(apply(g, s0, 'blue'));
    const bad = (vars: Record<string, unknown>): string => {
      const r = undo(g, { ...s1, vars: { ...s1.vars, ...vars } } as State);
      return r.ok ? 'accepted' : r.error.message;
    };
    expect(bad({ score: [1, 0, 0] })).toBe(msg.otherGameState('its table score has 3 rows, the game 2'));
    expect(bad({ score: { '0': 1 } })).toBe(msg.otherGameState('its table score is not a list of rows'));
    expect(bad({ secret: [0, 0, 5] })).toBe(msg.otherGameState('its table secret has 3 rows, the game 6'));
    expect(bad({ score: undefined })).toBe(msg.otherGameState('its table score is not a list of rows'));
    expect(bad({})).toBe('accepted');
  });
});

describe('tables keyed by places', () => {
  // A board, a per-player board (its template's places, then each seat's copy up to 4 players) and
  // a growing board: every place has its id from load, so the table's rows are fixed.
  const boards = { A: squareBoard(2, 2), M: squareBoard(2, 1, 4, true), G: { ...squareBoard(3, 3), grows: true } };
  const P2 = E.b('playerAt', 2);
  function placeTables(writes: Stmt[], reads: Expr[] = []): GameIR {
    return game({
      boards,
      vars: {
        byPlace: variable(T.number, 0, { keys: [keyOf(T.place)] }),
        playerPlace: variable(T.text, '-', { keys: [perPlayer, keyOf(T.place)] }),
        out: variable(T.any, null),
      },
      setup: [...writes, S.set(E.v('out'), E.list(...reads))],
    });
  }
  const ir = placeTables([]);
  const ids = placeNaming(ir).ids;

  it('numbers the places as place-values.ts does', () => {
    expect(placeCount(ir)).toBe(placeNaming(ir).keys.length);
    expect(placeCount(ir)).toBe(4 + 2 * 5 + 9);
    expect(layoutOf(ir, 'byPlace')).toEqual({ keys: [{ kind: 'place', count: 23 }] });
  });

  it('keeps a row per place by place id, the same on both engines; other keys read the init value', () => {
    const writes = [
      S.set(E.v('byPlace', E.place('A', 'r1c2')), 3),
      S.set(E.v('byPlace', E.place('M', 'r1c1', P2)), 4),
      S.set(E.v('byPlace', E.place('G', 'r3c3')), 1, '+='),
      S.set(E.v('playerPlace', P2, E.place('A', 'r2c2')), 'x'),
      // A text naming a place is that place's row (docs/language.md §25), in a write too.
      S.set(E.v('byPlace', 'G.r1c1'), 7),
      S.set(E.v('playerPlace', E.b('playerAt', 1), 'A.r1c1'), 'y'),
    ];
    const reads = [
      E.v('byPlace', E.place('A', 'r1c2')),
      E.v('byPlace', E.place('M', 'r1c1', P2)),
      E.v('byPlace', E.place('M', 'r1c1', E.b('playerAt', 1))),
      // A number that is no place's value, a text naming a place, a place id past the last.
      E.v('byPlace', 2),
      E.v('byPlace', -0.5),
      E.v('byPlace', 'A.r1c2'),
      E.v('byPlace', -1 - 23),
      E.v('playerPlace', P2, E.place('A', 'r2c2')),
      E.v('byPlace', E.place('G', 'r1c1')),
      E.v('playerPlace', E.b('playerAt', 1), E.place('A', 'r1c1')),
      E.v('playerPlace', P2, 'A.r2c2'),
      E.v('byPlace', 'A.nowhere'),
    ];
    const s = onBoth(placeTables(writes, reads), 3);
    const rows = new Array<number>(23).fill(0);
    rows[ids.get('A.r1c2')!] = 3;
    rows[ids.get('M@1.r1c1')!] = 4;
    rows[ids.get('G.r3c3')!] = 1;
    rows[ids.get('G.r1c1')!] = 7;
    expect(s.vars.byPlace).toEqual(rows);
    expect((s.vars.playerPlace as string[]).length).toBe(3 * 23);
    expect((s.vars.playerPlace as string[])[23 + ids.get('A.r2c2')!]).toBe('x');
    expect((s.vars.playerPlace as string[])[ids.get('A.r1c1')!]).toBe('y');
    expect(s.vars.out).toEqual([3, 4, 0, 0, 0, 3, 0, 'x', 7, 'y', 'x', 0]);
    // Shown by the key text a record table used (the place's value), rows in place order.
    expect(shownRows(ir, 'byPlace', s.vars.byPlace, 3, 0)).toEqual({
      [String(-1 - ids.get('A.r1c2')!)]: 3,
      [String(-1 - ids.get('M@1.r1c1')!)]: 4,
      [String(-1 - ids.get('G.r1c1')!)]: 7,
      [String(-1 - ids.get('G.r3c3')!)]: 1,
    });
  });

  it('refuses a write at a key that is no place (a text naming none) with a located error, on both engines', () => {
    for (const [key, text] of [
      [E.lit('A.nowhere'), 'A.nowhere'],
      [E.lit(3), '3'],
      [E.lit(-1 - 23), '-24'],
    ] as const) {
      const bad = placeTables([at(S.set(E.v('byPlace', key), 1), 6, 3)]);
      for (const engine of ['closure', 'generated'] as const) {
        const r = newGame(loadGame(bad, { engine, tierUp: 0 }), { players: 2, seed: 1 });
        expect(r.ok ? null : r.error.message).toBe(msg.notATableKey('byPlace', text));
        expect(r.ok ? null : r.error.at).toEqual(loc(6, 3));
      }
    }
  });

  it('names a place in the error of a write by its text, as other errors do (a seat that is none, a place), on both engines', () => {
    const bad = placeTables([at(S.set(E.v('playerPlace', 5, E.place('A', 'r1c2')), 'x'), 7, 2)]);
    for (const engine of ['closure', 'generated'] as const) {
      const r = newGame(loadGame(bad, { engine, tierUp: 0 }), { players: 2, seed: 1 });
      expect(r.ok ? null : r.error.message).toBe(msg.notATableKey('playerPlace', '5,A.r1c2'));
      expect(r.ok ? null : r.error.at).toEqual(loc(7, 2));
    }
  });

  it('shares rows between states made by apply and undoes a write', () => {
    const flowIr = game({
      boards,
      vars: { byPlace: variable(T.number, 0, { keys: [keyOf(T.place)] }) },
      flow: [S.repeat(2, [S.choose({ into: 'c', by: 0, from: E.list(E.place('A', 'r1c1'), E.place('A', 'r2c1')) }), S.set(E.v('byPlace', L('c')), 1, '+=')])],
    });
    const g = loadGame(flowIr);
    const s0 = unwrap(newGame(g, { players: 2, seed: 1 }));
    const before = JSON.stringify(s0);
    const s1 = unwrap(apply(g, s0, 'r2c1'));
    const s2 = unwrap(apply(g, s1, 'r2c1'));
    expect(JSON.stringify(s0)).toBe(before);
    expect((s1.vars.byPlace as number[])[ids.get('A.r2c1')!]).toBe(1);
    expect((s2.vars.byPlace as number[])[ids.get('A.r2c1')!]).toBe(2);
    expect(unwrap(undo(g, s2))).toEqual(s1);
    expect(JSON.parse(JSON.stringify(s2))).toEqual(s2);
  });
});

describe('tables keyed by a player and a place', () => {
  const boards = { A: squareBoard(2, 2) };
  const A = (p: string): Expr => E.place('A', p);

  it('shows a viewer only their own rows of a table visible to its owner (others read the init value)', () => {
    const g = loadGame(
      game({
        boards,
        vars: { mine: variable(T.number, 0, { keys: [perPlayer, keyOf(T.place)], visibility: 'owner' }) },
        setup: [S.set(E.v('mine', E.b('playerAt', 1), A('r1c1')), 1), S.set(E.v('mine', E.b('playerAt', 2), A('r2c2')), 2)],
        flow: [S.choose({ into: 'c', by: 0, from: E.list('a', 'b') })],
      }),
    );
    const s = unwrap(newGame(g, { players: 2, seed: 1 }));
    const ids = placeNaming(g.ir).ids;
    const rows = (seat: number, id: number, v: number): number[] => {
      const out = new Array<number>(2 * 4).fill(0);
      out[seat * 4 + id] = v;
      return out;
    };
    expect(layoutOf(g.ir, 'mine')).toEqual({ keys: [{ kind: 'player' }, { kind: 'place', count: 4 }] });
    expect(view(g, s, 0).vars.mine).toEqual(rows(0, ids.get('A.r1c1')!, 1));
    expect(view(g, s, 1).vars.mine).toEqual(rows(1, ids.get('A.r2c2')!, 2));
    expect(view(g, s, null).vars.mine).toEqual(new Array<number>(8).fill(0));
  });

  it('stays a record past MAX_ARRAY_ROWS at the most players, and a one-key table of the same board an array', () => {
    // 33 × 32 places: one key 1,056 rows; with a player first, 4 × 1,056 = 4,224 > 4,096.
    const ir = game({
      boards: { Big: squareBoard(33, 32) },
      vars: {
        byPlace: variable(T.number, 0, { keys: [keyOf(T.place)] }),
        playerPlace: variable(T.number, 0, { keys: [perPlayer, keyOf(T.place)] }),
      },
    });
    expect(layoutOf(ir, 'byPlace')).toEqual({ keys: [{ kind: 'place', count: 33 * 32 }] });
    expect(33 * 32 * ir.players.max).toBeGreaterThan(MAX_ARRAY_ROWS);
    expect(layoutOf(ir, 'playerPlace')).toBeNull();
  });
});
