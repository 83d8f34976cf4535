/**
 * Growing boards, tile edges with rotation, and features across tiles, played from rule text:
 * the fixture tiles.strata plus scenarios that build positions with `do` and check the built-ins.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { piecesAt } from '../../interpreter/holder-keys.js';
import { compileText } from '../../dsl/index.js';
import { apply, loadGame, newGame, runScenario, undo, view, type Game, type State } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { expectJsonRoundTrip, expectReplayReproduces, expectUndoChain, expectViewsHide, playKeepingStates } from '../conformance/checks.js';
import { randomPlayout } from '../../interpreter/index.js';

const source = readFileSync(new URL('./fixtures/tiles.strata', import.meta.url), 'utf8');

async function compile(extra = ''): Promise<GameIR> {
  const result = await compileText([{ uri: 'tiles.strata', text: source + extra }]);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !result.ir) throw new Error(errors.map((d) => `${d.line}:${d.col} ${d.message}`).join('\n'));
  return result.ir;
}

/** Runs the scenarios of `text` against the fixture; returns each failure's message. */
async function failures(text: string): Promise<string[]> {
  const ir = await compile(text);
  const g = loadGame(ir);
  return ir.scenarios.flatMap((sc) => runScenario(g, sc).failures.map((f) => `${sc.name}: ${f.message} (line ${f.at.line})`));
}

function ok<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

// The bag's tiles, top first: three straights (ids 0-2), two bends (3, 4), the city cap (5).
const straight = 'piecesOfKind(Tile)[0]';
const straight2 = 'piecesOfKind(Tile)[1]';
const bend = 'piecesOfKind(Tile)[3]';
const bend2 = 'piecesOfKind(Tile)[4]';
const cap = 'piecesOfKind(Tile)[5]';

