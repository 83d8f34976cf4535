/**
 * The charts of `strata analyze` / `compare` as Vega-Lite specs: win rates with their intervals,
 * length, margin and lead-change histograms and choice usage, one colour per study. Browser-safe
 * (no Node imports): the HTML report (report-html.ts) embeds them, and an editor panel can too.
 */
import { playerName } from '../../interpreter/format.js';
import type { Summary } from './summary.js';
import type { StudyData } from './study.js';

export interface Analysis {
  study: StudyData;
  summary: Summary;
}

export function studyName(a: Analysis): string {
  return `${a.study.variant ?? 'base game'}, ${a.study.players} players`;
}

type Spec = Record<string, unknown>;

/** The charts of one study or of several side by side (base first), as complete Vega-Lite specs. */
export function chartSpecs(all: Analysis[]): { title: string; spec: Spec }[] {
  const colour = { field: 'study', type: 'nominal', title: null };
  const wins = all.flatMap((a) =>
    a.summary.seats.map((s) => ({ study: studyName(a), seat: playerName(s.seat), rate: s.wins.rate, low: s.wins.low, high: s.wins.high })),
  );
  const games = all.flatMap((a) =>
    a.study.games.filter((g) => !g.error).map((g) => ({ study: studyName(a), moves: g.moves, rounds: g.rounds, leadChanges: g.leadChanges, margin: margin(g.scores) })),
  );
  const usage = all.flatMap((a) =>
    a.summary.choices.flatMap((c) => c.labels.slice(0, 12).map((l) => ({ study: studyName(a), option: `line ${c.site.split(':')[0]}: ${l.label}`, share: l.share }))),
  );
  const hist = (field: string, title: string): Spec => ({
    data: { values: games },
    mark: { type: 'bar', opacity: 0.6 },
    encoding: {
      x: { field, bin: { maxbins: 30 }, title },
      y: { aggregate: 'count', title: 'games', stack: null },
      color: colour,
    },
  });
  const out = [
    {
      title: 'Win rate by seat (95 % intervals)',
      spec: {
        data: { values: wins },
        encoding: { x: { field: 'seat', type: 'nominal' }, xOffset: { field: 'study' }, color: colour },
        layer: [
          { mark: 'bar', encoding: { y: { field: 'rate', type: 'quantitative', title: 'share of first places', axis: { format: '%' } } } },
          { mark: { type: 'rule', color: 'black' }, encoding: { y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } } },
        ],
      },
    },
    { title: 'Game length (moves)', spec: hist('moves', 'moves') },
    { title: 'Margin of victory', spec: hist('margin', "winner's score minus runner-up's") },
    { title: 'Lead changes per game', spec: hist('leadChanges', 'lead changes') },
    {
      title: 'Choice usage (share of each choice site)',
      spec: {
        data: { values: usage },
        mark: 'bar',
        encoding: {
          y: { field: 'option', type: 'nominal', sort: null, title: null },
          yOffset: { field: 'study' },
          x: { field: 'share', type: 'quantitative', axis: { format: '%' } },
          color: colour,
        },
      },
    },
  ];
  if (all.some((a) => a.study.hasRounds)) out.splice(2, 0, { title: 'Game length (rounds)', spec: hist('rounds', 'rounds') });
  return out.map((c) => ({ title: c.title, spec: { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', width: 520, ...c.spec } }));
}

function margin(scores: number[]): number {
  const s = [...scores].sort((a, b) => b - a);
  return s.length > 1 ? s[0] - s[1] : 0;
}
