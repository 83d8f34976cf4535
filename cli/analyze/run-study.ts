/**
 * One study, as `strata analyze` and `strata compare` run it: compile, play the seeds on the worker
 * pool with a progress bar on stderr (Ctrl-C stops and keeps the finished games), and collect the
 * games into StudyData.
 */
import { availableParallelism } from 'node:os';
import { CliError } from '../errors.js';
import { compileOrFail, playerCount } from '../load.js';
import { progress } from '../progress.js';
import { runGames } from './pool.js';
import { collectStudy, seedRange } from './collect.js';
import type { StudyData } from './study.js';
import type { GameIR } from '../../interpreter/ir.js';
import { parseBotSpec } from '../../interpreter/index.js';

export interface StudyOptions {
  variant?: string;
  players?: number;
  games: number;
  bot: string;
  seed: number;
  workers?: number;
  /** `i/n`: only the seeds whose index i' has i' mod n = i - 1. */
  shard?: string;
}

/** The seeds of a study: seed + i for i in 0..games-1, or one shard of them. */
export function studySeeds(o: Pick<StudyOptions, 'games' | 'seed' | 'shard'>): number[] {
  let index = 0;
  let of = 1;
  if (o.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(o.shard.trim());
    if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new CliError(`--shard must be i/n with 1 <= i <= n, not "${o.shard}"`);
    index = Number(m[1]) - 1;
    of = Number(m[2]);
  }
  return seedRange(o.games, o.seed, index, of);
}

/** Fails on a `--bot` that is not random or mcts:ITER. */
export function requireBot(bot: string): void {
  if (parseBotSpec(bot) === null) throw new CliError(`--bot must be random or mcts:ITER (ITER from 1 to 1000000), not "${bot}"`);
}

/** `compiled`: the IR of `o.variant`, when the caller has compiled it already. */
export async function runStudy(file: string, o: StudyOptions, label = 'analyze', compiled?: GameIR): Promise<StudyData> {
  requireBot(o.bot);
  const ir = compiled ?? (await compileOrFail(file, o.variant)).ir;
  const players = playerCount(ir, o.players);
  const seeds = studySeeds(o);
  const workers = Math.max(1, Math.min(o.workers ?? availableParallelism(), seeds.length));
  const bar = progress(label, seeds.length);
  const stop: { stopped: boolean; stop?: () => void } = { stopped: false };
  const onInt = (): void => {
    stop.stopped = true;
    stop.stop?.();
  };
  process.once('SIGINT', onInt);
  let run;
  try {
    run = await runGames({ ir, players, bot: o.bot }, seeds, workers, bar.tick, stop);
  } finally {
    process.off('SIGINT', onInt);
    bar.stop();
  }
  return collectStudy(file, ir, players, o.bot, run.games, run.stopped);
}
