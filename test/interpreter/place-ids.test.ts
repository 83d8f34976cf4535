// Places as integer ids in values (interpreter/place-values.ts): a place value is `-1 - id`, and
// names appear only where a value is shown. What the switch must keep: texts by the static type
// (and the fallback for values typed `any`), order by the places' texts, errors that read as they
// did, tables keyed by places, views, and located errors for an id no place has. Both engines.
import { describe, expect, it } from 'vitest';
import { stateSummary } from '../../cli/state-summary.js';
import { apply, legalMoves, loadGame, newGame, undo, view, type Game } from '../../interpreter/index.js';
import type { GameIR, Json } from '../../interpreter/ir.js';
import { indexOfValue } from '../../interpreter/values.js';
import { placeNaming, placeOfValue, placeValue, withPlaceTexts } from '../../interpreter/place-values.js';
import { E, game, S, squareBoard, T, variable } from './ir-builders.js';
import { setupError, unwrap } from './helpers.js';
import { compiledIr } from './compiled-ir.js';

const RULES = `
game PlaceIds {
    players 2
    board Grid square 3 by 3
    board Line track 12
    var seen: number per Grid = 0
    var last: place = Grid.r1c1
    setup {
        seen[Grid.r2c2] = 5
        seen[Grid.r1c3] = 2
        // Line.t10 sorts before Line.t2 by text, after it by number: the text decides, as before ids.
        log "sorted " + str(sortAsc([Line.t2, Line.t10, Line.t1], (x) -> x))
        log "least " + str(min x in [Line.t2, Line.t10, Line.t1] of x)
        log "numbers " + str(sortAsc([3, 1, 2], (x) -> x * -1)) + " " + str(-3 < -2)
        log "untyped " + str({at: Grid.r2c2, n: -2, d: -200})
        log "in " + str(Grid.r2c2 in [Grid.r1c1, Grid.r2c2]) + " " + str(Grid.r2c2 == Grid.r2c2) + " " + str(Grid.r2c2 != Grid.r1c1)
    }
    flow {
        let c = choose x in Grid by playerAt(1) where seen[x] == 0
        last = c
        seen[c] = 1
        log "row " + str(seen[c]) + " of " + str(c)
        let d = choose x in [c, Grid.r3c3] by playerAt(2)
    }
}
`;

const irOf = (text: string): Promise<GameIR> => compiledIr(text, 'place-ids.strata');

