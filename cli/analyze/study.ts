/**
 * A study's data as saved in `--json` and combined by `strata merge`: the per-game rows (what every
 * statistic is computed from), the choice and coverage counts summed over the games, and the list
 * of rules to cover. `summary.ts` derives everything else from it.
 */
import type { RuleItem } from './rules.js';
import type { StudyGame } from './play-games.js';
import type { Summary } from './summary.js';

/** What `strata analyze --json` prints (schemas/analysis.schema.json is generated from this type). */
export interface AnalysisJson {
  format: 'strata-analysis/1';
  study: StudyData;
  summary: Summary;
}

export interface GameRow {
  seed: number;
  moves: number;
  rounds: number;
  scores: number[];
  /** Players sharing first place. */
  winners: number[];
  /** The rules declared the game a draw (`draw if`); set only then. */
  draw?: true;
  leadChanges: number;
  error?: { code: string; message: string; at?: { file: string; line: number; col: number } };
}

export interface StudyData {
  file: string;
  title: string;
  variant: string | null;
  players: number;
  bot: string;
  /** Whether the flow has round blocks (lengths in rounds and lead changes by round). */
  hasRounds: boolean;
  /** Sorted by seed, each seed once. */
  games: GameRow[];
  /** Choice site `line:col` → prompt and label → times chosen. */
  choices: Record<string, { prompt: string | null; labels: Record<string, number> }>;
  /** Statement `line:col` → the number of games it ran in. */
  ran: Record<string, number>;
  rules: RuleItem[];
  /** Set when the study was stopped before every seed was played. */
  stopped?: boolean;
}

export function rowOf(g: StudyGame): GameRow {
  const row: GameRow = { seed: g.seed, moves: g.moves, rounds: g.rounds, scores: g.scores, winners: g.ranking[0] ?? [], leadChanges: g.leadChanges };
  if (g.draw) row.draw = true;
  if (g.error) row.error = g.error;
  return row;
}

/** Adds one game's choices and coverage to the study's sums. */
export function addCounts(study: StudyData, g: StudyGame, prompts: Map<string, string | null>): void {
  for (const [site, labels] of Object.entries(g.choices)) {
    const entry = (study.choices[site] ??= { prompt: prompts.get(site) ?? null, labels: {} });
    for (const [label, n] of Object.entries(labels)) entry.labels[label] = (entry.labels[label] ?? 0) + n;
  }
  for (const k of g.ran) study.ran[k] = (study.ran[k] ?? 0) + 1;
}

/** Combines studies of the same game, variant, players and bot (different seeds): `strata merge`. */
export function mergeStudies(parts: StudyData[]): StudyData {
  const [first, ...rest] = parts;
  if (!first) throw new Error('nothing to merge');
  const out: StudyData = { ...first, games: [...first.games], choices: {}, ran: { ...first.ran } };
  for (const [site, c] of Object.entries(first.choices)) out.choices[site] = { prompt: c.prompt, labels: { ...c.labels } };
  for (const p of rest) {
    for (const key of ['file', 'variant', 'players', 'bot'] as const) {
      if (p[key] !== first[key]) throw new Error(`cannot merge: ${key} differs (${String(first[key])} and ${String(p[key])})`);
    }
    out.games.push(...p.games);
    for (const [site, c] of Object.entries(p.choices)) {
      const entry = (out.choices[site] ??= { prompt: c.prompt, labels: {} });
      for (const [label, n] of Object.entries(c.labels)) entry.labels[label] = (entry.labels[label] ?? 0) + n;
    }
    for (const [k, n] of Object.entries(p.ran)) out.ran[k] = (out.ran[k] ?? 0) + n;
    if (p.stopped) out.stopped = true;
  }
  out.games.sort((a, b) => a.seed - b.seed);
  for (let i = 1; i < out.games.length; i++) {
    if (out.games[i].seed === out.games[i - 1].seed) throw new Error(`cannot merge: seed ${out.games[i].seed} is in more than one file`);
  }
  return out;
}
