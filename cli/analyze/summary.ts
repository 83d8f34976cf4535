/** The statistics of one study, from its game rows: every rate with its 95 % interval and n. */
import { histogram, meanOf, quantile, wilson, type Histogram, type Mean, type Rate } from './stats.js';
import { neverRan, type RuleItem } from './rules.js';
import type { GameRow, StudyData } from './study.js';

export interface Distribution extends Mean {
  min: number;
  median: number;
  max: number;
  histogram: Histogram;
}

export interface Summary {
  games: number;
  completed: number;
  errors: (NonNullable<GameRow['error']> & { seed: number; moves: number })[];
  /** Each seat's share of first places (a k-way tie counts 1/k) and its final score. */
  seats: { seat: number; wins: Rate; score: Mean }[];
  /** Games whose first place was shared (draws included). */
  draws: Rate;
  /** Games the rules declared a draw (`draw if`). */
  declaredDraws: Rate;
  /** Seat 1's win rate against the fair share 1/players: `excess` = rate - 1/players, with its interval. */
  firstPlayer: { fair: number; excess: number; low: number; high: number };
  moves: Distribution;
  rounds: Distribution | null;
  /** Winner's score minus the runner-up's (a tie for first gives 0). */
  margin: Distribution | null;
  /** Highest final score minus the lowest. */
  spread: Distribution | null;
  leadChanges: Distribution;
  choices: { site: string; prompt: string | null; total: number; labels: { label: string; count: number; share: number }[] }[];
  coverage: { rules: number; neverRan: Omit<RuleItem, 'statements'>[] };
}

function distribution(xs: number[]): Distribution {
  const m = meanOf(xs);
  return {
    ...m,
    min: xs.length ? Math.min(...xs) : 0,
    median: quantile(xs, 0.5),
    max: xs.length ? Math.max(...xs) : 0,
    histogram: histogram(xs),
  };
}

/** Winner's margin and the spread of one finished game's scores. */
function margins(scores: number[]): { margin: number; spread: number } {
  const sorted = [...scores].sort((a, b) => b - a);
  return { margin: sorted[0] - (sorted[1] ?? sorted[0]), spread: sorted[0] - sorted[sorted.length - 1] };
}

export function summarise(d: StudyData): Summary {
  const done = d.games.filter((g) => !g.error);
  const n = done.length;
  const seats = Array.from({ length: d.players }, (_, seat) => {
    let wins = 0;
    for (const g of done) if (g.winners.includes(seat)) wins += 1 / g.winners.length;
    return { seat, wins: wilson(wins, n), score: meanOf(done.map((g) => g.scores[seat] ?? 0)) };
  });
  const fair = 1 / d.players;
  const first = seats[0].wins;
  const m = done.filter((g) => g.scores.length > 1).map((g) => margins(g.scores));
  const choices = Object.entries(d.choices)
    .map(([site, c]) => {
      const total = Object.values(c.labels).reduce((a, b) => a + b, 0);
      const labels = Object.entries(c.labels)
        .map(([label, count]) => ({ label, count, share: total ? count / total : 0 }))
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
      return { site, prompt: c.prompt, total, labels };
    })
    .sort((a, b) => Number(a.site.split(':')[0]) - Number(b.site.split(':')[0]));
  return {
    games: d.games.length,
    completed: n,
    errors: d.games.flatMap((g) => (g.error ? [{ ...g.error, seed: g.seed, moves: g.moves }] : [])),
    seats,
    draws: wilson(done.filter((g) => g.winners.length > 1).length, n),
    declaredDraws: wilson(done.filter((g) => g.draw === true).length, n),
    firstPlayer: { fair, excess: first.rate - fair, low: first.low - fair, high: first.high - fair },
    moves: distribution(done.map((g) => g.moves)),
    rounds: d.hasRounds ? distribution(done.map((g) => g.rounds)) : null,
    margin: m.length ? distribution(m.map((x) => x.margin)) : null,
    spread: m.length ? distribution(m.map((x) => x.spread)) : null,
    leadChanges: distribution(done.map((g) => g.leadChanges)),
    choices,
    coverage: { rules: d.rules.length, neverRan: neverRan(d.rules, d.ran).map(({ statements: _s, ...item }) => item) },
  };
}
