/**
 * `npm run bench`: random playouts per second for every ruleset, variant and player count,
 * parse + check + compile time per ruleset, and the hand-written Four Species reference measured
 * in the same run, with the ratio. Never part of `npm test`: speed is measured here, not asserted.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile, type CompileResult } from '../dsl/index.js';
import { loadGame, randomPlayout } from '../interpreter/index.js';
import { referencePlayout } from './four-species-reference.js';

const RULESETS = join(import.meta.dirname, '..', 'rulesets');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

function timeLoop(run: (i: number) => void): { perSecond: number; runs: number } {
  const start = performance.now();
  let runs = 0;
  while (performance.now() - start < SECONDS * 1000) run(runs++);
  return { perSecond: runs / ((performance.now() - start) / 1000), runs };
}

function row(cells: (string | number)[]): string {
  return cells.map((c, i) => String(c).padEnd(i === 0 ? 44 : 14)).join('');
}

const files = readdirSync(RULESETS).filter((f) => f.endsWith('.strata')).sort();
console.log(`Strata benchmark (${SECONDS}s per row, Node ${process.version})\n`);
console.log(row(['ruleset / variant / players', 'playouts/s', 'moves/game']));
const interpreted: Record<string, number> = {};
for (const file of files) {
  const path = join(RULESETS, file);
  const t0 = performance.now();
  const base = await compileFile(path);
  const compileMs = performance.now() - t0;
  if (!base.ir) {
    console.log(`${file}: does not compile (${base.diagnostics.length} diagnostics)`);
    continue;
  }
  console.log(`${file}: parse + check + compile ${compileMs.toFixed(0)} ms`);
  for (const variant of base.variants) {
    const compiled: CompileResult = variant === base.variants[0] ? base : await compileFile(path, { variant });
    if (!compiled.ir) continue;
    const game = loadGame(compiled.ir);
    const { min, max, counts } = compiled.ir.players;
    for (const players of counts ?? Array.from({ length: max - min + 1 }, (_, i) => min + i)) {
      let moves = 0;
      const { perSecond, runs } = timeLoop((i) => {
        moves += randomPlayout(game, players, i + 1).moves.length;
      });
      const key = `${file} / ${variant} / ${players}`;
      interpreted[key] = perSecond;
      console.log(row([`  ${variant} / ${players}p`, perSecond.toFixed(1), (moves / runs).toFixed(0)]));
    }
  }
}

console.log('\nHand-written TypeScript reference: Four Species');
for (const players of [2, 3, 4]) {
  const { perSecond } = timeLoop((i) => referencePlayout(players, i + 1));
  const key = Object.keys(interpreted).find((k) => k.startsWith('four-species.strata') && k.endsWith(`/ ${players}`));
  const ratio = key ? (perSecond / interpreted[key]).toFixed(1) : 'n/a';
  console.log(row([`  reference / ${players}p`, perSecond.toFixed(1), `ratio ${ratio}x`]));
}
