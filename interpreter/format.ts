/**
 * The one place that formats a source location (`file:line:col`) and a seat (`P1`, `P2`, …): the
 * interpreter, the CLI and the editor all import these, so every tool writes them alike.
 */

/** `file:line:col` of anything located (an IR Loc, a diagnostic), optionally with the file renamed for display. */
export function formatLoc(at: { file: string; line: number; col: number }, file: string = at.file): string {
  return `${file}:${at.line}:${at.col}`;
}

/** The names of the first seats, made once: every turn and every choice logs one. */
const NAMES = Array.from({ length: 100 }, (_, p) => `P${p + 1}`);

/** A 0-based seat as players read it: `P1`, `P2`, … */
export function playerName(p: number): string {
  return (p >= 0 && p < NAMES.length ? NAMES[p] : undefined) ?? `P${p + 1}`;
}

/** Labels longer than this are cut when echoed in a message. */
export const echoedLabelLength = 60;

/**
 * A move label (or any text a user typed) as a message shows it: quoted, control characters and
 * quotes escaped (JSON string syntax), cut to `echoedLabelLength` characters.
 */
export function quoteLabel(label: unknown): string {
  const text = typeof label === 'string' ? label : String(label);
  return JSON.stringify(text.length > echoedLabelLength ? `${text.slice(0, echoedLabelLength)}…` : text);
}
