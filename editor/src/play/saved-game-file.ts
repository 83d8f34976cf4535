/**
 * Reading a saved game file: JSON checked against the SavedGame schema (schemas/validate.ts, loaded
 * only when a file is opened, so the page does not carry the validator at start).
 */
import type { PlayRecord } from './game-session.js';
import { msg } from '../messages.js';

export async function readSavedGameFile(text: string): Promise<Omit<PlayRecord, 'seats'> | string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return msg.notJson(e instanceof Error ? e.message : String(e));
  }
  const { validateSavedGame, isSavedGame } = await import('../../../schemas/validate.js');
  const check = validateSavedGame(data);
  if (!check.valid || !isSavedGame(data)) return msg.notSavedGame(check.valid ? [] : check.errors);
  return { players: data.players, seed: data.seed, variant: data.variant, moves: data.moves };
}
