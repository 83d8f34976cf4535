/**
 * A study's games gathered into StudyData, sorted by seed: what `strata analyze` (run-study.ts) and
 * the editor's Analyze panel both do with the games their workers played, so the same seeds give
 * the same numbers in both. Browser-safe (no Node imports).
 */
import { loadGame } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { roundBlockLocs } from '../../interpreter/bots/match.js';
import type { StudyGame } from './play-games.js';
import { choicePrompts, ruleItems } from './rules.js';
import { addCounts, rowOf, type StudyData } from './study.js';

/** The seeds of a study of `games` games from `seed`: seed + i (one shard: every n-th from index i). */
export function seedRange(games: number, seed: number, index = 0, of = 1): number[] {
  const seeds: number[] = [];
  for (let i = index; i < games; i += of) seeds.push(seed + i);
  return seeds;
}

export function collectStudy(file: string, ir: GameIR, players: number, bot: string, played: StudyGame[], stopped: boolean): StudyData {
  const study: StudyData = {
    file,
    title: ir.title,
    variant: ir.variant,
    players,
    bot,
    hasRounds: roundBlockLocs(loadGame(ir)).size > 0,
    games: [],
    choices: {},
    ran: {},
    rules: ruleItems(ir),
  };
  const prompts = choicePrompts(ir);
  const games = [...played].sort((a, b) => a.seed - b.seed);
  for (const g of games) {
    study.games.push(rowOf(g));
    addCounts(study, g, prompts);
  }
  // Sums of counts do not depend on the order, but keys of JSON objects do: sort them.
  study.ran = Object.fromEntries(Object.entries(study.ran).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
  study.choices = Object.fromEntries(Object.entries(study.choices).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
  if (stopped) study.stopped = true;
  return study;
}
