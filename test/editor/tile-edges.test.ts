// How the board view draws tiles: the created places of a growing board, and each side's value
// and colour after the tile's rotation, on square and hex boards.
import { describe, expect, it } from 'vitest';
import { loadGame, newGame, type State } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { layoutBoard } from '../../editor/src/play/board-layout.js';
import { grownPlaces, tileOn } from '../../editor/src/play/tile-edges.js';
import { compileFixture } from './fixture-ir.js';

async function start(): Promise<{ ir: GameIR; s: State }> {
  const ir = await compileFixture(`game T {
    players 2
    enum Side { Road, City }
    kind Sq edges N E S W : Side
    kind Hx edges A B C D E F : Side
    board M grows square 5 by 5 neighbours 4
    board H grows hex radius 2
    setup {
      create 1 Sq { edges: [City, Road, Road, Road], rotation: 1 } in M.r3c3
      create 1 Hx { edges: [City, Road, Road, Road, Road, Road], rotation: 5 } in H.h0_0
    }
    flow { }
    presentation { Sq by edges { City: { colour: "#c8843c" } } }
  }`);
  const created = newGame(loadGame(ir), { players: 2, seed: 1 });
  if (!created.ok) throw new Error(created.error.message);
  return { ir, s: created.value };
}

describe('tiles on a growing board', () => {
  it('knows the created places from the state', async () => {
    const { ir, s } = await start();
    // The state holds place values (numbers); the editor reads them by their texts.
    expect(grownPlaces(s, 'M', ir)).toEqual(new Set(['M.r3c3']));
    expect(grownPlaces(s, 'Nothing', ir)).toBeNull();
  });

  it('colours each side by the value facing it after rotation', async () => {
    const { ir, s } = await start();
    const place = layoutBoard('M', ir.boards['M']!, null).places.find((p) => p.key === 'M.r3c3')!;
    const tile = tileOn(place, s, ir, ir.presentation)!;
    // Turned once clockwise: the city, first (north) unturned, now faces east.
    expect(tile.sides.map((x) => x.value)).toEqual(['Road', 'City', 'Road', 'Road']);
    expect(tile.sides[1]!.colour).toBe('#c8843c');
    // The east triangle runs from the top right corner to the bottom right one, to the centre.
    const [tr, br, c] = tile.sides[1]!.points.split(' ').map((xy) => xy.split(',').map(Number));
    expect(tr![0]).toBeGreaterThan(place.cx);
    expect(br![0]).toBeGreaterThan(place.cx);
    expect(tr![1]).toBeLessThan(br![1]!);
    expect(c).toEqual([place.cx, place.cy]);
  });

  it('draws six sides on a hex board, clockwise from the upper right', async () => {
    const { ir, s } = await start();
    const place = layoutBoard('H', ir.boards['H']!, null).places.find((p) => p.key === 'H.h0_0')!;
    const tile = tileOn(place, s, ir, ir.presentation)!;
    // Turned five times: the city faces the last side, the upper left.
    expect(tile.sides.map((x) => x.value)).toEqual(['Road', 'Road', 'Road', 'Road', 'Road', 'City']);
    const [a, b] = tile.sides[5]!.points.split(' ').map((xy) => xy.split(',').map(Number));
    expect(Math.max(a![0]!, b![0]!)).toBeCloseTo(place.cx, 0);
    expect(Math.min(a![0]!, b![0]!)).toBeLessThan(place.cx);
    expect(Math.min(a![1]!, b![1]!)).toBeLessThan(place.cy);
  });

  it('finds no tile on an empty place', async () => {
    const { ir, s } = await start();
    const place = layoutBoard('M', ir.boards['M']!, null).places.find((p) => p.key === 'M.r1c1')!;
    expect(tileOn(place, s, ir, ir.presentation)).toBeNull();
  });
});
