/**
 * Plays the games of a study: one per seed, every seat the same kind of bot (each seeded from the
 * game's seed and its seat), with the VM's rule coverage on. Used by the worker threads and, with
 * one worker, in the main thread: the same code either way.
 */
import { loadGame, makeBot, type Game } from '../../interpreter/index.js';
import type { GameIR, Loc } from '../../interpreter/ir.js';
import { playMatch, type MatchRecord } from '../../interpreter/bots/match.js';
import { locKey } from './rules.js';

/** A game longer than this is taken to be a loop in the rules (each move is one choice). */
export const maxMovesPerGame = 100_000;

export interface StudyGame extends MatchRecord {
  /** `line:col` of every statement that ran in this game. */
  ran: string[];
}

export interface Task {
  ir: GameIR;
  players: number;
  bot: string;
}

/** The seed of seat `p`'s bot in the game played with `seed`. */
export function botSeed(seed: number, p: number): number {
  return (Math.imul(seed, 0x9e3779b1) + Math.imul(p + 1, 0x632be5ab)) >>> 0;
}

export function gamePlayer(task: Task): (seed: number) => StudyGame {
  const g: Game = loadGame(task.ir);
  return (seed) => {
    const coverage = new Map<Loc, number>();
    g.coverage = coverage;
    const bots = Array.from({ length: task.players }, (_, p) => makeBot(task.bot, botSeed(seed, p)));
    let rec: MatchRecord;
    try {
      rec = playMatch(g, task.players, seed, bots, maxMovesPerGame);
    } catch (e) {
      rec = { seed, moves: 0, rounds: 0, scores: [], ranking: [], leadChanges: 0, choices: {}, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } };
    } finally {
      g.coverage = undefined;
    }
    const ran = new Set<string>();
    for (const at of coverage.keys()) ran.add(locKey(at));
    return { ...rec, ran: [...ran] };
  };
}
