/** Reading `--moves FILE`: a saved game (JSON) or one move label per line. */
import { readFileSync } from 'node:fs';
import type { SavedGame } from '../interpreter/saved-game.js';
import { isSavedGame, validateSavedGame } from '../schemas/validate.js';
import { CliError, errorText } from './errors.js';
import { fileProblem, requireFile } from './load.js';
import { messages } from './messages.js';

export type MovesFile = { kind: 'saved'; saved: SavedGame } | { kind: 'labels'; moves: string[] };

export function readMovesFile(file: string): MovesFile {
  requireFile(file);
  let text: string;
  try {
    // A byte-order mark (some editors write one) is not part of the JSON.
    text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (e) {
    throw new CliError(messages.cannotRead(file, fileProblem(e)));
  }
  if (text.trimStart().startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new CliError(messages.badMovesFile(file, errorText(e)));
    }
    const check = validateSavedGame(data);
    if (!check.valid || !isSavedGame(data)) {
      throw new CliError(messages.badMovesFile(file, check.valid ? '' : (check.errors[0] ?? '')));
    }
    return { kind: 'saved', saved: data };
  }
  // Blank lines and `#` comments are for people annotating a game.
  const moves = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  return { kind: 'labels', moves };
}
