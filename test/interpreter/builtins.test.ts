import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinNames } from '../../interpreter/index.js';
import type { Expr, GameIR } from '../../interpreter/ir.js';
import { add, and, E, eq, graphBoard, hexBoard, kind, L, S, squareBoard, T, trackBoard, variable, zone } from './ir-builders.js';
import { evaluate, evaluateTexts, runSetup, setupError } from './helpers.js';

/** `ev` with places shown as their texts (`G.r1c2`). */
const evt = (e: Expr, parts: Partial<GameIR> = {}, before: Parameters<typeof evaluate>[2] = [], players = 3) => evaluateTexts(e, parts, before, players);
const ev = (e: Expr, parts: Partial<GameIR> = {}, before: Parameters<typeof evaluate>[2] = [], players = 3) =>
  evaluate(e, parts, before, players);

describe('the library', () => {
  it('implements exactly the builtins declared in dsl/src/library.strata', () => {
    const text = readFileSync(new URL('../../dsl/src/library.strata', import.meta.url), 'utf8');
    const declared = [...text.matchAll(/^builtin\s+(\w+)\s*\(/gm)].map((m) => m[1]).sort();
    expect(declared.length).toBeGreaterThan(50);
    expect([...builtinNames]).toEqual(declared);
  });

  it('an unknown builtin or a wrong number of arguments is a rule error', () => {
    expect(setupError([S.eval(E.b('nosuch'))]).message).toMatch(/unknown builtin "nosuch"/);
    expect(setupError([S.eval(E.b('abs', 1, 2))]).message).toMatch(/abs takes 1 argument/);
  });
});

describe('players', () => {
  it('seats and turn order', () => {
    const all = E.list(
      E.b('players'),
      E.b('numPlayers'),
      E.b('next', 2),
      E.b('prev', 0),
      E.b('seat', 1),
      E.b('playerAt', 4),
      E.b('clockwiseFrom', 1),
      E.b('anticlockwiseFrom', 1),
      E.b('chooser'),
    );
    expect(ev(all)).toEqual([[0, 1, 2], 3, 0, 2, 2, 0, [1, 2, 0], [1, 0, 2], null]);
  });
  it('rejects a number that is not a player', () => {
    expect(setupError([S.eval(E.b('next', 7))], {}, 3).message).toMatch(/expected a player/);
  });
});

describe('numbers', () => {
  it('rounding and lesser/greater', () => {
    const all = E.list(E.b('abs', -2), E.b('floor', 2.7), E.b('ceil', 2.1), E.b('round', 2.5), E.b('lesser', 3, 4), E.b('greater', 3, 4));
    expect(ev(all)).toEqual([2, 2, 3, 3, 3, 4]);
  });
});

describe('lists', () => {
  const l = E.list(3, 1, 2);
  const key = E.lambda(['x'], E.bin('%', L('x'), 2));
  it('queries', () => {
    const all = E.list(
      E.b('len', l),
      E.b('contains', l, 2),
      E.b('first', l),
      E.b('last', l),
      E.b('first', E.list()),
      E.b('indexOf', l, 2),
      E.b('indexOf', l, 9),
      E.b('total', l),
    );
    expect(ev(all)).toEqual([3, true, 3, 2, null, 2, -1, 6]);
  });
  it('new lists', () => {
    const all = E.list(
      E.b('take', l, 2),
      E.b('drop', l, 2),
      E.b('reverse', l),
      E.b('append', l, 9),
      E.b('concat', l, E.list(8)),
      E.b('without', E.list(1, 2, 1), 1),
      E.b('insertAt', l, 1, 7),
      E.b('range', 2, 5),
      E.b('range', 5, 2),
      E.b('distinct', E.list(1, 2, 1, 3, 2)),
    );
    expect(ev(all)).toEqual([[3, 1], [2], [2, 1, 3], [3, 1, 2, 9], [3, 1, 2, 8], [2, 1], [3, 7, 1, 2], [2, 3, 4, 5], [], [1, 2, 3]]);
  });
  it('membership in long lists: texts found through an index of the list, first index first', () => {
    // Long enough to be indexed at its second lookup (values.ts); a duplicate text, a number, a record.
    const texts = Array.from({ length: 30 }, (_, i) => `t${i}`);
    const long = E.list(...texts, 't5', 7, E.rec({ a: 1 }));
    const reversed = E.list(...texts.slice().reverse());
    const probes = E.list('t0', 't5', 't29', 'zz', 7, E.rec({ a: 1 }), 't5', 't31');
    // Lookups in one list in a row, then alternating between two, then `in` and `contains`.
    const all = E.let(
      'l',
      long,
      E.let(
        'm',
        reversed,
        E.list(
          E.comp('x', probes, E.b('indexOf', L('l'), L('x'))),
          E.comp('x', probes, E.list(E.b('indexOf', L('l'), L('x')), E.b('indexOf', L('m'), L('x')))),
          E.comp('x', probes, E.list(E.bin('in', L('x'), L('l')), E.b('contains', L('m'), L('x')))),
          E.b('len', E.b('distinct', E.b('concat', L('l'), L('m')))),
        ),
      ),
    );
    expect(ev(all)).toEqual([
      [0, 5, 29, -1, 31, 32, 5, -1],
      [[0, 29], [5, 24], [29, 0], [-1, -1], [31, -1], [32, -1], [5, 24], [-1, -1]],
      [[true, true], [true, true], [true, true], [false, false], [true, false], [true, false], [true, true], [false, false]],
      32,
    ]);
  });
  it('stable sorts and rank groups', () => {
    expect(ev(E.b('sortDesc', E.list(4, 1, 3, 2), key))).toEqual([1, 3, 4, 2]);
    expect(ev(E.b('sortAsc', E.list(4, 1, 3, 2), key))).toEqual([4, 2, 1, 3]);
    expect(ev(E.b('rankGroups', E.list(5, 7, 5, 2), E.lambda(['x'], L('x'))))).toEqual([
      { value: 7, members: [7] },
      { value: 5, members: [5, 5] },
      { value: 2, members: [2] },
    ]);
  });
  it('stable sorts of many equal keys, of texts and of lists, and keys that cannot be ordered', () => {
    const xs = Array.from({ length: 40 }, (_, i) => (i * 7) % 40);
    const byMod = E.lambda(['x'], E.bin('%', L('x'), 3));
    // The reference: a stable sort by the key, ties in the list's order.
    const stable = (desc: boolean): number[] => xs.map((x, i) => ({ x, i })).sort((a, b) => (desc ? (b.x % 3) - (a.x % 3) : (a.x % 3) - (b.x % 3)) || a.i - b.i).map((o) => o.x);
    expect(ev(E.b('sortDesc', E.list(...xs), byMod))).toEqual(stable(true));
    expect(ev(E.b('sortAsc', E.list(...xs), byMod))).toEqual(stable(false));
    expect(ev(E.b('sortAsc', E.list('b', 'c', 'a', 'b'), E.lambda(['x'], L('x'))))).toEqual(['a', 'b', 'b', 'c']);
    expect(ev(E.b('sortDesc', E.list(1, 2, 3), E.lambda(['x'], E.list(E.bin('%', L('x'), 2), L('x')))))).toEqual([3, 1, 2]);
    expect(ev(E.b('rankGroups', E.list('x', 'y', 'x'), E.lambda(['v'], L('v'))))).toEqual([
      { value: 'y', members: ['y'] },
      { value: 'x', members: ['x', 'x'] },
    ]);
    const mixed = setupError([S.set(E.v('out'), E.b('sortAsc', E.list(2, 'a'), E.lambda(['x'], L('x'))))], { vars: { out: variable(T.any, null) } });
    expect(mixed.message).toMatch(/^cannot order /);
  });
});

describe('pieces and holders', () => {
  const parts: Partial<GameIR> = {
    kinds: { Card: kind({ v: [T.number, 0] }), Chip: kind() },
    zones: { deck: zone(), hand: zone({ perPlayer: true }) },
    boards: { G: squareBoard(2, 1) },
  };
  const before = [
    S.create(3, 'Card', E.zone('deck')),
    S.create(1, 'Chip', E.zone('hand', 1)),
    S.create(2, 'Chip', E.place('G', 'r1c1')),
    S.create(1, 'Chip', E.place('G', 'r1c2')),
  ];
  it('reads holders', () => {
    const all = E.list(
      E.b('pieces', E.zone('deck')),
      E.b('size', E.zone('deck')),
      E.b('size', E.board('G')),
      E.b('pieces', E.board('G')),
      E.b('topOf', E.zone('deck')),
      E.b('topOf', E.place('G', 'r1c2')),
      E.b('locationOf', 3),
      E.b('ownerOf', 3),
      E.b('kindOf', 0),
      E.b('ownedBy', E.zone('hand', 1), 1),
      E.b('ownedBy', E.zone('deck'), 1),
      E.b('ownedBy', E.list(3, 0, 3, 2), 1),
    );
    expect(ev(all, parts, before)).toEqual([[2, 1, 0], 3, 3, [5, 4, 6], 2, 6, 'zone:hand@1', 1, 'Card', [3], [], [3, 3]]);
  });
  it('setOwner and the reveal statement change pieces', () => {
    const s = runSetup([...before, S.eval(E.b('setOwner', 0, 2)), S.reveal(E.list(0, 1))], parts, 3);
    expect(s.pieces[0]).toMatchObject({ owner: 2, shown: true });
    expect(s.pieces[1]).toMatchObject({ owner: null, shown: true });
    expect(s.pieces[2].shown).toBeUndefined();
  });
  it('pickRandom and shuffled use the seeded generator', () => {
    const pick = ev(E.b('pickRandom', E.list(1, 2, 3)));
    expect([1, 2, 3]).toContain(pick);
    expect(ev(E.b('pickRandom', E.list()))).toBe(null);
    const shuffled = ev(E.b('shuffled', E.b('range', 1, 10))) as number[];
    expect([...shuffled].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ev(E.b('shuffled', E.b('range', 1, 10)))).toEqual(shuffled);
  });
});

describe('places and boards', () => {
  const graph = graphBoard(
    { a: { rich: true }, b: {}, c: {}, d: {} },
    [['a', 'b', { toll: 2 }], ['b', 'c'], ['c', 'd']],
  );
  const parts: Partial<GameIR> = {
    boards: { G: squareBoard(3, 3, 4), K: squareBoard(3, 3, 8), H: hexBoard(2), R: trackBoard(5), N: graph },
  };
  const P = (b: string, n: string) => E.place(b, n);

  it('names, neighbours, adjacency, edges', () => {
    const all = E.list(
      E.b('nameOf', P('G', 'r2c2')),
      E.b('boardOf', P('G', 'r2c2')),
      E.b('neighbours', P('G', 'r1c1')),
      E.b('neighbours', P('N', 'b')),
      E.b('adjacent', P('N', 'a'), P('N', 'b')),
      E.b('adjacent', P('N', 'a'), P('N', 'c')),
      E.b('edge', P('N', 'b'), P('N', 'a')),
      E.b('edgesOf', P('N', 'a')),
      E.b('endsOf', E.b('edge', P('N', 'b'), P('N', 'a'))),
      E.field(E.b('edge', P('N', 'a'), P('N', 'b')), 'toll'),
    );
    expect(evt(all, parts)).toEqual([
      'r2c2',
      'G',
      ['G.r1c2', 'G.r2c1'],
      ['N.a', 'N.c'],
      true,
      false,
      'edge:N.a|N.b',
      ['edge:N.a|N.b'],
      ['N.a', 'N.b'],
      2,
    ]);
  });

  it('distance: rook steps, king steps, hex axial, track, graph links', () => {
    const all = E.list(
      E.b('distance', P('G', 'r1c1'), P('G', 'r3c3')),
      E.b('distance', P('K', 'r1c1'), P('K', 'r3c3')),
      E.b('distance', P('H', 'h0_0'), P('H', 'h2_m2')),
      E.b('distance', P('H', 'hm2_0'), P('H', 'h2_0')),
      E.b('distance', P('R', 't0'), P('R', 't4')),
      E.b('distance', P('N', 'a'), P('N', 'd')),
    );
    expect(evt(all, parts)).toEqual([4, 2, 2, 4, 4, 3]);
  });

  it('places asked about again, and the groups of the same places asked for again, are answered as at first', () => {
    // distance and neighbours try the last places they were asked about first; components
    // remembers the groups of its last lists (by their items: each comprehension is a new list).
    const cols = (e: Expr) => E.comp('p', E.board('G'), L('p'), e);
    const notC2 = cols(E.bin('!=', E.field(L('p'), 'x'), 2));
    const notR2 = cols(E.bin('!=', E.field(L('p'), 'y'), 2));
    const notC2orR1C1 = cols(and(E.bin('!=', E.field(L('p'), 'x'), 2), E.bin('!=', L('p'), P('G', 'r1c1'))));
    const linked = E.lambda(['a', 'b'], true);
    const all = E.list(
      E.b('distance', P('G', 'r1c1'), P('G', 'r3c3')),
      E.b('distance', P('G', 'r2c2'), P('G', 'r3c3')),
      E.b('distance', P('G', 'r1c1'), P('G', 'r3c3')),
      E.b('neighbours', P('G', 'r1c1')),
      E.b('distance', P('G', 'r3c3'), P('G', 'r1c1')),
      // -1 (no way between two boards), tested here: in a list of no type it would show as place 0.
      eq(E.b('distance', P('H', 'h0_0'), P('G', 'r1c1')), -1),
      E.b('components', notC2, linked),
      E.b('components', notR2, linked),
      E.b('components', notC2, linked),
      E.b('components', notC2orR1C1, linked),
      E.b('components', notR2, linked),
    );
    const c1 = ['G.r1c1', 'G.r2c1', 'G.r3c1'];
    const c3 = ['G.r1c3', 'G.r2c3', 'G.r3c3'];
    const r1 = ['G.r1c1', 'G.r1c2', 'G.r1c3'];
    const r3 = ['G.r3c1', 'G.r3c2', 'G.r3c3'];
    expect(evt(all, parts)).toEqual([4, 2, 4, ['G.r1c2', 'G.r2c1'], 4, true, [c1, c3], [r1, r3], [c1, c3], [c3, ['G.r2c1', 'G.r3c1']], [r1, r3]]);
    // A text that names no place is refused after a place was asked about, in either place.
    const before = [S.eval(E.b('distance', P('G', 'r1c1'), P('G', 'r3c3')))];
    expect(setupError([...before, S.eval(E.b('distance', P('G', 'r1c1'), 'G.r9c9'))], parts).message).toMatch(/expected a place, got text "G.r9c9"/);
    expect(setupError([...before, S.eval(E.b('distance', 'G.r9c9', P('G', 'r3c3')))], parts).message).toMatch(/expected a place, got text "G.r9c9"/);
    const withWall = E.b('components', E.b('append', notC2, 'G.r9c9'), linked);
    expect(setupError([S.eval(E.b('components', notC2, linked)), S.eval(withWall)], parts).message).toMatch(/expected a place, got text "G.r9c9"/);
  });

  it('offsets, directions, straight lines, borders', () => {
    const all = E.list(
      E.b('offset', P('G', 'r1c1'), E.rec({ dx: 1, dy: 1 }), 2),
      E.b('offset', P('G', 'r1c1'), E.rec({ dx: -1, dy: 0 }), 1),
      E.b('offset', P('H', 'h0_0'), E.rec({ dx: 1, dy: -1 }), 2),
      E.b('len', E.b('directions', E.board('G'))),
      E.b('len', E.b('directions', E.board('K'))),
      E.b('len', E.b('directions', P('H', 'h0_0'))),
      E.b('lineThrough', P('G', 'r2c2'), E.rec({ dx: 1, dy: 0 }), E.lambda(['p'], true)),
      E.b('lineThrough', P('G', 'r2c2'), E.rec({ dx: 1, dy: 0 }), E.lambda(['p'], E.bin('!=', E.field(L('p'), 'x'), 3))),
      E.b('lineThrough', P('G', 'r2c2'), E.rec({ dx: 0, dy: 1 }), E.lambda(['p'], E.bin('!=', L('p'), P('G', 'r2c2')))),
      E.b('onBorder', P('G', 'r2c2')),
      E.b('onBorder', P('G', 'r1c2')),
      E.b('onBorder', P('H', 'h2_m1')),
      E.b('onBorder', P('H', 'h1_0')),
      E.b('onBorder', P('R', 't4')),
    );
    expect(evt(all, parts)).toEqual(['G.r3c3', null, 'H.h2_m2', 4, 8, 6, 3, 2, 0, false, true, true, false, true]);
  });

  it('reachable, pathLength, components, connects', () => {
    // On G (rook steps), c2 of every row is a wall.
    const open = E.lambda(['a', 'b'], E.bin('!=', E.field(L('b'), 'x'), 2));
    const all = E.list(
      E.b('reachable', P('G', 'r1c1'), 1, E.lambda(['a', 'b'], true)),
      E.b('reachable', P('G', 'r1c1'), 5, open),
      E.b('pathLength', P('G', 'r1c1'), P('G', 'r3c1'), open),
      // -1 (no path), tested here: in a list of no type it would show as place 0.
      eq(E.b('pathLength', P('G', 'r1c1'), P('G', 'r1c3'), open), -1),
      E.b('components', E.comp('p', E.board('G'), L('p'), E.bin('!=', E.field(L('p'), 'x'), 2)), E.lambda(['a', 'b'], true)),
      E.b('connects', P('N', 'a'), E.list(P('N', 'b'), P('N', 'c')), E.lambda(['p'], eq(L('p'), P('N', 'c')))),
      E.b('connects', P('N', 'a'), E.list(P('N', 'c')), E.lambda(['p'], eq(L('p'), P('N', 'c')))),
    );
    expect(evt(all, parts)).toEqual([
      ['G.r1c1', 'G.r1c2', 'G.r2c1'],
      ['G.r1c1', 'G.r2c1', 'G.r3c1'],
      2,
      true,
      [
        ['G.r1c1', 'G.r2c1', 'G.r3c1'],
        ['G.r1c3', 'G.r2c3', 'G.r3c3'],
      ],
      true,
      false,
    ]);
  });

  it('a search started inside another search (from its function) leaves the outer one right', () => {
    const open = E.lambda(['a', 'b'], E.bin('!=', E.field(L('b'), 'x'), 2));
    const notWall = E.comp('p', E.board('G'), L('p'), E.bin('!=', E.field(L('p'), 'x'), 2));
    // Each link of the outer search runs a whole search of every kind first.
    const nested = E.lambda(
      ['a', 'b'],
      and(
        and(E.bin('>=', E.b('pathLength', L('a'), P('G', 'r3c3'), open), -1), E.bin('>', E.b('len', E.b('reachable', L('b'), 5, open)), 0)),
        and(
          E.bin('>', E.b('len', E.b('components', notWall, E.lambda(['c', 'd'], true))), 0),
          E.b('connects', L('a'), E.board('G'), E.lambda(['q'], eq(L('q'), L('b')))),
        ),
      ),
    );
    const all = E.list(
      E.b('components', notWall, nested),
      E.b('reachable', P('G', 'r1c1'), 5, E.lambda(['a', 'b'], and(E.bin('!=', E.field(L('b'), 'x'), 2), E.bin('>', E.b('len', E.b('components', notWall, nested)), 1)))),
      E.b('pathLength', P('G', 'r1c1'), P('G', 'r3c1'), E.lambda(['a', 'b'], and(E.bin('!=', E.field(L('b'), 'x'), 2), E.bin('==', E.b('pathLength', L('b'), P('G', 'r1c1'), open), E.b('pathLength', P('G', 'r1c1'), L('b'), open))))),
      E.b('connects', P('G', 'r1c1'), notWall, E.lambda(['p'], and(eq(L('p'), P('G', 'r3c1')), E.bin('==', E.b('len', E.b('reachable', L('p'), 9, open)), 3)))),
    );
    expect(evt(all, parts)).toEqual([
      [
        ['G.r1c1', 'G.r2c1', 'G.r3c1'],
        ['G.r1c3', 'G.r2c3', 'G.r3c3'],
      ],
      ['G.r1c1', 'G.r2c1', 'G.r3c1'],
      2,
      true,
    ]);
  });

  it('per-player boards: template places, copies, owners', () => {
    const mine: Partial<GameIR> = { boards: { M: { ...squareBoard(2, 1), perPlayer: true } } };
    const all = E.list(
      E.board('M', 1),
      E.b('forPlayer', E.place('M', 'r1c2'), 2),
      E.b('ownerOfPlace', E.place('M', 'r1c1', 1)),
      E.b('ownerOfPlace', E.place('M', 'r1c1')),
      E.b('neighbours', E.place('M', 'r1c1', 2)),
      E.b('placeNamed', E.board('M', 1), 'r1c2'),
      E.b('placeNamed', E.board('M', 1), 'zz'),
      E.b('size', E.place('M', 'r1c1', 0)),
    );
    expect(evt(all, mine)).toEqual([['M@1.r1c1', 'M@1.r1c2'], 'M@2.r1c2', 1, null, ['M@2.r1c2'], 'M@1.r1c2', null, 0]);
  });

  it('lists shared by every state (places, neighbours, players) cannot be changed through a state', () => {
    const s = runSetup(
      [S.set(E.v('out'), E.list(E.board('G'), E.b('neighbours', P('G', 'r1c1')), E.b('players'), E.b('directions', E.board('G'))))],
      { ...parts, vars: { out: variable(T.any, null) } },
    );
    const [places, near, seats, dirs] = s.vars.out as unknown[][];
    expect([places, near, seats, dirs].every((l) => Object.isFrozen(l))).toBe(true);
    expect(() => (near as string[]).push('G.r3c3')).toThrow(TypeError);
    expect(Object.isFrozen(dirs[0])).toBe(true);
  });

  it('grids without listed links get their geometric neighbourhood', () => {
    const bare = { ...squareBoard(2, 2, 8), links: [] };
    expect(evt(E.b('neighbours', E.place('B', 'r1c1')), { boards: { B: bare } })).toEqual(['B.r1c2', 'B.r2c1', 'B.r2c2']);
  });
});

describe('text and play state', () => {
  it('str prints players, places, pieces and lists', () => {
    const parts: Partial<GameIR> = { boards: { G: squareBoard(2, 1) }, kinds: { Card: kind() }, zones: { deck: zone() } };
    const all = E.list(
      E.b('str', E.b('next', 0)),
      E.b('str', E.place('G', 'r1c2')),
      E.b('str', E.b('topOf', E.zone('deck'))),
      E.b('str', E.b('players')),
      E.b('str', 2.5),
      E.b('str', E.rec({ a: true })),
      add('', E.zone('deck')),
    );
    expect(ev(all, parts, [S.create(1, 'Card', E.zone('deck'))])).toEqual(['P2', 'r1c2', 'Card#0', '[P1, P2, P3]', '2.5', '{a: true}', 'deck']);
  });
  it('choices, ended and winners', () => {
    const parts: Partial<GameIR> = { ranking: [{ value: E.if(eq(L('p'), 1), 5, 0), order: 'desc' }] };
    expect(ev(E.list(E.b('choices'), E.b('ended'), E.b('winners')), parts)).toEqual([[], false, [1]]);
    expect(ev(and(true, E.b('ended')))).toBe(false);
  });
});
