/** A number as text with at most `digits` decimals (no trailing zeros). Browser-safe: the editor's Analyze panel uses it too. */
export function num(x: number, digits = 2): string {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toFixed(digits)));
}

/** A share as a percentage with one decimal: `52.5%`. */
export function pct(x: number): string {
  return `${num(100 * x, 1)}%`;
}

/** A rate with its 95 % interval, as the reports print it: `52.5% [37.5%, 67.1%]`. */
export function rateText(r: { rate: number; low: number; high: number }): string {
  return `${pct(r.rate)} [${pct(r.low)}, ${pct(r.high)}]`;
}
