/**
 * `npm run bench:bots`: the search bot against random bots in Connect Four (test/fixtures) and
 * every bundled ruleset (base game, least player count): its share of first places with a 95 %
 * Wilson interval against the fair share 1/players, and its time per move. The search seat
 * rotates, so no seat's advantage is counted as the bot's. BOT_GAMES and BOT_ITER (ITER or
 * ITER:DEPTH, see parseBotSpec) set the size;
 * BOT_SECONDS stops starting new games of a file after that many seconds (slow games: the interval
 * is then reported for the games that finished, with their number).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile } from '../dsl/index.js';
import { loadGame, makeBot, type Bot, type Game, type State } from '../interpreter/index.js';
import { playMatch } from '../interpreter/bots/match.js';
import { wilson } from '../cli/analyze/stats.js';

const GAMES = Number(process.env.BOT_GAMES ?? 20);
const ITER = process.env.BOT_ITER ?? '100';
const SECONDS = Number(process.env.BOT_SECONDS ?? Infinity);
const root = join(import.meta.dirname, '..');
const only = process.argv.slice(2);

/** Wraps a bot to measure the time it thinks. */
function timed(bot: Bot, clock: { ms: number; moves: number }): Bot {
  return {
    name: bot.name,
    act(g: Game, s: State, seat: number): number {
      const t = performance.now();
      const a = bot.act(g, s, seat);
      clock.ms += performance.now() - t;
      clock.moves++;
      return a;
    },
  };
}

const files = [join(root, 'test/fixtures/connect-four.strata'), ...readdirSync(join(root, 'rulesets')).filter((f) => f.endsWith('.strata')).sort().map((f) => join(root, 'rulesets', f))];
console.log(`mcts:${ITER} against random, ${GAMES} games per game file (search seat rotating)\n`);
for (const file of files) {
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue;
  const r = await compileFile(file);
  if (!r.ir) continue;
  const g = loadGame(r.ir);
  const players = r.ir.players.counts?.[0] ?? r.ir.players.min;
  const clock = { ms: 0, moves: 0 };
  let wins = 0;
  let errors = 0;
  let played = 0;
  const began = performance.now();
  for (let i = 0; i < GAMES && (performance.now() - began) / 1000 < SECONDS; i++) {
    played++;
    const seat = i % players;
    const bots = Array.from({ length: players }, (_, p) => (p === seat ? timed(makeBot(`mcts:${ITER}`, 1000 + i), clock) : makeBot('random', 2000 + 31 * i + p)));
    const rec = playMatch(g, players, i + 1, bots, 100_000);
    if (rec.error) {
      errors++;
      continue;
    }
    const first = rec.ranking[0] ?? [];
    if (first.includes(seat)) wins += 1 / first.length;
    // Progress on stderr, so a run stopped early still shows what finished.
    if (process.env.BOT_PROGRESS) console.error(`${file.slice(root.length + 1)} game ${i + 1}: search seat ${seat + 1}, first place ${first.map((p) => p + 1).join('=')}, ${rec.moves} moves`);
  }
  const w = wilson(wins, played - errors);
  const name = file.slice(root.length + 1);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const verdict = w.low > 1 / players ? 'beats random' : 'not shown';
  console.log(
    `${name.padEnd(40)} ${players}p  wins ${pct(w.rate)} [${pct(w.low)}, ${pct(w.high)}] of ${w.n} vs fair ${pct(1 / players)}: ${verdict};  ${(clock.ms / Math.max(1, clock.moves)).toFixed(1)} ms/move, ${((performance.now() - began) / 1000).toFixed(0)} s${errors ? `; ${errors} errors` : ''}`,
  );
}
