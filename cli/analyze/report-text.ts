/** `strata analyze` as text: one line per statistic, rates with their 95 % intervals and n. */
import { columns, formatLoc, num, playerName, plural } from '../format.js';
import { messages } from '../messages.js';
import { pct, rateText } from '../number-text.js';
import type { Distribution, Summary } from './summary.js';
import type { StudyData } from './study.js';

export { pct, rateText };

function distText(d: Distribution | null): string {
  if (!d || d.n === 0) return '-';
  return `mean ${num(d.mean)} [${num(d.low)}, ${num(d.high)}]  min ${num(d.min)}  median ${num(d.median)}  max ${num(d.max)}`;
}

export function studyHeading(d: StudyData): string {
  const seeds = d.games.length ? `seeds ${d.games[0].seed}..${d.games[d.games.length - 1].seed}` : 'no games';
  return `${d.file} (${d.variant ?? 'base game'}): ${plural(d.games.length, 'game')} of ${d.players} players, bot ${d.bot}, ${seeds}`;
}

export function reportLines(d: StudyData, s: Summary): string[] {
  const out = [studyHeading(d)];
  if (d.stopped) out.push('  stopped early: the statistics cover the games that finished');
  out.push(`  ${s.completed} completed; intervals are 95 %`);
  const seats = s.seats.map((x) => [playerName(x.seat), `wins ${rateText(x.wins)}`, `score mean ${num(x.score.mean)} [${num(x.score.low)}, ${num(x.score.high)}]`]);
  for (const line of columns(seats)) out.push(`  ${line}`);
  out.push(`  shared first place: ${rateText(s.draws)}`);
  out.push(`  draws (the rules' \`draw if\`): ${rateText(s.declaredDraws)}`);
  const f = s.firstPlayer;
  out.push(`  first player: ${f.excess >= 0 ? '+' : ''}${num(100 * f.excess, 1)} points over the fair ${pct(f.fair)} [${num(100 * f.low, 1)}, ${num(100 * f.high, 1)}]`);
  out.push(`  length (moves): ${distText(s.moves)}`);
  if (s.rounds) out.push(`  length (rounds): ${distText(s.rounds)}`);
  out.push(`  margin of victory: ${distText(s.margin)}`);
  out.push(`  score spread (best - worst): ${distText(s.spread)}`);
  out.push(`  lead changes (${d.hasRounds ? 'after each round' : 'after each move'}): ${distText(s.leadChanges)}`);
  out.push('  choices:');
  for (const c of s.choices) {
    const top = c.labels.slice(0, 6).map((l) => `${l.label} ${pct(l.share)}`).join(', ');
    const more = c.labels.length > 6 ? `, … ${c.labels.length - 6} more` : '';
    out.push(`    line ${c.site.split(':')[0]}${c.prompt ? ` "${c.prompt}"` : ''} (${c.total}): ${top}${more}`);
  }
  const dead = s.coverage.neverRan;
  out.push(`  rule coverage: ${s.coverage.rules - dead.length} of ${s.coverage.rules} rules ran; ${dead.length === 0 ? 'every rule ran' : 'never ran:'}`);
  for (const r of dead) out.push(`    ${formatLoc({ file: r.file ?? d.file, line: r.line, col: r.col })}: ${r.kind} ${r.name}`);
  out.push(`  ${plural(s.errors.length, 'error')}`);
  for (const e of s.errors) {
    const where = e.at ? `${formatLoc(e.at)}: ` : '';
    out.push(`    ${messages.failedAfter(e.seed, e.moves)}: ${where}${e.code}: ${e.message}`);
  }
  return out;
}