describe('place ids', () => {
  for (const engine of ['closure', 'generated'] as const) {
    it(`order by text, show by type and fallback, tables keyed by places, views (${engine})`, async () => {
      const ir = await irOf(RULES);
      const g: Game = loadGame(ir, { engine, tierUp: 0 });
      const s0 = unwrap(newGame(g, { players: 2, seed: 1 }));
      expect(s0.log.map((e) => e.text)).toEqual([
        'sorted [t1, t10, t2]',
        'least t1',
        'numbers [3, 2, 1] true',
        // A place in a record (fields of no type) prints by name; a negative number that is no
        // place's as digits, but -2 is place 1's value: untyped, it prints as that place.
        `untyped {at: r2c2, n: ${g.boards.byId[1].name}, d: -200}`,
        'in true true true',
      ]);
      // The value is the place's id, and the place's facts come back from it.
      const r2c2 = g.boards.places.get('Grid.r2c2')!;
      expect(placeValue(r2c2)).toBe(-1 - r2c2.id);
      expect(placeOfValue(g.boards, placeValue(r2c2))).toBe(r2c2);
      expect(placeOfValue(g.boards, -1 - g.boards.byId.length)).toBeUndefined();
      expect(placeOfValue(g.boards, -1.5)).toBeUndefined();
      expect(placeOfValue(g.boards, 3)).toBeUndefined();
      // A table keyed by places: an array of rows by place id (every place of the game), shown by
      // the place's text, in the order of the places.
      const seen = new Array<number>(g.boards.byId.length).fill(0);
      seen[r2c2.id] = 5;
      seen[g.boards.places.get('Grid.r1c3')!.id] = 2;
      expect(s0.vars.seen).toEqual(seen);
      expect(stateSummary(ir, s0).find((l) => l.startsWith('seen:'))).toBe('seen: Grid.r1c3 2, Grid.r2c2 5, others 0');
      expect(legalMoves(g, s0).map((m) => m.label)).toEqual(['r1c1', 'r1c2', 'r2c1', 'r2c3', 'r3c1', 'r3c2', 'r3c3']);
      const s1 = unwrap(apply(g, s0, 'r3c2'));
      expect(s1.log.slice(-1).map((e) => e.text)).toEqual(['row 1 of r3c2']);
      expect(stateSummary(ir, s1)).toContain('last = Grid.r3c2');
      expect(legalMoves(g, s1).map((m) => m.label)).toEqual(['r3c2', 'r3c3']);
      // Views keep the values (a place is no secret), and the state stays plain JSON.
      expect(view(g, s1, 1).vars.last).toBe(s1.vars.last);
      expect(JSON.parse(JSON.stringify(s1))).toEqual(s1);
      expect(withPlaceTexts(ir, s1.vars.last as number, { t: 'place' })).toBe('Grid.r3c2');
      expect(withPlaceTexts(ir, s1.vars.last as number, { t: 'number' })).toBe(s1.vars.last);
      expect(JSON.stringify(unwrap(undo(g, s1)))).toBe(JSON.stringify(s0));
    });
  }

  it('numbers every place from the IR alone, as the loaded boards do', async () => {
    const ir = await irOf(RULES);
    const g = loadGame(ir);
    expect(placeNaming(ir).keys).toEqual(g.boards.byId.map((p) => p.key));
  });

  const boards = { G: squareBoard(2, 2) };
  const out = { out: variable(T.any, null) };

  it('an id no place has reads as a number: located errors, no stack, as any bad place', () => {
    for (const bad of [-99, -4.5, -1e300]) {
      for (const e of [E.b('size', bad), E.b('nameOf', bad), E.field(E.lit(bad), 'x'), E.b('neighbours', bad)]) {
        const err = setupError([S.set(E.v('out'), e)], { boards, vars: out });
        expect(err.at).toBeDefined();
        expect(err.message).toContain(`number ${String(bad)}`);
        expect(err.message).not.toMatch(/\n\s+at /);
      }
    }
  });

  it('errors describe a place as its text, as before ids', () => {
    const err = setupError([S.set(E.v('out'), E.bin('<', E.place('G', 'r1c2'), true))], { boards, vars: out });
    expect(err.message).toContain('text "G.r1c2"');
    const field = setupError([S.set(E.v('out'), E.field(E.place('G', 'r1c2'), 'nope'))], { boards, vars: out });
    expect(field.message).toContain('text "G.r1c2"');
  });

  it('`<` of two places (a rule the checker lets through only untyped) orders their texts', () => {
    const ir = game({ boards, vars: out, setup: [S.set(E.v('out'), E.list(E.bin('<', E.place('G', 'r2c1'), E.place('G', 'r1c2')), E.bin('>', E.place('G', 'r2c1'), E.place('G', 'r1c2')), E.bin('<', -2, -1)))] });
    for (const engine of ['closure', 'generated'] as const) {
      const s = unwrap(newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 }));
      // G.r2c1 (value -3) after G.r1c2 (value -2) by text; the literals -2 and -1 (places 1 and 0) typed number, as numbers.
      expect(s.vars.out).toEqual([false, true, true]);
    }
  });

  it('a place equals the text of its value, untyped too (docs/language.md §25), both engines', () => {
    const p = E.place('G', 'r1c2');
    const ir = game({
      boards,
      vars: out,
      setup: [S.set(E.v('out'), E.list(E.bin('==', p, 'G.r1c2'), E.bin('==', 'G.r1c2', p), E.bin('!=', p, 'G.r1c2'), E.bin('==', p, 'G.r1c1'), E.bin('==', p, p), E.bin('in', p, E.list('G.r2c2', 'G.r1c2')), E.bin('in', 'G.r1c2', E.list(p)), E.bin('==', E.list(p, 1), E.list('G.r1c2', 1)), E.bin('<', p, 'G.r1c3'), E.bin('>', 'G.r1c1', p), E.b('sortAsc', E.list('G.r2c1', p, 'G.r1c1'), E.lambda(['x'], E.local('x')))))],
    });
    for (const engine of ['closure', 'generated'] as const) {
      const s = unwrap(newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 }));
      // In order too, a place is its text (`<`, sort keys).
      expect(s.vars.out).toEqual([true, true, false, false, true, true, true, true, true, false, ['G.r1c1', -2, 'G.r2c1']]);
    }
  });

  it('a place read as a text is the text of its value (chars, placeNamed), both engines', () => {
    const p = E.place('G', 'r1c2');
    const ir = game({ boards, vars: out, setup: [S.set(E.v('out'), E.list(E.b('chars', p), E.b('placeNamed', E.list(p), p)))] });
    for (const engine of ['closure', 'generated'] as const) {
      const s = unwrap(newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 }));
      expect(s.vars.out).toEqual([[...'G.r1c2'], null]);
    }
    const err = setupError([S.set(E.v('out'), E.b('chars', -99))], { boards, vars: out });
    expect(err.message).toContain('number -99');
  });
});

