/**
 * The Analyze panel's comparison, without the page: two studies (the open variant against its base,
 * or one player count against another) played on web workers with the same seeds and bots, then
 * gathered, summarised and compared by the CLI's own code (cli/analyze/: collect, summary,
 * compare), so the panel shows what `strata compare` prints for the same seeds.
 */
import { collectStudy, seedRange } from '../../../cli/analyze/collect.js';
import { compareStudies, type MetricDifference } from '../../../cli/analyze/compare.js';
import type { Analysis } from '../../../cli/analyze/charts.js';
import { summarise } from '../../../cli/analyze/summary.js';
import { parseBotSpec } from '../../../interpreter/index.js';
import type { GameIR } from '../../../interpreter/ir.js';
import { runInWorkers, type GamePool } from './worker-pool.js';

export interface ComparisonPlan {
  /** The file's name, as the studies record it. */
  file: string;
  base: { ir: GameIR; players: number };
  other: { ir: GameIR; players: number };
  games: number;
  seed: number;
  bot: string;
  workers: number;
}

export interface Comparison {
  base: Analysis;
  other: Analysis;
  /** What `strata compare` calls the other side: its variant, or `N players`. */
  label: string;
  differences: MetricDifference[];
  stopped: boolean;
}

/** The label `strata compare` gives the other side (cli/commands/compare.ts). */
export function comparisonLabel(plan: Pick<ComparisonPlan, 'base' | 'other'>): string {
  return plan.other.ir.variant !== plan.base.ir.variant && plan.other.ir.variant !== null ? plan.other.ir.variant : `${plan.other.players} players`;
}

/** Why a plan cannot run, or null. */
export function planProblem(plan: ComparisonPlan): string | null {
  if (parseBotSpec(plan.bot) === null) return `the bot must be random or mcts:ITER, not "${plan.bot}"`;
  if (!Number.isInteger(plan.games) || plan.games < 2 || plan.games > 100_000) return 'games must be a whole number from 2 to 100000';
  if (!Number.isInteger(plan.seed) || plan.seed < 0) return 'the seed must be a whole number';
  return null;
}

/**
 * Runs both studies one after the other; `onProgress(done, total)` after each game. `stop()` keeps
 * the games that finished (a study stopped early is marked so, as in the CLI).
 */
export function runComparison(plan: ComparisonPlan, onProgress: (done: number, total: number) => void): { done: Promise<Comparison>; stop(): void } {
  const seeds = seedRange(plan.games, plan.seed);
  const total = 2 * seeds.length;
  let current: GamePool | null = null;
  let stopped = false;
  const side = async (which: ComparisonPlan['base'], offset: number): Promise<Analysis> => {
    const task = { ir: which.ir, players: which.players, bot: plan.bot };
    if (stopped) return analysis(plan, which, [], true);
    current = runInWorkers(task, seeds, plan.workers, (n) => onProgress(offset + n, total));
    const run = await current.done;
    return analysis(plan, which, run.games, run.stopped);
  };
  const done = (async (): Promise<Comparison> => {
    const base = await side(plan.base, 0);
    const other = await side(plan.other, seeds.length);
    const label = comparisonLabel(plan);
    return { base, other, label, differences: compareStudies(base.study, other.study, label), stopped: base.study.stopped === true || other.study.stopped === true };
  })();
  return {
    done,
    stop() {
      stopped = true;
      current?.stop();
    },
  };
}

function analysis(plan: ComparisonPlan, which: ComparisonPlan['base'], games: Parameters<typeof collectStudy>[4], stopped: boolean): Analysis {
  const study = collectStudy(plan.file, which.ir, which.players, plan.bot, games, stopped);
  return { study, summary: summarise(study) };
}
