/**
 * `strata compare`: two studies over the same seeds and bots, metric by metric. With the same
 * player count each game is paired with its twin (same seed) and the differences are averaged;
 * across player counts the samples are independent (Welch). A plain sentence is written for each
 * difference whose 95 % interval excludes zero.
 */
import { playerName } from '../../interpreter/format.js';
import { num } from '../number-text.js';
import { excludesZero, pairedDifference, unpairedDifference, type Mean } from './stats.js';
import type { GameRow, StudyData } from './study.js';

export interface MetricDifference {
  metric: string;
  /** Mean of the base study (over the games used). */
  base: number;
  /** variant - base, with its 95 % interval. */
  difference: Mean;
  paired: boolean;
  /** The sentence, when the interval excludes zero. */
  summary: string | null;
}

function winShare(g: GameRow, seat: number): number {
  return g.winners.includes(seat) ? 1 / g.winners.length : 0;
}

function margin(g: GameRow): number {
  const s = [...g.scores].sort((a, b) => b - a);
  return s.length > 1 ? s[0] - s[1] : 0;
}

interface Metric {
  name: string;
  of: (g: GameRow) => number;
  /** The sentence for a difference d (with half-width h) against base mean b. */
  say: (d: number, h: number, b: number) => string;
}

const pm = (d: number, h: number, digits = 1): string => `${num(Math.abs(d), digits)} ± ${num(h, digits)}`;
const relative = (what: string, more: string, less: string) => (d: number, h: number, b: number): string =>
  b !== 0 ? `${what} ${pm((100 * d) / b, (100 * h) / Math.abs(b))} % ${d > 0 ? more : less}` : `${what} ${pm(d, h)} ${d > 0 ? more : less}`;

function metrics(a: StudyData, b: StudyData): Metric[] {
  const list: Metric[] = [
    { name: 'moves', of: (g) => g.moves, say: relative('games', 'longer (moves)', 'shorter (moves)') },
    { name: 'margin', of: margin, say: (d, h) => `margin of victory ${pm(d, h)} points ${d > 0 ? 'wider' : 'narrower'}` },
    { name: 'leadChanges', of: (g) => g.leadChanges, say: (d, h) => `the lead changes ${pm(d, h, 2)} times ${d > 0 ? 'more' : 'less'} often per game` },
    { name: 'draws', of: (g) => Number(g.winners.length > 1), say: (d, h) => `first place shared ${pm(100 * d, 100 * h)} points ${d > 0 ? 'more' : 'less'} often` },
  ];
  if (a.hasRounds && b.hasRounds) list.splice(1, 0, { name: 'rounds', of: (g) => g.rounds, say: relative('games', 'longer (rounds)', 'shorter (rounds)') });
  if (a.players === b.players) {
    for (let p = 0; p < a.players; p++) {
      list.push({ name: `wins:${playerName(p)}`, of: (g) => winShare(g, p), say: (d, h) => `seat ${p + 1} wins ${pm(100 * d, 100 * h)} points ${d > 0 ? 'more' : 'less'} often` });
    }
  } else {
    // Seats differ in number: compare seat 1's edge over its fair share.
    list.push({
      name: 'firstPlayerEdge',
      of: (g) => winShare(g, 0) - 1 / g.scores.length,
      say: (d, h) => `seat 1's edge over a fair share ${d > 0 ? 'grows' : 'shrinks'} by ${pm(100 * d, 100 * h)} points`,
    });
  }
  return list;
}

export function compareStudies(base: StudyData, variant: StudyData, label: string): MetricDifference[] {
  const paired = base.players === variant.players;
  const ok = (g: GameRow): boolean => !g.error;
  let a: GameRow[];
  let b: GameRow[];
  if (paired) {
    const bySeed = new Map(variant.games.filter(ok).map((g) => [g.seed, g]));
    a = base.games.filter((g) => ok(g) && bySeed.has(g.seed));
    b = a.map((g) => bySeed.get(g.seed)!);
  } else {
    a = base.games.filter(ok);
    b = variant.games.filter(ok);
  }
  return metrics(base, variant).map((m) => {
    const xs = a.map(m.of);
    const ys = b.map(m.of);
    const difference = paired ? pairedDifference(xs, ys) : unpairedDifference(xs, ys);
    const baseMean = xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0;
    const half = (difference.high - difference.low) / 2;
    const summary = excludesZero(difference) ? `${label}: ${m.say(difference.mean, half, baseMean)}` : null;
    return { metric: m.name, base: baseMean, difference, paired, summary };
  });
}
