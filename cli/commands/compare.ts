/** `strata compare FILE --variant W [--base V] [--versus-players N]`: paired differences of two studies. */
import { CliError } from '../errors.js';
import { compileVersionsOrFail } from '../load.js';
import type { GameIR } from '../../interpreter/ir.js';
import { num } from '../format.js';
import { compareStudies, type MetricDifference } from '../analyze/compare.js';
import { analysisPage } from '../analyze/report-html.js';
import { reportLines } from '../analyze/report-text.js';
import { requireBot, runStudy, type StudyOptions } from '../analyze/run-study.js';
import type { AnalysisJson } from '../analyze/study.js';
import { summarise } from '../analyze/summary.js';
import { writeFile } from './analyze.js';

export interface CompareOptions extends StudyOptions {
  base?: string | boolean;
  versusPlayers?: number;
  json?: boolean;
  html?: string;
}

function line(d: MetricDifference): string {
  const x = d.difference;
  return `  ${d.metric.padEnd(16)} base ${num(d.base)}  difference ${num(x.mean, 3)} [${num(x.low, 3)}, ${num(x.high, 3)}]${d.paired ? ' (paired)' : ''}`;
}

/** The fewest players both versions take (a variant may change the player counts), when no --players is given. */
function sharedPlayerCount(a: GameIR, b: GameIR): number | undefined {
  const counts = (ir: GameIR): number[] => ir.players.counts ?? Array.from({ length: ir.players.max - ir.players.min + 1 }, (_, i) => ir.players.min + i);
  const theirs = new Set(counts(b));
  return counts(a).find((n) => theirs.has(n));
}

export async function compareCommand(file: string, o: CompareOptions): Promise<number> {
  const baseVariant = typeof o.base === 'string' ? o.base : undefined;
  if (o.variant === undefined && o.versusPlayers === undefined) throw new CliError('compare needs --variant NAME or --versus-players N');
  const sharing = o.players === undefined && o.variant !== undefined;
  // As before: without --players, a file that does not compile is reported before a wrong --bot.
  if (!sharing) requireBot(o.bot);
  // Both versions from one build of the file (each study compiled it again, and the shared player count twice more).
  const [baseIR, otherIR] = await compileVersionsOrFail(file, [baseVariant, o.variant ?? baseVariant]);
  const players = sharing ? sharedPlayerCount(baseIR!, otherIR!) : o.players;
  const base = await runStudy(file, { ...o, players, variant: baseVariant }, 'base', baseIR);
  const other = await runStudy(file, { ...o, variant: o.variant ?? baseVariant, players: o.versusPlayers ?? base.players }, 'variant', otherIR);
  const label = o.variant !== undefined ? o.variant : `${other.players} players`;
  const diffs = compareStudies(base, other, label);
  const both: AnalysisJson[] = [base, other].map((study) => ({ format: 'strata-analysis/1', study, summary: summarise(study) }));
  const sentences = diffs.flatMap((d) => (d.summary ? [d.summary] : []));
  if (o.json) console.log(JSON.stringify({ format: 'strata-comparison/1', base: both[0], variant: both[1], differences: diffs }, null, 2));
  else {
    for (const a of both) for (const l of reportLines(a.study, a.summary)) console.log(l);
    console.log(`differences (${label} minus ${base.variant ?? 'base game'}${base.players !== other.players ? `, ${base.players} players` : ''}), 95 % intervals:`);
    for (const d of diffs) console.log(line(d));
    console.log(sentences.length ? 'in plain words:' : 'no difference is clear at this number of games');
    for (const s of sentences) console.log(`  ${s}`);
  }
  if (o.html !== undefined) writeFile(o.html, analysisPage(both, sentences));
  return both.some((a) => a.summary.errors.length > 0) ? 1 : 0;
}
