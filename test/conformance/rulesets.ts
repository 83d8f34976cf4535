/**
 * Every rule file of rulesets/ (the five games) and of examples/ (the gallery), with every
 * variant, compiled once per test file: the corpus and the conformance suites run over all of
 * them, so a new file in either folder is covered with no test change.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile } from '../../dsl/index.js';
import { loadGame, type Game } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';

const ROOT = join(import.meta.dirname, '..', '..');
export const RULESETS_DIR = join(ROOT, 'rulesets');
export const EXAMPLES_DIR = join(ROOT, 'examples');

function strataFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.strata')).sort();
  } catch {
    // A checkout without the folder (examples/ came later) has no files there.
    return [];
  }
}

/** The five games' files, by name (`dino-race.strata`). */
export const rulesetFiles: string[] = strataFiles(RULESETS_DIR);

/** The gallery's files, by name (`hearts.strata`). */
export const exampleFiles: string[] = strataFiles(EXAMPLES_DIR);

/** Both folders' files as paths from the project root (`rulesets/dino-race.strata`, `examples/hearts.strata`). */
export const ruleFiles: string[] = [...rulesetFiles.map((f) => `rulesets/${f}`), ...exampleFiles.map((f) => `examples/${f}`)];

export interface CompiledVariant {
  file: string;
  variant: string;
  ir: GameIR;
  game: Game;
}

/**
 * Compiles the base game and each variant of a rule file (a path from the project root, or a
 * bare name in rulesets/); throws with the diagnostics if one fails.
 */
export async function compileAll(file: string): Promise<CompiledVariant[]> {
  const path = file.includes('/') ? join(ROOT, file) : join(RULESETS_DIR, file);
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

/** Every `of`-th ruleset of rulesets/ starting at `index`: test files split the corpus between workers. */
export function rulesetShard(index: number, of: number): string[] {
  return rulesetFiles.filter((_, i) => i % of === index);
}

/** Every `of`-th file of examples/ starting at `index`, as paths from the root (`examples/x.strata`). */
export function exampleShard(index: number, of: number): string[] {
  return exampleFiles.filter((_, i) => i % of === index).map((f) => `examples/${f}`);
}
