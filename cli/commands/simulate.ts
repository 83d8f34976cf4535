/** `strata simulate FILE --games N`: seeded random-bot games (game i uses seed S+i) and their statistics. */
import { performance } from 'node:perf_hooks';
import { columns, formatLoc, num, playerName, plural } from '../format.js';
import { loadOrFail, playerCount } from '../load.js';
import { messages } from '../messages.js';
import { progress } from '../progress.js';
import { rateText } from '../analyze/report-text.js';
import { simulatedGame } from '../playout.js';
import type { GameOutcome } from '../playout.js';
import { summarise } from '../simulate-stats.js';
import type { SimulationSummary, Spread } from '../simulate-stats.js';

export interface SimulateOptions {
  games: number;
  players?: number;
  seed: number;
  variant?: string;
  json?: boolean;
}

function spreadText(s: Spread | null): string {
  return s ? `min ${num(s.min)}  mean ${num(s.mean)}  max ${num(s.max)}` : '-';
}

/** `draws`: the game declares a draw (`draw if`), so its draw rate is shown. */
function printSummary(s: SimulationSummary, draws: boolean): void {
  const variant = s.variant ?? 'base game';
  console.log(`${s.file} (${variant}): ${plural(s.games, 'game')} of ${s.players} players, seeds ${s.seeds.first}..${s.seeds.last}`);
  console.log(`  ${s.completed} completed; win rates with 95 % intervals (Wilson)`);
  const seats = s.wins.map((w, p) => [
    playerName(p),
    `wins ${num(w)} of ${s.completed}: ${rateText(s.winRates[p])}`,
    `score ${spreadText(s.scores[p] ?? null)}`,
  ]);
  for (const line of columns(seats)) console.log(`  ${line}`);
  if (draws) console.log(`  draws ${s.draws.count} of ${s.completed}: ${rateText(s.draws)} (a draw counts 1/${s.players} of a win for each seat)`);
  console.log(`  length (moves): ${spreadText(s.length)}`);
  console.log(`  ${num(s.gamesPerSecond, 1)} games/s (${num(s.seconds, 2)} s)`);
  console.log(`  ${plural(s.errors.length, 'error')}`);
  for (const e of s.errors) {
    const where = e.at ? `${formatLoc(e.at)}: ` : '';
    console.log(`    ${messages.failedAfter(e.seed, e.moves)}: ${where}${e.code}: ${e.message}`);
  }
}

export async function simulateCommand(file: string, o: SimulateOptions): Promise<number> {
  const { ir, game } = await loadOrFail(file, o.variant);
  const players = playerCount(ir, o.players);
  const outcomes: GameOutcome[] = [];
  const bar = progress('simulate', o.games);
  const started = performance.now();
  for (let i = 0; i < o.games; i++) {
    outcomes.push(simulatedGame(game, players, o.seed + i));
    bar.tick(i + 1);
  }
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  const summary = summarise({ file, variant: ir.variant, players, firstSeed: o.seed }, outcomes, seconds);
  if (o.json) console.log(JSON.stringify(summary, null, 2));
  else printSummary(summary, ir.drawIf !== undefined);
  return summary.errors.length > 0 ? 1 : 0;
}
