// `strata analyze`, `compare` and `merge` on games whose statistics are known by construction.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { validateAnalysis } from '../../cli/analyze/validate.js';
import { nextInt, seedWords } from '../../interpreter/rng.js';
import type { AnalysisJson } from '../../cli/analyze/study.js';
import { runCli } from './run-cli.js';

const coin = 'test/fixtures/analyze/biased-coin.strata';
const dead = 'test/fixtures/analyze/dead-rule.strata';
const dir = mkdtempSync(join(tmpdir(), 'strata-analyze-'));

function analyze(args: string[]): AnalysisJson {
  const r = runCli(['analyze', ...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  const doc: unknown = JSON.parse(r.stdout);
  expect(validateAnalysis(doc)).toEqual({ valid: true });
  return doc as AnalysisJson;
}

describe('strata analyze', () => {
  it('measures a biased coin: P1 wins 3/4 of the games (the interval covers 3/4), one move each, no draws', () => {
    const a = analyze([coin, '--games', '2000', '--workers', '1']);
    const s = a.summary;
    expect(s.completed).toBe(2000);
    const [p1, p2] = s.seats;
    expect(p1.wins.count + p2.wins.count).toBe(2000);
    // The referee: the game's only roll is the first draw of its generator (seeded by the game's
    // seed), and P1 wins on faces 1-3.
    let p1Wins = 0;
    for (let seed = 1; seed <= 2000; seed++) if (nextInt(seedWords(seed), 4) < 3) p1Wins++;
    expect(p1.wins.count).toBe(p1Wins);
    expect(p1.wins.low).toBeLessThan(0.75);
    expect(p1.wins.high).toBeGreaterThan(0.75);
    expect(p1.wins.low).toBeGreaterThan(0.5);
    expect(s.firstPlayer.excess).toBeCloseTo(p1.wins.rate - 0.5, 10);
    expect(s.draws.count).toBe(0);
    expect(s.moves).toMatchObject({ min: 1, max: 1, mean: 1 });
    expect(s.rounds).toBeNull();
    expect(s.margin).toMatchObject({ min: 1, max: 1, mean: 1 });
    expect(s.leadChanges.max).toBe(0);
    expect(s.choices.map((c) => c.total)).toEqual([2000]);
    expect(s.coverage.neverRan).toEqual([]);
  });

  it('reports the draws a game declares (`draw if`) beside shared first places, game by game', () => {
    const a = analyze(['test/fixtures/tic-tac-toe.strata', '--games', '100', '--workers', '2']);
    const drawn = a.study.games.filter((g) => g.draw === true);
    expect(drawn.length).toBeGreaterThan(0);
    for (const g of drawn) expect(g.winners).toEqual([0, 1]);
    expect(a.summary.declaredDraws).toMatchObject({ count: drawn.length, n: 100 });
    // In tic-tac-toe only a draw shares first place.
    expect(a.summary.draws.count).toBe(drawn.length);
    const text = runCli(['analyze', 'test/fixtures/tic-tac-toe.strata', '--games', '100', '--workers', '1']);
    expect(text.stdout).toContain(`draws (the rules' \`draw if\`): ${drawn.length}%`);
  });

  it('gives the same JSON on any number of workers, and shards merge back into the whole', () => {
    const one = runCli(['analyze', coin, '--games', '60', '--workers', '1', '--json']).stdout;
    const two = runCli(['analyze', coin, '--games', '60', '--workers', '2', '--json']).stdout;
    expect(two).toBe(one);
    const parts = ['1/2', '2/2'].map((shard, i) => {
      const file = join(dir, `shard${i}.json`);
      writeFileSync(file, runCli(['analyze', coin, '--games', '60', '--shard', shard, '--json']).stdout);
      return file;
    });
    const merged = runCli(['merge', ...parts, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual(JSON.parse(one));
  });

  it('finds the rules that never ran, with their lines', () => {
    const a = analyze([dead, '--games', '20', '--workers', '1']);
    expect(a.summary.coverage.neverRan.map((r) => [r.kind, r.name, r.line])).toEqual([
      ['then-branch', 'Flip', 10],
      ['action', 'Cheat', 16],
    ]);
  });
});

describe('strata analyze on faulty rules', () => {
  it('reports each failed game with its seed, moves and rule location, and exits 1', () => {
    const r = runCli(['analyze', 'test/fixtures/cli/rule-error.strata', '--games', '12', '--workers', '2']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ {4}seed \d+, after [1-4] moves?: .*rule-error\.strata:10:7: rule-error: the coin came up one$/m);
    expect(r.stdout).toMatch(/^ {2}\d+ errors?$/m);
  });

  it('refuses a bot it does not know, in one line', () => {
    const r = runCli(['analyze', coin, '--bot', 'minimax']);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim()).toBe('strata: --bot must be random or mcts:ITER (ITER from 1 to 1000000), not "minimax"');
  });
});

describe('strata compare', () => {
  it('pairs the same seeds: a fair coin makes seat 1 win about 25 points less often', async () => {
    const html = join(dir, 'report.html');
    const r = runCli(['compare', coin, '--variant', 'Fair', '--games', '200', '--workers', '1', '--json', '--html', html]);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout) as { differences: { metric: string; difference: { mean: number; low: number; high: number }; summary: string | null }[] };
    const seat1 = c.differences.find((d) => d.metric === 'wins:P1')!;
    // Same seeds, same rolls: P1 loses exactly the games where the die shows 3.
    expect(seat1.difference.low).toBeLessThan(-0.25);
    expect(seat1.difference.high).toBeGreaterThan(-0.25);
    expect(seat1.difference.high).toBeLessThan(0);
    expect(seat1.summary).toMatch(/^Fair: seat 1 wins [\d.]+ ± [\d.]+ points less often$/);
    expect(c.differences.find((d) => d.metric === 'moves')!.summary).toBeNull();
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('vegaEmbed(');
    expect(page).not.toMatch(/<script[^>]+src=/);
    expect(page).toContain('Fair, 2 players');
    // Without a browser: every chart compiles without warnings and renders (headless Vega) to an SVG with marks.
    const specs = JSON.parse(/const specs = (.*);\n/.exec(page)![1]) as object[];
    expect(specs.length).toBeGreaterThanOrEqual(5);
    for (const spec of specs) {
      const warnings: unknown[] = [];
      const logger = { level: () => 0, warn: (...a: unknown[]) => warnings.push(a), info: () => 0, debug: () => 0, error: (...a: unknown[]) => warnings.push(a) };
      const compiled = compile(spec as never, { logger: logger as never });
      expect(warnings).toEqual([]);
      const svg = await new vega.View(vega.parse(compiled.spec), { renderer: 'none' }).toSVG();
      expect(svg.match(/<path|<rect|<line/g)?.length ?? 0).toBeGreaterThan(5);
    }
  });
});
