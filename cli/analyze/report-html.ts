/**
 * `--html`: one self-contained page (no network) with Vega-Lite charts: win rates with their
 * intervals, length, margin and lead-change histograms and choice usage, one colour per study, so
 * a base game and its variant stand side by side. Vega, Vega-Lite and vega-embed are inlined.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playerName } from '../format.js';
import type { Summary } from './summary.js';
import type { StudyData } from './study.js';

interface Analysis {
  study: StudyData;
  summary: Summary;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

function library(module: string, file: string): string {
  // The packages' browser builds (UMD), which their `exports` do not list.
  const path = join(root, 'node_modules', module, file);
  // Inside a <script> element only `</script` could end it early.
  return readFileSync(path, 'utf8').replace(/<\/script/gi, '<\\/script');
}

function studyName(a: Analysis): string {
  return `${a.study.variant ?? 'base game'}, ${a.study.players} players`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

type Spec = Record<string, unknown>;

function charts(all: Analysis[]): { title: string; spec: Spec }[] {
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
  return out;
}

function margin(scores: number[]): number {
  const s = [...scores].sort((a, b) => b - a);
  return s.length > 1 ? s[0] - s[1] : 0;
}

/** The page for one study, or for a comparison (base first) with its summary lines. */
export function analysisPage(all: Analysis[], lines: string[] = []): string {
  const first = all[0];
  const title = `${first.study.title}: ${all.map(studyName).join(' vs ')}`;
  const list = charts(all);
  const divs = list.map((c, i) => `<section><h2>${escapeHtml(c.title)}</h2><div id="chart${i}"></div></section>`).join('\n');
  const specs = JSON.stringify(list.map((c) => ({ $schema: 'https://vega.github.io/schema/vega-lite/v6.json', width: 520, ...c.spec }))).replace(/</g, '\\u003c');
  const summary = lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('');
  const coverage = all
    .map((a) => `<p>${escapeHtml(studyName(a))}: ${a.summary.coverage.neverRan.length === 0 ? 'every rule ran' : `never ran: ${a.summary.coverage.neverRan.map((r) => `${r.kind} ${r.name} (line ${r.line})`).map(escapeHtml).join(', ')}`}</p>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui,sans-serif;margin:2em;max-width:60em}section{margin:1.5em 0}</style>
<script>${library('vega', 'build/vega.min.js')}</script>
<script>${library('vega-lite', 'build/vega-lite.min.js')}</script>
<script>${library('vega-embed', 'build/vega-embed.min.js')}</script>
</head><body>
<h1>${escapeHtml(title)}</h1>
<p>${all.map((a) => `${escapeHtml(studyName(a))}: ${a.summary.completed} games, bot ${escapeHtml(a.study.bot)}`).join('; ')}</p>
${summary ? `<ul>${summary}</ul>` : ''}
<h2>Rule coverage</h2>${coverage}
${divs}
<script>
const specs = ${specs};
specs.forEach((s, i) => vegaEmbed('#chart' + i, s, { actions: false, renderer: 'svg' }));
</script>
</body></html>
`;
}