describe('growing boards', () => {
  it('start empty with the centre as the only candidate, and grow where a tile is laid', async () => {
    expect(
      await failures(`
scenario "grow" of Tiles {
  expect Map == [] "no place yet"
  expect frontier(Map) == [Map.r4c4] "the centre"
  do { move ${straight} to Map.r4c4 }
  expect Map == [Map.r4c4]
  expect frontier(Map) == [Map.r3c4, Map.r4c3, Map.r4c5, Map.r5c4] "the four sides, in board order"
  expect neighbours(Map.r4c4) == [] "no neighbour created yet"
  do { move ${straight2} to Map.r4c5 }
  expect Map == [Map.r4c4, Map.r4c5] "in the order made"
  expect neighbours(Map.r4c4) == [Map.r4c5]
  expect len(frontier(Map)) == 6
  expect components(Map, (a, b) -> true) == [[Map.r4c4, Map.r4c5]]
  expect reachable(Map.r4c4, 5, (a, b) -> true) == [Map.r4c4, Map.r4c5] "searches stay on the map"
  expect pathLength(Map.r4c4, Map.r3c4, (a, b) -> true) == -1
  expect connects(Map.r4c4, Map, (x) -> x == Map.r4c5)
}`),
    ).toEqual([]);
  });

  it('refuses a tile laid away from the map, at the move', async () => {
    const ir = await compile(`
scenario "far" of Tiles {
  do { move ${straight} to Map.r4c4 }
  do { move ${straight2} to Map.r1c1 }
}`);
    const result = runScenario(loadGame(ir), ir.scenarios[0]);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0].message).toContain('r1c1 is not next to the map of Map');
    expect(result.failures[0].at.line).toBe(source.split('\n').length + 3);
  });

  it('refuses a piece created away from the map too, and creates a place next to it', async () => {
    expect(
      await failures(`
scenario "create" of Tiles {
  do { create 1 Tile in Map.r2c2 }
  expect Map == [Map.r2c2] "the first place may be anywhere"
  do { create 1 Tile in Map.r2c3 }
  expect Map == [Map.r2c2, Map.r2c3]
}`),
    ).toEqual([]);
    const ir = await compile(`
scenario "far" of Tiles {
  do { create 1 Tile in Map.r2c2 }
  do { create 1 Tile in Map.r6c6 }
}`);
    const result = runScenario(loadGame(ir), ir.scenarios[0]);
    expect(result.failures.map((f) => f.message)).toEqual([expect.stringContaining('r6c6 is not next to the map of Map')]);
  });

  it('stops growing at the edge of its grid: the frontier leaves out what lies beyond', async () => {
    expect(
      await failures(`
scenario "edge" of Tiles {
  do { move ${straight} to Map.r4c4  move ${straight2} to Map.r4c5  move piecesOfKind(Tile)[2] to Map.r4c6  move ${bend} to Map.r4c7 }
  expect not (Map.r4c7 in frontier(Map))
  expect len([c for c in frontier(Map) where c.x == 7]) == 2 "above and below r4c7 only"
}`),
    ).toEqual([]);
  });

  it('keeps created places in the state: JSON, undo, replay and views', async () => {
    const ir = await compile();
    const g: Game = loadGame(ir);
    let s: State = ok(newGame(g, { players: 2, seed: 5 }));
    expect(s.pending?.labels.length).toBeGreaterThan(0);
    s = ok(apply(g, s, s.pending!.labels[0]));
    const before = s;
    s = ok(apply(g, s, s.pending!.labels[0]));
    // The created places' values (interpreter/place-values.ts: -1 - id).
    const r4c4 = -1 - g.boards.places.get('Map.r4c4')!.id;
    expect(s.vars['#grown:Map']).toEqual([r4c4]);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(view(g, s, 1).vars['#grown:Map']).toEqual([r4c4]);
    expect(ok(undo(g, s))).toEqual(before);
    expect(before.vars['#grown:Map']).toBeUndefined();
  });

  it('passes the conformance checks: seeded games end, replay, undo chain, JSON, views', async () => {
    const ir = await compile();
    const g = loadGame(ir);
    for (let seed = 1; seed <= 20; seed++) {
      const { state } = randomPlayout(g, 2, seed, 1000);
      expect(state.ended).toBe(true);
      expect((state.vars['#grown:Map'] as string[]).length).toBe(6);
      if (seed % 5 === 0) expectReplayReproduces(g, state);
    }
    const states = playKeepingStates(g, 2, 9, 300);
    expectUndoChain(g, states);
    for (const st of states) {
      expectJsonRoundTrip(st);
      expectViewsHide(g, ir, st);
    }
  });
});

describe('tile edges and rotation', () => {
  it('reads an edge by direction or side name, after rotation; rotate wraps around', async () => {
    expect(
      await failures(`
scenario "edges" of Tiles {
  expect edgeAt(${cap}, "N") == City and edgeAt(${cap}, {dx: 1, dy: 0}) == Road
  expect edgeAt(${cap}, {dx: 0, dy: 1}) == Field
  expect edgeTurned(${cap}, "E", 1) == City "a quarter turn clockwise brings N to E"
  expect edgeTurned(${cap}, "N", -1) == Road
  do { rotate(${cap}, 1) }
  expect ${cap}.rotation == 1 and edgeAt(${cap}, "E") == City and edgeAt(${cap}, "N") == Road
  do { rotate(${cap}, 7) }
  expect ${cap}.rotation == 0 "1 + 7 turns is two full turns"
  do { rotate(${cap}, -1) }
  expect ${cap}.rotation == 3 and edgeAt(${cap}, "W") == City
  expect opposite({dx: 1, dy: 0}) == {dx: -1, dy: 0}
}`),
    ).toEqual([]);
  });

  it('turns a tile in the new state only: a pure apply leaves the state it came from as it was', async () => {
    // A copied piece shares its attributes with the state it was copied from until one is set; the
    // turn once wrote them in place, so the search bot's playouts turned the real game's tiles.
    const g = loadGame(await compile());
    const s = ok(newGame(g, { players: 2, seed: 5 }));
    const turned = ok(apply(g, s, '3'));
    const before = JSON.stringify(turned);
    const tile = piecesAt(g.ir, turned, 'zone:bag')[0];
    const laid = ok(apply(g, turned, turned.pending!.labels[0]));
    expect(laid.pieces[tile].attrs['rotation']).toBe(3);
    expect(JSON.stringify(turned)).toBe(before);
    expect(turned.pieces[tile].attrs['rotation'] ?? 0).toBe(0);
  });

  it('lets the rules check that a tile fits its neighbours', async () => {
    expect(
      await failures(`
scenario "fits" of Tiles {
  do { move ${straight} to Map.r4c4 }
  expect fits(${cap}, 0, Map.r4c5) "road meets road"
  expect not fits(${cap}, 1, Map.r4c5) "the city would face the road"
  expect fits(${cap}, 0, Map.r3c4) "its field side down, on the straight's field"
  expect not fits(${cap}, 2, Map.r3c4) "its city turned down would meet a field"
}`),
    ).toEqual([]);
  });
});

