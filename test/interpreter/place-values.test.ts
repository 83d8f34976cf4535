// Place values (interpreter/place-values.ts): every value a rule holds for a place is made by the
// module and read back as that place; they print by name wherever a value is shown (text `+`,
// `str`, a list, a record, a label, a log), compare equal to the literal, survive a piece attribute,
// locals across pure apply and undo, and the state's JSON. On both engines. These hold whatever the
// encoding (today the place's text; issue 10: its id).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { compileFileAllVariants, compileText } from '../../dsl/index.js';
import { apply, legalMoves, loadGame, newGame, undo, type Game, type State } from '../../interpreter/index.js';
import { buildBoards } from '../../interpreter/boards.js';
import type { GameIR } from '../../interpreter/ir.js';
import { isPlaceValue, placeNaming, placeOfValue, placeValue } from '../../interpreter/place-values.js';
import { RULESETS_DIR, rulesetFiles } from '../conformance/rulesets.js';
import { unwrap } from './helpers.js';

const RULES = `
game PlaceValues {
    players 2
    kind Stone { home: place }
    board Grid square 3 by 3
    board Mat per player track 2
    board Map grows square 5 by 5
    setup {
        create 1 Stone { home: Grid.r2c2 } in Grid.r1c1
    }
    flow {
        let t = topOf(Grid.r1c1)
        log "at " + str(t.location) + " " + str(locationOf(t) == Grid.r1c1)
        log "home " + str(t.home) + " " + str(t.home == Grid.r2c2)
        log "near " + str(neighbours(Grid.r1c1))
        log "in " + str(Grid.r1c2 in neighbours(Grid.r1c1)) + " " + str(Grid.r3c3 in neighbours(Grid.r1c1))
        log "off " + str(offset(Grid.r1c1, {dx: 1, dy: 0}, 1)) + " " + str(placeAt(Grid, 3, 3))
        log "ends " + str(endsOf(edge(Grid.r1c1, Grid.r1c2)))
        log "mat " + str(forPlayer(Mat.t0, playerAt(1)) == Mat[playerAt(1)].t0) + " " + str(Mat[playerAt(1)].t1)
        log "frontier " + str(frontier(Map))
        log "groups " + str(components([Grid.r1c1, Grid.r1c2, Grid.r3c3], (a, b) -> true))
        log "record " + str({at: t.location, many: [Grid.r1c1]})
        let c = choose x in neighbours(Grid.r1c1) by playerAt(1)
        log "chose " + c + " " + str(c == Grid.r2c1)
        t.home = c
        let d = choose x in [Grid.r3c3, c] by playerAt(2)
        log "then " + str(t.home) + " " + str(d)
    }
}
`;

/** Where a piece lies (`t.location`, `locationOf`, through HolderTable.values) on a per-player board's copy and a growing board. */
const WHERE = `
game Where {
    players 2
    kind Stone
    board Mat per player track 2
    board Map grows square 5 by 5
    setup {
        create 1 Stone in Mat[playerAt(2)].t1
        create 1 Stone in Map.r3c3
        create 1 Stone in Map.r3c4
    }
    flow {
        let a = topOf(Mat[playerAt(2)].t1)
        log str(a.location) + " " + str(locationOf(a) == Mat[playerAt(2)].t1) + " " + str(a.location == Mat[playerAt(1)].t1) + " " + str(a.location == Mat.t1) + " " + str(ownerOfPlace(a.location))
        let b = topOf(Map.r3c4)
        log str(b.location) + " " + str(b.location == Map.r3c4) + " " + str(locationOf(b) in Map) + " " + str(neighbours(locationOf(b)))
        let c = choose x in Map by playerAt(1)
    }
}
`;

async function irOf(text: string): Promise<GameIR> {
  const { ir, diagnostics } = await compileText([{ uri: 'place-values.strata', text }]);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return ir!;
}

