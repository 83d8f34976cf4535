/**
 * Conformance: the same checks on every ruleset and variant. Seeded random games end; states
 * round-trip through JSON; undo back to the start reproduces each prefix; replay reproduces the
 * final state; a player's view never contains another player's hidden pieces.
 * The test files conformance-N.test.ts each run a shard of rulesets/, so workers share the load.
 */
import { beforeAll, describe, expect, it } from 'vitest';
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

/** Defines the conformance tests for these ruleset files. */
export function conformanceSuite(files: string[]): void {
  for (const file of files) describeRuleset(file);
}

function describeRuleset(file: string): void {
  describe(file, () => {
    let variants: CompiledVariant[] = [];
    beforeAll(async () => {
      variants = await compileAll(file);
    });

    it('compiles every variant', () => {
      expect(variants.length).toBeGreaterThan(0);
    });

    it(`${GAMES} seeded random games per variant end, and replay reproduces each`, () => {
      for (const { variant, ir, game } of variants) {
        const counts = playerCounts(ir);
        for (let i = 0; i < GAMES; i++) {
          const players = counts[i % counts.length];
          const seed = 1000 + i;
          const { state } = randomPlayout(game, players, seed, MAX_MOVES);
          expect(state.ended, `${variant}, ${players} players, seed ${seed}: not over after ${MAX_MOVES} moves`).toBe(true);
          // Replaying every game is cheap next to playing it; check a spread of them.
          if (i % 10 === 0) expectReplayReproduces(game, state);
        }
      }
    });

    it('states round-trip through JSON and views hide what the rules hide', () => {
      for (const { ir, game } of variants) {
        for (const players of playerCounts(ir)) {
          const states = playKeepingStates(game, players, 7 + players, 300);
          states.forEach((state, i) => {
            expectJsonRoundTrip(state);
            // Views are checked for every viewer; every third state keeps the suite quick.
            if (i % 3 === 0 || state === states[states.length - 1]) expectViewsHide(game, ir, state);
          });
        }
      }
    });

    it('undo back to the start reproduces each prefix', () => {
      for (const { ir, game } of variants) {
        const states = playKeepingStates(game, ir.players.min, 11, 80);
        expect(states.length).toBeGreaterThan(1);
        expectUndoChain(game, states);
      }
    });
  });
}