const TEXTS = `
game PlaceTexts {
    players 2
    board Grid square 3 by 3
    var seen: number per text = 0
    flow {
        let c = choose x in Grid by playerAt(1)
        let t = "Grid.r" + "1c1"
        let names = ["Grid.r1c1", "Grid.r2c2"]
        let mixed = [c, 1]
        log "eq " + str(c == "Grid.r1c1") + " " + str(c != "Grid.r1c1") + " " + str(c == t) + " " + str(t == c)
        log "in " + str(c in names) + " " + str(t in Grid) + " " + str(contains(names, c)) + " " + str(indexOf(names, c))
        log "comp " + str(c in ["Grid." + nameOf(y) for y in Grid]) + " " + str(c in [nameOf(y) for y in Grid])
        log "quant " + str(any y in names where y == c) + " " + str(count y in names where y == c)
        log "list " + str([c] == ["Grid.r1c1"]) + " " + str(mixed)
        seen[c] += 1
        seen["Grid.r1c1"] += 1
        log "table " + str(seen["Grid.r1c1"]) + " " + str(seen[c]) + " " + str(size(t))
    }
}
`;

describe('a place equals its text (docs/language.md §25), as when place values were texts', () => {
  for (const engine of ['closure', 'generated'] as const) {
    it(`==, in, contains, indexOf, comprehensions, quantifiers, a per text table, a text as holder (${engine})`, async () => {
      const g = loadGame(await irOf(TEXTS), { engine, tierUp: 0 });
      const s = unwrap(apply(g, unwrap(newGame(g, { players: 2, seed: 1 })), 'r1c1'));
      expect(s.log.slice(1).map((e) => e.text)).toEqual([
        'eq true false true true',
        'in true true true 0',
        'comp true false',
        'quant true 1',
        'list true [r1c1, 1]',
        'table 2 2 0',
      ]);
      // The table's row is the place's text, as before ids.
      expect(s.vars.seen).toEqual({ 'Grid.r1c1': 2 });
    });
  }
});

describe('membership in long lists of places', () => {
  it('finds what a scan finds, by the index made at the second lookup', () => {
    const list: Json[] = [];
    for (let i = 0; i < 40; i++) list.push(-1 - ((i * 7) % 40), `t${i}`);
    list.push(-1 - 3, -1.5, -1e6, 5);
    for (const round of [1, 2, 3]) {
      for (const x of [...list, -41, -2.5, 'none', -1e6 - 1]) expect(indexOfValue(list, x), `${String(x)} (${round})`).toBe(list.indexOf(x));
    }
  });

  it('finds what a scan finds in lists looked up in turn, with repeats, texts, far and odd numbers', () => {
    // Lists of places only, with repeated places, a short one, one past the ids indexed by id
    // (65,536), one with texts and fractions, and a piece list: looked up twice each in turn (each
    // becomes indexed), then alternating between three (the index moves between its two slots).
    const places = (n: number, step: number): Json[] => Array.from({ length: n }, (_, i) => -1 - ((i * step) % 97));
    const lists: Json[][] = [
      places(30, 5),
      places(60, 13).concat(places(60, 13)),
      places(200, 1),
      [-1 - 70000, -1 - 65535, -1 - 65536, ...places(30, 3), -1 - 70000],
      [...places(25, 7), 'Grid.r1c1', -0.5, -2.5, 'x', -3, 'Grid.r1c1', 7, 0],
      Array.from({ length: 30 }, (_, i) => i),
    ];
    const probes: Json[] = [-1, -2, -3, -50, -97, -98, -2.5, -0.5, -1 - 65535, -1 - 65536, -1 - 70000, 'Grid.r1c1', 'x', 'y', -1e9];
    const check = (list: Json[], label: string): void => {
      for (const x of probes) expect(indexOfValue(list, x), `${label}: ${String(x)}`).toBe(list.indexOf(x));
    };
    for (const [i, list] of lists.entries()) {
      check(list, `list ${i}, first`);
      check(list, `list ${i}, again`);
    }
    for (let round = 0; round < 3; round++) for (const [i, list] of lists.entries()) for (const x of probes) {
      check(list, `list ${i}, round ${round}, after ${String(x)}`);
      check(lists[(i + 1) % lists.length], `list ${(i + 1) % lists.length}, round ${round}`);
    }
  });

  it('finds a negative number so near 0 that -1 minus it rounds to -1 (no place id), by index as by scan', async () => {
    // -1 - (-1e-17) is -1 in floating point: such a number must not be taken for an id (it is none).
    const tiny = [-1e-17, -1e-300, -5e-324];
    const list: Json[] = [...Array.from({ length: 30 }, (_, i) => -1 - i), ...tiny];
    for (const round of [1, 2, 3]) for (const x of tiny) expect(indexOfValue(list, x), `${x} (${round})`).toBe(list.indexOf(x));
    const ir = await irOf(`
game Tiny {
    players 2
    flow {
        let t = -1 / 1000000000 / 1000000000
        let xs = [-1 - k for k in range(1, 30)] + [t]
        log str(t in xs) + " " + str(t in xs) + " " + str(indexOf(xs, t)) + " " + str(contains(xs, t))
    }
}
`);
    for (const engine of ['closure', 'generated'] as const) {
      const s = unwrap(newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 }));
      expect(s.log.map((e) => e.text), engine).toEqual(['true true 30 true']);
    }
  });
});
