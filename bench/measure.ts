/**
 * Interleaved CPU-time measurement. The machine is shared, so wall time says little: each
 * contender runs for a slice of this process's CPU time (`process.cpuUsage`, user + system), the
 * contenders take turns (A B, then B A, …) for several rounds, and a rate is reported as the median
 * over rounds with the lowest and highest round as its range. Two contenders measured together
 * also give a ratio per round, whose median and range are reported the same way.
 */

/** One playout (or other unit of work) with index `i`; returns the decisions it made. */
export type Work = (i: number) => number;

export interface Contender {
  name: string;
  run: Work;
}

/** A median with the lowest and highest value it was taken from. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface Rate {
  /** Units (playouts) per CPU second, over the rounds. */
  perSecond: Spread;
  /** Units run in all rounds. */
  units: number;
  /** Decisions per unit, over all rounds. */
  decisionsPerUnit: number;
  /** Rates of each round, in order. */
  rounds: number[];
}

export interface MeasureOptions {
  rounds: number;
  /** CPU seconds per contender per round. */
  slice: number;
}

export function spread(values: number[]): Spread {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
}

interface Counter {
  next: number;
  units: number;
  decisions: number;
}

/**
 * Runs `work` until `seconds` of CPU time have passed; the clock is read after batches that grow
 * until one takes about a millisecond, so reading it costs nothing next to microsecond playouts.
 */
function runSlice(work: Work, seconds: number, c: Counter): number {
  const start = process.cpuUsage();
  let batch = 1;
  let units = 0;
  let elapsed = 0;
  while (elapsed < seconds) {
    const before = elapsed;
    for (let k = 0; k < batch; k++) c.decisions += work(c.next++);
    units += batch;
    elapsed = cpuSeconds(start);
    if (elapsed - before < 0.001 && batch < 1 << 20) batch *= 2;
  }
  c.units += units;
  return units / elapsed;
}

/** Measures the contenders interleaved; an untimed slice of each first warms the JIT. */
export function interleave(contenders: Contender[], o: MeasureOptions): Rate[] {
  const counters: Counter[] = contenders.map(() => ({ next: 0, units: 0, decisions: 0 }));
  const rates: number[][] = contenders.map(() => []);
  contenders.forEach((c, i) => runSlice(c.run, Math.max(0.1, o.slice), counters[i]));
  counters.forEach((c) => ((c.units = 0), (c.decisions = 0)));
  for (let r = 0; r < o.rounds; r++) {
    const order = contenders.map((_, i) => i);
    if (r % 2 === 1) order.reverse();
    for (const i of order) rates[i].push(runSlice(contenders[i].run, o.slice, counters[i]));
  }
  return contenders.map((_, i) => ({
    perSecond: spread(rates[i]),
    units: counters[i].units,
    decisionsPerUnit: counters[i].units ? counters[i].decisions / counters[i].units : 0,
    rounds: rates[i],
  }));
}

/** The ratio a / b of two rates measured together, round by round. */
export function ratio(a: Rate, b: Rate): Spread {
  return spread(a.rounds.map((x, r) => x / b.rounds[r]));
}

/** Times `f` (CPU ms) `times` times, after one untimed call unless `warm` is false; median and range. */
export function timeCalls(f: () => void, times: number, warm = true): Spread {
  if (warm) f();
  const ms: number[] = [];
  for (let k = 0; k < times; k++) {
    const start = process.cpuUsage();
    f();
    ms.push(cpuSeconds(start) * 1000);
  }
  return spread(ms);
}
