/**
 * The generated engine against the closure interpreter, its reference (interpreter/README.md
 * "Generated code"): every ruleset in rulesets/ (and examples/ when there is one), every variant
 * and player count, several seeds, played in lockstep on both. After every move: the same legal
 * labels, the same JSON state; the same move is taken (the random bot's pick for the seed); the
 * same end, ranking and scores, or the same rule error at the same place. Two seeds with every
 * expression, statement and body generated at load (`tierUp: 0`), a third tiered as the engine
 * runs by default, with a low threshold (`tierUp: 200`) so that code is generated mid-game.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFile } from '../dsl/index.js';
import { loadGame } from '../interpreter/index.js';
import { genStats } from '../interpreter/codegen/gen-expr.js';
import type { GameIR } from '../interpreter/ir.js';
import { playerCounts } from './conformance/rulesets.js';
import { playBoth } from './engines/lockstep.js';

const ROOT = join(import.meta.dirname, '..');
const DIRS = ['rulesets', 'examples'].map((d) => join(ROOT, d)).filter((d) => existsSync(d));
const FILES = DIRS.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.strata')).sort().map((f) => join(d, f)));
/** Seeds per player count: every count of every variant plays this many games on each engine. */
const SEEDS = [1, 2];

async function variantsOf(path: string): Promise<GameIR[]> {
  const base = await compileFile(path);
  const irs: GameIR[] = [];
  for (const variant of base.variants) {
    const r = variant === base.variants[0] ? base : await compileFile(path, { variant });
    if (!r.ir) throw new Error(`${path} (${variant}) does not compile: ${r.diagnostics[0]?.message}`);
    irs.push(r.ir);
  }
  return irs;
}

describe('generated engine against the closure interpreter', () => {
  it('finds rule files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(5);
  });

  for (const path of FILES) {
    it(`plays ${path.slice(ROOT.length + 1)} the same, every variant, player count and seed`, async () => {
      for (const ir of await variantsOf(path)) {
        const before = genStats.roots;
        const closure = loadGame(ir, { engine: 'closure' });
        expect(genStats.roots, 'the closure engine generates nothing').toBe(before);
        // Everything generated at load (every generated path is compared), and as played by default:
        // closures first, generated code for what ran often (codegen/tier.ts).
        const generated = loadGame(ir, { engine: 'generated', tierUp: 0 });
        expect(genStats.roots, 'the generated engine generates code').toBeGreaterThan(before);
        // A low threshold (the default waits far longer than one test game): code is generated mid-game.
        const tiered = loadGame(ir, { engine: 'generated', tierUp: 200 });
        let moves = 0;
        for (const players of playerCounts(ir)) {
          for (const seed of SEEDS) moves += playBoth(closure, generated, players, seed, `${ir.variant ?? 'base'}, ${players} players, seed ${seed}`);
          moves += playBoth(closure, tiered, players, 3, `${ir.variant ?? 'base'}, ${players} players, seed 3, tiered`);
        }
        expect(moves).toBeGreaterThan(0);
      }
    }, 600_000);
  }
});
