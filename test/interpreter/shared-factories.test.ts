// Generated functions of the same source share one factory between loads (codegen/instantiate.ts):
// a second load of the same rules makes no new code, and every load still plays with its own
// constants, alive side by side, as the closure interpreter does.
import { describe, expect, it } from 'vitest';
import { loadGame, randomPlayout } from '../../interpreter/index.js';
import { factoryStats } from '../../interpreter/codegen/instantiate.js';
import type { GameIR } from '../../interpreter/ir.js';
import { noughtsAndCrosses } from './toy-game.js';

const play = (ir: GameIR, engine: 'closure' | 'generated', seed: number): string =>
  JSON.stringify(randomPlayout(loadGame(ir, { engine, tierUp: 0 }), 2, seed).state);

describe('factories shared between loads', () => {
  it('a second load of the same rules compiles nothing new, and both play as the closure interpreter', () => {
    const first = loadGame(noughtsAndCrosses, { tierUp: 0 });
    const before = { ...factoryStats };
    const second = loadGame(noughtsAndCrosses, { tierUp: 0 });
    expect(factoryStats.made).toBeGreaterThan(before.made);
    expect(factoryStats.compiled).toBe(before.compiled);
    // Played alternately: each load's functions read its own constants through the shared code.
    for (const seed of [1, 2, 3]) {
      const reference = play(noughtsAndCrosses, 'closure', seed);
      expect(JSON.stringify(randomPlayout(first, 2, seed).state)).toBe(reference);
      expect(JSON.stringify(randomPlayout(second, 2, seed).state)).toBe(reference);
    }
  });

  it('rules that differ get their own code where the source differs', () => {
    loadGame(noughtsAndCrosses, { tierUp: 0 });
    const before = factoryStats.compiled;
    // The flow's `moves < 9` made `moves < 8`: a literal written in the generated source of its test.
    const text = JSON.stringify(noughtsAndCrosses);
    expect(text.split('"v":9,').length).toBe(2);
    const other = JSON.parse(text.replace('"v":9,', '"v":8,')) as GameIR;
    loadGame(other, { tierUp: 0 });
    expect(factoryStats.compiled).toBeGreaterThan(before);
    for (const seed of [1, 2]) expect(play(other, 'generated', seed)).toBe(play(other, 'closure', seed));
  });
});
