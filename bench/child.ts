/**
 * The bench's measurements that need a fresh process (started by bench/run.ts, prints JSON):
 *   cold ROOT FILE   import the checkout's compiler, then parse + check + compile FILE once
 *   alloc ROOT SPEC  bytes allocated per decision of random playouts (SPEC: JSON list of rows)
 *   rate ROOT SPEC   random playouts per CPU second of one row (SPEC: JSON RateRow), for ab.ts;
 *                    with `apply`, the same games in place and through the pure `applyAction`
 * `alloc` needs `node --expose-gc --min-semi-space-size=M --max-semi-space-size=M`: with a young
 * generation larger than a batch allocates, a batch that saw no garbage collection (checked with
 * a PerformanceObserver on `gc` entries) allocated exactly the growth of the used heap.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { join } from 'node:path';
import { actionPlayout, compileForAll, compileWith, loadEngine, playoutWork, type Engine, type Loaded } from './engine.js';
import { interleave } from './measure.js';

export interface AllocRow {
  file: string;
  variant?: string;
  /** 0: the fewest the game allows. */
  players: number;
}

export interface AllocResult extends AllocRow {
  bytesPerDecision: number[];
  decisions: number;
  error?: string;
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}

async function cold(root: string, file: string): Promise<void> {
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  const { dsl } = await loadEngine('cold', root);
  const importMs = cpuMs(t0);
  const t1 = process.cpuUsage();
  const r = await dsl.compileFile(join(root, file));
  const compileMs = cpuMs(t1);
  console.log(JSON.stringify({ importMs, compileMs, wallMs: performance.now() - w0, ok: r.ir !== null && r.ir !== undefined }));
}

const settle = () => new Promise((r) => setTimeout(r, 20));

async function alloc(root: string, rows: AllocRow[]): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('alloc needs node --expose-gc');
  let collections = 0;
  const observer = new PerformanceObserver((list) => (collections += list.getEntries().length));
  observer.observe({ entryTypes: ['gc'] });
  const engine = await loadEngine('alloc', root);
  const out: AllocResult[] = [];
  for (const row of rows) {
    const loaded = await compileForAll(engine, row.file, row.variant);
    if (typeof loaded === 'string') {
      out.push({ ...row, bytesPerDecision: [], decisions: 0, error: loaded });
      continue;
    }
    const work = playoutWork(engine, loaded, row.players || loaded.players[0]);
    for (let i = 0; i < 5; i++) work(1000 + i); // warm-up
    const samples: number[] = [];
    let decisions = 0;
    let playouts = 4;
    for (let seed = 0, tries = 0; samples.length < 5 && tries < 40; tries++) {
      gc();
      await settle();
      const before = collections;
      const used = getHeapStatistics().used_heap_size;
      let made = 0;
      for (let k = 0; k < playouts; k++) made += work(seed++);
      const grown = getHeapStatistics().used_heap_size - used;
      await settle();
      if (collections !== before || made === 0) {
        playouts = Math.max(1, playouts >> 1);
        continue;
      }
      samples.push(grown / made);
      decisions += made;
    }
    out.push({ ...row, bytesPerDecision: samples, decisions });
  }
  observer.disconnect();
  console.log(JSON.stringify(out));
}

/** One row of a separate-process A/B (ab.ts): `file` relative to the checkout measuring it. */
export interface RateRow {
  file: string;
  variant?: string;
  players: number;
  /** CPU seconds of untimed play first (V8 optimises the generated code meanwhile). */
  warm: number;
  /** CPU seconds measured. */
  seconds: number;
  /** Seeds start here (each checkout plays the same games). */
  firstSeed: number;
  /**
   * Measure `applyActionInPlace` against the pure `applyAction` instead of `randomPlayout`: the
   * same games (seeds from 0, as the bench's pure rows), interleaved in 4 slices, each given `seconds`.
   */
  apply?: boolean;
}

/** What `rate` prints with `apply`: playouts per CPU second, the median of the process's slices. */
export interface ApplyRates {
  inPlace: number;
  pure: number;
}

async function rate(root: string, row: RateRow): Promise<void> {
  const engine = await loadEngine('rate', root);
  const loaded = await compileWith(engine, join(root, row.file), row.variant);
  if (typeof loaded === 'string') throw new Error(`${row.file}: ${loaded}`);
  if (row.apply) return applyRates(engine, loaded, row);
  const work = playoutWork(engine, loaded, row.players);
  let seed = row.firstSeed;
  const warm = process.cpuUsage();
  while (cpuMs(warm) < row.warm * 1000) work(seed++);
  const t0 = process.cpuUsage();
  let units = 0;
  let decisions = 0;
  while (cpuMs(t0) < row.seconds * 1000) {
    decisions += work(seed++);
    units++;
  }
  const ms = cpuMs(t0);
  console.log(JSON.stringify({ perSecond: (units * 1000) / ms, units, decisions }));
}

function applyRates(engine: Engine, loaded: Loaded, row: RateRow): void {
  const contenders = [
    { name: 'in place', run: actionPlayout(engine, loaded, row.players, false) },
    { name: 'pure', run: actionPlayout(engine, loaded, row.players, true) },
  ];
  // Untimed play first, alternating, on other seeds; then both play the same games in 4 slices each.
  let seed = 1_000_000 + row.firstSeed;
  for (const warm = process.cpuUsage(); cpuMs(warm) < row.warm * 1000; seed++) for (const c of contenders) c.run(seed);
  const [inPlace, pure] = interleave(contenders, { rounds: 4, slice: row.seconds / 4 });
  const rates: ApplyRates = { inPlace: inPlace.perSecond.median, pure: pure.perSecond.median };
  console.log(JSON.stringify(rates));
}

const [mode, root, arg] = process.argv.slice(2);
if (mode === 'cold' && root && arg) await cold(root, arg);
else if (mode === 'alloc' && root && arg) await alloc(root, JSON.parse(arg) as AllocRow[]);
else if (mode === 'rate' && root && arg) await rate(root, JSON.parse(arg) as RateRow);
else {
  console.error('usage: bench/child.ts cold ROOT FILE | alloc ROOT SPEC | rate ROOT SPEC');
  process.exitCode = 2;
}