describe('features across tiles', () => {
  it('follows a road through facing ports, open until both ends close', async () => {
    expect(
      await failures(`
scenario "road" of Tiles {
  do { move ${straight} to Map.r4c4  move ${cap} to Map.r4c5 }
  expect featureOf(${straight}, 0).tiles == [${straight}, ${cap}]
  expect featureOf(${straight}, 0).open == 2 and not featureOf(${straight}, 0).complete
  expect featureOf(${cap}, 0).tiles == [${cap}] and featureOf(${cap}, 0).open == 1 "the city is open to the north"
  expect featureOf(${straight}, 0).parts == [{tile: ${straight}, segment: 0}, {tile: ${cap}, segment: 1}]
  expect featureOf(${cap}, 1).id == {tile: ${straight}, segment: 0} "the same feature, from its other end"
}`),
    ).toEqual([]);
  });

  it('closes a loop of four bends into a complete road, and joins fields through edge parts', async () => {
    // A bend's road runs S-W; turned 3, 0, 1, 2 clockwise round a 2 x 2 square they close a loop.
    expect(
      await failures(`
scenario "loop" of Tiles {
  do {
    create 2 Tile { name: "bend", edges: [Field, Field, Road, Road],
      segments: [{ kind: Road, ports: ["S2", "W2"] }, { kind: Field, ports: ["N", "E", "S1", "W3"] }, { kind: Field, ports: ["S3", "W1"] }] } in bag
    let b = [t for t in piecesOfKind(Tile) where t.name == "bend"]
    rotate(b[0], 3)
    move b[0] to Map.r4c4
    move b[1] to Map.r4c5
    rotate(b[2], 1)
    move b[2] to Map.r5c5
    rotate(b[3], 2)
    move b[3] to Map.r5c4
  }
  expect featureOf(${bend}, 0).complete and len(featureOf(${bend}, 0).tiles) == 4
  expect featureOf(${bend}, 2).complete "the inside field is closed by the road"
  expect len(featureOf(${bend}, 2).tiles) == 4
  expect not featureOf(${bend}, 1).complete "the outside field is open"
  expect len(featuresOf(piecesOfKind(Tile))) == 3 "one road, the inner field, the outer field"
}`),
    ).toEqual([]);
  });

  it('finds the pieces standing on a feature by the segment they record', async () => {
    expect(
      await failures(`
scenario "on" of Tiles {
  do {
    move ${straight} to Map.r4c4
    move ${cap} to Map.r4c5
    create 1 Pawn { seg: 0 } in Map.r4c4
    create 1 Pawn { seg: 1 } in Map.r4c5
    create 1 Pawn { seg: 2 } in Map.r4c5
  }
  expect piecesOn(featureOf(${straight}, 0), "seg") == [piecesOfKind(Pawn)[0], piecesOfKind(Pawn)[1]] "the road's two, not the field's"
  expect piecesOn(featureOf(${cap}, 2), "seg") == [piecesOfKind(Pawn)[2]]
  expect piecesOn(featureOf(${cap}, 0), "seg") == [] "nobody in the city"
}`),
    ).toEqual([]);
  });

  it('stops a feature search over hostile tiles at the evaluation budget, at the call', async () => {
    const ir = await compile(`
scenario "huge" of Tiles {
  do {
    let ports = ["N" for i in range(1, 3000)]
    let segs = [{ ports: ports } for i in range(1, 2000)]
    create 1 Tile { segments: segs } in Map.r4c4
    create 1 Tile { segments: segs, rotation: 2 } in Map.r3c4
  }
  expect featureOf(piecesOfKind(Tile)[6], 0).complete
}`);
    const failed = runScenario(loadGame(ir), ir.scenarios[0]).failures;
    expect(failed).toHaveLength(1);
    expect(failed[0].message).toMatch(/evaluation steps/);
    expect(failed[0].at.line).toBe(source.split('\n').length + 8);
  });

  it('reports a segment or port that does not exist, at the call', async () => {
    const ir = await compile(`
scenario "bad" of Tiles {
  do { move ${straight} to Map.r4c4 }
  expect featureOf(${straight}, 5) == none
}
scenario "port" of Tiles {
  do { create 1 Tile { segments: [{ ports: ["X2"] }] } in Map.r4c4 }
  expect featureOf(piecesOfKind(Tile)[6], 0) == none
}`);
    const g = loadGame(ir);
    expect(runScenario(g, ir.scenarios[0]).failures[0].message).toContain('Tile#0 has no segment 5');
    expect(runScenario(g, ir.scenarios[1]).failures[0].message).toContain('"X2" is not a port');
    void bend2;
  });
});

