/** Text formatting shared by the commands: diagnostics, locations, players, numbers, tables. */
import { readFileSync } from 'node:fs';
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

/**
 * The source line of a diagnostic and a caret under its column, as two indented lines
 * (`  5 | if x = 1 {` / `    |      ^`); none when the file cannot be read (a `builtin:` document).
 * Tabs stay tabs under the caret so that it lines up in any terminal.
 */
export function sourceContext(d: Pick<Diagnostic, 'file' | 'line' | 'col'>): string[] {
  let text: string;
  try {
    text = sourceTexts.get(d.file) ?? readFileSync(d.file.startsWith('file://') ? fileURLToPath(d.file) : d.file, 'utf8');
  } catch {
    return [];
  }
  sourceTexts.set(d.file, text);
  const line = text.split('\n')[d.line - 1]?.replace(/\r$/, '');
  if (line === undefined || line.length > 300) return [];
  const number = String(d.line);
  const pad = ' '.repeat(number.length);
  const lead = line.slice(0, Math.max(0, d.col - 1)).replace(/[^\t]/g, ' ');
  return [`  ${number} | ${line}`, `  ${pad} | ${lead}^`];
}

const sourceTexts = new Map<string, string>();

/** A source-context line of `sourceContext` (tests and tools skip them). */
export const sourceContextLine = /^ {2,}\d* \| /;

/** `file:line:col` with the file as the user would type it. */
export function formatLoc(at: Pick<Loc, 'file' | 'line' | 'col'>): string {
  return formatSourceLoc(at, displayPath(at.file));
}

export { playerName } from '../interpreter/format.js';

/** A number with at most `digits` decimals and no trailing zeros. */
export { num } from './number-text.js';

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
