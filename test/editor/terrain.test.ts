// Which pieces the board view takes for the ground of their places, checked on small rule texts.
import { describe, expect, it } from 'vitest';
import { loadGame, newGame, type State } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { terrainOf, terrainValue } from '../../editor/src/play/terrain.js';
import { compileFixture } from './fixture-ir.js';

/** A hex board of radius 1 (7 places) with the given setup lines; the state after setup. */
async function start(setup: string): Promise<{ ir: GameIR; s: State; keys: string[] }> {
  const ir = await compileFixture(`game T {
    players 2
    enum Land { hill, wood, field }
    kind Tile { land: Land }
    kind Pawn { size: number = 1 }
    zone box: Tile visible all
    board B hex radius 1
    setup {
      ${setup}
    }
    flow {
      let x = choose c in B by players()[0] prompt "Pick"
    }
  }`);
  const created = newGame(loadGame(ir), { players: 2, seed: 1 });
  if (!created.ok) throw new Error(created.error.message);
  return { ir, s: created.value, keys: ir.boards['B']!.places.map((p) => `B.${p.name}`) };
}

describe('terrain pieces', () => {
  it('takes ownerless pieces lying one per place for the ground, coloured by their text attribute', async () => {
    const { ir, s, keys } = await start(`
      let lands = [hill, wood, field, wood]
      repeat 4 as i { create 1 Tile { land: lands[i - 1] } in B[i - 1] }
      create 2 Pawn in B[0]
      create 1 Pawn in B[1]`);
    const t = terrainOf(ir, keys, s);
    expect(t).not.toBeNull();
    expect(t!.kind).toBe('Tile');
    expect(t!.attribute).toBe('land');
    expect(t!.at.size).toBe(4);
    expect(t!.values).toEqual(['hill', 'wood', 'field']);
    expect(terrainValue(t, keys[1]!, s)).toBe('wood');
    expect(terrainValue(t, keys[5]!, s)).toBeNull();
  });

  it('takes nothing for ground when pieces stack, are too few, or look all alike', async () => {
    const stacked = await start(`
      repeat 4 as i { create 1 Tile { land: hill } in B[i - 1] }
      create 1 Tile { land: wood } in B[0]`);
    expect(terrainOf(stacked.ir, stacked.keys, stacked.s)).toBeNull();
    const few = await start(`create 1 Tile { land: hill } in B[0]
      create 1 Tile { land: wood } in B[1]`);
    expect(terrainOf(few.ir, few.keys, few.s)).toBeNull();
    const alike = await start(`repeat 5 as i { create 1 Tile { land: hill } in B[i - 1] }`);
    expect(terrainOf(alike.ir, alike.keys, alike.s)).toBeNull();
  });
});
