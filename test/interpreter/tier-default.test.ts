// The default load generates code at once (a game is loaded to be played many times); the editor's
// live session asks for tiering (TIER_UP_LIVE), so its load generates nothing until rules run hot.
import { describe, expect, it } from 'vitest';
import { loadGame, randomPlayout, TIER_UP_LIVE } from '../../interpreter/index.js';
import { factoryStats } from '../../interpreter/codegen/instantiate.js';
import { noughtsAndCrosses } from './toy-game.js';

describe('when code is generated', () => {
  it('by default at load, and the game plays as on the closure interpreter', () => {
    const before = factoryStats.made;
    const game = loadGame(noughtsAndCrosses);
    expect(factoryStats.made).toBeGreaterThan(before);
    const reference = loadGame(noughtsAndCrosses, { engine: 'closure' });
    for (const seed of [1, 2, 3]) {
      expect(JSON.stringify(randomPlayout(game, 2, seed).state)).toBe(JSON.stringify(randomPlayout(reference, 2, seed).state));
    }
  });

  it('with TIER_UP_LIVE nothing at load, and only once rules have done that much work', () => {
    const before = factoryStats.made;
    const game = loadGame(noughtsAndCrosses, { tierUp: TIER_UP_LIVE });
    expect(factoryStats.made).toBe(before);
    randomPlayout(game, 2, 1);
    expect(factoryStats.made).toBe(before);
    // Enough games for the flow's hottest expressions to pass the threshold.
    for (let seed = 2; seed < 2000 && factoryStats.made === before; seed++) randomPlayout(game, 2, seed);
    expect(factoryStats.made).toBeGreaterThan(before);
  });
});
