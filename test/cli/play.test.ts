// `strata play`: replays of recorded moves, and games in the terminal with piped input.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateSavedGame } from '../../schemas/validate.js';
import { fixtures, hasStackTrace, oneLineError, runCli } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'strata-play-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const tiny = `${fixtures}/tiny.strata`;

describe('strata play --moves', () => {
  it('replays one label per line and prints the final scores', () => {
    const r = runCli(['play', tiny, '--moves', `${fixtures}/tiny.moves`, '--seed', '4']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.lines[0]).toBe('Tiny test game (base game), 2 players, seed 4');
    expect(r.stdout).toMatch(/^scores: P1 3, P2 3$/m);
    expect(r.stdout).toMatch(/^ranking: 1\. P1 P2 \(tied\)$/m);
  });

  it('replays a saved game with its variant, players and seed', () => {
    const r = runCli(['play', tiny, '--moves', `${fixtures}/long.save.json`]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toBe('Tiny test game (Long), 2 players, seed 3');
    // The file was written by hand, not saved from these rules: replayed, with a warning.
    expect(r.stderr).toMatch(/^warning: .*long\.save\.json was saved with other rules/);
    expect(r.stdout).toMatch(/^scores: P1 5, P2 5$/m);
  });

  it('refuses flags that contradict the saved game', () => {
    const r = runCli(['play', tiny, '--moves', `${fixtures}/long.save.json`, '--players', '3']);
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toBe('strata: the saved game has players 2 but 3 was given');
  });

  it('stops at the first illegal move with its index and reason', () => {
    const r = runCli(['play', tiny, '--moves', `${fixtures}/illegal.moves`]);
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toMatch(/^strata: move 2 "Fly away" is not legal: .+/);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('says when the game is not over yet', () => {
    const r = runCli(['play', tiny, '--moves', `${fixtures}/short.moves`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^after 2 moves:$/m);
    expect(r.lines.at(-1)).toBe('game not over: P1 to choose from 2 options');
    expect(r.stdout).not.toMatch(/^scores:/m);
  });

  it('checks the player count against the game', () => {
    const r = runCli(['play', tiny, '--moves', `${fixtures}/tiny.moves`, '--players', '5']);
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toBe('strata: this game takes 2..3 players, not 5');
  });
});

describe('strata play in the terminal', () => {
  it('lets a human pick numbered options against a bot', () => {
    const r = runCli(['play', tiny, '--seed', '2', '--human', '1'], { input: '1\n1\n1\n' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}1\) Take one$/m);
    expect(r.stdout).toMatch(/^ {2}2\) Flip the coin$/m);
    expect(r.stdout.match(/^P1: Take one$/gm)).toHaveLength(3);
    expect(r.stdout.match(/^P2: /gm)).toHaveLength(3);
    expect(r.stdout).toMatch(/— game over —/);
    expect(r.stdout).toMatch(/^scores: P1 3, P2 \d+$/m);
  });

  it('asks again after an input that is not an option', () => {
    const r = runCli(['play', tiny, '--seed', '2'], { input: '7\nfoo\n1\n1\n1\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"7" is not an option: type a number from 1 to 2');
    expect(r.stdout).toContain('"foo" is not an option');
    expect(r.stdout.match(/^P1: Take one$/gm)).toHaveLength(3);
  });

  it('undoes the last choice of the human', () => {
    const r = runCli(['play', tiny, '--seed', '2'], { input: 'u\n2\nu\n1\n1\n1\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('cannot undo');
    expect(r.stdout.match(/^P1: Flip the coin$/gm)).toHaveLength(1);
    expect(r.stdout.match(/^P1: Take one$/gm)).toHaveLength(3);
    expect(r.stdout).toMatch(/^scores: P1 3, P2 \d+$/m);
  });

  it('plays bots only with --human none, the same way for the same seed', () => {
    const a = runCli(['play', tiny, '--seed', '9', '--human', 'none', '--players', '3']);
    const b = runCli(['play', tiny, '--seed', '9', '--human', 'none', '--players', '3']);
    expect(a.code).toBe(0);
    expect(a.stdout.match(/^P[123]: /gm)).toHaveLength(9);
    expect(a.stdout).toBe(b.stdout);
  });

  it('saves the game with --save, and --moves replays it to the same result', () => {
    const saved = join(scratch, 'game.json');
    const played = runCli(['play', tiny, '--seed', '6', '--players', '3', '--variant', 'Long', '--human', 'none', '--save', saved]);
    expect(played.code).toBe(0);
    const game: unknown = JSON.parse(readFileSync(saved, 'utf8'));
    expect(validateSavedGame(game)).toEqual({ valid: true });
    expect(game).toMatchObject({ format: 'strata-save/1', variant: 'Long', players: 3, seed: 6 });
    const replayed = runCli(['play', tiny, '--moves', saved]);
    expect(replayed.code).toBe(0);
    // Same rules: no warning about a different ruleset.
    expect(replayed.stderr).toBe('');
    const scores = (out: string): string | undefined => out.split('\n').find((l) => l.startsWith('scores: '));
    expect(scores(replayed.stdout)).toBe(scores(played.stdout));
    expect(scores(played.stdout)).toMatch(/^scores: P1 \d+, P2 \d+, P3 \d+$/);
  });

  it('stops when the input ends before the game', () => {
    const r = runCli(['play', tiny, '--seed', '2'], { input: '1\n' });
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toBe('strata: input ended before the game did');
  });

  it('rejects seats that do not exist', () => {
    const r = runCli(['play', tiny, '--human', '4']);
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toMatch(/^strata: --human "4": expected seat numbers 1\.\.2/);
  });
});

describe('strata play: what each seat sees', () => {
  const secret = `${fixtures}/secret-pick.strata`;

  it("does not echo another player's secret choice, and takes an option by its label", () => {
    const r = runCli(['play', secret, '--human', '1'], { input: 'Guess 2\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^P2: \?$/m);
    expect(r.stdout).not.toMatch(/^P2: [123]$/m);
    expect(r.stdout).toMatch(/^P1: guess 2$/m);
  });

  it('shows the secret choice to the player who made it', () => {
    const r = runCli(['play', secret, '--human', '2'], { input: '3\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^P2: 3$/m);
  });
});