const SHOWN = [
  'at r1c1 true',
  'home r2c2 true',
  'near [r1c2, r2c1]',
  'in true false',
  'off r1c2 r3c3',
  'ends [r1c1, r1c2]',
  'mat true t1',
  'frontier [r3c3]',
  'groups [[r1c1, r1c2], [r3c3]]',
  'record {at: r1c1, many: [r1c1]}',
];

describe('place values', () => {
  for (const engine of ['closure', 'generated'] as const) {
    it(`print by name, compare with literals and round-trip (${engine})`, async () => {
      const g: Game = loadGame(await irOf(RULES), { engine, tierUp: 0 });
      const s0 = unwrap(newGame(g, { players: 2, seed: 1 }));
      expect(s0.log.map((e) => e.text)).toEqual(SHOWN);
      expect(legalMoves(g, s0).map((m) => m.label)).toEqual(['r1c2', 'r2c1']);
      // A place in a piece attribute and in a frame's locals, through pure apply, JSON and undo.
      const s1 = unwrap(apply(g, s0, 'r2c1'));
      expect(s1.log.slice(SHOWN.length).map((e) => e.text)).toEqual(['P1: r2c1', 'chose r2c1 true']);
      expect(legalMoves(g, s1).map((m) => m.label)).toEqual(['r3c3', 'r2c1']);
      const copy = JSON.parse(JSON.stringify(s1)) as State;
      const s2 = unwrap(apply(g, copy, 'r3c3'));
      expect(s2.log.slice(-1).map((e) => e.text)).toEqual(['then r2c1 r3c3']);
      expect(s0.log.length).toBe(SHOWN.length);
      const back = unwrap(undo(g, s1));
      expect(JSON.stringify(back)).toBe(JSON.stringify(s0));
      expect(legalMoves(g, back).map((m) => m.label)).toEqual(['r1c2', 'r2c1']);
    });
  }

  for (const engine of ['closure', 'generated'] as const) {
    it(`a piece's location on a per-player board's copy and on a growing board is that place (${engine})`, async () => {
      const g: Game = loadGame(await irOf(WHERE), { engine, tierUp: 0 });
      const s = unwrap(newGame(g, { players: 2, seed: 1 }));
      // The copy of player 2 (not player 1's, not the template), owned by P2; the created place, listed in its board.
      expect(s.log.map((e) => e.text)).toEqual(['t1 true false false P2', 'r3c4 true true [r3c3]']);
      expect(legalMoves(g, s).map((m) => m.label)).toEqual(['r3c3', 'r3c4']);
    });
  }

  it('every place of the five rulesets is named by its value, and its lists hold values', async () => {
    let places = 0;
    for (const file of rulesetFiles) {
      const { results } = await compileFileAllVariants(join(RULESETS_DIR, file));
      expect(results.length).toBeGreaterThan(0);
      for (const { ir } of results) {
        if (!ir) throw new Error(`${file} does not compile`);
        const boards = buildBoards(ir);
        for (const p of boards.byId) {
          expect(placeOfValue(boards, placeValue(p))).toBe(p);
          expect(isPlaceValue(boards, placeValue(p))).toBe(true);
          // Neighbours the board has are values of the neighbours' facts, in order.
          expect(p.near.map(placeValue)).toEqual(p.neighbours.filter((n) => isPlaceValue(boards, n)));
          places++;
        }
        for (const list of boards.lists.values()) for (const v of list) expect(placeOfValue(boards, v)).toBeDefined();
        // Ids number every place once, as placeNaming numbers them from the IR alone (for the CLI and the editor).
        expect(boards.byId.map((p) => p.id)).toEqual(boards.byId.map((_, i) => i));
        expect(boards.byId.map((p) => p.key)).toEqual(placeNaming(ir).keys);
      }
    }
    expect(places).toBeGreaterThan(1000);
    expect(placeOfValue(buildBoards(await irOf(RULES)), 'Grid.r9c9')).toBeUndefined();
  }, 120_000);
});