describe('hex tiles on a growing hex board', () => {
  const hexGame = `
game Hexes {
  players 2
  enum Colour { Red, Blue }
  kind Hex edges A B C D E F : Colour {}
  kind Square edges N E S W : Colour {}
  board Sea grows hex radius 3
  zone bag visible all
  setup {
    create 2 Hex { edges: [Red, Blue, Blue, Blue, Blue, Blue], segments: [{ ports: ["A", "D"] }] } in bag
    create 1 Square { segments: [{ ports: ["N"] }] } in bag
  }
  flow { }
  rank by 0
}
scenario "hex" of Hexes {
  expect frontier(Sea) == [Sea.h0_0]
  do { move piecesOfKind(Hex)[0] to Sea.h0_0 }
  expect len(frontier(Sea)) == 6
  expect edgeAt(piecesOfKind(Hex)[0], {dx: 1, dy: -1}) == Red "side A faces q + 1, r - 1"
  expect edgeTurned(piecesOfKind(Hex)[0], {dx: 1, dy: 0}, 1) == Red
  do { move piecesOfKind(Hex)[1] to Sea.h1_m1 }
  expect featureOf(piecesOfKind(Hex)[0], 0).tiles == piecesOfKind(Hex) "A of one faces D of the other"
  expect featureOf(piecesOfKind(Hex)[0], 0).open == 2
}
scenario "square tile on a hex board" of Hexes {
  do { move piecesOfKind(Square)[0] to Sea.h0_0 }
  expect featureOf(piecesOfKind(Square)[0], 0).open == 1
}`;

  it('uses six sides clockwise from q + 1, r - 1, and refuses a four-sided tile', async () => {
    const result = await compileText([{ uri: 'hex.strata', text: hexGame }]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const g = loadGame(result.ir!);
    expect(runScenario(g, result.ir!.scenarios[0]).failures).toEqual([]);
    const wrong = runScenario(g, result.ir!.scenarios[1]).failures;
    expect(wrong[0].message).toContain('Square#2 has 4 sides, but the places of Sea have 6');
  });
});
