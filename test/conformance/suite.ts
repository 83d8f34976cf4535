/**
 * Conformance: the same checks on every ruleset and variant. Seeded random games end; states
 * round-trip through JSON; undo back to the start reproduces each prefix; replay reproduces the
 * final state; a player's view never contains another player's hidden pieces.
 * The test files conformance-N.test.ts each run a shard of rulesets/ (1-5) or examples/ (6-8), so
 * workers share the load.
 *
 * A long game may play fewer seeded games with a line `// conformance-games: N` in its rule file
 * (N from 1 to 200, with the reason beside it), so the whole `npm test` stays within CI's budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomPlayout } from '../../interpreter/index.js';
import { compileAll, playerCounts, type CompiledVariant } from './rulesets.js';
import {
  expectJsonRoundTrip,
  expectReplayReproduces,
  expectStatesUnchanged,
  expectUndoChain,
  expectViewsHide,
  playKeepingStates,
} from './checks.js';

const GAMES = 200;
const MAX_MOVES = 50_000;
const ROOT = join(import.meta.dirname, '..', '..');

/** The seeded games to play for a rule file: 200, or fewer when the file says so (above). */
export function gamesFor(text: string): number {
  const m = /^\s*\/\/\s*conformance-games:\s*(\d+)/m.exec(text);
  if (!m) return GAMES;
  const n = Number(m[1]);
  if (n < 1 || n > GAMES) throw new Error(`conformance-games: ${n} is not between 1 and ${GAMES}`);
  return n;
}

/** Defines the conformance tests for these ruleset files: one group of tests per variant. */
export async function conformanceSuite(files: string[]): Promise<void> {
  // A shard of a small folder may be empty (Vitest fails a file with no tests at all).
  if (files.length === 0) it.skip('no rule file falls in this shard', () => {});
  for (const file of files) {
    const variants = await compileAll(file);
    const games = gamesFor(readFileSync(file.includes('/') ? join(ROOT, file) : join(ROOT, 'rulesets', file), 'utf8'));
    describe(file, () => {
      it('has a base game', () => {
        expect(variants.length).toBeGreaterThan(0);
        expect(variants[0].ir.variant).toBeNull();
      });
      for (const v of variants) describe(v.variant, () => describeVariant(v, games));
    });
  }
}

/** Long suites on a slow machine: a variant's games may take minutes, never forever. */
const LONG = 600_000;

function describeVariant({ variant, ir, game }: CompiledVariant, games: number): void {
  it(`${games} seeded random games end, and replay reproduces them`, () => {
    const counts = playerCounts(ir);
    for (let i = 0; i < games; i++) {
      const players = counts[i % counts.length];
      const seed = 1000 + i;
      const { state } = randomPlayout(game, players, seed, MAX_MOVES);
      expect(state.ended, `${variant}, ${players} players, seed ${seed}: not over after ${MAX_MOVES} moves`).toBe(true);
      // Replaying every game is cheap next to playing it; check a spread of them.
      if (i % 10 === 0) expectReplayReproduces(game, state);
    }
  }, LONG);

  it('states stay as made, round-trip through JSON, and views hide what the rules hide', () => {
    for (const players of playerCounts(ir)) {
      const texts: string[] = [];
      const states = playKeepingStates(game, players, 7 + players, 300, texts);
      expectStatesUnchanged(states, texts);
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
