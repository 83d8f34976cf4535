/** Printing the bench's figures: rates and ratios as "median [min–max]", rows as aligned columns. */
import type { Spread } from './measure.js';

/** A number for people: thousands separated, fewer decimals the larger it is. */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const digits = Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2;
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function fmtSpread(s: Spread, unit = ''): string {
  return `${fmt(s.median)}${unit} [${fmt(s.min)}–${fmt(s.max)}]`;
}

/** Prints a heading and rows as left-aligned columns (the first row is the header). */
export function printTable(title: string, rows: string[][]): void {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  console.log(`\n${title}`);
  for (const row of rows) console.log('  ' + row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]))).join('  '));
}

/** Prints one row as soon as it is measured (long runs show progress), padded to `widths`. */
export function printRow(cells: string[], widths: number[]): void {
  console.log('  ' + cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  '));
}
