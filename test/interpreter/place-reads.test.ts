// Place and holder reads by id (holder-index.ts, boards.ts): the coordinate grid finds the same
// place as the coordinate map it replaces, the ids noted for loops are each place's own, and the
// holder name kept from the last read never answers for another text.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileFile, compileText } from '../../dsl/index.js';
import { buildBoards, coordKey, offsetInfo, placeAtCoord, type BoardIndex, type PlaceInfo } from '../../interpreter/boards.js';
import { holderId, visiting } from '../../interpreter/holder-index.js';
import { holderName, piecesAt } from '../../interpreter/holder-keys.js';
import { piecesIn } from '../../interpreter/holders.js';
import { makeCtx } from '../../interpreter/context.js';
import type { GameIR } from '../../interpreter/ir.js';
import { loadGame, randomPlayout } from '../../interpreter/index.js';

// Every bundled ruleset, a growing map and a large grid.
const FILES = [...readdirSync('rulesets').map((f) => `rulesets/${f}`), 'examples/carcassonne.strata', 'bench/games/gomoku.strata'];

/** The place at x, y as the coordinate map tells it (what offsetPlace read before the grid). */
function byMap(p: PlaceInfo, boards: BoardIndex, x: number, y: number): PlaceInfo | null {
  if (!Number.isInteger(x) || !Number.isInteger(y) || Math.abs(x) > 16383 || Math.abs(y) > 16383) return null;
  const key = p.copyCoords.get(coordKey(x, y));
  return key === undefined ? null : (boards.places.get(key) ?? null);
}

/** Every place, every offset within 3 steps (and a few beyond the board), grid against map. */
function checkGrid(boards: BoardIndex): number {
  let checked = 0;
  for (const p of boards.byId) {
    for (let dx = -3; dx <= 3; dx++) {
      for (let dy = -3; dy <= 3; dy++) {
        expect(placeAtCoord(p, p.x + dx, p.y + dy)).toBe(byMap(p, boards, p.x + dx, p.y + dy));
        checked++;
      }
    }
    for (const [x, y] of [[p.x + 0.5, p.y], [1e9, 0], [-20000, p.y], [p.x, Infinity], [NaN, p.y]]) expect(placeAtCoord(p, x, y)).toBe(null);
    expect(offsetInfo(p, { dx: 1, dy: -1 }, 2)).toBe(byMap(p, boards, p.x + 2, p.y - 2));
  }
  return checked;
}

describe('place reads by id', () => {
  for (const file of FILES) {
    it(`the coordinate grid finds what the coordinate map finds, and loops note each place's own holder id: ${file}`, async () => {
      const { ir } = await compileFile(file, {});
      const g = loadGame(ir!);
      expect(checkGrid(g.boards)).toBeGreaterThan(0);
      const table = g.holderTable;
      for (const p of g.boards.byId) {
        expect(table.placeHolders[p.id]).toBe(table.ids.get(p.key) ?? -1);
        const known = table.lists.get(p.neighbours);
        if (known !== undefined) expect([...known.ids].map((id) => table.values[id])).toEqual(p.neighbours);
      }
    });
  }

  it('a board that fills little of its bounding box keeps a map, and finds the same places', () => {
    const board = (places: { name: string; x: number; y: number }[]): GameIR =>
      ({
        players: { min: 2, max: 2 },
        boards: {
          B: {
            shape: { type: 'square', width: 1000, height: 1000 },
            perPlayer: false,
            places: places.map((p) => ({ ...p, attrs: {} })),
            links: [],
            at: { file: 'x', line: 1, col: 1 },
          },
        },
      }) as unknown as GameIR;
    const sparse = buildBoards(board([{ name: 'a', x: 1, y: 1 }, { name: 'b', x: 900, y: 2 }, { name: 'c', x: 2, y: 700 }]));
    expect(sparse.byId[0].grid.cells).toBe(null);
    expect(checkGrid(sparse)).toBeGreaterThan(0);
    expect(placeAtCoord(sparse.byId[0], 900, 2)).toBe(sparse.byId[1]);
    const holey = buildBoards(board([{ name: 'a', x: 1, y: 1 }, { name: 'b', x: 3, y: 1 }, { name: 'c', x: 1, y: 3 }]));
    expect(holey.byId[0].grid.cells).not.toBe(null);
    expect(checkGrid(holey)).toBeGreaterThan(0);
    expect(placeAtCoord(holey.byId[0], 2, 2)).toBe(null);
  });

  it('the holder name kept from the last read answers for that text only', async () => {
    const { ir, diagnostics } = await compileText([
      {
        uri: 'g.strata',
        text: `game G {
    players 2
    kind Stone
    zone bowl: Stone per player
    board Grid square 3 by 3
    setup { create 2 Stone in bowl[playerAt(1)] }
    flow { turn of playerAt(1) { let c = choose x in Grid by playerAt(1) where size(x) == 0 prompt "Where?"
        move 1 from bowl[playerAt(1)] to c } }
}`,
      },
    ]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const g = loadGame(ir!);
    const { state } = randomPlayout(g, 2, 1);
    const ctx = makeCtx(g, state);
    const table = g.holderTable;
    const stoneAt = state.pieces.map((p) => holderName(g.ir, p.at)).find((h) => h?.startsWith('Grid.')) as string;
    const empty = g.boards.byId.map((p) => p.key).find((k) => k.startsWith('Grid.') && k !== stoneAt) as string;
    // A text built afresh (not the interned one) is the same holder.
    const fresh = ['Grid', stoneAt.slice(5)].join('.');
    expect(holderId(table, fresh)).toBe(table.ids.get(stoneAt));
    expect(piecesIn(ctx, fresh)).toEqual(piecesAt(g.ir, state, stoneAt));
    // A wrong note (a bug elsewhere) would show here: each read is of its own text.
    visiting(table, empty, table.ids.get(empty)!);
    expect(piecesIn(ctx, stoneAt)).toEqual(piecesAt(g.ir, state, stoneAt));
    expect(piecesIn(ctx, empty)).toEqual([]);
    expect(piecesIn(ctx, 'Grid.nowhere')).toBe(undefined);
    expect(holderId(table, 'zone:bowl@1')).toBe(table.ids.get('zone:bowl@1'));
    // A seat the game does not have is no holder, found by the lookup or by the note.
    expect(piecesIn(makeCtx(g, { ...state, numPlayers: 1 }), 'zone:bowl@1')).toBe(undefined);
    expect(piecesIn(makeCtx(g, { ...state, numPlayers: 1 }), 'zone:bowl@1')).toBe(undefined);
  });
});
