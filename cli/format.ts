/** Text formatting shared by the commands: diagnostics, locations, players, numbers, tables. */
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../dsl/index.js';
import { formatLoc as formatSourceLoc } from '../interpreter/format.js';
import type { Loc } from '../interpreter/ir.js';

/** A file as the user would type it: relative to the working directory when inside it. */
export function displayPath(file: string): string {
  const path = file.startsWith('file://') ? fileURLToPath(file) : file;
  if (!isAbsolute(path)) return path;
  const rel = relative(process.cwd(), path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/** `file:line:col: error|warning: message`, the form editors and CI annotate: always one line. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${formatLoc(d)}: ${d.severity}: ${d.message.replace(/\s*\n\s*/g, ' ')}`;
}

/** `file:line:col` with the file as the user would type it. */
export function formatLoc(at: Pick<Loc, 'file' | 'line' | 'col'>): string {
  return formatSourceLoc(at, displayPath(at.file));
}

export { playerName } from '../interpreter/format.js';

/** A number with at most `digits` decimals and no trailing zeros. */
export function num(x: number, digits = 2): string {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toFixed(digits)));
}

/** Rows of cells as left-aligned columns separated by two spaces. */
export function columns(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
}

/** A JSON value on one line, cut to `max` characters. */
export function compact(value: unknown, max = 100): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
