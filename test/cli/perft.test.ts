// `strata perft`: move sequences per depth from the start or from recorded moves, and its errors.
import { describe, expect, it } from 'vitest';
import { fixtures, hasStackTrace, oneLineError, runCli } from './run-cli.js';

const tiny = `${fixtures}/tiny.strata`;

/** The table rows as [depth, sequences, ended]. */
function table(lines: string[]): number[][] {
  return lines.filter((l) => /^\s+\d+\s+\d+\s+\d+$/.test(l)).map((l) => l.trim().split(/\s+/).map(Number));
}

// Each case starts the CLI up to four times: on a loaded machine that can take minutes.
describe('strata perft', { timeout: 400_000 }, () => {
  it('counts sequences of each length and those that end the game', () => {
    // Tiny: two options a turn, 3 rounds of 2 players, so the game ends with the 6th move.
    const r = runCli(['perft', tiny, '--depth', '7']);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toBe('Tiny test game (base game), 2 players, seed 1, from the start');
    expect(table(r.lines)).toEqual([
      [1, 2, 0],
      [2, 4, 0],
      [3, 8, 0],
      [4, 16, 0],
      [5, 32, 0],
      [6, 64, 64],
      [7, 0, 0],
    ]);
    expect(r.stdout).toMatch(/126 moves applied in [\d.]+ s/);
  });

  it('gives Connect Four its published counts', () => {
    const r = runCli(['perft', 'bench/games/connect-four.strata', '--depth', '4']);
    expect(r.code).toBe(0);
    expect(table(r.lines).map((row) => row[1])).toEqual([7, 49, 343, 2401]);
  });

  it('follows the variant and player count', () => {
    const r = runCli(['perft', tiny, '--depth', '2', '--variant', 'Long', '--players', '3']);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toBe('Tiny test game (Long), 3 players, seed 1, from the start');
    expect(table(r.lines)).toEqual([
      [1, 2, 0],
      [2, 4, 0],
    ]);
  });

  it('starts after recorded moves: labels or a saved game', () => {
    const labels = runCli(['perft', tiny, '--depth', '3', '--moves', `${fixtures}/short.moves`]);
    expect(labels.code).toBe(0);
    expect(labels.lines[0]).toBe('Tiny test game (base game), 2 players, seed 1, after 2 moves');
    expect(table(labels.lines).map((row) => row[1])).toEqual([2, 4, 8]);
    // The saved game is the Long variant (5 rounds of 2 players) after its 10 moves: over.
    const saved = runCli(['perft', tiny, '--depth', '3', '--moves', `${fixtures}/long.save.json`]);
    expect(saved.code).toBe(0);
    expect(saved.lines).toEqual(['Tiny test game (Long), 2 players, seed 3, after 10 moves', 'the game is over: no moves to count']);
    // A saved game's settings win; a flag that says otherwise is an error.
    const conflict = runCli(['perft', tiny, '--depth', '1', '--moves', `${fixtures}/long.save.json`, '--seed', '4']);
    expect(conflict.code).toBe(1);
    expect(oneLineError(conflict)).toBe('strata: the saved game has seed 3 but 4 was given');
  });

  it('reports a rule error with the moves that lead to it, in one line', () => {
    // rule-error.strata fails when its coin comes up 1: with seed 2, already on the first move.
    const r = runCli(['perft', `${fixtures}/rule-error.strata`, '--depth', '4', '--seed', '2']);
    expect(r.code).toBe(1);
    expect(oneLineError(r)).toBe(
      `strata: rule error when playing "Flip": ${fixtures}/rule-error.strata:10:7: the coin came up one`,
    );
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('refuses a bad depth, a depth too deep and an illegal recorded move in one line', () => {
    const missing = runCli(['perft', tiny]);
    expect(oneLineError(missing)).toMatch(/--depth/);
    const zero = runCli(['perft', tiny, '--depth', '0']);
    expect(oneLineError(zero)).toMatch(/"0" must be at least 1/);
    const deep = runCli(['perft', tiny, '--depth', '51']);
    expect(oneLineError(deep)).toBe('strata: --depth 51 is too deep: perft walks at most 50 moves deep');
    const illegal = runCli(['perft', tiny, '--depth', '1', '--moves', `${fixtures}/illegal.moves`]);
    expect(illegal.code).toBe(1);
    expect(oneLineError(illegal)).toMatch(/^strata: move \d+ ".*" is not legal/);
  });
});
