/**
 * Reading a saved game file: JSON checked against the SavedGame schema (schemas/validate.ts, loaded
 * only when a file is opened, so the page does not carry the validator at start).
 */
import type { PlayRecord } from './game-session.js';

export async function readSavedGameFile(text: string): Promise<Omit<PlayRecord, 'seats'> | string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return `This file is not JSON: ${e instanceof Error ? e.message : String(e)}`;
  }
  const { validateSavedGame, isSavedGame } = await import('../../../schemas/validate.js');
  const check = validateSavedGame(data);
  if (!check.valid || !isSavedGame(data)) return `This file is not a saved game:\n${check.valid ? '' : check.errors.join('\n')}`;
  return { players: data.players, seed: data.seed, variant: data.variant, moves: data.moves };
}
