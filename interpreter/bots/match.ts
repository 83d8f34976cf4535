/**
 * One game between bots, recorded for statistics: the moves, the rounds, the leader after each
 * round (or each move when the flow has no rounds), the options chosen at each choice site, and
 * (when the Game has a coverage map) the statements that ran. Browser-safe: the CLI's workers and
 * an editor panel can both use it.
 */
import { resume, newGame } from '../api.js';
import type { Game } from '../context.js';
import { RuleError } from '../errors.js';
import type { Loc } from '../ir.js';
import { isDraw, rankPlayers, scoresOf } from '../ranking.js';
import type { State } from '../state.js';
import type { Bot } from './bot.js';

export interface MatchRecord {
  seed: number;
  /** Moves (choices) made; with an error, those made before it (the failing one included). */
  moves: number;
  /** Round blocks opened (0 when the flow has none). */
  rounds: number;
  scores: number[];
  /** The final ranking's groups of tied players, best first. */
  ranking: number[][];
  /** The game ended in a draw (the ranking's `draw if`): set only then. */
  draw?: true;
  /** How often the sole leader changed (from one player to another) over the game. */
  leadChanges: number;
  /** Choice site (`line:col`) → label → times chosen. */
  choices: Record<string, Record<string, number>>;
  /** `bad-setup`, `rule-error` (with its location), `too-long`, `stuck`, or `internal` (an interpreter bug). */
  error?: { code: string; message: string; at?: Loc };
}

/** Beyond this many distinct labels at one site, the rest are counted together. */
export const maxLabelsPerSite = 40;
export const otherLabels = '(other options)';

export function siteKey(at: Loc): string {
  return `${at.line}:${at.col}`;
}

/** The `at`s of the flow's round blocks: their statement runs once per round. */
export function roundBlockLocs(g: Game): Set<Loc> {
  const out = new Set<Loc>();
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) visit(y);
    else if (x !== null && typeof x === 'object') {
      const o = x as { k?: string; kind?: string; at?: Loc };
      if (o.k === 'block' && o.kind === 'round' && o.at) out.add(o.at);
      for (const v of Object.values(o)) if (typeof v === 'object') visit(v);
    }
  };
  visit([g.ir.flow, g.ir.procs, g.ir.setup]);
  return out;
}

function soleLeader(g: Game, s: State): number | null {
  try {
    const first = rankPlayers(g, s)[0];
    return first !== undefined && first.length === 1 ? first[0] : null;
  } catch {
    return null;
  }
}

/**
 * Plays a game of `bots` (one per seat) from `seed`. Rule errors end the game and are recorded;
 * anything else thrown (an interpreter bug) escapes. Rounds are counted only when `g.coverage` is on.
 */
export function playMatch(g: Game, players: number, seed: number, bots: Bot[], maxMoves: number): MatchRecord {
  const rec: MatchRecord = { seed, moves: 0, rounds: 0, scores: [], ranking: [], leadChanges: 0, choices: {} };
  const rounds = roundBlockLocs(g);
  const coverage = g.coverage;
  let before = 0;
  const roundsOpened = (): number => {
    let n = -before;
    if (coverage) for (const at of rounds) n += coverage.get(at) ?? 0;
    return n;
  };
  before = roundsOpened();
  const start = newGame(g, { players, seed });
  if (!start.ok) return { ...rec, error: start.error };
  const s = start.value;
  const byRound = rounds.size > 0 && coverage !== undefined;
  let leader: number | null = null;
  let lastRounds = roundsOpened();
  const observeLead = (): void => {
    const now = soleLeader(g, s);
    if (now === null) return;
    if (leader !== null && now !== leader) rec.leadChanges++;
    leader = now;
  };
  try {
    while (!s.ended && s.pending !== null && rec.moves < maxMoves) {
      const p = s.pending;
      // A bot's own search must not count as rules run in this game.
      g.coverage = undefined;
      let i: number;
      try {
        i = bots[p.player].act(g, s, p.player);
      } finally {
        g.coverage = coverage;
      }
      const site = (rec.choices[siteKey(p.at)] ??= {});
      const label = p.labels[i];
      const key = label in site || Object.keys(site).length < maxLabelsPerSite ? label : otherLabels;
      site[key] = (site[key] ?? 0) + 1;
      rec.moves++;
      resume(g, s, i);
      const opened = roundsOpened();
      // A new round opened: the ranking now is the ranking after the last one.
      if (!byRound || opened > lastRounds || s.ended) observeLead();
      lastRounds = opened;
    }
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { ...rec, error: { code: 'rule-error', message: e.plain, at: e.at } };
  }
  rec.rounds = roundsOpened();
  if (!s.ended) {
    const error = s.pending ? { code: 'too-long', message: `no end after ${maxMoves} moves` } : { code: 'stuck', message: 'no legal moves' };
    return { ...rec, error };
  }
  try {
    rec.scores = scoresOf(g, s);
    rec.ranking = rankPlayers(g, s);
    if (isDraw(g, s)) rec.draw = true;
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { ...rec, error: { code: 'rule-error', message: e.plain, at: e.at } };
  }
  return rec;
}
