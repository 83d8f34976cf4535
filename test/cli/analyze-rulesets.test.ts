// `strata analyze` and `strata compare` on every bundled ruleset and gallery game (rulesets/,
// examples/) and each of its variants, with the
// random bot and the search bot: every game completes, none fails, and the JSON is valid. (The
// statistics themselves are checked on games whose outcome is known: analyze.test.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileFile } from '../../dsl/index.js';
import { validateAnalysis } from '../../cli/analyze/validate.js';
import type { AnalysisJson } from '../../cli/analyze/study.js';
import { runCli } from './run-cli.js';

// The gallery adds about 26 s of CPU (measured: 2-14 s a game, Carcassonne the most), as much as
// the five games take; they are the files with reactions, offers `by first`/`by each`, ranges and
// growing boards, which analyze's bots and rule coverage must handle.
// One worker: the games are the subject here; worker processes cost ~1.2 CPU s a command and are
// tested in analyze.test.ts (the same JSON on any number of workers).
const files = ['rulesets', 'examples'].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.strata'))
    .sort()
    .map((f) => `${dir}/${f}`),
);

function variantsOf(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(/^variant (\w+)/gm)].map((m) => m[1]);
}

describe.each(files)('%s', (path) => {
  it('analyzes the base game with the search bot (mcts:2, rollouts cut at 30 moves)', () => {
    const r = runCli(['analyze', path, '--games', '2', '--bot', 'mcts:2:30', '--workers', '1', '--json']);
    expect(r.code, r.stdout.slice(-2000) + r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as AnalysisJson;
    expect(validateAnalysis(doc)).toEqual({ valid: true });
    expect(doc.summary.completed).toBe(2);
    expect(doc.study.bot).toBe('mcts:2:30');
  });

  it('compares its two smallest player counts with the random bot', async () => {
    const { ir } = await compileFile(path);
    const counts = ir!.players.counts ?? [ir!.players.min, ir!.players.min + 1];
    const r = runCli(['compare', path, '--players', String(counts[0]), '--versus-players', String(counts[1]), '--games', '4', '--workers', '1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout) as { base: AnalysisJson; variant: AnalysisJson };
    expect([c.base.study.players, c.variant.study.players]).toEqual([counts[0], counts[1]]);
    expect([c.base.summary.completed, c.variant.summary.completed]).toEqual([4, 4]);
  });

  it.runIf(variantsOf(path).length > 0).each(variantsOf(path))('compares variant %s with the base game, random and search bots', (variant) => {
    for (const bot of ['random', 'mcts:2:30']) {
      const r = runCli(['compare', path, '--variant', variant, '--games', bot === 'random' ? '6' : '2', '--bot', bot, '--workers', '1', '--json']);
      expect(r.code, r.stdout.slice(-2000) + r.stderr).toBe(0);
      const c = JSON.parse(r.stdout) as { base: AnalysisJson; variant: AnalysisJson; differences: unknown[] };
      expect(c.variant.study.variant).toBe(variant);
      expect(c.base.summary.errors).toEqual([]);
      expect(c.variant.summary.errors).toEqual([]);
      expect(c.differences.length).toBeGreaterThan(0);
    }
  });
});
