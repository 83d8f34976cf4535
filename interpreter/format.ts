/**
 * The one place that formats a source location (`file:line:col`) and a seat (`P1`, `P2`, …): the
 * interpreter, the CLI and the editor all import these, so every tool writes them alike.
 */

/** `file:line:col` of anything located (an IR Loc, a diagnostic), optionally with the file renamed for display. */
export function formatLoc(at: { file: string; line: number; col: number }, file: string = at.file): string {
  return `${file}:${at.line}:${at.col}`;
}

/** A 0-based seat as players read it: `P1`, `P2`, … */
export function playerName(p: number): string {
  return `P${p + 1}`;
}
