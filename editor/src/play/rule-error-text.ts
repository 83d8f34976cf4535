/**
 * A refusal or rule error of the interpreter as the designer reads it: a mistake in the rules met
 * while playing carries its place in the rule file, shown first as file:line:col.
 */
import type { PlayError } from '../../../interpreter/index.js';
import { formatLoc } from '../../../interpreter/format.js';

export function playError(e: PlayError): string {
  // The file by its name, as the file list and the problems show it (not its workspace URI).
  return e.at ? `${formatLoc(e.at, e.at.file.slice(e.at.file.lastIndexOf('/') + 1))}: ${e.message}` : e.message;
}
