/**
 * What the fuzzer mutates: rule files (small test fixtures, the bundled rulesets and the gallery), their
 * compiled IRs, and saved games of seeded random playouts on them. Compiling the rulesets takes
 * seconds, so the corpus is cached by the hash of its sources (under node_modules/.cache).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { GameIR } from '../../interpreter/ir.js';
import type { SavedGame } from '../../interpreter/saved-game.js';
import { deepFreeze } from './mutate-json.js';

export interface RuleText {
  name: string;
  text: string;
  /** A bundled ruleset: compiling a mutant takes seconds, so fewer of these are drawn. */
  large: boolean;
}

export interface Corpus {
  texts: RuleText[];
  irs: { name: string; ir: GameIR }[];
  saves: { name: string; ir: number; saved: SavedGame }[];
}

const smallSeeds = ['test/dsl/fixtures', 'test/fixtures/cli'];

function strataFiles(root: string, dir: string): string[] {
  const full = join(root, dir);
  return existsSync(full) ? readdirSync(full).filter((f) => f.endsWith('.strata')).sort().map((f) => join(full, f)) : [];
}

export async function buildCorpus(root: string): Promise<Corpus> {
  const texts: RuleText[] = [
    ...smallSeeds.flatMap((d) => strataFiles(root, d)).map((f) => ({ name: basename(f), text: readFileSync(f, 'utf8'), large: false })),
    // The gallery (examples/) too: the files with reactions, offers to several players, ranges,
    // zones per key and growing boards (the 2,000-input run of npm test: about 1-2 s more CPU).
    ...['rulesets', 'examples'].flatMap((d) => strataFiles(root, d)).map((f) => ({ name: basename(f), text: readFileSync(f, 'utf8'), large: true })),
  ];
  const key = createHash('sha256')
    .update(JSON.stringify(texts))
    .update(readFileSync(join(root, 'schemas/ir.schema.json')))
    .digest('hex')
    .slice(0, 16);
  const cacheDir = join(root, 'node_modules/.cache/strata-fuzz');
  const cacheFile = join(cacheDir, `corpus-${key}.json`);
  if (existsSync(cacheFile)) return deepFreeze(JSON.parse(readFileSync(cacheFile, 'utf8')) as Corpus);

  // Loaded only to build the corpus: a cached run starts without the compiler.
  const { compileText } = await import('../../dsl/index.js');
  const { loadGame, saveGame } = await import('../../interpreter/index.js');
  const { playRandomly } = await import('../../interpreter/playout.js');
  const irs: Corpus['irs'] = [];
  for (const t of texts) {
    const result = await compileText([{ uri: `file:///${t.name}`, text: t.text }]);
    if (result.ir) irs.push({ name: t.name, ir: result.ir });
  }
  const saves: Corpus['saves'] = irs.map(({ name, ir }, i) => {
    const game = loadGame(ir);
    const run = playRandomly(game, ir.players.counts?.[0] ?? ir.players.min, 7, 30);
    const saved = run.state ? saveGame(game, run.state, run.moves) : { format: 'strata-save/1' as const, ruleset: game.hash, variant: ir.variant, players: ir.players.min, seed: 7, moves: [] };
    return { name: `${name}.save.json`, ir: i, saved };
  });
  const corpus = { texts, irs, saves };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(corpus));
  return deepFreeze(corpus);
}
