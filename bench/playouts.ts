/**
 * The playout sections of `npm run bench`: Strata against hand-written code, every bundled ruleset
 * (against the baseline checkout when given), pure `apply` against in-place play, and undo at the
 * end of the longest game seen.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { actionPlayout, compileForAll, compileWith, playoutWork, type Engine, type Loaded } from './engine.js';
import { yardsticks } from './games.js';
import { interleave, ratio, spread, timeCalls, type Contender, type MeasureOptions } from './measure.js';
import type { BenchOptions } from './options.js';
import { fmt, fmtSpread, printRow } from './table.js';

/** The longest game played so far, for the undo measurement. */
export interface Longest {
  moves: number;
  what: string;
  file: string;
  variant?: string;
  players: number;
  seed: number;
}

function measureOptions(o: BenchOptions): MeasureOptions {
  return { rounds: o.rounds, slice: o.seconds / o.rounds };
}

function selected(o: BenchOptions, ...texts: (string | undefined)[]): boolean {
  return o.only === undefined || texts.some((t) => t?.toLowerCase().includes(o.only!.toLowerCase()));
}

/** A playout contender that also remembers the longest game it played. */
function tracked(name: string, engine: Engine, loaded: Loaded, players: number, longest: Longest, what: Omit<Longest, 'moves' | 'seed'>): Contender {
  const work = playoutWork(engine, loaded, players);
  return {
    name,
    run: (i) => {
      const moves = work(i);
      if (moves > longest.moves) Object.assign(longest, what, { moves, seed: i + 1 });
      return moves;
    },
  };
}

export async function handWrittenRows(current: Engine, baseline: Engine | null, o: BenchOptions, longest: Longest): Promise<void> {
  console.log('\nStrata against hand-written TypeScript (random playouts, interleaved; playouts per CPU second, median [min–max] of rounds)');
  // With a baseline it plays these games too: each interpreter's JIT then has seen the same games.
  const widths = [14, 3, 26, 30, 22, ...(baseline ? [26, 20] : []), 22];
  const against = baseline ? ['baseline playouts/s', 'speed-up'] : [];
  printRow(['game', 'p', 'Strata playouts/s', 'hand-written playouts/s', 'hand-written ÷ Strata', ...against, 'games S / H', 'moves/game S / H'], widths);
  for (const y of yardsticks) {
    if (!selected(o, y.title, y.file)) continue;
    const loaded = await compileWith(current, join(current.root, y.file));
    if (typeof loaded === 'string') {
      printRow([y.title, String(y.players), `does not compile: ${loaded}`], widths);
      continue;
    }
    const strata = tracked('Strata', current, loaded, y.players, longest, { what: `${y.title} ${y.players}p`, file: y.file, players: y.players });
    const hand: Contender = { name: 'hand-written', run: (i) => y.handWritten(y.players, i + 1) };
    const base = baseline ? await compileForAll(baseline, y.file) : null;
    const contenders = [strata, hand];
    if (baseline && base && typeof base !== 'string') contenders.push({ name: 'baseline', run: playoutWork(baseline, base, y.players) });
    const [s, h, b] = interleave(contenders, measureOptions(o));
    const handMoves = h.decisionsPerUnit ? fmt(h.decisionsPerUnit) : '-';
    const baseCells = baseline ? (b ? [fmtSpread(b.perSecond), fmtSpread(ratio(s, b), '×')] : ['n/a', '']) : [];
    printRow([y.title, String(y.players), fmtSpread(s.perSecond), fmtSpread(h.perSecond), fmtSpread(ratio(h, s), '×'), ...baseCells, `${s.units} / ${h.units}`, `${fmt(s.decisionsPerUnit)} / ${handMoves}`], widths);
  }
}

/** The bundled rule files with each variant (the base game first). */
async function rulesets(engine: Engine): Promise<{ file: string; variants: string[] }[]> {
  const dir = join(engine.root, 'rulesets');
  const out: { file: string; variants: string[] }[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.strata')).sort()) {
    out.push({ file: join('rulesets', f), variants: await engine.dsl.listVariantsOfFile(join(dir, f)) });
  }
  return out;
}

