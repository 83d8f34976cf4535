/**
 * Conformance: the same checks on every ruleset and variant. Seeded random games end; states
 * round-trip through JSON; undo back to the start reproduces each prefix; replay reproduces the
 * final state; a player's view never contains another player's hidden pieces.
 * The test files conformance-N.test.ts each run a shard of rulesets/, so workers share the load.
 */
import { describe, expect, it } from 'vitest';
import { randomPlayout } from '../../interpreter/index.js';
import { compileAll, playerCounts, type CompiledVariant } from './rulesets.js';
import {
  expectJsonRoundTrip,
  expectReplayReproduces,
  expectUndoChain,
  expectViewsHide,
  playKeepingStates,
} from './checks.js';

const GAMES = 200;
const MAX_MOVES = 50_000;

/** Defines the conformance tests for these ruleset files: one group of tests per variant. */
export async function conformanceSuite(files: string[]): Promise<void> {
  for (const file of files) {
    const variants = await compileAll(file);
    describe(file, () => {
      it('has a base game', () => {
        expect(variants.length).toBeGreaterThan(0);
        expect(variants[0].ir.variant).toBeNull();
      });
      for (const v of variants) describe(v.variant, () => describeVariant(v));
    });
  }
}

/** Long suites on a slow machine: a variant's games may take minutes, never forever. */
const LONG = 600_000;

function describeVariant({ variant, ir, game }: CompiledVariant): void {
  it(`${GAMES} seeded random games end, and replay reproduces them`, () => {
    const counts = playerCounts(ir);
    for (let i = 0; i < GAMES; i++) {
      const players = counts[i % counts.length];
      const seed = 1000 + i;
      const { state } = randomPlayout(game, players, seed, MAX_MOVES);
      expect(state.ended, `${variant}, ${players} players, seed ${seed}: not over after ${MAX_MOVES} moves`).toBe(true);
      // Replaying every game is cheap next to playing it; check a spread of them.
      if (i % 10 === 0) expectReplayReproduces(game, state);
    }
  }, LONG);

  it('states round-trip through JSON and views hide what the rules hide', () => {
    for (const players of playerCounts(ir)) {
      const states = playKeepingStates(game, players, 7 + players, 300);
      states.forEach((state, i) => {
        expectJsonRoundTrip(state);
        // Views are checked for every viewer; every third state keeps the suite quick.
        if (i % 3 === 0 || state === states[states.length - 1]) expectViewsHide(game, ir, state);
      });
    }
  }, LONG);

  it('undo back to the start reproduces each prefix', () => {
    const states = playKeepingStates(game, playerCounts(ir)[0], 11, 80);
    expect(states.length).toBeGreaterThan(1);
    expectUndoChain(game, states);
  }, LONG);
}
