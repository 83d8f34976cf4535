// `strata simulate`: seeded random-bot games, their statistics, progress and errors.
import { describe, expect, it } from 'vitest';
import { fixtures, hasStackTrace, runCli } from './run-cli.js';
import { wilson, type Rate } from '../../cli/analyze/stats.js';
import { rateText as rateLine } from '../../cli/analyze/report-text.js';

const tiny = `${fixtures}/tiny.strata`;

interface Summary {
  games: number;
  players: number;
  completed: number;
  seeds: { first: number; last: number };
  wins: number[];
  winRates: { count: number; n: number; rate: number; low: number; high: number }[];
  scores: ({ min: number; mean: number; max: number } | null)[];
  length: { min: number; mean: number; max: number } | null;
  gamesPerSecond: number;
  errors: { seed: number; code: string; message: string; at?: { file: string; line: number; col: number } }[];
}

function summary(args: string[]): { code: number | null; s: Summary; stderr: string } {
  const r = runCli(['simulate', ...args, '--json']);
  return { code: r.code, s: JSON.parse(r.stdout) as Summary, stderr: r.stderr };
}

describe('strata simulate', () => {
  it('summarises wins, scores and lengths as JSON', () => {
    const { code, s } = summary([tiny, '--games', '20', '--seed', '5']);
    expect(code).toBe(0);
    expect(s).toMatchObject({ games: 20, players: 2, completed: 20, seeds: { first: 5, last: 24 }, errors: [] });
    // Shared wins count as fractions: the wins add up to the games played.
    expect(s.wins).toHaveLength(2);
    expect(s.wins.reduce((a, b) => a + b, 0)).toBeCloseTo(20);
    // Each win rate comes with its 95 % Wilson interval over the 20 completed games.
    expect(s.winRates).toEqual(s.wins.map((w) => wilson(w, 20)));
    for (const r of s.winRates) expect(r.low < r.rate && r.rate < r.high).toBe(true);
    // Three rounds of one move per player, whatever the choices.
    expect(s.length).toEqual({ min: 6, mean: 6, max: 6 });
    for (const seat of s.scores) {
      expect(seat).not.toBeNull();
      expect(seat!.min).toBeGreaterThanOrEqual(0);
      expect(seat!.max).toBeLessThanOrEqual(6);
      expect(seat!.min).toBeLessThanOrEqual(seat!.mean);
      expect(seat!.mean).toBeLessThanOrEqual(seat!.max);
    }
    expect(s.gamesPerSecond).toBeGreaterThan(0);
  });

  it('plays the variant and player count asked for', () => {
    const { s } = summary([tiny, '--games', '4', '--players', '3', '--variant', 'Long']);
    expect(s.players).toBe(3);
    expect(s.length).toEqual({ min: 15, mean: 15, max: 15 });
  });

  it('gives the same games for the same seeds', () => {
    const a = summary([tiny, '--games', '10', '--seed', '100']).s;
    const b = summary([tiny, '--games', '10', '--seed', '100']).s;
    expect(a.wins).toEqual(b.wins);
    expect(a.scores).toEqual(b.scores);
  });

  it('prints progress every tenth on stderr when it is not a terminal, and a text summary', () => {
    const r = runCli(['simulate', tiny, '--games', '20']);
    expect(r.code).toBe(0);
    const progress = r.stderr.trimEnd().split('\n');
    expect(progress).toHaveLength(10);
    expect(progress.at(-1)).toBe('simulate: 100% (20/20 games)');
    expect(r.lines[0]).toBe(`${tiny} (base game): 20 games of 2 players, seeds 1..20`);
    expect(r.stdout).toMatch(/^ {2}20 completed; win rates with 95 % intervals \(Wilson\)$/m);
    expect(r.stdout).toMatch(/^ {2}P1\s+wins [\d.]+ of 20: [\d.]+% \[[\d.]+%, [\d.]+%\]\s+score min \d+\s+mean [\d.]+\s+max \d+$/m);
    expect(r.stdout).toMatch(/^ {2}length \(moves\): min 6 {2}mean 6 {2}max 6$/m);
    expect(r.stdout).toMatch(/games\/s/);
    expect(r.stdout).toMatch(/^ {2}0 errors$/m);
  });

  it('lists every failed game with its seed and the rule location, and exits 1', () => {
    const file = `${fixtures}/rule-error.strata`;
    const { code, s } = summary([file, '--games', '20']);
    expect(code).toBe(1);
    // Four coin flips per game: a game without a 1 is rare, so most games fail.
    expect(s.errors.length).toBeGreaterThan(10);
    expect(s.completed + s.errors.length).toBe(20);
    for (const e of s.errors) {
      expect(e.seed).toBeGreaterThanOrEqual(1);
      expect(e.seed).toBeLessThanOrEqual(20);
      expect(e.code).toBe('rule-error');
      expect(e.at).toMatchObject({ file: expect.stringContaining('rule-error.strata'), line: 10 });
    }
    const text = runCli(['simulate', file, '--games', '5']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^ {4}seed \d+, after \d+ moves?: .*rule-error\.strata:10:\d+: rule-error: .*the coin came up one/m);
    expect(hasStackTrace(text.stdout + text.stderr)).toBe(false);
  });

  it('counts the draws of a game that declares them (`draw if`), with their interval; other games show no draw line', () => {
    const json = summary(['test/fixtures/tic-tac-toe.strata', '--games', '100']).s as Summary & { draws: Rate };
    // Random tic-tac-toe is drawn in about 13 % of games: some of 100, far from all.
    expect(json.draws.count).toBeGreaterThan(0);
    expect(json.draws.count).toBeLessThan(50);
    expect(json.draws).toEqual(wilson(json.draws.count, 100));
    // A draw is half a win for each seat: the wins still add up to the games.
    expect(json.wins[0]! + json.wins[1]!).toBeCloseTo(100);
    const text = runCli(['simulate', 'test/fixtures/tic-tac-toe.strata', '--games', '100']);
    expect(text.lines).toContain(`  draws ${json.draws.count} of 100: ${rateLine(json.draws)} (a draw counts 1/2 of a win for each seat)`);
    expect(runCli(['simulate', tiny, '--games', '3']).stdout).not.toMatch(/draws/);
  });
});
