/**
 * `npm run bench:ab -- --baseline DIR FILE [options]`: random playouts of one rule file on this
 * checkout and another, each in fresh processes that load only one checkout, alternating (A B, B A,
 * …). The in-process comparison (`npm run bench -- --baseline DIR`) loads both checkouts into one
 * process, and an A/A run of it read the same commit as 0.93-1.00×: V8 compiles the second copy of
 * the same code differently. Fresh processes share nothing but the machine: an A/A run (this
 * checkout as both, card race 3p, 4 rounds of 2 s at load 8 on 2 cores) read 0.98× [0.95–1.01].
 * So this is the instrument for a change worth a few percent; read its per-round range. With
 * `--apply`, each process plays the same games in place and through the pure `applyAction`,
 * interleaved (the bench's pure rows), and the table gives both and in place ÷ pure per checkout.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ApplyRates, RateRow } from './child.js';
import { currentRoot } from './engine.js';
import { spread, type Spread } from './measure.js';
import { fmt, fmtSpread } from './table.js';

const usage = `usage: npm run bench:ab -- --baseline DIR FILE [--players N] [--variant V] [--rounds N] [--seconds S] [--warm S] [--apply]
  FILE          a rule file, relative to each checkout (rulesets/trias.strata, bench/games/card-race.strata)
  --baseline    the other checkout (a worktree with its node_modules)
  --players     players (default 2)
  --rounds      processes per checkout (default 5)
  --seconds     CPU seconds measured per process (default 3)
  --warm        CPU seconds of untimed play first in each process (default 3)
  --apply       in place against pure applyAction in each process (seconds: each of the two)`;

function options(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      baseline: { type: 'string' },
      players: { type: 'string', default: '2' },
      variant: { type: 'string' },
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '3' },
      warm: { type: 'string', default: '3' },
      apply: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const nums = { players: Number(values.players), rounds: Number(values.rounds), seconds: Number(values.seconds), warm: Number(values.warm) };
  const bad = Object.entries(nums).find(([, v]) => !(v > 0) || !Number.isFinite(v));
  if (values.help || values.baseline === undefined || positionals.length !== 1 || bad) {
    if (bad) console.error(`--${bad[0]} must be a positive number`);
    console.error(usage);
    process.exit(2);
  }
  return { baseline: resolve(values.baseline), file: positionals[0], variant: values.variant, apply: values.apply ?? false, ...nums };
}

const o = options(process.argv.slice(2));
const runTs = join(currentRoot, 'bin', 'run-ts.js');
const child = join(currentRoot, 'bench', 'child.ts');
for (const root of [currentRoot, o.baseline]) {
  if (!existsSync(join(root, o.file))) {
    console.error(`${join(root, o.file)}: no such rule file`);
    process.exit(2);
  }
}

function spawnRate(root: string, apply: boolean): string {
  const row: RateRow = { file: o.file, variant: o.variant, players: o.players, warm: o.warm, seconds: o.seconds, firstSeed: 1, apply };
  const r = spawnSync(process.execPath, [runTs, child, 'rate', root, JSON.stringify(row)], { encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) throw new Error(`${root}: ${r.stderr.trim().split('\n').slice(-3).join(' / ')}`);
  return r.stdout.trim().split('\n').pop() ?? 'null';
}

function measure(root: string): number {
  return (JSON.parse(spawnRate(root, false)) as { perSecond: number }).perSecond;
}

/** A B, then B A: a drift of the machine's load falls on both alike. */
function order(r: number): ('current' | 'baseline')[] {
  return r % 2 === 0 ? ['current', 'baseline'] : ['baseline', 'current'];
}

console.log(
  `${o.file}${o.variant ? ` / ${o.variant}` : ''} / ${o.players}p: ${o.rounds} processes per checkout, ${o.warm} s warm-up + ${o.seconds} s measured (CPU)` +
    (o.apply ? ' for each of in place and pure' : ''),
);
if (o.apply) applyAB();
else playoutAB();

function playoutAB(): void {
  const current: number[] = [];
  const base: number[] = [];
  for (let r = 0; r < o.rounds; r++) {
    for (const which of order(r)) (which === 'current' ? current : base).push(measure(which === 'current' ? currentRoot : o.baseline));
    process.stdout.write(`  round ${r + 1}: current ${fmt(current[r])}, baseline ${fmt(base[r])} playouts/s\n`);
  }
  const ratios: Spread = spread(current.map((c, i) => c / base[i]));
  console.log(`current  ${currentRoot}: ${fmtSpread(spread(current))} playouts/s`);
  console.log(`baseline ${o.baseline}: ${fmtSpread(spread(base))} playouts/s`);
  console.log(`current ÷ baseline, per round: ${fmtSpread(ratios, '×')}`);
}

function applyAB(): void {
  const runs: Record<'current' | 'baseline', ApplyRates[]> = { current: [], baseline: [] };
  const line = (a: ApplyRates) => `in place ${fmt(a.inPlace)}, pure ${fmt(a.pure)} (${fmt(a.inPlace / a.pure)}×)`;
  for (let r = 0; r < o.rounds; r++) {
    for (const which of order(r)) runs[which].push(JSON.parse(spawnRate(which === 'current' ? currentRoot : o.baseline, true)) as ApplyRates);
    process.stdout.write(`  round ${r + 1}: current ${line(runs.current[r])}; baseline ${line(runs.baseline[r])}\n`);
  }
  for (const which of ['current', 'baseline'] as const) {
    const a = runs[which];
    console.log(
      `${which.padEnd(8)} ${which === 'current' ? currentRoot : o.baseline}: in place ${fmtSpread(spread(a.map((x) => x.inPlace)))}, pure ${fmtSpread(spread(a.map((x) => x.pure)))} playouts/s; in place ÷ pure ${fmtSpread(spread(a.map((x) => x.inPlace / x.pure)), '×')}`,
    );
  }
  const c = runs.current;
  const b = runs.baseline;
  console.log(`current ÷ baseline, per round: pure ${fmtSpread(spread(c.map((x, i) => x.pure / b[i].pure)), '×')}, in place ${fmtSpread(spread(c.map((x, i) => x.inPlace / b[i].inPlace)), '×')}`);
}
