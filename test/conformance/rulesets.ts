/**
 * Every ruleset in rulesets/ with every variant, compiled once per test file: the corpus and the
 * conformance suites run over all of them, so a new ruleset is covered with no test change.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile } from '../../dsl/index.js';
import { loadGame, type Game } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';

export const RULESETS_DIR = join(import.meta.dirname, '..', '..', 'rulesets');

export const rulesetFiles: string[] = readdirSync(RULESETS_DIR)
  .filter((f) => f.endsWith('.strata'))
  .sort();

export interface CompiledVariant {
  file: string;
  variant: string;
  ir: GameIR;
  game: Game;
}

/** Compiles the base game and each variant of a ruleset; throws with the diagnostics if one fails. */
export async function compileAll(file: string): Promise<CompiledVariant[]> {
  const path = join(RULESETS_DIR, file);
  const base = await compileFile(path);
  const out: CompiledVariant[] = [];
  for (const variant of base.variants) {
    const r = variant === base.variants[0] ? base : await compileFile(path, { variant });
    if (!r.ir) {
      const first = r.diagnostics.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`).slice(0, 5);
      throw new Error(`${file} (${variant}) does not compile:\n${first.join('\n')}`);
    }
    out.push({ file, variant, ir: r.ir, game: loadGame(r.ir) });
  }
  return out;
}

/** The player counts a variant allows, from its IR. */
export function playerCounts(ir: GameIR): number[] {
  if (ir.players.counts) return ir.players.counts.slice();
  const counts: number[] = [];
  for (let n = ir.players.min; n <= ir.players.max; n++) counts.push(n);
  return counts;
}

/** Every `of`-th ruleset starting at `index`: test files split the corpus between workers. */
export function rulesetShard(index: number, of: number): string[] {
  return rulesetFiles.filter((_, i) => i % of === index);
}
