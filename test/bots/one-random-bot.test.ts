// One random bot everywhere: `strata play` with bots only, `strata simulate`, the library's
// playout and the editor's playtest bot play the same game for the same seed.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFile } from '../../dsl/index.js';
import { botMove } from '../../editor/src/play/bot.js';
import { apply, legalMoves, loadGame, newGame, randomPlayout, scores, type Game } from '../../interpreter/index.js';
import { randomAction } from '../../interpreter/bots/random.js';
import { nextInt, seedWords } from '../../interpreter/rng.js';
import { runCli } from '../cli/run-cli.js';

const file = 'test/fixtures/cli/tiny.strata';

async function tiny(): Promise<Game> {
  const r = await compileFile(file);
  return loadGame(r.ir!);
}

/** The editor's way: ask the playtest bot for a move at each move number. */
function editorGame(g: Game, seed: number): string[] {
  let s = newGame(g, { players: 2, seed });
  if (!s.ok) throw new Error(s.error.message);
  let state = s.value;
  while (!state.ended) {
    const m = botMove(legalMoves(g, state), seed, state.moves.length)!;
    const next = apply(g, state, m);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  return state.moves;
}

describe('the one random bot', () => {
  it('draws every option about equally often and depends only on seed, move number and count', () => {
    const counts = [0, 0, 0];
    for (let m = 0; m < 3000; m++) counts[randomAction(9, m, 3)]++;
    // Each count is Binomial(3000, 1/3): mean 1000, sd 25.8; 4.5 sd either side.
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(116);
    expect(randomAction(9, 17, 5)).toBe(randomAction(9, 17, 5));
    expect(randomAction(9, 17, 1)).toBe(0);
  });

  it('draws what the interpreter\'s generator draws from the move\'s seed (its words kept in locals)', () => {
    // The pick as first written: the move's seed through rng.ts (seeding, 12 warm-up draws, one draw).
    const moveSeed = (seed: number, m: number): number => {
      let z = (Math.imul(seed >>> 0, 0x9e3779b1) + Math.imul(m + 1, 0x85ebca6b)) >>> 0;
      z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
      z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
      return (z ^ (z >>> 16)) >>> 0;
    };
    const seeds = [0, 1, 2, 3, 41, 1000, 2 ** 31 - 1, -1, -7, 4294967295, 123456789];
    let checked = 0;
    for (const seed of seeds) {
      for (let m = 0; m < 300; m++) {
        for (const count of [2, 3, 7, 9, 225, 1000, 2 ** 31]) {
          expect(randomAction(seed, m, count)).toBe(nextInt(seedWords(moveSeed(seed, m)), count));
          checked++;
        }
      }
    }
    expect(checked).toBe(seeds.length * 300 * 7);
  });

  it('plays the same moves in the library playout, the editor, `strata play` and `strata simulate`', async () => {
    const g = await tiny();
    const dir = mkdtempSync(join(tmpdir(), 'strata-bot-'));
    for (const seed of [3, 11, 12, 40]) expect(editorGame(g, seed)).toEqual(randomPlayout(g, 2, seed).moves);
    // The command line (two processes: kept to one seed).
    const seed = 11;
    const lib = randomPlayout(g, 2, seed);
    const save = join(dir, `game-${seed}.json`);
    const play = runCli(['play', file, '--human', 'none', '--seed', String(seed), '--save', save]);
    expect(play.code).toBe(0);
    expect((JSON.parse(readFileSync(save, 'utf8')) as { moves: string[] }).moves).toEqual(lib.moves);
    const sim = runCli(['simulate', file, '--games', '1', '--seed', String(seed), '--json']);
    const summary = JSON.parse(sim.stdout) as { scores: { mean: number }[] };
    expect(summary.scores.map((x) => x.mean)).toEqual(scores(g, lib.state));
  });
});
