/**
 * `--html`: one self-contained page (no network) with Vega-Lite charts: win rates with their
 * intervals, length, margin and lead-change histograms and choice usage, one colour per study, so
 * a base game and its variant stand side by side. Vega, Vega-Lite and vega-embed are inlined.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chartSpecs, studyName, type Analysis } from './charts.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

function library(module: string, file: string): string {
  // The packages' browser builds (UMD), which their `exports` do not list.
  const path = join(root, 'node_modules', module, file);
  // Inside a <script> element only `</script` could end it early.
  return readFileSync(path, 'utf8').replace(/<\/script/gi, '<\\/script');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** The page for one study, or for a comparison (base first) with its summary lines. */
export function analysisPage(all: Analysis[], lines: string[] = []): string {
  const first = all[0];
  const title = `${first.study.title}: ${all.map(studyName).join(' vs ')}`;
  const list = chartSpecs(all);
  const divs = list.map((c, i) => `<section><h2>${escapeHtml(c.title)}</h2><div id="chart${i}"></div></section>`).join('\n');
  const specs = JSON.stringify(list.map((c) => c.spec)).replace(/</g, '\\u003c');
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
