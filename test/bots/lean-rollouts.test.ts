// The search bot's rollouts run on the lean path (as random playouts do) and play the same games as
// before they did: the recorded games (test/fixtures/bots/recorded-games.json, made at 6814973 with
// rollouts on `resume` and full pending choices) come out move for move, in games with hidden cards
// and simultaneous blocks, with full rollouts and with rollouts cut short.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileFile } from '../../dsl/index.js';
import { applyAction, loadGame, makeBot, mctsBot, newGame, type Bot, type Game, type State } from '../../interpreter/index.js';

interface Recorded {
  file: string;
  bot: string;
  players: number;
  seed: number;
  botSeeds: number[];
  decisions: number;
  moves: string[];
}

const recorded = (JSON.parse(readFileSync('test/fixtures/bots/recorded-games.json', 'utf8')) as { games: Recorded[] }).games;

async function load(file: string): Promise<Game> {
  const r = await compileFile(file);
  if (!r.ir) throw new Error(`${file} does not compile`);
  return loadGame(r.ir);
}

/** Every seat played by its bot until `decisions` choices of two or more options (as recorded). */
function play(g: Game, players: number, seed: number, bots: Bot[], decisions: number): State {
  const start = newGame(g, { players, seed });
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value;
  let decided = 0;
  while (!s.ended && s.pending !== null && decided < decisions) {
    const seat = s.pending.player;
    if (s.pending.labels.length > 1) decided++;
    const next = applyAction(g, s, bots[seat].act(g, s, seat));
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return s;
}

describe('the search bot on lean rollouts', () => {
  it('covers hidden cards, simultaneous blocks and cut rollouts', () => {
    const files = recorded.map((r) => r.file);
    expect(files).toContain('rulesets/tiny-epic-dinosaurs.strata');
    expect(files).toContain('rulesets/triassic-terror.strata');
    expect(recorded.some((r) => r.bot.split(':').length === 3)).toBe(true);
  });

  for (const r of recorded) {
    it(`plays the recorded game of ${r.file} with ${r.bot}`, async () => {
      const g = await load(r.file);
      const s = play(g, r.players, r.seed, r.botSeeds.map((b) => makeBot(r.bot, b)), r.decisions);
      expect(s.moves).toEqual(r.moves);
    });
  }

  it('gives a rollout policy the number of options, and one that reads labels still works', async () => {
    const g = await load('rulesets/tiny-epic-dinosaurs.strata');
    let calls = 0;
    let mismatches = 0;
    // Reads the choice's labels (a lean choice makes them when read) and takes the last option.
    const bot = mctsBot(5, {
      iterations: 3,
      rolloutMoves: 20,
      rollout: (_g, s, _words, count) => {
        calls++;
        if (s.pending!.labels.length !== count) mismatches++;
        return count - 1;
      },
    });
    const s = play(g, 2, 4, [bot, bot], 4);
    expect(calls).toBeGreaterThan(0);
    expect(mismatches).toBe(0);
    expect(s.moves.length).toBeGreaterThan(0);
  });
});
