/**
 * The search section of `npm run bench`: how fast the search bot thinks in each game (Connect Four
 * and every bundled ruleset, base game, least player count), in iterations per CPU second and
 * decisions per CPU second at mcts:ITER with full rollouts. The positions are the decisions of one
 * seeded random game (up to eight, spread over it); each round times the bot on all of them.
 */
import { join } from 'node:path';
import { currentRoot, type Engine } from './engine.js';
import { spread } from './measure.js';
import type { BenchOptions } from './options.js';
import { fmtSpread, printRow } from './table.js';
import type { Game, State } from '../interpreter/index.js';

const files = ['test/fixtures/connect-four.strata', 'rulesets/dino-race.strata', 'rulesets/four-species.strata', 'rulesets/tiny-epic-dinosaurs.strata', 'rulesets/trias.strata', 'rulesets/triassic-terror.strata'];

/** Decisions with at least two options from one random game, at most eight, evenly spread. */
function positions(e: Engine, g: Game, players: number): State[] {
  const I = e.interpreter;
  const start = I.newGame(g, { players, seed: 1 });
  if (!start.ok) return [];
  const all: State[] = [];
  let s = start.value;
  while (!s.ended && s.pending !== null && all.length < 10_000) {
    if (s.pending.labels.length > 1) all.push(s);
    const next = I.applyAction(g, s, I.randomAction(1, s.moves.length, I.actionCount(s)));
    if (!next.ok) break;
    s = next.value;
  }
  const step = Math.max(1, Math.floor(all.length / 8));
  return all.filter((_, i) => i % step === 0).slice(0, 8);
}

function cpuSeconds(f: () => void): number {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1e6;
}

export async function searchRows(e: Engine, o: BenchOptions): Promise<void> {
  const iter = o.quick ? 10 : 20;
  const widths = [46, 26, 24];
  console.log(`\nSearch bot (mcts:${iter}, full rollouts; per CPU second, median [min–max] of ${o.rounds} rounds)`);
  printRow(['game (players, positions)', 'iterations/s', 'decisions/s'], widths);
  for (const file of files) {
    if (o.only !== undefined && !file.toLowerCase().includes(o.only.toLowerCase())) continue;
    const r = await e.dsl.compileFile(join(currentRoot, file));
    if (!r.ir) continue;
    const g = e.interpreter.loadGame(r.ir);
    const players = r.ir.players.counts?.[0] ?? r.ir.players.min;
    const at = positions(e, g, players);
    if (at.length === 0) continue;
    const perSecond: number[] = [];
    for (let round = 0; round < o.rounds; round++) {
      let decisions = 0;
      let seconds = 0;
      // At least one pass over the positions, then more until this round's share of the budget is spent.
      do {
        seconds += cpuSeconds(() => {
          for (const s of at) e.interpreter.makeBot(`mcts:${iter}`, round).act(g, s, s.pending!.player);
        });
        decisions += at.length;
      } while (seconds < o.seconds / o.rounds);
      perSecond.push(decisions / seconds);
    }
    const d = spread(perSecond);
    const it = { median: d.median * iter, min: d.min * iter, max: d.max * iter };
    printRow([`${file} (${players}p, ${at.length})`, fmtSpread(it), fmtSpread(d)], widths);
  }
}