export async function rulesetRows(current: Engine, baseline: Engine | null, o: BenchOptions, longest: Longest): Promise<void> {
  const title = baseline ? `Bundled rulesets: current against baseline (${baseline.kind === 'closure' ? 'this checkout on the closure interpreter' : baseline.root}), interleaved` : 'Bundled rulesets';
  console.log(`\n${title} (random playouts per CPU second, median [min–max] of rounds)`);
  const widths = baseline ? [46, 26, 26, 20, 10] : [46, 26, 10];
  const header = ['ruleset / variant / players', 'playouts/s', ...(baseline ? ['baseline playouts/s', 'speed-up'] : []), 'games', 'moves/game'];
  printRow(header, widths);
  for (const { file, variants } of await rulesets(current)) {
    for (const [k, variant] of variants.entries()) {
      if (!selected(o, file, variant)) continue;
      const v = k === 0 ? undefined : variant;
      const cur = await compileWith(current, join(current.root, file), v);
      if (typeof cur === 'string') {
        printRow([`${file} / ${variant}`, `does not compile: ${cur}`], widths);
        continue;
      }
      // The baseline plays the same rule file; if its compiler cannot read it, its own copy.
      const base = baseline ? await compileForAll(baseline, file, v) : null;
      for (const players of cur.players) {
        const what = { what: `${file} / ${variant} / ${players}p`, file, variant: v, players };
        const contenders = [tracked('current', current, cur, players, longest, what)];
        const baseOk = baseline && base && typeof base !== 'string' && base.players.includes(players);
        if (baseOk) contenders.unshift({ name: 'baseline', run: playoutWork(baseline, base as Loaded, players) });
        const rates = interleave(contenders, measureOptions(o));
        const c = rates[rates.length - 1];
        const b = baseOk ? rates[0] : null;
        const against = baseline ? [b ? fmtSpread(b.perSecond) : 'n/a', b ? fmtSpread(ratio(c, b), '×') : ''] : [];
        printRow([`${file.replace('rulesets/', '')} / ${variant} / ${players}p`, fmtSpread(c.perSecond), ...against, String(c.units), fmt(c.decisionsPerUnit)], widths);
      }
    }
  }
}

export async function applyRows(current: Engine, o: BenchOptions): Promise<void> {
  console.log('\nPure applyAction against applyActionInPlace (same games, interleaved; playouts per CPU second)');
  const widths = [46, 26, 26, 20];
  printRow(['ruleset (base game, fewest players)', 'in place', 'pure', 'in place ÷ pure'], widths);
  for (const { file, variants } of await rulesets(current)) {
    if (!selected(o, file, variants[0])) continue;
    const loaded = await compileWith(current, join(current.root, file));
    if (typeof loaded === 'string') continue;
    const players = loaded.players[0];
    const [inPlace, pure] = interleave(
      [
        { name: 'in place', run: actionPlayout(current, loaded, players, false) },
        { name: 'pure', run: actionPlayout(current, loaded, players, true) },
      ],
      measureOptions(o),
    );
    printRow([`${file.replace('rulesets/', '')} / ${players}p`, fmtSpread(inPlace.perSecond), fmtSpread(pure.perSecond), fmtSpread(ratio(inPlace, pure), '×')], widths);
  }
}

export async function undoRows(engines: Engine[], longest: Longest, o: BenchOptions): Promise<void> {
  if (longest.moves === 0) return;
  console.log(`\nUndo of the last move at the end of the longest game seen: ${longest.what}, seed ${longest.seed}, ${longest.moves} moves (CPU ms, median [min–max]; engines alternate)`);
  const ready: { engine: Engine; how: string; undo: () => void; moves: number }[] = [];
  for (const engine of engines) {
    const I = engine.interpreter;
    const loaded = await compileForAll(engine, longest.file, longest.variant);
    if (typeof loaded === 'string') {
      printRow([engine.name, `does not compile: ${loaded}`], [10]);
      continue;
    }
    const inPlace = I.randomPlayout(loaded.game, longest.players, longest.seed).state;
    // The same moves through the pure `apply`, as the editor plays: its states can be undone
    // from the move's journal; one played in place (a playout, a replay) is undone by replaying.
    const start = I.newGame(loaded.game, { players: longest.players, seed: longest.seed });
    if (!start.ok) throw new Error(start.error.message);
    let pure = start.value;
    for (const label of inPlace.moves) {
      const next = I.apply(loaded.game, pure, label);
      if (!next.ok) throw new Error(next.error.message);
      pure = next.value;
    }
    for (const [how, end] of [['played in place', inPlace], ['played by apply', pure]] as const) {
      const undo = () => {
        const r = I.undo(loaded.game, end);
        if (!r.ok) throw new Error(r.error.message);
      };
      undo();
      ready.push({ engine, how, undo, moves: end.moves.length });
    }
  }
  const times = o.quick ? 6 : 16;
  const ms: number[][] = ready.map(() => []);
  for (let k = 0; k < times; k++) {
    const order = ready.map((_, i) => i);
    if (k % 2) order.reverse();
    for (const i of order) ms[i].push(timeCalls(ready[i].undo, 1, false).median);
  }
  ready.forEach((r, i) => printRow([r.engine.name, r.how, `${fmtSpread(spread(ms[i]), ' ms')} (${times} undos, game of ${r.moves} moves)`], [10, 16]));
}
