/**
 * The generated engine against the closure interpreter, its reference (interpreter/README.md
 * "Generated code"): every ruleset in rulesets/ (and examples/ when there is one), every variant
 * and player count, several seeds, played in lockstep on both. After every move: the same legal
 * labels, the same JSON state; the same move is taken (the random bot's pick for the seed); the
 * same end, ranking and scores, or the same rule error at the same place.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFile } from '../dsl/index.js';
import { legalMoves, loadGame, newGame, ranking, scores, type Game, type State } from '../interpreter/index.js';
import { resume } from '../interpreter/api.js';
import { randomAction } from '../interpreter/bots/random.js';
import { genStats } from '../interpreter/codegen/gen-expr.js';
import { RuleError } from '../interpreter/errors.js';
import type { GameIR } from '../interpreter/ir.js';
import { playerCounts } from './conformance/rulesets.js';

const ROOT = join(import.meta.dirname, '..');
const DIRS = ['rulesets', 'examples'].map((d) => join(ROOT, d)).filter((d) => existsSync(d));
const FILES = DIRS.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.strata')).sort().map((f) => join(d, f)));
/** Seeds per player count: every count of every variant plays this many games on each engine. */
const SEEDS = [1, 2];
const MAX_MOVES = 5_000;

/** What a step did, on one engine: the state's JSON and legal labels, or the rule error raised. */
interface Step {
  json: string;
  labels: string[];
  error: string | null;
}

function step(g: Game, s: State, run: () => void): Step {
  try {
    run();
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { json: '', labels: [], error: `${e.plain} at ${JSON.stringify(e.at)}` };
  }
  return { json: JSON.stringify(s), labels: legalMoves(g, s).map((m) => m.label), error: null };
}

/** Plays one seeded game on both engines in lockstep, comparing after every move; returns its moves. */
function playBoth(closure: Game, generated: Game, players: number, seed: number, what: string): number {
  const a = newGame(closure, { players, seed });
  const b = newGame(generated, { players, seed });
  expect(b.ok ? 'ok' : b.error, what).toEqual(a.ok ? 'ok' : a.error);
  if (!a.ok || !b.ok) return 0;
  const sa = a.value;
  const sb = b.value;
  let before = step(closure, sa, () => {});
  let after = step(generated, sb, () => {});
  for (let n = 0; ; n++) {
    // Compared as text first: an expect per move would cost more than the moves.
    if (after.json !== before.json || after.error !== before.error || after.labels.join('\n') !== before.labels.join('\n')) {
      expect(after, `${what}, after ${n} moves`).toEqual(before);
    }
    if (before.error !== null || sa.ended || sa.pending === null || n >= MAX_MOVES) break;
    const i = randomAction(seed, sa.moves.length, sa.pending.values.length);
    before = step(closure, sa, () => resume(closure, sa, i));
    after = step(generated, sb, () => resume(generated, sb, i));
  }
  if (sa.ended && before.error === null) {
    expect(ranking(generated, sb), what).toEqual(ranking(closure, sa));
    expect(scores(generated, sb), what).toEqual(scores(closure, sa));
  }
  return sa.moves.length;
}

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
        const generated = loadGame(ir, { engine: 'generated' });
        expect(genStats.roots, 'the generated engine generates code').toBeGreaterThan(before);
        let moves = 0;
        for (const players of playerCounts(ir)) {
          for (const seed of SEEDS) moves += playBoth(closure, generated, players, seed, `${ir.variant ?? 'base'}, ${players} players, seed ${seed}`);
        }
        expect(moves).toBeGreaterThan(0);
      }
    }, 600_000);
  }
});
