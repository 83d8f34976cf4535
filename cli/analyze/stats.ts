/**
 * The statistics of `strata analyze` and `strata compare`: 95 % intervals for rates (Wilson), means
 * (normal approximation) and paired or unpaired differences of means. No Node imports: an editor
 * panel can use them too.
 */

/** z for a two-sided 95 % interval. */
export const z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

export interface Rate extends Interval {
  /** Successes (fractional when shared wins count 1/k). */
  count: number;
  n: number;
  rate: number;
}

/** The Wilson score interval for `count` successes in `n` trials (Wilson 1927); [0, 1] when n is 0. */
export function wilson(count: number, n: number, z = z95): Rate {
  if (n <= 0) return { count, n, rate: 0, low: 0, high: 1 };
  const p = count / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { count, n, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Mean extends Interval {
  n: number;
  mean: number;
  sd: number;
}

/** Mean, sample standard deviation and the normal-approximation 95 % interval of the mean. */
export function meanOf(xs: readonly number[]): Mean {
  const n = xs.length;
  if (n === 0) return { n, mean: 0, sd: 0, low: 0, high: 0 };
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const half = n > 1 ? (z95 * sd) / Math.sqrt(n) : 0;
  return { n, mean, sd, low: mean - half, high: mean + half };
}

/** Paired differences b[i] - a[i] (same seeds): their mean and its interval. */
export function pairedDifference(a: readonly number[], b: readonly number[]): Mean {
  if (a.length !== b.length) throw new Error('paired samples of different sizes');
  return meanOf(b.map((x, i) => x - a[i]));
}

/** mean(b) - mean(a) for independent samples (Welch's standard error, normal quantile). */
export function unpairedDifference(a: readonly number[], b: readonly number[]): Mean {
  const ma = meanOf(a);
  const mb = meanOf(b);
  const se = Math.sqrt((ma.sd * ma.sd) / Math.max(1, ma.n) + (mb.sd * mb.sd) / Math.max(1, mb.n));
  const mean = mb.mean - ma.mean;
  return { n: Math.min(ma.n, mb.n), mean, sd: se, low: mean - z95 * se, high: mean + z95 * se };
}

export function excludesZero(i: Interval): boolean {
  return i.low > 0 || i.high < 0;
}

export interface Histogram {
  /** Bins of equal width: [from, from + width). */
  from: number;
  width: number;
  counts: number[];
}

/** At most `bins` bins of whole-number width, covering min..max. */
export function histogram(xs: readonly number[], bins = 20): Histogram {
  if (xs.length === 0) return { from: 0, width: 1, counts: [] };
  let min = Infinity;
  let max = -Infinity;
  for (const x of xs) {
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  const from = Math.floor(min);
  const width = Math.max(1, Math.ceil((Math.floor(max) - from + 1) / bins));
  const counts = new Array<number>(Math.floor((Math.floor(max) - from) / width) + 1).fill(0);
  for (const x of xs) counts[Math.floor((x - from) / width)]++;
  return { from, width, counts };
}

/** Quantile by linear interpolation between order statistics (R's type 7). */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((x, y) => x - y);
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * ((sorted[Math.ceil(h)] ?? sorted[lo]) - sorted[lo]);
}
